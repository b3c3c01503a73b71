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
    expect(newTicketGroups(limited([2, 3]), groups)).toEqual({ limitedTo: [group(2), group(3)], preset: null });
  });

  it('is left to choose, among every group, for an admin and an agent who sees all tickets', () => {
    expect(newTicketGroups(account({ ticket_access: 'all', group_ids: [2] }), groups)).toEqual({
      limitedTo: null,
      preset: null,
    });
    expect(newTicketGroups(account({ user_type: 'admin', ticket_access: 'groups', group_ids: [2] }), groups)).toEqual({
      limitedTo: null,
      preset: null,
    });
  });
});
