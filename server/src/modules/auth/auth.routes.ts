import { authOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { presentMyInfo } from '../account/account.presenter.js';
import { chatStateEdit, login, logout, passwordEdit } from './auth.service.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, authOps.login, {
    handler: ({ input, ip, userAgent }) =>
      login({ ...ctx, email: input.email, password: input.password, stayLogin: input.stay_login, ip, userAgent }),
  });
  define(app, authOps.logout, {
    handler: async ({ actor }) => {
      await logout({ ...ctx, actor });
      return null;
    },
  });
  define(app, authOps.myInfoGet, { handler: async ({ actor }) => presentMyInfo(actor.account) });
  define(app, authOps.passwordEdit, {
    handler: async ({ actor, input }) => {
      await passwordEdit({ ...ctx, actor, oldPass: input.old_pass, newPass: input.new_pass });
      return null;
    },
  });
  define(app, authOps.myChatStateEdit, {
    handler: async ({ actor, input }) => {
      await chatStateEdit({ ...ctx, actor, chatState: input.chat_state });
      return null;
    },
  });
}
