import { bannedOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { bannedAdd, bannedDelete, bannedList } from './banned.service.js';

export function bannedRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, bannedOps.list, { handler: ({ input }) => bannedList(ctx.db, input) });

  define(app, bannedOps.add, { handler: ({ actor, input }) => bannedAdd({ ...ctx, actor }, input) });

  define(app, bannedOps.delete, {
    handler: async ({ input }) => {
      await bannedDelete(ctx.db, input.black_ids);
      return null;
    },
  });
}
