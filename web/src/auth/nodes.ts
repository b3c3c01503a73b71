import type { TAccount, TNodeKey, TNodeType } from '@parley/contracts';

// Kept apart from usePermission (which loads the API client): the route guard reads these on
// every page, the public ones too, whose first load carries no API client (the bundle budget).

/** "May I?" from a loaded node list: admin may do everything, others need the node's key. */
export function mayI(
  user: Pick<TAccount, 'user_type'> | null,
  nodes: readonly TNodeKey[] | undefined,
  nodeType: TNodeType,
  nodeValue: string,
): boolean {
  if (!user) {
    return false;
  }
  if (user.user_type === 'admin') {
    return true;
  }
  return (nodes ?? []).some((n) => n.node_type === nodeType && n.node_value === nodeValue);
}

/** The query key of the caller's node list (`auth.has.node.list`). */
export const nodeListKey = (accountId: number) => ['auth', 'has-node-list', accountId] as const;
