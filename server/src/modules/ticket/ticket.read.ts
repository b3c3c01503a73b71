import type { TTicketComment, TTicketEvent } from '@parley/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { account, ticketAttachment, ticketComment, ticketEvent } from '../../db/schema/index.js';
import type { Actor } from '../auth/actor.js';
import { visibleTicket } from './ticket.service.js';

/** The conversation, oldest first: public replies and internal notes, each with its attachments. */
export const commentRowsQuery = (db: DbOrTx, ticketId: number) =>
  db
    .select({
      commentId: ticketComment.commentId,
      authorId: ticketComment.authorId,
      authorName: account.realName,
      authorType: account.userType,
      body: ticketComment.body,
      isPublic: ticketComment.isPublic,
      createTs: ticketComment.createTs,
    })
    .from(ticketComment)
    .leftJoin(account, eq(account.accountId, ticketComment.authorId))
    .where(eq(ticketComment.ticketId, ticketId))
    .orderBy(asc(ticketComment.commentId));

export async function commentList(db: DbOrTx, actor: Actor, ticketId: number): Promise<TTicketComment[]> {
  await visibleTicket(db, actor, ticketId);
  const rows = await commentRowsQuery(db, ticketId);
  const files = rows.length
    ? await db
        .select()
        .from(ticketAttachment)
        .where(
          inArray(
            ticketAttachment.commentId,
            rows.map((r) => r.commentId),
          ),
        )
        .orderBy(asc(ticketAttachment.createTs), asc(ticketAttachment.fileId))
    : [];
  return rows.map((r) => {
    const attachments = files
      .filter((f) => f.commentId === r.commentId)
      .map((f) => ({ file_id: f.fileId, file_name: f.fileName, size: f.size, content_type: f.contentType }));
    return {
      comment_id: r.commentId,
      ticket_id: ticketId,
      author_id: r.authorId,
      author_name: r.authorName ?? '',
      author_type: (r.authorType ?? null) as TTicketComment['author_type'],
      body: r.body,
      is_public: r.isPublic,
      file_ids: attachments.map((a) => a.file_id),
      attachments,
      create_ts: r.createTs,
    };
  });
}

/** The ticket's history: every change, oldest first. */
export async function eventList(db: DbOrTx, actor: Actor, ticketId: number): Promise<TTicketEvent[]> {
  await visibleTicket(db, actor, ticketId);
  const rows = await db
    .select()
    .from(ticketEvent)
    .where(eq(ticketEvent.ticketId, ticketId))
    .orderBy(asc(ticketEvent.eventId));
  return rows.map((e) => ({
    event_id: e.eventId,
    ticket_id: e.ticketId,
    actor_id: e.actorId,
    field: e.field,
    old_value: e.oldValue,
    new_value: e.newValue,
    create_ts: e.createTs,
  }));
}
