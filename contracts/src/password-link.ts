import { z } from 'zod';
import { requiredOr, ZEmail, ZId, ZNewPassword } from './common.js';
import { passwordLinkTokenPattern } from './plain.js';

/**
 * Links that let a person set their own password (docs/decisions/0018-invitations.md): an
 * invitation mailed to a new admin or agent (7 days), a link an admin sends again from People,
 * and "Forgot password?" (1 hour). The token is 256 random bits; only its hash is stored.
 */
const ZPasswordLinkToken = z
  .string({ error: requiredOr('password_link_invalid', 'password_link_invalid') })
  .regex(passwordLinkTokenPattern, { error: 'password_link_invalid' })
  .describe("The link's token, as the mail gave it");

export const ZPasswordLinkGetRequest = z.object({ token: ZPasswordLinkToken });
export type TPasswordLinkGetRequest = z.input<typeof ZPasswordLinkGetRequest>;
export const ZPasswordLinkGetResponse = z.object({
  email: z.string().describe('The account whose password the link sets (it signs in with this address)'),
  real_name: z.string().describe("The account's name"),
  purpose: z.enum(['invite', 'reset']).describe('`invite`: a first password; `reset`: a new one'),
});
export type TPasswordLinkGetResponse = z.infer<typeof ZPasswordLinkGetResponse>;

export const ZPasswordLinkSetRequest = z.object({
  token: ZPasswordLinkToken,
  password: ZNewPassword.describe('The new password: 5 to 127 characters, not the email'),
});
export type TPasswordLinkSetRequest = z.input<typeof ZPasswordLinkSetRequest>;
export const ZPasswordLinkSetResponse = z.object({
  email: z.string().describe('The address to sign in with'),
});
export type TPasswordLinkSetResponse = z.infer<typeof ZPasswordLinkSetResponse>;

export const ZAccountInviteSendRequest = z.object({ account_id: ZId.describe('The admin or agent to mail') });
export type TAccountInviteSendRequest = z.input<typeof ZAccountInviteSendRequest>;
export const ZAccountInviteSendResponse = z.object({
  kind: z
    .enum(['account_invite', 'password_reset'])
    .describe('`account_invite` for an account that never signed in, else `password_reset`'),
});
export type TAccountInviteSendResponse = z.infer<typeof ZAccountInviteSendResponse>;

export const ZPasswordForgotRequest = z.object({ email: ZEmail.describe('The address the person signs in with') });
export type TPasswordForgotRequest = z.input<typeof ZPasswordForgotRequest>;
export const ZPasswordForgotStateResponse = z.object({
  can_mail: z
    .boolean()
    .describe('The email channel is set up: "Forgot password?" can mail a link (else the person asks an admin)'),
});
export type TPasswordForgotStateResponse = z.infer<typeof ZPasswordForgotStateResponse>;

export const ZAccountInviteStateResponse = z.object({
  can_mail: z.boolean().describe('The email channel is set up: invitations can be mailed'),
});
export type TAccountInviteStateResponse = z.infer<typeof ZAccountInviteStateResponse>;
