import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { account, ticket } from '../../db/schema/index.js';
import { transact } from '../../events/transact.js';
import { invalid } from '../../http/app-error.js';
import { deleteAccountSessions } from '../auth/session.repo.js';
import { maySeeTicket, viewerOf } from './ticket.policy.js';
import { findAccount, insertEvents } from './ticket.repo.js';
import { type Ctx, lockVisible, visibleTicket } from './ticket.service.js';
import { nextUpdateTs } from './ticket.stamp.js';

async function setDeleted(tx: Tx, actorId: number, ids: number[], deleted: boolean, now: number): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await tx
    .update(ticket)
    .set({ deletedTs: deleted ? now : null, updateTs: nextUpdateTs(now) })
    .where(and(inArray(ticket.ticketId, ids), deleted ? isNull(ticket.deletedTs) : isNotNull(ticket.deletedTs)))
    .returning({ ticketId: ticket.ticketId });
  for (const r of rows) {
    await insertEvents(tx, r.ticketId, actorId, now, [{ field: 'deleted', old: !deleted, new: deleted }]);
  }
  return rows.map((r) => r.ticketId).sort((a, b) => a - b);
}

/** Moves tickets to Deleted tickets (soft delete); they keep everything and can be restored. */
export async function ticketDelete(ctx: Ctx, ids: number[]) {
  const { actor } = ctx;
  await transact(ctx, async (tx) => {
    await lockVisible(tx, actor, ids);
    await setDeleted(tx, actor.account.accountId, ids, true, Date.now());
  });
}

export async function ticketRestore(ctx: Ctx, ids: number[]) {
  const { actor } = ctx;
  await transact(ctx, async (tx) => {
    await lockVisible(tx, actor, ids);
    await setDeleted(tx, actor.account.accountId, ids, false, Date.now());
  });
}

/**
 * Spam: the requester is suspended (their sessions end) and every ticket they requested goes to
 * Deleted tickets. Undone by restoring the tickets and allowing the account again.
 */
export async function ticketSpam(ctx: Ctx, ticketId: number) {
  const { actor, authCache } = ctx;
  const now = Date.now();
  return transact(ctx, async (tx) => {
    const row = await visibleTicket(tx, actor, ticketId, true);
    const requester = await findAccount(tx, row.requesterId);
    if (requester?.userType !== 'end_user') {
      throw invalid('spam_requester_staff', 'ticket_id');
    }
    await tx
      .update(account)
      .set({ accessState: 'suspended', updateTs: now })
      .where(eq(account.accountId, requester.accountId));
    await deleteAccountSessions(tx, requester.accountId);
    await authCache.changed(tx, requester.accountId);
    const theirs = await tx
      .select({ id: ticket.ticketId, assigneeId: ticket.assigneeId, groupId: ticket.groupId })
      .from(ticket)
      .where(and(eq(ticket.requesterId, requester.accountId), isNull(ticket.deletedTs)))
      .for('update');
    // Only what the caller may see: an agent limited to its groups neither deletes nor learns of
    // the requester's tickets elsewhere.
    const viewer = viewerOf(actor);
    const reach = theirs.filter((r) => maySeeTicket(viewer, r));
    await setDeleted(
      tx,
      actor.account.accountId,
      reach.map((r) => r.id),
      true,
      now,
    );
    await insertEvents(tx, row.ticketId, actor.account.accountId, now, [{ field: 'spam', new: requester.accountId }]);
  });
}
