import { z } from 'zod';
import { ZAccount } from './account.js';
import { optionalText, requiredOr, requiredText, ZEmail, ZFlag, ZId, ZIdList, ZPage, ZPaging } from './common.js';
import { ZAccessState, ZChatState, ZNotifyNew, ZReplyAccess, ZTicketAccess, ZUserType } from './enums.js';
import { languageCodes } from './languages.js';

/** An IANA time zone that this runtime knows (`Asia/Shanghai`, `UTC`), in its canonical spelling. */
export const ZTimezone = z
  .string({ error: requiredOr('required_field', 'timezone_invalid') })
  .trim()
  .min(1, { error: 'required_field' })
  .max(64, { error: 'timezone_invalid' })
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'timezone_invalid' });
      return z.NEVER;
    }
  });

export const ZLanguageCode = z.enum(languageCodes, { error: 'enum_invalid' });

/** Tools an agent may use besides tickets. */
export const ZToolAccess = z.array(z.enum(['chat'], { error: 'enum_invalid' }), { error: 'field_invalid' }).max(10);

/**
 * An avatar: empty, or the path that `POST /api/admin/upload.avatar` answered
 * (`/api/home/file/avatar/<id>`).
 */
export const ZAvatarPath = z.string({ error: 'field_invalid' }).trim().max(300, { error: 'field_too_long' });

/** Profile fields: what an account may change about itself (`auth.account.info.edit`). */
const profileFields = {
  real_name: requiredText('required_name', 100).describe('Its name, up to 100 characters'),
  alias_name: optionalText(100).describe('The name customers see on its replies (empty: its name)'),
  signature: optionalText(5000).describe('Its reply signature, up to 5,000 characters'),
  enable_signature: ZFlag.describe('Replies carry the signature'),
  avatar: ZAvatarPath.describe('Empty, or the path `upload.avatar` answered'),
  default_language: ZLanguageCode.describe('Its language'),
  timezone: ZTimezone.nullable().describe(
    "Its time zone (IANA name); `null`: none of its own, it follows Settings › Localization's default time zone",
  ),
};

/**
 * Which notification mails the caller gets (its own choice, only through `auth.account.info.edit`):
 * new tickets (`all` it may see, `groups`: only those whose group is one of its groups, `none`),
 * a customer's reply on a ticket assigned to it or that it follows, a ticket assigned to it.
 */
const notifyFields = {
  notify_new: ZNotifyNew.describe(
    'New-ticket mails: `all` tickets it may see (default), `groups` (its groups only), `none`',
  ),
  notify_replied: ZFlag.describe(
    'Mail when a customer replies on a ticket assigned to it or that it follows (default true)',
  ),
  notify_assigned: ZFlag.describe('Mail when a ticket is assigned to it (default true)'),
};

/** Fields only someone with the right to manage accounts sets. */
const managedFields = {
  user_type: ZUserType.describe('`admin`, `agent` or `end_user`'),
  ticket_access: ZTicketAccess.describe("Which tickets an agent sees: all, its groups', or its own"),
  reply_access: ZReplyAccess.describe('Whether an agent may reply publicly or only write internal notes'),
  can_close_ticket: ZFlag.describe('An agent may close tickets'),
  inner_notes: optionalText(5000).describe('Notes about the account, for agents'),
  allow_check_email: ZFlag.describe('The account may check email (granted only by one that may)'),
  role_ids: ZIdList.describe("An agent's roles"),
  group_ids: ZIdList.describe("An agent's groups"),
  tool_access: ZToolAccess.describe('Tools the account may use (`chat`)'),
  company_id: ZId.nullable().describe('Its organization; `null` leaves the organization'),
};

/**
 * Admins and agents need a password (5 to 127 characters, not the email); end users may have
 * none. The server checks it against the user type, so here it is only bounded.
 */
const ZPasswordField = z.string({ error: 'password_not_allowed' }).max(1024, { error: 'password_not_allowed' });

