import { roleOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { roleAdd, roleEdit, roleGet, roleList, roleStateEdit } from './role.service.js';

export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, roleOps.list, { handler: ({ input }) => roleList(ctx.db, input) });

  define(app, roleOps.get, { handler: ({ input }) => roleGet(ctx.db, input.role_id) });

  define(app, roleOps.add, { handler: ({ actor, input }) => roleAdd({ ...ctx, actor }, input) });

  define(app, roleOps.edit, {
    handler: async ({ actor, input }) => {
      await roleEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  define(app, roleOps.stateEdit, {
    handler: async ({ actor, input }) => {
      await roleStateEdit({ ...ctx, actor }, input);
      return null;
    },
  });
}
