import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';
import { ticket, ticketComment } from './ticket.js';

/** A stored pre-chat answer, with the question's title as it was asked. */
export interface StoredChatAnswer {
  question_id: number;
  title: string;
  choice_id: number | null;
  answer: string;
}

/** What a chat ticket needs beyond a ticket: the visitor's key, page, answers and who accepted it. */
export const chatSession = pgTable(
  'chat_session',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    /** sha256 of the visitor token; the token itself is only ever in the visitor's browser. */
    visitorTokenHash: text('visitor_token_hash').notNull(),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    pageUrl: text('page_url').notNull().default(''),
    answers: jsonb('answers').$type<StoredChatAnswer[]>().notNull().default([]),
    visitorIp: text('visitor_ip').notNull().default(''),
    acceptedBy: integer('accepted_by').references(() => account.accountId, { onDelete: 'set null' }),
    acceptedTs: ts('accepted_ts'),
    endedTs: ts('ended_ts'),
    lastVisitorTs: ts('last_visitor_ts').notNull(),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [
    uniqueIndex('chat_session_token_idx').on(t.visitorTokenHash),
    index('chat_session_waiting_idx').on(t.createTs).where(sql`accepted_by IS NULL AND ended_ts IS NULL`),
    index('chat_session_agent_idx').on(t.acceptedBy).where(sql`ended_ts IS NULL`),
  ],
);

/** A ticket comment that is a chat message: the client's retry key and the end-chat marker. */
export const chatMessage = pgTable(
  'chat_message',
  {
    commentId: integer('comment_id')
      .primaryKey()
      .references(() => ticketComment.commentId, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    clientMessageId: text('client_message_id'),
    replyType: text('reply_type'),
    fromVisitor: boolean('from_visitor').notNull(),
  },
  (t) => [
    uniqueIndex('chat_message_client_idx').on(t.ticketId, t.clientMessageId).where(sql`client_message_id IS NOT NULL`),
    index('chat_message_ticket_idx').on(t.ticketId, t.commentId),
  ],
);
