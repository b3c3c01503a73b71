import {
  ZChatTriggerAddRequest,
  ZChatTriggerAddResponse,
  ZChatTriggerDeleteRequest,
  ZChatTriggerEditRequest,
  ZChatTriggerListResponse,
  ZEmpty,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import {
  chatTriggerAdd,
  chatTriggerDelete,
  chatTriggerEdit,
  chatTriggerList,
  registerChatTriggers,
} from './chat-trigger.service.js';

/** Settings › Chat triggers: page greetings, replies when nobody accepts, routing by a pre-chat answer. */
export function chatTriggerRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerChatTriggers(ctx);
  const tags = ['chat triggers'];
  const base = '/api/admin/settings';

  defineGet(app, `${base}/chat.trigger.list`, {
    access: access.menu('/wswt/setting/chat_trigger'),
    summary: 'Every chat trigger, oldest first',
    tags,
    output: ZChatTriggerListResponse,
    handler: () => chatTriggerList(ctx.db),
  });

  definePost(app, `${base}/chat.trigger.add`, {
    access: access.btn('chat.trigger.add'),
    summary: 'Add a chat trigger (page_greeting, no_accept_reply or route_by_answer)',
    tags,
    input: ZChatTriggerAddRequest,
    output: ZChatTriggerAddResponse,
    message: 'saved',
    handler: ({ input }) => chatTriggerAdd(ctx.db, input),
  });

  definePost(app, `${base}/chat.trigger.edit`, {
    access: access.btn('chat.trigger.edit'),
    summary: 'Edit a chat trigger',
    tags,
    input: ZChatTriggerEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await chatTriggerEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/chat.trigger.delete`, {
    access: access.btn('chat.trigger.delete'),
    summary: 'Delete chat triggers; replies already queued by them are not sent',
    tags,
    input: ZChatTriggerDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await chatTriggerDelete(ctx.db, input.trigger_ids);
      return null;
    },
  });
}
