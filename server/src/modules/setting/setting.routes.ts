import { settingOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import {
  brandingEdit,
  commonEdit,
  commonList,
  emailEdit,
  emailGet,
  getTicketSettings,
  ticketSettingEdit,
} from './setting.service.js';

/** Settings: common settings, the email channel, the favicon, ticket settings. */
export function settingRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, settingOps.commonList, { handler: ({ input }) => commonList(ctx.db, input.setting_module) });
  define(app, settingOps.commonEdit, {
    handler: async ({ input }) => {
      await commonEdit(ctx.db, input);
      return null;
    },
  });
  define(app, settingOps.emailGet, { handler: () => emailGet(ctx.db) });
  define(app, settingOps.emailEdit, {
    handler: async ({ input }) => {
      await emailEdit(ctx, input);
      return null;
    },
  });
  define(app, settingOps.brandingEdit, { handler: ({ input }) => brandingEdit(ctx, input.favicon) });
  define(app, settingOps.ticketGet, { handler: () => getTicketSettings(ctx.db) });
  define(app, settingOps.ticketEdit, {
    handler: async ({ input }) => {
      await ticketSettingEdit(ctx, input);
      return null;
    },
  });
}
