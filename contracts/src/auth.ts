import { z } from 'zod';
import { requiredOr, ZEmail, ZFlag, ZNewPassword } from './common.js';
import { ZChatState, ZNodeType } from './enums.js';

export const ZLoginRequest = z.object({
  email: ZEmail.describe('The email address of the account'),
  password: z
    .string({ error: requiredOr('required_password') })
    .min(1, { error: 'required_password' })
    .max(1024, { error: 'password_not_allowed' })
    .describe('Its password (checked against the stored hash only)'),
  stay_login: ZFlag.optional()
    .default(false)
    .describe('Keep the session for 30 days; otherwise it ends after 12 hours without use'),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  token: z.string().describe('The session token, sent back as the Authorization header'),
  real_name: z.string().describe("The account's name"),
  timezone: z.string().describe("The account's time zone in force (its own, or the default it follows)"),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZPasswordEditRequest = z.object({
  old_pass: z
    .string({ error: requiredOr('required_password') })
    .min(1, { error: 'required_password' })
    .max(1024, { error: 'password_not_allowed' })
    .describe('The current password'),
  new_pass: ZNewPassword.describe('The new password: 5 to 127 characters, not the email'),
});
export type TPasswordEditRequest = z.input<typeof ZPasswordEditRequest>;

export const ZChatStateEditRequest = z.object({
  chat_state: ZChatState.describe('Online, away, invisible or offline'),
});
export type TChatStateEditRequest = z.infer<typeof ZChatStateEditRequest>;

export const ZAuthCheckRequest = z.object({
  node_value: z
    .string({ error: requiredOr('required_field') })
    .min(1, { error: 'required_field' })
    .max(255)
    .describe('The screen path (`/wswt/...`) or the action (`tag.add`)'),
  node_type: ZNodeType.optional().default('menu').describe('`menu` (by default) or `btn`'),
});
export type TAuthCheckRequest = z.input<typeof ZAuthCheckRequest>;
export const ZAuthCheckResponse = z.object({
  has_auth: z.boolean().describe('The caller holds the node (admins hold every node)'),
});
export type TAuthCheckResponse = z.infer<typeof ZAuthCheckResponse>;

export const ZNodeKey = z.object({
  node_type: ZNodeType.describe('`menu`: a screen; `btn`: an action on one'),
  node_value: z.string().describe('The screen path or the action'),
});
export type TNodeKey = z.infer<typeof ZNodeKey>;

export const ZHasNodeListRequest = z.object({
  node_types: z
    .array(ZNodeType, { error: 'field_invalid' })
    .optional()
    .default(['menu', 'btn'])
    .describe('Which types of node to list (both by default)'),
});
export type THasNodeListRequest = z.input<typeof ZHasNodeListRequest>;
export const ZHasNodeListResponse = z.object({ list: z.array(ZNodeKey).describe('The nodes the caller holds') });
export type THasNodeListResponse = z.infer<typeof ZHasNodeListResponse>;
