import { describe, expect, it } from 'vitest';
import { account } from '../../../test/fakeServer';
import { newTicketGroups } from './newTicketGroup';

const group = (group_id: number, is_default = false) => ({
  group_id,
  group_name: `G${group_id}`,
  is_default,
  remark: '',
  account_ids: [],
  create_ts: 0,
  update_ts: 0,
});
const groups = [group(1, true), group(2), group(3)];
const limited = (group_ids: number[]) => account({ ticket_access: 'groups', group_ids });

describe('the group a new ticket starts in', () => {
  it('is the default group when it is one of the agent’s, else their only group', () => {
    expect(newTicketGroups(limited([3, 1]), groups)).toMatchObject({ preset: 1 });
    expect(newTicketGroups(limited([3]), groups)).toMatchObject({ preset: 3 });
    // Two groups, neither the default: the agent chooses among theirs.
    expect(newTicketGroups(limited([2, 3]), groups)).toEqual({
      limitedTo: [group(2), group(3)],
      noGroup: false,
      preset: null,
    });
  });

  it('is left to choose, among every group, for an admin and an agent who sees all tickets', () => {
    expect(newTicketGroups(account({ ticket_access: 'all', group_ids: [2] }), groups)).toEqual({
      limitedTo: null,
      noGroup: true,
      preset: null,
    });
    expect(newTicketGroups(account({ user_type: 'admin', ticket_access: 'groups', group_ids: [2] }), groups)).toEqual({
      limitedTo: null,
      noGroup: true,
      preset: null,
    });
  });

  // The server refuses a group the agent is not in to every agent who does not see all tickets,
  // and places the ticket itself (assigned to them) when they name none.
  it('is theirs or none for an agent who sees only their own tickets', () => {
    const own = (group_ids: number[]) => account({ ticket_access: 'own', group_ids });
    expect(newTicketGroups(own([2]), groups)).toEqual({ limitedTo: [group(2)], noGroup: true, preset: null });
    expect(newTicketGroups(own([]), groups)).toEqual({ limitedTo: [], noGroup: true, preset: null });
  });

  it('is none for an agent limited to their groups who is in no group', () => {
    expect(newTicketGroups(limited([]), groups)).toEqual({ limitedTo: [], noGroup: true, preset: null });
  });
});
