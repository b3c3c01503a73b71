import type { TAccount, TGroup } from '@parley/contracts';

/**
 * The groups an agent may put a new ticket in, as the server's `placeForCreator` allows: every
 * group for an admin or an agent who sees all tickets; for any other agent (limited to their
 * groups, or to their own tickets) only the groups they are in, the server refusing any other
 * (`group_not_visible`).
 * `limitedTo`: those groups (null: every group). `noGroup`: whether "No group" is offered, that is
 * sending none and letting the server place the ticket; an agent limited to their groups who is in
 * one starts with it instead (`preset`: the default group when it is one of theirs, else their only
 * group; null: they choose, or the server places it).
 */
export function newTicketGroups(
  user: TAccount | null,
  groups: readonly TGroup[] | undefined,
): { limitedTo: TGroup[] | null; noGroup: boolean; preset: number | null } {
  if (!user || user.user_type === 'admin' || user.ticket_access === 'all' || !groups) {
    return { limitedTo: null, noGroup: true, preset: null };
  }
  const mine = groups.filter((g) => user.group_ids.includes(g.group_id));
  if (user.ticket_access !== 'groups' || mine.length === 0) {
    return { limitedTo: mine, noGroup: true, preset: null };
  }
  const preset = mine.find((g) => g.is_default) ?? (mine.length === 1 ? mine[0] : undefined);
  return { limitedTo: mine, noGroup: false, preset: preset?.group_id ?? null };
}
