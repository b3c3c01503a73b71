import { ticketOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { assertIdsExist } from '../../db/exists.js';
import { define } from '../../http/route.js';
import { planList, runList, searchFieldsFor } from '../ticket-search/ticket-list.service.js';
import { tagList } from '../ticket-search/ticket-tag.service.js';
import { findView, viewList } from '../ticket-view/ticket-view.service.js';
import { ticketAdd } from './ticket.create.js';
import { ticketDelete, ticketRestore, ticketSpam } from './ticket.delete.js';
import { ticketBulkEdit, ticketEdit } from './ticket.edit.js';
import { viewerOf } from './ticket.policy.js';
import { commentList, eventList } from './ticket.read.js';
import { ticketGet } from './ticket.service.js';

export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  define(app, ticketOps.list, {
    handler: async ({ actor, input, lang }) => {
      await assertIdsExist(db, {
        assignee_id: { kind: 'account', id: input.assignee_id },
        group_id: { kind: 'group', id: input.group_id },
        requester_id: { kind: 'account', id: input.requester_id },
        company_id: { kind: 'company', id: input.company_id },
        field_id: { kind: 'field', id: input.field_id },
      });
      const [view, fields] = await Promise.all([
        input.view_id ? findView(db, actor, input.view_id, lang) : null,
        searchFieldsFor(db, input.kw),
      ]);
      return runList(db, planList(viewerOf(actor), input, view, { fields }));
    },
  });

  define(app, ticketOps.views, {
    handler: async ({ actor, lang }) => ({ list: await viewList(db, actor, lang) }),
  });

  define(app, ticketOps.get, {
    handler: ({ actor, input }) => ticketGet({ ...ctx, actor }, input.ticket_id),
  });

  define(app, ticketOps.comments, {
    handler: async ({ actor, input }) => ({ list: await commentList(db, actor, input.ticket_id) }),
  });

  define(app, ticketOps.events, {
    handler: async ({ actor, input }) => ({ list: await eventList(db, actor, input.ticket_id) }),
  });

  define(app, ticketOps.requesterTickets, {
    handler: async ({ actor, input }) => {
      await assertIdsExist(db, {
        requester_id: { kind: 'account', id: input.requester_id },
        except_ticket_id: { kind: 'ticket', id: input.except_ticket_id },
      });
      const page = await runList(db, planList(viewerOf(actor), input, null));
      return { list: page.list, total: page.total };
    },
  });

  define(app, ticketOps.tags, {
    handler: async ({ actor, input }) => ({ list: await tagList(db, viewerOf(actor), input.kw, input.limit) }),
  });

  define(app, ticketOps.add, {
    handler: ({ actor, input }) => ticketAdd({ ...ctx, actor }, input),
  });

  define(app, ticketOps.edit, {
    handler: ({ actor, input }) => ticketEdit({ ...ctx, actor }, input),
  });

  define(app, ticketOps.bulkEdit, {
    handler: ({ actor, input }) => ticketBulkEdit({ ...ctx, actor }, input),
  });

  define(app, ticketOps.delete, {
    handler: async ({ actor, input }) => {
      await ticketDelete({ ...ctx, actor }, input.ticket_ids);
      return null;
    },
  });

  define(app, ticketOps.restore, {
    handler: async ({ actor, input }) => {
      await ticketRestore({ ...ctx, actor }, input.ticket_ids);
      return null;
    },
  });

  define(app, ticketOps.spam, {
    // The contract answers null (api-contract.md's tickets table).
    handler: async ({ actor, input }) => {
      await ticketSpam({ ...ctx, actor }, input.ticket_id);
      return null;
    },
  });
}
