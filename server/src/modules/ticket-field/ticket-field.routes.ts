import {
  ZEmpty,
  ZFieldAddRequest,
  ZFieldAddResponse,
  ZFieldAllListRequest,
  ZFieldAllListResponse,
  ZFieldEditRequest,
  ZFieldGetRequest,
  ZFieldPositionEditRequest,
  ZTicketField,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { fieldAdd, fieldAllList, fieldEdit, fieldGet, fieldPositionEdit } from './ticket-field.service.js';

/** Settings › Ticket fields. Every agent reads the definitions: the ticket page, lists and views show them. */
export function ticketFieldRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['ticket fields'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/field.all.list`, {
    access: access.staff,
    summary: 'Every custom ticket field in its order (optionally only active or inactive ones)',
    tags,
    input: ZFieldAllListRequest,
    output: ZFieldAllListResponse,
    handler: ({ input }) => fieldAllList(ctx.db, input.field_state),
  });

  defineGet(app, `${base}/field.get`, {
    access: access.menu('/wswt/setting/field', '/wswt/setting/field/edit'),
    summary: 'One ticket field',
    tags,
    input: ZFieldGetRequest,
    output: ZTicketField,
    handler: ({ input }) => fieldGet(ctx.db, input.field_id),
  });

  definePost(app, `${base}/field.add`, {
    access: access.btn('field.add'),
    summary: 'Add a ticket field (options for drop-downs, a pattern for regex text, a default that is a value)',
    tags,
    input: ZFieldAddRequest,
    output: ZFieldAddResponse,
    message: 'saved',
    handler: ({ input }) => fieldAdd(ctx.db, input),
  });

  definePost(app, `${base}/field.edit`, {
    access: access.btn('field.edit'),
    summary: 'Edit a ticket field, or make it active or inactive; its type stays',
    tags,
    input: ZFieldEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await fieldEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/field.position.edit`, {
    access: access.btn('field.edit'),
    summary: 'Order the ticket fields (ids first to last)',
    tags,
    input: ZFieldPositionEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await fieldPositionEdit(ctx.db, input.field_ids);
      return null;
    },
  });
}
