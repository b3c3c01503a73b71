import type { TNoteActions } from '@parley/contracts';
import type { DbOrTx } from '../../db/client.js';
import { invalid } from '../../http/app-error.js';
import { isStaffType } from '../ticket/ticket.policy.js';
import { findAccount, groupExists, groupsOf } from '../ticket/ticket.repo.js';

type Assignment = Pick<TNoteActions, 'assignee_id' | 'group_id'>;

/** May tickets be assigned to this account now: an active agent or admin. */
async function assignable(db: DbOrTx, accountId: number) {
  const who = await findAccount(db, accountId);
  return who !== null && isStaffType(who.userType) && who.accessState === 'allowed';
}

/**
 * A note's group and assignee, checked when it is saved as the ticket page's submit would check
 * them: the group exists, the assignee is an active agent or admin and, with a group beside them,
 * a member of it. A bad one answers FFFF naming the action (`actions.group_id`, `actions.assignee_id`).
 */
export async function checkNoteAssignment(db: DbOrTx, actions: Assignment) {
  const groupId = typeof actions.group_id === 'number' ? actions.group_id : null;
  if (groupId !== null && !(await groupExists(db, groupId))) {
    throw invalid('group_unknown', 'actions.group_id');
  }
  if (typeof actions.assignee_id !== 'number') {
    return;
  }
  if (!(await assignable(db, actions.assignee_id))) {
    throw invalid('assignee_must_be_staff', 'actions.assignee_id');
  }
  if (groupId !== null && !(await groupsOf(db, actions.assignee_id)).includes(groupId)) {
    throw invalid('assignee_not_in_group', 'actions.assignee_id');
  }
}

/**
 * What of a saved note's group and assignee still applies to the agent applying it: a group
 * deleted since, or an agent deleted, suspended or made an end user since, is left out (as a
 * removed field is) and the rest applies; the editor shows the note's stale choice and refuses it
 * until it is changed. An assignee who is no longer a member of the note's group (or "me", applied
 * by an agent outside it) is left out too: the ticket page's submit would refuse the pair, and the
 * group alone moves the ticket there as choosing the group by hand does.
 */
export async function usableNoteAssignment(db: DbOrTx, actions: Assignment, me: number): Promise<Assignment> {
  const out: Assignment = {};
  if (actions.group_id !== undefined && (actions.group_id === null || (await groupExists(db, actions.group_id)))) {
    out.group_id = actions.group_id;
  }
  const assignee = actions.assignee_id;
  if (assignee === undefined || (typeof assignee === 'number' && !(await assignable(db, assignee)))) {
    return out;
  }
  const who = assignee === 'current_user' ? me : assignee;
  if (typeof out.group_id === 'number' && who !== null && !(await groupsOf(db, who)).includes(out.group_id)) {
    return out;
  }
  out.assignee_id = assignee;
  return out;
}