export const ZAccountListRequest = ZPaging.extend({
  user_type: ZUserType.optional().describe('Only accounts of this type'),
  company_id: ZId.optional().describe('Only members of this organization'),
  kw: optionalText(100).optional().describe('Part of the email or the name'),
});
export type TAccountListRequest = z.input<typeof ZAccountListRequest>;
/** An account as People lists and opens it: with whether the caller may change it. */
export const ZManagedAccount = ZAccount.extend({
  manageable: z
    .boolean()
    .describe(
      'The caller may edit, suspend or delete it: an admin any account; anyone else their own and accounts that hold no more than they do',
    ),
});
export type TManagedAccount = z.infer<typeof ZManagedAccount>;
export const ZAccountListResponse = ZPage(ZManagedAccount);
export type TAccountListResponse = z.infer<typeof ZAccountListResponse>;

export const ZAccountGetRequest = z.object({ account_id: ZId.describe('The account') });
export type TAccountGetRequest = z.input<typeof ZAccountGetRequest>;
export const ZAccountGetResponse = ZManagedAccount;
export type TAccountGetResponse = z.infer<typeof ZAccountGetResponse>;

/**
 * A new account. An end user without `company_id` joins the organization whose domains hold
 * the email's domain; a new agent or admin without `group_ids` joins the default group, and a
 * new agent without `role_ids` gets the default Agent role.
 */
export const ZAccountAddRequest = z.object({
  email: ZEmail.describe('Its email address, used to sign in'),
  real_name: profileFields.real_name,
  user_type: managedFields.user_type.default('end_user').describe('`admin`, `agent` or `end_user` (the default)'),
  password: ZPasswordField.optional().describe(
    'Admins and agents need one (5 to 127 characters, not the email) unless `invite`; end users may have none',
  ),
  invite: ZFlag.optional()
    .default(false)
    .describe(
      'Admins and agents only: mail them a link (valid 7 days) to set their own password, instead of `password` (needs the email channel)',
    ),
  ticket_access: managedFields.ticket_access.optional(),
  reply_access: managedFields.reply_access.optional(),
  can_close_ticket: managedFields.can_close_ticket.optional(),
  avatar: profileFields.avatar.optional(),
  alias_name: profileFields.alias_name.optional(),
  signature: profileFields.signature.optional(),
  enable_signature: profileFields.enable_signature.optional(),
  default_language: profileFields.default_language.optional(),
  timezone: profileFields.timezone.optional(),
  inner_notes: managedFields.inner_notes.optional(),
  allow_check_email: managedFields.allow_check_email.optional(),
  role_ids: managedFields.role_ids.optional(),
  group_ids: managedFields.group_ids.optional(),
  tool_access: managedFields.tool_access.optional(),
  company_id: managedFields.company_id.optional(),
});
export type TAccountAddRequest = z.input<typeof ZAccountAddRequest>;
export const ZAccountAddResponse = z.object({ account_id: z.number().int().describe('The new account') });
export type TAccountAddResponse = z.infer<typeof ZAccountAddResponse>;

/** `account_id` and the fields to change; fields left out keep their value, an empty `password` too. */
export const ZAccountEditRequest = ZAccountAddRequest.omit({ invite: true })
  .partial()
  .extend({
    account_id: ZId.describe('The account'),
    email: ZEmail.optional().describe('Its email address, used to sign in'),
    real_name: profileFields.real_name.optional(),
    user_type: managedFields.user_type.optional(),
  });
export type TAccountEditRequest = z.input<typeof ZAccountEditRequest>;

/** The caller's own profile; any other field sent here is ignored. */
export const ZAccountInfoEditRequest = z.object({
  real_name: profileFields.real_name.optional(),
  alias_name: profileFields.alias_name.optional(),
  signature: profileFields.signature.optional(),
  enable_signature: profileFields.enable_signature.optional(),
  avatar: profileFields.avatar.optional(),
  default_language: profileFields.default_language.optional(),
  timezone: profileFields.timezone.optional(),
  notify_new: notifyFields.notify_new.optional(),
  notify_replied: notifyFields.notify_replied.optional(),
  notify_assigned: notifyFields.notify_assigned.optional(),
});
export type TAccountInfoEditRequest = z.input<typeof ZAccountInfoEditRequest>;

export const ZAccountDeleteRequest = z.object({ account_id: ZId.describe('The account') });
export type TAccountDeleteRequest = z.input<typeof ZAccountDeleteRequest>;

