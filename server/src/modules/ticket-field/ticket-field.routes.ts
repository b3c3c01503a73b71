import { fieldOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { fieldAdd, fieldAllList, fieldEdit, fieldGet, fieldPositionEdit } from './ticket-field.service.js';

/** Settings › Ticket fields. Every agent reads the definitions: the ticket page, lists and views show them. */
export function ticketFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, fieldOps.allList, { handler: ({ input }) => fieldAllList(ctx.db, input.field_state) });

  define(app, fieldOps.get, { handler: ({ input }) => fieldGet(ctx.db, input.field_id) });

  define(app, fieldOps.add, { handler: ({ input }) => fieldAdd(ctx.db, input) });

  define(app, fieldOps.edit, {
    handler: async ({ input }) => {
      await fieldEdit(ctx.db, input);
      return null;
    },
  });

  define(app, fieldOps.positionEdit, {
    handler: async ({ input }) => {
      await fieldPositionEdit(ctx.db, input.field_ids);
      return null;
    },
  });
}
