import {
  ZChatSetting,
  ZChatSettingEditRequest,
  ZEmpty,
  ZWidgetSetting,
  ZWidgetSettingEditRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { editChatSetting, editWidgetSetting, getChatSetting, getWidgetSetting } from './chat.setting.js';

/** Settings › Widget (the launcher and window) and Settings › Chats (hours, routing, greeting). */
export function chatSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['settings'];

  defineGet(app, '/api/admin/settings/widget.get', {
    access: access.menu('/wswt/setting/widget'),
    summary: 'The widget settings',
    tags,
    output: ZWidgetSetting,
    handler: () => getWidgetSetting(ctx.db),
  });

  definePost(app, '/api/admin/settings/widget.edit', {
    access: access.btn('widget.edit'),
    summary: "Save the widget's look, pre-chat form, offline behaviour and allowed host origins",
    tags,
    input: ZWidgetSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await editWidgetSetting(ctx.db, input);
      return null;
    },
  });

  defineGet(app, '/api/admin/settings/chat.setting.get', {
    // The widget screen shows the greeting in its preview.
    access: access.menu('/wswt/setting/chat', '/wswt/setting/widget'),
    summary: 'The Chats settings: business hours, auto-assign, per-agent limit, greeting',
    tags,
    output: ZChatSetting,
    handler: () => getChatSetting(ctx.db),
  });

  definePost(app, '/api/admin/settings/chat.setting.edit', {
    access: access.btn('chat.setting.edit'),
    summary: 'Save the Chats settings; outside the business hours the widget offers to leave a message',
    tags,
    input: ZChatSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await editChatSetting(ctx.db, input);
      return null;
    },
  });
}
