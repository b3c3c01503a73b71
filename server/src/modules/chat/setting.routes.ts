import { chatSettingOps } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { editChatSetting, editWidgetSetting, getChatSetting, getWidgetSetting } from './chat.setting.js';

/** Settings › Widget (the launcher and window) and Settings › Chats (hours, routing, greeting). */
export function chatSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  define(app, chatSettingOps.widgetGet, { handler: () => getWidgetSetting(ctx.db) });
  define(app, chatSettingOps.widgetEdit, {
    handler: async ({ input }) => {
      await editWidgetSetting(ctx.db, input);
      return null;
    },
  });
  define(app, chatSettingOps.get, { handler: () => getChatSetting(ctx.db) });
  define(app, chatSettingOps.edit, {
    handler: async ({ input }) => {
      await editChatSetting(ctx.db, input);
      return null;
    },
  });
}
