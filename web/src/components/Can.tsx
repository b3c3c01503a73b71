import type { TBtnNode } from '@parley/contracts';
import type { ReactNode } from 'react';
import { usePermission } from '../auth/usePermission';

/**
 * Shows `children` only to a caller holding the button node `btn` (the call's name, e.g.
 * `company.add`). A courtesy: the server checks every call itself.
 */
export function Can({ btn, children, fallback = null }: { btn: TBtnNode; children: ReactNode; fallback?: ReactNode }) {
  const { can } = usePermission();
  return <>{can('btn', btn) ? children : fallback}</>;
}
