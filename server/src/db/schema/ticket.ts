import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { account } from './account.js';
import { ts } from './columns.js';
import { company } from './company.js';
import { agentGroup } from './permission.js';

/** Search tokens of a ticket (see modules/ticket-search/tokenize.ts); written as text, read never. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Literal predicates, so that the planner can prove a query's filter implies a partial index's. */
const live = sql`deleted_ts IS NULL`;
const unsolved = sql`deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending')`;

/**
 * A ticket. Lists read it through narrow partial indexes that match each view's filter and sort
 * (update_ts DESC, ticket_id DESC), so a page is an index range and a deep page skips index
 * entries only (docs/decisions/0003-ticket-list-and-search.md).
 */
export const ticket = pgTable(
  'ticket',
  {
    ticketId: serial('ticket_id').primaryKey(),
    subject: text('subject').notNull(),
    ticketState: text('ticket_state').notNull(),
    ticketType: text('ticket_type').notNull().default('question'),
    priority: text('priority').notNull().default('normal'),
    source: text('source').notNull(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => account.accountId),
    submitterId: integer('submitter_id').references(() => account.accountId, { onDelete: 'set null' }),
    assigneeId: integer('assignee_id').references(() => account.accountId, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => agentGroup.groupId, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => company.companyId, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The ticket form it was submitted with (ticket_form; the foreign key is in migration 0014). */
    formId: integer('form_id'),
    satisfaction: text('satisfaction').notNull().default('unoffered'),
    satisfactionComment: text('satisfaction_comment').notNull().default(''),
    /** The survey link's key, made when the ticket is first solved with scoring allowed. */
    satisfactionToken: text('satisfaction_token'),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
    firstReplyTs: ts('first_reply_ts'),
    solvedTs: ts('solved_ts'),
    /** Set while the ticket is in Deleted tickets. */
    deletedTs: ts('deleted_ts'),
  },
  (t) => [
    index('ticket_live_update_idx').on(t.updateTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_unsolved_update_idx').on(t.updateTs.desc(), t.ticketId.desc()).where(unsolved),
    index('ticket_unassigned_update_idx')
      .on(t.updateTs.desc(), t.ticketId.desc())
      .where(sql`${unsolved} AND assignee_id IS NULL`),
    index('ticket_state_update_idx').on(t.ticketState, t.updateTs.desc(), t.ticketId.desc()).where(live),
    // ticket_state last: "Your unsolved tickets" filters and counts from the index alone.
    index('ticket_assignee_update_idx')
      .on(t.assigneeId, t.updateTs.desc(), t.ticketId.desc(), t.ticketState)
      .where(live),
    index('ticket_group_update_idx').on(t.groupId, t.updateTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_priority_update_idx').on(t.priority, t.updateTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_type_update_idx').on(t.ticketType, t.updateTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_company_update_idx').on(t.companyId, t.updateTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_requester_update_idx').on(t.requesterId, t.updateTs.desc(), t.ticketId.desc()),
    index('ticket_live_create_idx').on(t.createTs.desc(), t.ticketId.desc()).where(live),
    index('ticket_solved_idx')
      .on(t.solvedTs.desc(), t.ticketId.desc())
      .where(sql`deleted_ts IS NULL AND ticket_state = 'solved'`),
    index('ticket_deleted_update_idx').on(t.updateTs.desc(), t.ticketId.desc()).where(sql`deleted_ts IS NOT NULL`),
    index('ticket_tags_idx').using('gin', t.tags),
    uniqueIndex('ticket_satisfaction_token_uq').on(t.satisfactionToken).where(sql`satisfaction_token IS NOT NULL`),
  ],
);

/**
 * A ticket's search words (subject, comments, requester, text field values; CJK as single
 * characters and pairs), kept in the same transaction as each write that changes them. A table
 * of its own (migration 0046): a ticket's other writes leave its words and their index alone.
 */
export const ticketSearch = pgTable(
  'ticket_search',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [index('ticket_search_vector_idx').using('gin', t.searchVector)],
);

/** A public reply or an internal note. */
export const ticketComment = pgTable(
  'ticket_comment',
  {
    commentId: serial('comment_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => account.accountId, { onDelete: 'set null' }),
    /** Sanitized HTML. */
    body: text('body').notNull(),
    isPublic: boolean('is_public').notNull(),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [index('ticket_comment_ticket_idx').on(t.ticketId, t.commentId)],
);

/**
 * An uploaded file. Its id is random (the only key to a public upload); the bytes live in the
 * file store under `attachments/<file_id>.bin`. Until a comment takes it, it belongs to nobody.
 */
export const ticketAttachment = pgTable(
  'ticket_attachment',
  {
    fileId: text('file_id').primaryKey(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Null for uploads from the public form. */
    uploaderId: integer('uploader_id').references(() => account.accountId, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => ticket.ticketId, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => ticketComment.commentId, { onDelete: 'cascade' }),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [
    index('ticket_attachment_comment_idx').on(t.commentId),
    index('ticket_attachment_unused_idx').on(t.createTs).where(sql`comment_id IS NULL`),
  ],
);

/** CCs (any account) and followers (agents) of a ticket. */
export const ticketMember = pgTable(
  'ticket_member',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    /** `cc` or `follower`. */
    memberType: text('member_type').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.memberType, t.accountId] }),
    index('ticket_member_account_idx').on(t.accountId),
  ],
);

/**
 * Every change of a ticket, written in the transaction that makes it: reports and triggers
 * read these. Values are JSON (a state, an id, a list of tags, a comment reference).
 */
export const ticketEvent = pgTable(
  'ticket_event',
  {
    eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => ticket.ticketId, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => account.accountId, { onDelete: 'set null' }),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [index('ticket_event_ticket_idx').on(t.ticketId, t.eventId), index('ticket_event_create_idx').on(t.createTs)],
);

/** Every tag ever used, for autocompletion. */
export const ticketTag = pgTable(
  'ticket_tag',
  {
    tagName: text('tag_name').primaryKey(),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [index('ticket_tag_name_prefix_idx').on(sql`${t.tagName} text_pattern_ops`)],
);

/**
 * A ticket view (Your unsolved, Unassigned, ...): conditions as JSON, columns, sort. The
 * seven usual views are seeded by the migration and edited like any other (`modules/ticket-view`).
 */
export const ticketView = pgTable(
  'ticket_view',
  {
    viewId: serial('view_id').primaryKey(),
    title: text('title').notNull(),
    /** Translations of a seeded view's title, by language. */
    titleI18n: jsonb('title_i18n').$type<Record<string, string>>().notNull().default({}),
    conditions: jsonb('conditions').notNull(),
    columns: text('columns').array().notNull(),
    sort: text('sort').notNull(),
    position: integer('position').notNull(),
    viewState: text('view_state').notNull().default('active'),
    /** Null for a shared view; an agent's own view otherwise. */
    ownerId: integer('owner_id').references(() => account.accountId, { onDelete: 'cascade' }),
    /** Set for a view shared with one group's agents. */
    groupId: integer('group_id').references(() => agentGroup.groupId, { onDelete: 'cascade' }),
    /** A property the rows are grouped by (ordered by first), or null. */
    groupBy: text('group_by'),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [index('ticket_view_position_idx').on(t.position, t.viewId)],
);
