import { formOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { formAdd, formAllList, formEdit, formGet, formPositionEdit } from './ticket-form.service.js';

/** Settings › Ticket forms. Every agent reads them: the ticket page shows the fields of the ticket's form. */
export function ticketFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, formOps.allList, { handler: () => formAllList(ctx.db) });

  define(app, formOps.get, { handler: ({ input }) => formGet(ctx.db, input.form_id) });

  define(app, formOps.add, { handler: ({ input }) => formAdd(ctx.db, input) });

  define(app, formOps.edit, {
    handler: async ({ input }) => {
      await formEdit(ctx.db, input);
      return null;
    },
  });

  define(app, formOps.positionEdit, {
    handler: async ({ input }) => {
      await formPositionEdit(ctx.db, input.form_ids);
      return null;
    },
  });
}
