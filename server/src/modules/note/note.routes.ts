import { noteOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { notePreview } from './note.preview.js';
import { noteAdd, noteAllList, noteDelete, noteEdit, noteGet, noteList } from './note.service.js';

/** Notes (settings section "macros", `/wswt/setting/note`) and their use on the ticket page. */
export function noteRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, noteOps.list, { handler: ({ actor, input }) => noteList(ctx.db, actor, input) });

  define(app, noteOps.get, { handler: ({ actor, input }) => noteGet(ctx.db, actor, input.note_id) });

  define(app, noteOps.allList, { handler: ({ actor }) => noteAllList(ctx.db, actor) });

  define(app, noteOps.preview, {
    handler: ({ actor, input }) => notePreview(ctx.db, actor, input.note_id, input.ticket_id),
  });

  define(app, noteOps.add, { handler: ({ actor, input }) => noteAdd(ctx.db, actor, input) });

  define(app, noteOps.edit, {
    handler: async ({ actor, input }) => {
      await noteEdit(ctx.db, actor, input);
      return null;
    },
  });

  define(app, noteOps.delete, {
    handler: async ({ actor, input }) => {
      await noteDelete(ctx.db, actor, input.note_ids);
      return null;
    },
  });
}
