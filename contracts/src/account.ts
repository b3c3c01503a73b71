import { z } from 'zod';
import { ZAccessState, ZChatState, ZReplyAccess, ZTicketAccess, ZUserType } from './enums.js';

/** An account as every response presents it. `password` is write-only and never appears. */
export const ZAccount = z.object({
  account_id: z.number().int(),
  email: z.string(),
  real_name: z.string(),
  user_type: ZUserType,
  ticket_access: ZTicketAccess,
  reply_access: ZReplyAccess,
  can_close_ticket: z.boolean(),
  avatar: z.string(),
  alias_name: z.string(),
  signature: z.string(),
  enable_signature: z.boolean(),
  default_language: z.string(),
  timezone: z.string(),
  inner_notes: z.string(),
  allow_check_email: z.boolean(),
  role_ids: z.array(z.number().int()),
  group_ids: z.array(z.number().int()),
  tool_access: z.array(z.string()),
  chat_state: ZChatState,
  access_state: ZAccessState,
  company_id: z.number().int().nullable(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TAccount = z.infer<typeof ZAccount>;

/** The caller's account, with its own interface preferences (`auth.account.setting.edit`). */
export const ZMyInfoResponse = ZAccount.extend({ setting_data: z.record(z.string(), z.unknown()) });
export type TMyInfoResponse = z.infer<typeof ZMyInfoResponse>;
