import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { company } from './company.js';

export const account = pgTable(
  'account',
  {
    accountId: serial('account_id').primaryKey(),
    email: text('email').notNull(),
    realName: text('real_name').notNull().default(''),
    /** scrypt hash, `scrypt$N$r$p$salt$key`; null for end users without a password. */
    passwordHash: text('password_hash'),
    /**
     * The password is the one-time password generated and printed at the first start: the back
     * office asks the account to set its own. Any new password clears it.
     */
    passwordTemporary: boolean('password_temporary').notNull().default(false),
    userType: text('user_type').notNull(),
    ticketAccess: text('ticket_access').notNull().default('all'),
    replyAccess: text('reply_access').notNull().default('public'),
    canCloseTicket: boolean('can_close_ticket').notNull().default(true),
    avatar: text('avatar').notNull().default(''),
    aliasName: text('alias_name').notNull().default(''),
    signature: text('signature').notNull().default(''),
    enableSignature: boolean('enable_signature').notNull().default(false),
    defaultLanguage: text('default_language').notNull().default('en'),
    /** Null: none chosen, it follows Settings › Localization's default (timezoneInForce). */
    timezone: text('timezone'),
    innerNotes: text('inner_notes').notNull().default(''),
    allowCheckEmail: boolean('allow_check_email').notNull().default(false),
    toolAccess: text('tool_access').array().notNull().default(sql`'{}'::text[]`),
    chatState: text('chat_state').notNull().default('offline'),
    accessState: text('access_state').notNull().default('allowed'),
    companyId: integer('company_id').references(() => company.companyId, { onDelete: 'set null' }),
    /** Free-form per-account preferences (`auth.account.setting.edit`). */
    settingData: jsonb('setting_data').notNull().default({}),
    /** Its own choice of notification mails (`auth.account.info.edit`): new tickets `all`, `groups` or `none`. */
    notifyNew: text('notify_new').notNull().default('all'),
    notifyReplied: boolean('notify_replied').notNull().default(true),
    notifyAssigned: boolean('notify_assigned').notNull().default(true),
    createTs: ts('create_ts').notNull(),
    updateTs: ts('update_ts').notNull(),
  },
  (t) => [
    uniqueIndex('account_email_uq').on(t.email),
    index('account_user_type_idx').on(t.userType, t.accountId),
    index('account_company_idx').on(t.companyId),
  ],
);

/** One row per sign-in; the token itself is never stored, only its SHA-256. */
export const session = pgTable(
  'session',
  {
    sessionId: serial('session_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    stayLogin: boolean('stay_login').notNull(),
    createTs: ts('create_ts').notNull(),
    lastUsedTs: ts('last_used_ts').notNull(),
    expiresTs: ts('expires_ts').notNull(),
  },
  (t) => [uniqueIndex('session_token_uq').on(t.tokenHash), index('session_account_idx').on(t.accountId)],
);

/** Sign-in history shown on the account page. */
export const accountVisit = pgTable(
  'account_visit',
  {
    visitId: serial('visit_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createTs: ts('create_ts').notNull(),
  },
  (t) => [index('account_visit_account_idx').on(t.accountId, t.createTs)],
);

/**
 * A mailed link to set an account's password (docs/decisions/0018-invitations.md): an invitation
 * (7 days) or a reset (1 hour). Its token is made when the mail is sent, and only the token's
 * SHA-256 is kept (null until then); a link works once, and a newer link of the account, or a
 * password set through any of them, ends the others.
 */
export const passwordLink = pgTable(
  'password_link',
  {
    linkId: serial('link_id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.accountId, { onDelete: 'cascade' }),
    /** `invite` or `reset`. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash'),
    createTs: ts('create_ts').notNull(),
    expiresTs: ts('expires_ts').notNull(),
    /** When it was used or replaced by a newer link; null while it works. */
    usedTs: ts('used_ts'),
  },
  (t) => [uniqueIndex('password_link_token_idx').on(t.tokenHash), index('password_link_account_idx').on(t.accountId)],
);
