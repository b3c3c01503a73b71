import { homeOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { publicForms } from '../ticket-form/public-form.js';
import { satisfactionAdd, satisfactionGet } from '../ticket-satisfaction/ticket-satisfaction.service.js';
import { homeTicketAdd } from './ticket-home.service.js';

/** The public side of tickets: the home form and the satisfaction survey. */
export function ticketHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, homeOps.ticketAdd, {
    handler: ({ input, ip, chosenLang }) => homeTicketAdd(ctx, input, ip, chosenLang ?? undefined),
  });

  define(app, homeOps.ticketForm, {
    handler: async ({ input }) => ({
      can_attach: (await getTicketSettings(ctx.db)).can_attach,
      ...(await publicForms(ctx.db, input.form_id)),
    }),
  });

  define(app, homeOps.satisfactionGet, {
    handler: ({ input }) => satisfactionGet(ctx.db, input.token),
  });

  define(app, homeOps.satisfactionAdd, {
    handler: async ({ input }) => {
      await satisfactionAdd(ctx, input);
      return null;
    },
  });
}
