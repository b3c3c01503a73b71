import {
  ZEmpty,
  ZTicketAddRequest,
  ZTicketAddResponse,
  ZTicketBulkEditRequest,
  ZTicketBulkEditResponse,
  ZTicketCommentListRequest,
  ZTicketCommentListResponse,
  ZTicketDeleteRequest,
  ZTicketEditRequest,
  ZTicketEditResponse,
  ZTicketEventListRequest,
  ZTicketEventListResponse,
  ZTicketGetRequest,
  ZTicketGetResponse,
  ZTicketListRequest,
  ZTicketListResponse,
  ZTicketRequesterTicketsRequest,
  ZTicketRequesterTicketsResponse,
  ZTicketRestoreRequest,
  ZTicketSpamRequest,
  ZTicketSpamResponse,
  ZTicketTagListRequest,
  ZTicketTagListResponse,
  ZTicketViewListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { assertIdsExist } from '../../db/exists.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { planList, runList, searchFieldsFor } from '../ticket-search/ticket-list.service.js';
import { tagList } from '../ticket-search/ticket-tag.service.js';
import { findView, viewList } from '../ticket-view/ticket-view.service.js';
import { ticketAdd } from './ticket.create.js';
import { ticketDelete, ticketRestore, ticketSpam } from './ticket.delete.js';
import { ticketBulkEdit, ticketEdit } from './ticket.edit.js';
import { viewerOf } from './ticket.policy.js';
import { commentList, eventList } from './ticket.read.js';
import { ticketGet } from './ticket.service.js';

/** Screens that list tickets: the home list, search, the views page and the ticket page (requester's tickets). */
const listReaders = access.menu('/wswt', '/wswt/search', '/wswt/ticket_views', '/wswt/ticket/edit/:ticket_id');
const ticketReaders = access.menu('/wswt/ticket/edit/:ticket_id');
const viewReaders = access.menu('/wswt', '/wswt/ticket_views');

export function ticketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tags = ['tickets'];

  defineGet(app, '/api/admin/ticket.list', {
    access: listReaders,
    summary: 'Tickets of a view and/or filters and keyword, only those the caller may see',
    tags,
    input: ZTicketListRequest,
    output: ZTicketListResponse,
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

  defineGet(app, '/api/admin/ticket.view.list', {
    access: viewReaders,
    summary: "The caller's views in order, with the number of tickets in each",
    tags,
    output: ZTicketViewListResponse,
    handler: async ({ actor, lang }) => ({ list: await viewList(db, actor, lang) }),
  });

  defineGet(app, '/api/admin/ticket.get', {
    access: ticketReaders,
    summary: 'One ticket with its requester, members and satisfaction link',
    tags,
    input: ZTicketGetRequest,
    output: ZTicketGetResponse,
    handler: ({ actor, input }) => ticketGet({ ...ctx, actor }, input.ticket_id),
  });

  defineGet(app, '/api/admin/ticket.comment.list', {
    access: ticketReaders,
    summary: 'Public replies and internal notes, oldest first',
    tags,
    input: ZTicketCommentListRequest,
    output: ZTicketCommentListResponse,
    handler: async ({ actor, input }) => ({ list: await commentList(db, actor, input.ticket_id) }),
  });

  defineGet(app, '/api/admin/ticket.event.list', {
    access: ticketReaders,
    summary: "The ticket's history: who changed what, when, from what to what",
    tags,
    input: ZTicketEventListRequest,
    output: ZTicketEventListResponse,
    handler: async ({ actor, input }) => ({ list: await eventList(db, actor, input.ticket_id) }),
  });

  defineGet(app, '/api/admin/ticket.requester.tickets', {
    access: ticketReaders,
    summary: "The requester's tickets the caller may see, most recently updated first",
    tags,
    input: ZTicketRequesterTicketsRequest,
    output: ZTicketRequesterTicketsResponse,
    handler: async ({ actor, input }) => {
      await assertIdsExist(db, {
        requester_id: { kind: 'account', id: input.requester_id },
        except_ticket_id: { kind: 'ticket', id: input.except_ticket_id },
      });
      const page = await runList(db, planList(viewerOf(actor), input, null));
      return { list: page.list, total: page.total };
    },
  });

  defineGet(app, '/api/admin/ticket.tag.list', {
    access: access.menu('/wswt/ticket/edit/:ticket_id', '/wswt/ticket/add', '/wswt/search'),
    summary: 'Tags in use that start with kw, for autocompletion',
    tags,
    input: ZTicketTagListRequest,
    output: ZTicketTagListResponse,
    handler: async ({ actor, input }) => ({ list: await tagList(db, viewerOf(actor), input.kw, input.limit) }),
  });

  definePost(app, '/api/admin/ticket.add', {
    access: access.btn('ticket.add'),
    summary: 'Create a ticket for an existing requester or a new one (by email)',
    tags,
    input: ZTicketAddRequest,
    output: ZTicketAddResponse,
    message: 'saved',
    handler: ({ actor, input }) => ticketAdd({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/ticket.edit', {
    access: access.btn('ticket.edit'),
    summary: 'Reply or add a note and change properties and state, in one transaction with its events',
    tags,
    input: ZTicketEditRequest,
    output: ZTicketEditResponse,
    message: 'saved',
    handler: ({ actor, input }) => ticketEdit({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/ticket.bulk.edit', {
    access: access.btn('ticket.edit'),
    summary: 'Assign and/or change the state of up to 100 tickets in one transaction',
    tags,
    input: ZTicketBulkEditRequest,
    output: ZTicketBulkEditResponse,
    message: 'saved',
    handler: ({ actor, input }) => ticketBulkEdit({ ...ctx, actor }, input),
  });

  definePost(app, '/api/admin/ticket.delete', {
    access: access.btn('ticket.delete'),
    summary: 'Move tickets to Deleted tickets (they can be restored)',
    tags,
    input: ZTicketDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ actor, input }) => {
      await ticketDelete({ ...ctx, actor }, input.ticket_ids);
      return null;
    },
  });

  definePost(app, '/api/admin/ticket.restore', {
    access: access.btn('ticket.restore'),
    summary: 'Bring tickets back from Deleted tickets',
    tags,
    input: ZTicketRestoreRequest,
    output: ZEmpty,
    message: 'restored',
    handler: async ({ actor, input }) => {
      await ticketRestore({ ...ctx, actor }, input.ticket_ids);
      return null;
    },
  });

  definePost(app, '/api/admin/ticket.spam', {
    access: access.btn('ticket.spam'),
    summary: 'Mark as spam: suspend the requester and delete their tickets',
    tags,
    input: ZTicketSpamRequest,
    output: ZTicketSpamResponse,
    message: 'marked_spam',
    handler: ({ actor, input }) => ticketSpam({ ...ctx, actor }, input.ticket_id),
  });
}
