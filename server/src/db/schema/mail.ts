import { bigint, boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { agentGroup } from './permission.js';
import { ticket } from './ticket.js';

/** Every Message-ID sent or received, with its ticket: threading and "a mail fetched twice is one". */
export const mailMessage = pgTable(
  'mail_message',
  {
    messageId: text('message_id').primaryKey(),
    direction: text('direction').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    commentId: integer('comment_id'),
    fromAddress: text('from_address').notNull().default(''),
    /** An incoming mail's sender, subject, text and attachments hashed ('' for ours and older ones). */
    contentHash: text('content_hash').notNull().default(''),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [index('mail_message_ticket_idx').on(t.ticketId)],
);

/** Incoming mails not turned into tickets: unparseable (raw kept), bounces, auto-replies, banned. */
export const mailInboxLog = pgTable(
  'mail_inbox_log',
  {
    logId: serial('log_id').primaryKey(),
    messageKey: text('message_key').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    /** Why, as a stable code (contracts' inboxReasonCodes; '' for none) and its detail as written. */
    reasonCode: text('reason_code').notNull().default(''),
    reasonDetail: text('reason_detail').notNull().default(''),
    fromAddress: text('from_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    rawFile: text('raw_file'),
    rawSize: integer('raw_size').notNull().default(0),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [uniqueIndex('mail_inbox_log_key_idx').on(t.messageKey), index('mail_inbox_log_create_idx').on(t.createTs)],
);

/** Addresses whose delivery failed (a bounce): not mailed again. */
export const mailBounce = pgTable('mail_bounce', {
  address: text('address').primaryKey(),
  ticketId: integer('ticket_id'),
  reason: text('reason').notNull().default(''),
  createTs: ts('create_ts').notNull(),
});

/** Support addresses: an alias of the main mailbox or an own IMAP mailbox, and the group of its tickets. */
export const mailAddress = pgTable(
  'mail_address',
  {
    addressId: serial('address_id').primaryKey(),
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
    groupId: integer('group_id').references(() => agentGroup.groupId, { onDelete: 'set null' }),
    hasMailbox: boolean('has_mailbox').notNull().default(false),
    imapHost: text('imap_host').notNull().default(''),
    account: text('account').notNull().default(''),
    password: text('password').notNull().default(''),
    useSsl: boolean('use_ssl').notNull().default(true),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [uniqueIndex('mail_address_address_idx').on(t.address)],
);

/** The support address a ticket came in on: its mails go out from that address. */
export const mailTicket = pgTable('mail_ticket', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => ticket.ticketId, { onDelete: 'cascade' }),
  address: text('address').notNull(),
});

/** A mailed attachment too large for the mail: its link's token opens that one file. */
export const mailAttachmentLink = pgTable('mail_attachment_link', {
  token: text('token').primaryKey(),
  fileId: text('file_id').notNull(),
  createTs: ts('create_ts').notNull(),
});

/** How far the fetch has read a mailbox: the highest UID imported under its UIDVALIDITY (mail.mark.ts). */
export const mailFetchMark = pgTable('mail_fetch_mark', {
  mailbox: text('mailbox').primaryKey(),
  uidValidity: bigint('uid_validity', { mode: 'number' }).notNull(),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull(),
  updateTs: ts('update_ts').notNull(),
});
