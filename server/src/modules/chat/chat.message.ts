import type { TChatMessage, TLanguage } from '@parley/contracts';
import { translate } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { emit } from '../../events/transact.js';
import { notFound } from '../../http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { applyChange, type Change } from '../ticket/ticket.edit.js';
import { findTicket, insertComment, insertEvents, type TicketRow } from '../ticket/ticket.repo.js';
import { planComment } from '../ticket/ticket.rules.js';
import { bodyText } from '../ticket/ticket.sanitize.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';
import { addSearchWords } from '../ticket-search/search-words.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import { findMessage, messageByClientId, type SessionRow, sessionByTicket } from './chat.repo.js';

/**
 * Chat writers both sides share: one message stored once per `client_message_id`, the chat
 * locked, and the end of a chat.
 */
export interface MessageInput {
  body: string;
  file_ids: string[];
  client_message_id: string;
  is_public?: boolean;
  /** A shortcut's `choice_list`, offered to the visitor as buttons. */
  quick_replies?: string[];
}

/**
 * Stores one chat message as a comment of the chat ticket, once per `client_message_id`: the
 * ticket row is locked, so a retry racing the original finds it and answers the same id.
 */
export async function addMessage(
  tx: Tx,
  actor: Actor,
  row: TicketRow,
  input: MessageInput,
  fromVisitor: boolean,
  extra: Omit<Change, 'comment'> = {},
  replyType: 'end_chat' | null = null,
): Promise<{ messageId: number; fresh: boolean }> {
  const existing = await messageByClientId(tx, row.ticketId, input.client_message_id);
  if (existing !== null) {
    return { messageId: existing, fresh: false };
  }
  const settings = await getTicketSettings(tx);
  const comment = planComment(
    fromVisitor ? null : actor,
    settings,
    { body: input.body, is_public: input.is_public ?? true, file_ids: input.file_ids },
    'text',
    { key: 'required_chat_message', field: 'body' },
  );
  const now = Date.now();
  const commentId = await applyChange(
    tx,
    actor,
    settings,
    row,
    // The end of a chat is the product's message under the actor's name: its history says so.
    { ...extra, comment: replyType ? { ...comment, source: replyType } : comment },
    now,
  );
  if (typeof commentId !== 'number') {
    throw new Error('a chat message stored no comment');
  }
  await tx.execute(
    sql`INSERT INTO chat_message (comment_id, ticket_id, client_message_id, reply_type, from_visitor, quick_replies)
      VALUES (${commentId}, ${row.ticketId}, ${input.client_message_id}, ${replyType}, ${fromVisitor},
        ${JSON.stringify(comment.isPublic ? (input.quick_replies ?? []) : [])}::jsonb)`,
  );
  if (fromVisitor) {
    await tx.execute(sql`UPDATE chat_session SET last_visitor_ts = ${now} WHERE ticket_id = ${row.ticketId}`);
  }
  const message = (await findMessage(tx, commentId)) as TChatMessage;
  emit(tx, { type: 'chat.message', message });
  return { messageId: commentId, fresh: true };
}

export async function lockChat(tx: Tx, ticketId: number): Promise<{ row: TicketRow; session: SessionRow }> {
  const row = await findTicket(tx, ticketId, true);
  const session = await sessionByTicket(tx, ticketId);
  if (!row || !session || row.deletedTs !== null) {
    throw notFound();
  }
  return { row, session };
}

/** Ends the chat: an `end_chat` message, the ticket solved. Either side may end it; ending twice is no error. */
export async function endChat(tx: Tx, actor: Actor, row: TicketRow, session: SessionRow, lang: TLanguage) {
  if (session.endedTs !== null) {
    return;
  }
  const fromVisitor = actor.account.accountId === session.visitorId;
  await addMessage(
    tx,
    actor,
    row,
    {
      body: translate('chat_ended_body', lang),
      file_ids: [],
      client_message_id: `end:${row.ticketId}`,
      is_public: true,
    },
    fromVisitor,
    row.ticketState === 'solved' || row.ticketState === 'closed' ? {} : { submit_as: 'solved' },
    'end_chat',
  );
  await tx.execute(
    sql`UPDATE chat_session SET ended_ts = ${Date.now()}, waiting_ts = NULL WHERE ticket_id = ${row.ticketId}`,
  );
  emit(tx, { type: 'chat.ended', ticketId: row.ticketId });
}

/**
 * A message a chat trigger sends (no person wrote it): a public comment without an author, stored
 * once per `key` like a client's retry, with the ticket's update time, search words and events.
 */
export async function addAutomaticMessage(
  tx: Tx,
  row: TicketRow,
  body: string,
  key: string,
  replyType: 'end_chat' | null = null,
): Promise<number | null> {
  if ((await messageByClientId(tx, row.ticketId, key)) !== null) {
    return null;
  }
  const settings = await getTicketSettings(tx);
  const comment = planComment(null, settings, { body, is_public: true }, 'text');
  const now = Date.now();
  const commentId = await insertComment(tx, {
    ticketId: row.ticketId,
    authorId: null,
    body: comment.body,
    isPublic: true,
    now,
  });
  await tx.execute(sql`UPDATE ticket SET update_ts = ${nextUpdateTs(now)} WHERE ticket_id = ${row.ticketId}`);
  await addSearchWords(tx, row.ticketId, documentTokens(bodyText(comment.body)));
  await insertEvents(tx, row.ticketId, null, now, [
    { field: 'comment', new: { comment_id: commentId, is_public: true, source: 'chat_trigger' } },
  ]);
  await tx.execute(
    sql`INSERT INTO chat_message (comment_id, ticket_id, client_message_id, reply_type, from_visitor, automatic)
      VALUES (${commentId}, ${row.ticketId}, ${key}, ${replyType}, false, true)`,
  );
  emit(tx, { type: 'ticket.commented', ticketId: row.ticketId, actorId: null, commentId, isPublic: true });
  emit(tx, { type: 'chat.message', message: (await findMessage(tx, commentId)) as TChatMessage });
  return commentId;
}
