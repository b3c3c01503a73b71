import { blackOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { blackAdd, blackDelete, blackList } from './black.service.js';

export function blackRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, blackOps.list, { handler: ({ input }) => blackList(ctx.db, input) });

  define(app, blackOps.add, { handler: ({ actor, input }) => blackAdd({ ...ctx, actor }, input) });

  define(app, blackOps.delete, {
    handler: async ({ input }) => {
      await blackDelete(ctx.db, input.black_ids);
      return null;
    },
  });
}
