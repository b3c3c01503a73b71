import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePermission } from '../../auth/usePermission';
import { companyPaths, useCompanyName } from './queries';

/**
 * An organization's name, read quietly: a link to its page (its people and tickets) for those
 * who may open that page, plain text for the others; `fallback` when there is no organization or
 * its name cannot be read. `children` draws the name in its surroundings, when there is one.
 */
export function CompanyLink({
  companyId,
  fallback = null,
  children = (link) => link,
}: {
  companyId: number | null;
  fallback?: ReactNode;
  children?: (link: ReactNode, name: string) => ReactNode;
}) {
  const { can } = usePermission();
  const name = useCompanyName(companyId);
  if (companyId === null || !name) {
    return <>{fallback}</>;
  }
  const link = can('menu', companyPaths.pageRoute) ? <Link to={companyPaths.page(companyId)}>{name}</Link> : name;
  return <>{children(link, name)}</>;
}
