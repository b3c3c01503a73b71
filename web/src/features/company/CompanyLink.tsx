import { Link } from 'react-router';
import { usePermission } from '../../auth/usePermission';
import { companyPaths } from './queries';

/**
 * An organization's name: a link to its page (its people and tickets) for those who may open
 * that page, plain text for the others.
 */
export function CompanyLink({ companyId, name }: { companyId: number; name: string }) {
  const { can } = usePermission();
  if (!can('menu', '/wswt/company/:company_id')) {
    return <>{name}</>;
  }
  return <Link to={companyPaths.page(companyId)}>{name}</Link>;
}
