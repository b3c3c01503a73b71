import {
  ZEmpty,
  ZFormAddRequest,
  ZFormAddResponse,
  ZFormAllListResponse,
  ZFormEditRequest,
  ZFormGetRequest,
  ZFormPositionEditRequest,
  ZTicketForm,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { formAdd, formAllList, formEdit, formGet, formPositionEdit } from './ticket-form.service.js';

/** Settings › Ticket forms. Every agent reads them: the ticket page shows the fields of the ticket's form. */
export function ticketFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['ticket forms'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/form.all.list`, {
    access: access.staff,
    summary: 'Every ticket form, the default first',
    tags,
    output: ZFormAllListResponse,
    handler: () => formAllList(ctx.db),
  });

  defineGet(app, `${base}/form.get`, {
    access: access.menu('/wswt/setting/form', '/wswt/setting/form/edit'),
    summary: 'One ticket form',
    tags,
    input: ZFormGetRequest,
    output: ZTicketForm,
    handler: ({ input }) => formGet(ctx.db, input.form_id),
  });

  definePost(app, `${base}/form.add`, {
    access: access.btn('form.add'),
    summary: 'Add a ticket form: ordered fields, conditions; the first form becomes the default',
    tags,
    input: ZFormAddRequest,
    output: ZFormAddResponse,
    message: 'saved',
    handler: ({ input }) => formAdd(ctx.db, input),
  });

  definePost(app, `${base}/form.edit`, {
    access: access.btn('form.edit'),
    summary: 'Edit a ticket form; making it the default unsets the former default',
    tags,
    input: ZFormEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await formEdit(ctx.db, input);
      return null;
    },
  });

  definePost(app, `${base}/form.position.edit`, {
    access: access.btn('form.edit'),
    summary: 'Order the ticket forms (ids first to last)',
    tags,
    input: ZFormPositionEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await formPositionEdit(ctx.db, input.form_ids);
      return null;
    },
  });
}
