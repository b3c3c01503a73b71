import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';
import { agentGroup } from './permission.js';
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
    /** A route-by-answer chat trigger's group: its online agents are offered the chat first. */
    routeGroupId: integer('route_group_id').references(() => agentGroup.groupId, { onDelete: 'set null' }),
    acceptedBy: integer('accepted_by').references(() => account.accountId, { onDelete: 'set null' }),
    acceptedTs: ts('accepted_ts'),
    endedTs: ts('ended_ts'),
    /** Since when it waits for an agent (start, or back in the queue); null while an agent has it. */
    waitingTs: ts('waiting_ts'),
    /** The widget's language when the chat started ('' before 0053). */
    lang: text('lang').notNull().default(''),
    /** The name the visitor typed for this chat ('' for none, and before 0057): shown over the account's. */
    visitorName: text('visitor_name').notNull().default(''),
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
    quickReplies: jsonb('quick_replies').$type<string[]>().notNull().default([]),
    automatic: boolean('automatic').notNull().default(false),
  },
  (t) => [
    uniqueIndex('chat_message_client_idx').on(t.ticketId, t.clientMessageId).where(sql`client_message_id IS NOT NULL`),
    index('chat_message_ticket_idx').on(t.ticketId, t.commentId),
  ],
);

/** Settings › Chat triggers: one row per trigger; the columns a kind does not use stay null. */
export const chatTrigger = pgTable('chat_trigger', {
  triggerId: serial('trigger_id').primaryKey(),
  title: text('title').notNull(),
  triggerType: text('trigger_type').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  delaySeconds: integer('delay_seconds'),
  urlContains: text('url_contains'),
  message: text('message'),
  questionId: integer('question_id'),
  choiceId: integer('choice_id'),
  groupId: integer('group_id').references(() => agentGroup.groupId, { onDelete: 'cascade' }),
  createTs: ts('create_ts').notNull(),
  updateTs: ts('update_ts').notNull(),
});
