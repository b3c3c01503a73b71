import { chatTriggerOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
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
  define(app, chatTriggerOps.list, { handler: () => chatTriggerList(ctx.db) });
  define(app, chatTriggerOps.add, { handler: ({ input }) => chatTriggerAdd(ctx.db, input) });
  define(app, chatTriggerOps.edit, {
    handler: async ({ input }) => {
      await chatTriggerEdit(ctx.db, input);
      return null;
    },
  });
  define(app, chatTriggerOps.delete, {
    handler: async ({ input }) => {
      await chatTriggerDelete(ctx.db, input.trigger_ids);
      return null;
    },
  });
}
