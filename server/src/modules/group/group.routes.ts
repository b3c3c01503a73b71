import { groupOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { groupAdd, groupEdit, groupGet, groupList } from './group.service.js';

export function groupRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, groupOps.list, { handler: ({ input }) => groupList(ctx.db, input) });

  define(app, groupOps.get, { handler: ({ input }) => groupGet(ctx.db, input.group_id) });

  define(app, groupOps.add, { handler: ({ actor, input }) => groupAdd({ ...ctx, actor }, input) });

  define(app, groupOps.edit, {
    handler: async ({ actor, input }) => {
      await groupEdit({ ...ctx, actor }, input);
      return null;
    },
  });
}
