import { questionOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { questionAdd, questionAllGet, questionDelete, questionEdit, questionGet } from './question.service.js';

/** Settings › Widget: the pre-chat questions (the chat-trigger screen reads them to route by). */
export function questionRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, questionOps.allGet, { handler: ({ input }) => questionAllGet(ctx.db, input.question_module) });
  define(app, questionOps.get, { handler: ({ input }) => questionGet(ctx.db, input.question_id) });
  define(app, questionOps.add, { handler: ({ input }) => questionAdd(ctx.db, input) });
  define(app, questionOps.edit, {
    handler: async ({ input }) => {
      await questionEdit(ctx.db, input);
      return null;
    },
  });
  define(app, questionOps.delete, {
    handler: async ({ input }) => {
      await questionDelete(ctx.db, input.question_id);
      return null;
    },
  });
}
