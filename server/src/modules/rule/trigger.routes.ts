import { triggerOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { triggerDryRun } from './trigger.dryrun.js';
import {
  categoryAdd,
  categoryDelete,
  categoryEdit,
  reorder,
  triggerDelete,
  triggerGet,
  triggerList,
  triggerSave,
} from './trigger.service.js';

/** Settings › Triggers: ordered rules that act on every ticket change, with categories and a dry run. */
export function triggerRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, triggerOps.list, { handler: () => triggerList(ctx.db) });
  define(app, triggerOps.get, { handler: ({ input }) => triggerGet(ctx.db, input.trigger_id) });
  define(app, triggerOps.add, {
    handler: async ({ input }) => ({ trigger_id: await triggerSave(ctx.db, input, null) }),
  });
  define(app, triggerOps.edit, {
    handler: async ({ input }) => {
      await triggerSave(ctx.db, input, input.trigger_id);
      return null;
    },
  });
  define(app, triggerOps.delete, {
    handler: async ({ input }) => {
      await triggerDelete(ctx.db, input.trigger_ids);
      return null;
    },
  });
  define(app, triggerOps.orderEdit, {
    handler: async ({ input }) => {
      await reorder(ctx.db, 'rule_trigger', input.trigger_ids);
      return null;
    },
  });
  define(app, triggerOps.categoryAdd, { handler: ({ input }) => categoryAdd(ctx.db, input.name) });
  define(app, triggerOps.categoryEdit, {
    handler: async ({ input }) => {
      await categoryEdit(ctx.db, input.category_id, input.name);
      return null;
    },
  });
  define(app, triggerOps.categoryDelete, {
    handler: async ({ input }) => {
      await categoryDelete(ctx.db, input.category_id);
      return null;
    },
  });
  define(app, triggerOps.dryRun, { handler: ({ input, actor }) => triggerDryRun({ ...ctx, actor }, input) });
}
