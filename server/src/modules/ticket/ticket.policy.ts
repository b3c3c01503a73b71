import type { TTicketAbilities } from '@parley/contracts';
import type { Actor } from '../auth/actor.js';
import type { Viewer } from '../ticket-search/ticket-list.repo.js';

export const viewerOf = (actor: Actor): Viewer => ({
  accountId: actor.account.accountId,
  userType: actor.account.userType,
  ticketAccess: actor.account.ticketAccess,
  groupIds: actor.account.groupIds,
});

export const isStaffType = (userType: string) => userType === 'admin' || userType === 'agent';

/** `ticket_access`: all, the agent's groups (and what is assigned to them), or only what is assigned to them. */
export function maySeeTicket(viewer: Viewer, t: { assigneeId: number | null; groupId: number | null }): boolean {
  if (viewer.userType === 'admin' || viewer.ticketAccess === 'all') {
    return true;
  }
  if (t.assigneeId === viewer.accountId) {
    return true;
  }
  return viewer.ticketAccess === 'groups' && t.groupId !== null && viewer.groupIds.includes(t.groupId);
}

/** `reply_access` internal: notes only. */
export const mayReplyPublicly = (actor: Actor) =>
  actor.account.userType === 'admin' || actor.account.replyAccess !== 'internal';

export const mayCloseTickets = (actor: Actor) => actor.account.userType === 'admin' || actor.account.canCloseTicket;

/**
 * `allow_reassign` off: once a ticket has an assignee, only an admin or that assignee may give it
 * to someone else (or unassign it).
 */
export function mayReassign(
  actor: Actor,
  allowReassign: boolean,
  currentAssigneeId: number | null,
  nextAssigneeId: number | null,
): boolean {
  if (allowReassign || currentAssigneeId === null || currentAssigneeId === nextAssigneeId) {
    return true;
  }
  return actor.account.userType === 'admin' || currentAssigneeId === actor.account.accountId;
}

/** The button nodes an action needs; admins hold them all. */
const holds = (actor: Actor, granted: ReadonlySet<string>, btn: string) =>
  actor.account.userType === 'admin' || granted.has(`btn:${btn}`);

/**
 * What the caller may do with one ticket they can see: the same rules `ticket.edit`,
 * `ticket.delete`, `ticket.restore` and `ticket.spam` enforce, so a screen offers nothing the
 * server then refuses.
 */
export function ticketAbilities(
  actor: Actor,
  granted: ReadonlySet<string>,
  allowReassign: boolean,
  t: { assigneeId: number | null; deletedTs: number | null; ticketState: string; requesterType: string },
): TTicketAbilities {
  const deleted = t.deletedTs !== null;
  // A closed ticket takes no change at all (`refuseLocked`); it may still be deleted or spammed.
  const edit = !deleted && t.ticketState !== 'closed' && holds(actor, granted, 'ticket.edit');
  return {
    edit,
    reply_publicly: edit && mayReplyPublicly(actor),
    close: edit && mayCloseTickets(actor),
    // Reassigning means giving it to anyone else: checked against an assignee that is neither.
    reassign: edit && mayReassign(actor, allowReassign, t.assigneeId, -1),
    delete: !deleted && holds(actor, granted, 'ticket.delete'),
    restore: deleted && holds(actor, granted, 'ticket.restore'),
    spam: !deleted && t.requesterType === 'end_user' && holds(actor, granted, 'ticket.spam'),
  };
}
