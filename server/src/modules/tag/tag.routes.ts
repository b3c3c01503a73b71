import { tagOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { tagAdd, tagDelete, tagGet, tagMerge, tagRename, tagSettingList } from './tag.service.js';

/** Settings › Tags (`/wswt/setting/tag`): usage counts, add, rename, merge, delete. */
export function tagRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, tagOps.list, { handler: ({ input }) => tagSettingList(ctx.db, input) });
  define(app, tagOps.get, { handler: ({ input }) => tagGet(ctx.db, input.tag_name) });
  define(app, tagOps.add, {
    handler: async ({ input }) => {
      await tagAdd(ctx.db, input.tag_name);
      return null;
    },
  });
  define(app, tagOps.edit, { handler: ({ actor, input }) => tagRename(ctx, actor, input.tag_name, input.new_name) });
  define(app, tagOps.merge, { handler: ({ actor, input }) => tagMerge(ctx, actor, input.tag_names, input.into) });
  define(app, tagOps.delete, { handler: ({ actor, input }) => tagDelete(ctx, actor, input.tag_names) });
}
