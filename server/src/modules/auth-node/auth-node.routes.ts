import { authNodeOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { authCheck, hasNodeList, nodeAdd, nodeList, pkgAdd, pkgDelete, pkgEdit, pkgList } from './auth-node.service.js';

export function authNodeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  define(app, authNodeOps.check, {
    handler: async ({ actor, input }) => ({
      has_auth: await authCheck(ctx, actor, { node_type: input.node_type, node_value: input.node_value }),
    }),
  });

  define(app, authNodeOps.hasNodeList, {
    handler: async ({ actor, input }) => ({ list: await hasNodeList(ctx, actor, input.node_types) }),
  });

  define(app, authNodeOps.nodeList, { handler: ({ input }) => nodeList(db, input) });

  define(app, authNodeOps.nodeAdd, { handler: ({ input }) => nodeAdd(db, input) });

  define(app, authNodeOps.pkgList, { handler: ({ input }) => pkgList(db, input) });

  define(app, authNodeOps.pkgAdd, { handler: ({ input }) => pkgAdd(db, input) });

  define(app, authNodeOps.pkgEdit, {
    handler: async ({ actor, input }) => {
      await pkgEdit({ ...ctx, actor }, input);
      return null;
    },
  });

  define(app, authNodeOps.pkgDelete, {
    handler: async ({ input }) => {
      await pkgDelete(ctx, input.pkg_id);
      return null;
    },
  });
}
