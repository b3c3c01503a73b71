import type { TAccount, TGroup } from '@parley/contracts';

/**
 * The groups an agent may put a new ticket in: every group, unless their role limits them to
 * their own groups (`ticket_access` groups), when the server refuses any other (`group_not_visible`).
 * `preset`: the group the form starts with for such an agent, the default group when it is one of
 * theirs, else their only group (null: they choose, or the server places it).
 */
export function newTicketGroups(
  user: TAccount | null,
  groups: readonly TGroup[] | undefined,
): { limitedTo: TGroup[] | null; preset: number | null } {
  if (!user || user.user_type === 'admin' || user.ticket_access !== 'groups' || !groups) {
    return { limitedTo: null, preset: null };
  }
  const mine = groups.filter((g) => user.group_ids.includes(g.group_id));
  if (mine.length === 0) {
    return { limitedTo: null, preset: null };
  }
  const preset = mine.find((g) => g.is_default) ?? (mine.length === 1 ? mine[0] : undefined);
  return { limitedTo: mine, preset: preset?.group_id ?? null };
}
