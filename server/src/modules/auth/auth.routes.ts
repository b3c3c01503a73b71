import {
  ZChatStateEditRequest,
  ZEmpty,
  ZLoginRequest,
  ZLoginResponse,
  ZMyInfoResponse,
  ZPasswordEditRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { presentMyInfo } from '../account/account.presenter.js';
import { editChatState, editPassword, login, logout } from './auth.service.js';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['auth'];
  definePost(app, '/api/admin/auth.login', {
    access: access.public,
    summary: 'Sign in; answers an opaque token',
    tags,
    input: ZLoginRequest,
    output: ZLoginResponse,
    handler: ({ input, ip, userAgent }) =>
      login({ ...ctx, email: input.email, password: input.password, stayLogin: input.stay_login, ip, userAgent }),
  });

  definePost(app, '/api/admin/auth.logout', {
    access: access.session,
    summary: 'Sign out; the token stops working',
    tags,
    output: ZEmpty,
    handler: async ({ actor }) => {
      await logout({ ...ctx, actor });
      return null;
    },
  });

  defineGet(app, '/api/admin/auth.my.info.get', {
    access: access.session,
    summary: "The caller's account",
    tags,
    output: ZMyInfoResponse,
    handler: async ({ actor }) => presentMyInfo(actor.account),
  });

  definePost(app, '/api/admin/auth.password.edit', {
    access: access.session,
    summary: 'Change own password; ends every session of the account',
    tags,
    input: ZPasswordEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await editPassword({ ...ctx, actor, oldPass: input.old_pass, newPass: input.new_pass });
      return null;
    },
  });

  definePost(app, '/api/admin/auth.my.chat.state.edit', {
    access: access.staff,
    summary: 'Set own chat state (online, away, invisible, offline)',
    tags,
    input: ZChatStateEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ actor, input }) => {
      await editChatState({ ...ctx, actor, chatState: input.chat_state });
      return null;
    },
  });
}
