import {
  ZEmpty,
  ZHomeTicketAddRequest,
  ZHomeTicketAddResponse,
  ZHomeTicketFormRequest,
  ZHomeTicketFormResponse,
  ZSatisfactionAddRequest,
  ZSatisfactionGetRequest,
  ZSatisfactionGetResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { publicForms } from '../ticket-form/public-form.js';
import { satisfactionAdd, satisfactionGet } from '../ticket-satisfaction/ticket-satisfaction.service.js';
import { homeTicketAdd } from './ticket-home.service.js';

/** The public side of tickets: the home form and the satisfaction survey. */
export function ticketHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['public'];
  definePost(app, '/api/home/ticket.add', {
    access: access.public,
    summary: 'Submit a ticket from the public form (banned list, suspended requesters and a per-IP limit apply)',
    tags,
    input: ZHomeTicketAddRequest,
    output: ZHomeTicketAddResponse,
    message: 'saved',
    handler: ({ input, ip }) => homeTicketAdd(ctx, input, ip),
  });

  defineGet(app, '/api/home/ticket.form.get', {
    access: access.public,
    summary:
      'What the public ticket form offers: attachments when allowed, the active forms, the chosen form and its fields',
    tags,
    input: ZHomeTicketFormRequest,
    output: ZHomeTicketFormResponse,
    handler: async ({ input }) => ({
      can_attach: (await getTicketSettings(ctx.db)).can_attach,
      ...(await publicForms(ctx.db, input.form_id)),
    }),
  });

  defineGet(app, '/api/home/satisfaction.get', {
    access: access.public,
    summary: 'The ticket a satisfaction link is for, and its rating so far',
    tags,
    input: ZSatisfactionGetRequest,
    output: ZSatisfactionGetResponse,
    handler: ({ input }) => satisfactionGet(ctx.db, input.token),
  });

  definePost(app, '/api/home/satisfaction.add', {
    access: access.public,
    summary: 'Rate a solved ticket good or bad, with an optional comment',
    tags,
    input: ZSatisfactionAddRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await satisfactionAdd(ctx, input);
      return null;
    },
  });
}
