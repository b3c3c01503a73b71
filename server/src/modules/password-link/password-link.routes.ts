import { accountOps, homeOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { forgotSend, forgotState, registerForgot } from './password-link.forgot.js';
import { inviteSend, linkGet, linkSet, type MailConfigOf } from './password-link.service.js';

/** Mailed links to set a password: sending one from People, "Forgot password?", and the public set-password page. */
export function passwordLinkRoutes(app: FastifyInstance, ctx: AppContext, mailConfig: MailConfigOf): void {
  registerForgot(ctx, mailConfig);
  define(app, accountOps.inviteSend, {
    handler: ({ actor, input }) => inviteSend({ ...ctx, actor }, mailConfig, input.account_id),
  });
  define(app, accountOps.inviteState, {
    handler: async () => ({ can_mail: (await mailConfig(ctx.db)) !== null }),
  });
  define(app, homeOps.passwordLinkGet, { handler: ({ input }) => linkGet(ctx.db, input.token) });
  define(app, homeOps.passwordLinkSet, {
    handler: ({ input }) => linkSet(ctx, input.token, input.password),
  });
  define(app, homeOps.passwordForgotState, { handler: () => forgotState(ctx.db, mailConfig) });
  define(app, homeOps.passwordForgotSend, {
    handler: ({ input, ip }) => forgotSend(ctx, mailConfig, input.email, ip),
  });
}
