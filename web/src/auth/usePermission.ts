import type { TBtnNode, TNodeType, TStaffPath } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { authApi } from '../api/auth';
import { mayI, nodeListKey } from './nodes';
import { useSession } from './SessionContext';

/** The caller's menu and button nodes (`auth.has.node.list`), loaded once per account. */
export function useNodeList() {
  const { user } = useSession();
  return useQuery({
    queryKey: nodeListKey(user?.account_id ?? 0),
    queryFn: ({ signal }) => authApi.hasNodeList({ node_types: ['menu', 'btn'] }, { signal }),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    select: (data) => data.list,
  });
}

/** A typo in a node's name fails to compile: buttons by call name, menus by route pattern. */
export type TCan = {
  (nodeType: 'btn', nodeValue: TBtnNode): boolean;
  (nodeType: 'menu', nodeValue: TStaffPath): boolean;
};

/** One place that answers "may I": `can('menu', '/wswt/setting/role')`, `can('btn', 'company.add')`. */
export function usePermission() {
  const { user } = useSession();
  const { data: nodes, isPending, isError } = useNodeList();
  const can = useCallback(
    ((nodeType: TNodeType, nodeValue: string) => mayI(user, nodes, nodeType, nodeValue)) as TCan,
    [user, nodes],
  );
  return { can, loading: user !== null && user.user_type !== 'admin' && isPending, failed: isError };
}
