import { shortcutOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { shortcutAdd, shortcutDelete, shortcutEdit, shortcutGet, shortcutList } from './shortcut.service.js';

export function shortcutRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, shortcutOps.list, { handler: ({ actor, input }) => shortcutList(ctx.db, actor, input) });

  define(app, shortcutOps.get, { handler: ({ actor, input }) => shortcutGet(ctx.db, actor, input.shortcut_id) });

  define(app, shortcutOps.add, { handler: ({ actor, input }) => shortcutAdd(ctx.db, actor, input) });

  define(app, shortcutOps.edit, {
    handler: async ({ actor, input }) => {
      await shortcutEdit(ctx.db, actor, input);
      return null;
    },
  });

  define(app, shortcutOps.delete, {
    handler: async ({ actor, input }) => {
      await shortcutDelete(ctx.db, actor, input.shortcut_ids);
      return null;
    },
  });
}
