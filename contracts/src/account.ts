import { z } from 'zod';
import { ZAccessState, ZChatState, ZNotifyNew, ZReplyAccess, ZTicketAccess, ZUserType } from './enums.js';

/** An account as every response presents it. `password` is write-only and never appears. */
export const ZAccount = z.object({
  account_id: z.number().int().describe('The account'),
  email: z.string().describe('Its email address, used to sign in'),
  real_name: z.string().describe('Its name'),
  user_type: ZUserType.describe('`admin`, `agent` or `end_user`'),
  ticket_access: ZTicketAccess.describe("Which tickets an agent sees: all, its groups', or its own"),
  reply_access: ZReplyAccess.describe('Whether an agent may reply publicly or only write internal notes'),
  can_close_ticket: z.boolean().describe('An agent may close tickets'),
  avatar: z.string().describe('The avatar image path, or empty'),
  alias_name: z.string().describe('The name customers see on its replies (empty: its name)'),
  signature: z.string().describe('Its reply signature'),
  enable_signature: z.boolean().describe('Replies carry the signature'),
  default_language: z.string().describe('Its language'),
  timezone: z
    .string()
    .describe("Its time zone in force (IANA name): its own, or Settings › Localization's default while it chose none"),
  timezone_follows_default: z
    .boolean()
    .describe(
      "It chose no time zone: `timezone` is Settings › Localization's default, and follows it when the default changes",
    ),
  inner_notes: z.string().describe('Notes about the account, for agents'),
  allow_check_email: z.boolean().describe('The account may check email (granted only by one that may)'),
  role_ids: z.array(z.number().int()).describe("An agent's roles"),
  group_ids: z.array(z.number().int()).describe("An agent's groups"),
  tool_access: z.array(z.string()).describe('Tools the account may use'),
  chat_state: ZChatState.describe('Its chat state: online, away, invisible or offline'),
  access_state: ZAccessState.describe('Whether it may sign in (suspended accounts may not)'),
  company_id: z.number().int().nullable().describe('Its organization (null: none)'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TAccount = z.infer<typeof ZAccount>;

/**
 * The caller's account, with its own interface preferences (`auth.account.setting.edit`) and its
 * choice of notification mails (`auth.account.info.edit`).
 */
export const ZMyInfoResponse = ZAccount.extend({
  setting_data: z.record(z.string(), z.unknown()).describe('Its own interface preferences'),
  notify_new: ZNotifyNew.describe('Which new tickets it is mailed of: `all` it may see, `groups` (its own), `none`'),
  notify_replied: z.boolean().describe('Mailed when a customer replies on a ticket assigned to it or that it follows'),
  notify_assigned: z.boolean().describe('Mailed when a ticket is assigned to it'),
  password_temporary: z
    .boolean()
    .describe(
      'Its password is the one-time password printed when Parley first started (until it is changed, by any path)',
    ),
});
export type TMyInfoResponse = z.infer<typeof ZMyInfoResponse>;
