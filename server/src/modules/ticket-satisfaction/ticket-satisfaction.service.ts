import type { TSatisfactionGetResponse } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { transact } from '../../events/transact.js';
import { invalid, notFound } from '../../http/app-error.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { insertEvents } from '../ticket/ticket.repo.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';

async function byToken(db: DbOrTx, token: string, lock = false) {
  const query = db
    .select({
      ticketId: ticket.ticketId,
      subject: ticket.subject,
      requesterId: ticket.requesterId,
      satisfaction: ticket.satisfaction,
      satisfactionComment: ticket.satisfactionComment,
      deletedTs: ticket.deletedTs,
    })
    .from(ticket)
    .where(eq(ticket.satisfactionToken, token))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  const row = rows[0];
  // An unknown token and a deleted ticket look the same: nothing to rate.
  if (!row || row.deletedTs !== null) {
    throw notFound();
  }
  return row;
}

/** The survey page: which ticket, and the rating given so far (`unoffered` until one is). */
export async function satisfactionGet(db: DbOrTx, token: string): Promise<TSatisfactionGetResponse> {
  const row = await byToken(db, token);
  return {
    ticket_id: row.ticketId,
    subject: row.subject,
    satisfaction: row.satisfaction as TSatisfactionGetResponse['satisfaction'],
    satisfaction_comment: row.satisfactionComment,
    rating_open: (await getTicketSettings(db)).allow_score,
  };
}

/** The requester rates (and may change their mind); refused while scoring is turned off. */
export async function satisfactionAdd(
  ctx: AppContext,
  input: { token: string; satisfaction: 'good' | 'bad'; comment: string },
): Promise<void> {
  if (!(await getTicketSettings(ctx.db)).allow_score) {
    throw invalid('satisfaction_unavailable');
  }
  const now = Date.now();
  await transact(ctx, async (tx) => {
    const row = await byToken(tx, input.token, true);
    const events = [];
    if (row.satisfaction !== input.satisfaction) {
      events.push({ field: 'satisfaction', old: row.satisfaction, new: input.satisfaction });
    }
    if (row.satisfactionComment !== input.comment) {
      events.push({ field: 'satisfaction_comment', old: row.satisfactionComment, new: input.comment });
    }
    if (events.length === 0) {
      return;
    }
    await tx
      .update(ticket)
      .set({ satisfaction: input.satisfaction, satisfactionComment: input.comment, updateTs: nextUpdateTs(now) })
      .where(eq(ticket.ticketId, row.ticketId));
    await insertEvents(tx, row.ticketId, row.requesterId, now, events);
  });
}