/** Suspending ends the account's sessions at once; allowing lets it sign in again. */
export const ZAccountAccessStateEditRequest = z.object({
  account_id: ZId.describe('The account'),
  access_state: ZAccessState.describe('`suspended` (its sessions end at once) or `allowed`'),
});
export type TAccountAccessStateEditRequest = z.input<typeof ZAccountAccessStateEditRequest>;

/** Largest `setting_data` kept per account, as JSON text. */
export const accountSettingMaxBytes = 16 * 1024;

/**
 * The caller's own interface preferences. Keys are merged into what is stored; a key sent as
 * `null` is removed. `auth.my.info.get` answers the result as `setting_data`.
 */
export const ZAccountSettingEditRequest = z.object({
  setting_data: z
    .record(z.string().max(100), z.unknown(), { error: 'field_invalid' })
    .describe('Keys merged into the stored preferences; a key sent as null is removed (16 KB at most)'),
});
export type TAccountSettingEditRequest = z.input<typeof ZAccountSettingEditRequest>;

export const ZAccountVisit = z.object({
  visit_id: z.number().int().describe('The sign-in'),
  ip: z.string().describe('The address it came from'),
  user_agent: z.string().describe('The browser it came from'),
  create_ts: z.number().int().describe('When it happened (Unix epoch milliseconds)'),
});
export type TAccountVisit = z.infer<typeof ZAccountVisit>;
export const ZAccountVisitHistoryListRequest = ZPaging.extend({ account_id: ZId.describe('The account') });
export type TAccountVisitHistoryListRequest = z.input<typeof ZAccountVisitHistoryListRequest>;
export const ZAccountVisitHistoryListResponse = ZPage(ZAccountVisit);
export type TAccountVisitHistoryListResponse = z.infer<typeof ZAccountVisitHistoryListResponse>;

/** A ticket the account requested, newest first. */
export const ZAccountTicket = z.object({
  ticket_id: z.number().int().describe('The ticket'),
  subject: z.string().describe('Its subject'),
  ticket_state: z.string().describe('Its state'),
  create_ts: z.number().int().describe('When it was created (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last updated (Unix epoch milliseconds)'),
});
export type TAccountTicket = z.infer<typeof ZAccountTicket>;
export const ZAccountTicketHistoryListRequest = ZPaging.extend({ account_id: ZId.describe('The requester') });
export type TAccountTicketHistoryListRequest = z.input<typeof ZAccountTicketHistoryListRequest>;
export const ZAccountTicketHistoryListResponse = ZPage(ZAccountTicket);
export type TAccountTicketHistoryListResponse = z.infer<typeof ZAccountTicketHistoryListResponse>;

/** An agent (or admin) as pickers show it. */
export const ZAgentSummary = z.object({
  account_id: z.number().int().describe('The agent'),
  email: z.string().describe('Its email address'),
  real_name: z.string().describe('Its name'),
  alias_name: z.string().describe('The name customers see (empty: its name)'),
  avatar: z.string().describe('Its avatar path, or empty'),
  user_type: ZUserType.describe('`agent` or `admin`'),
  chat_state: ZChatState.describe('Its chat state'),
  group_ids: z.array(z.number().int()).describe('Its groups'),
  tool_access: z.array(z.string()).describe('Tools it may use: `chat` when it takes chats'),
  access_state: ZAccessState.describe('`suspended` only in a list asked `need_suspended`'),
});
export type TAgentSummary = z.infer<typeof ZAgentSummary>;
/** Agents that may sign in; admins too when `need_admin`, suspended ones too when `need_suspended`. */
export const ZAgentAllListRequest = z.object({
  need_admin: ZFlag.default(false).describe('Admins too (no by default)'),
  need_suspended: ZFlag.default(false).describe(
    'Suspended ones too (no by default): for filters over past work such as the reports, never for pickers that assign',
  ),
});
export type TAgentAllListRequest = z.input<typeof ZAgentAllListRequest>;
export const ZAgentAllListResponse = z.object({
  list: z.array(ZAgentSummary).describe('Agents that may sign in (and suspended ones with need_suspended)'),
});
export type TAgentAllListResponse = z.infer<typeof ZAgentAllListResponse>;

/** What an upload answers: the path to store in `avatar`, `favicon` or `bottom_ad_image`. */
export const ZUploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  content_type: z.string(),
  size: z.number().int(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
