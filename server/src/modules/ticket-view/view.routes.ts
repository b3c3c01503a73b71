import { viewOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { viewAdd, viewAllList, viewDelete, viewEdit, viewGet, viewSort } from './view-setting.service.js';

/** The views editor (`/wswt/setting/view`): conditions, columns, sort, grouping, share and order. */
export function viewRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, viewOps.allList, { handler: ({ actor, lang }) => viewAllList(ctx.db, actor, lang) });

  define(app, viewOps.get, { handler: ({ actor, input, lang }) => viewGet(ctx.db, actor, input.view_id, lang) });

  define(app, viewOps.add, { handler: ({ actor, input }) => viewAdd(ctx.db, actor, input) });

  define(app, viewOps.edit, {
    handler: async ({ actor, input, lang }) => {
      await viewEdit(ctx.db, actor, input, lang);
      return null;
    },
  });

  define(app, viewOps.sort, {
    handler: async ({ actor, input }) => {
      await viewSort(ctx.db, actor, input.view_ids);
      return null;
    },
  });

  define(app, viewOps.delete, {
    handler: async ({ actor, input }) => {
      await viewDelete(ctx.db, actor, input.view_ids);
      return null;
    },
  });
}
