import {
  ZEmpty,
  ZSlaPolicyAddResponse,
  ZSlaPolicyDeleteRequest,
  ZSlaPolicyEditRequest,
  ZSlaPolicyInput,
  ZSlaPolicyListResponse,
  ZSlaPolicyOrderRequest,
  ZSlaTicketRequest,
  ZSlaTicketResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { registerSlaBreaches } from './sla.breach.js';
import { registerSlaRecompute, withSlaRecompute } from './sla.recompute.js';
import { deleteSlaPolicies, orderSlaPolicies, saveSlaPolicy, slaOfTicket, slaPolicies } from './sla.service.js';

/**
 * Settings › SLA policies (first match wins, dragged into order), a ticket's next target, the breach
 * job; every save queues the recompute of the open tickets' targets (sla.recompute.ts).
 */
export function slaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSlaBreaches(app, ctx);
  registerSlaRecompute(ctx);
  const tags = ['sla'];
  const base = '/api/admin/settings';
  defineGet(app, `${base}/sla.policy.list`, {
    access: access.menu('/wswt/setting/sla', '/wswt/setting/sla/edit'),
    summary: 'SLA policies in the order they are tried (the first that matches a ticket sets its targets)',
    tags,
    output: ZSlaPolicyListResponse,
    handler: () => slaPolicies(ctx.db),
  });
  definePost(app, `${base}/sla.policy.add`, {
    access: access.btn('sla.policy.add'),
    summary: 'Add an SLA policy: conditions, minutes per priority and metric, schedule, pause while pending',
    tags,
    input: ZSlaPolicyInput,
    output: ZSlaPolicyAddResponse,
    message: 'saved',
    handler: ({ input }) => withSlaRecompute(ctx, (tx) => saveSlaPolicy(tx, input, null)),
  });
  definePost(app, `${base}/sla.policy.edit`, {
    access: access.btn('sla.policy.edit'),
    summary: "Edit an SLA policy (the open tickets' targets are recomputed by a job right after)",
    tags,
    input: ZSlaPolicyEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => saveSlaPolicy(tx, input, input.policy_id));
      return null;
    },
  });
  definePost(app, `${base}/sla.policy.order.edit`, {
    access: access.btn('sla.policy.edit'),
    summary: 'The order SLA policies are tried in: every policy id once',
    tags,
    input: ZSlaPolicyOrderRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => orderSlaPolicies(tx, input.policy_ids));
      return null;
    },
  });
  definePost(app, `${base}/sla.policy.delete`, {
    access: access.btn('sla.policy.delete'),
    summary: 'Delete SLA policies',
    tags,
    input: ZSlaPolicyDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => deleteSlaPolicies(tx, input.policy_ids));
      return null;
    },
  });
  defineGet(app, '/api/admin/sla.ticket.get', {
    access: access.menu('/wswt/ticket/edit/:ticket_id'),
    summary: "A ticket's next SLA target: metric, due time (null while paused), minutes left when paused",
    tags,
    input: ZSlaTicketRequest,
    output: ZSlaTicketResponse,
    handler: async ({ input, actor }) => {
      await visibleTicket(ctx.db, actor, input.ticket_id);
      return slaOfTicket(ctx.db, input.ticket_id);
    },
  });
}
