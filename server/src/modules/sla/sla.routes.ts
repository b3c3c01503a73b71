import { slaOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { visibleTicket } from '../ticket/ticket.service.js';
import { registerSlaBreaches } from './sla.breach.js';
import { registerSlaRecompute, withSlaRecompute } from './sla.recompute.js';
import { slaOfTicket, slaPolicyDelete, slaPolicyList, slaPolicyOrder, slaPolicySave } from './sla.service.js';

/**
 * Settings › SLA policies (first match wins, dragged into order), a ticket's next target, the breach
 * job; every save queues the recompute of the open tickets' targets (sla.recompute.ts).
 */
export function slaRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerSlaBreaches(app, ctx);
  registerSlaRecompute(ctx);
  define(app, slaOps.policyList, { handler: () => slaPolicyList(ctx.db) });
  define(app, slaOps.policyAdd, {
    handler: ({ input }) => withSlaRecompute(ctx, (tx) => slaPolicySave(tx, input, null)),
  });
  define(app, slaOps.policyEdit, {
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => slaPolicySave(tx, input, input.policy_id));
      return null;
    },
  });
  define(app, slaOps.policyOrderEdit, {
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => slaPolicyOrder(tx, input.policy_ids));
      return null;
    },
  });
  define(app, slaOps.policyDelete, {
    handler: async ({ input }) => {
      await withSlaRecompute(ctx, (tx) => slaPolicyDelete(tx, input.policy_ids));
      return null;
    },
  });
  define(app, slaOps.ticketGet, {
    handler: async ({ input, actor }) => {
      await visibleTicket(ctx.db, actor, input.ticket_id);
      return slaOfTicket(ctx.db, input.ticket_id);
    },
  });
}
