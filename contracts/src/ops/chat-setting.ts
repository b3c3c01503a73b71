import { ZWidgetSetting, ZWidgetSettingEditRequest } from '../chat.js';
import { ZChatSetting, ZChatSettingEditRequest } from '../chat-setting.js';
import {
  ZChatTriggerAddRequest,
  ZChatTriggerAddResponse,
  ZChatTriggerDeleteRequest,
  ZChatTriggerEditRequest,
  ZChatTriggerListResponse,
} from '../chat-trigger.js';
import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';

const base = '/api/admin/settings';

/** Settings › Widget (the launcher and window) and Settings › Chats (hours, routing, greeting). */
export const chatSettingOps = {
  widgetGet: op({
    method: 'GET',
    path: `${base}/widget.get`,
    access: { menu: '/wswt/setting/widget' },
    summary: 'The widget settings',
    tags: ['settings'],
    input: noInput,
    output: ZWidgetSetting,
  }),
  widgetEdit: op({
    method: 'POST',
    path: `${base}/widget.edit`,
    access: { btn: 'widget.edit' },
    summary: "Save the widget's look, pre-chat form, offline behaviour and allowed host origins",
    tags: ['settings'],
    input: ZWidgetSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  /** The widget screen shows the greeting in its preview. */
  get: op({
    method: 'GET',
    path: `${base}/chat.setting.get`,
    access: { menu: ['/wswt/setting/chat', '/wswt/setting/widget'] },
    summary: 'The Chats settings: business hours, auto-assign, per-agent limit, greeting',
    tags: ['settings'],
    input: noInput,
    output: ZChatSetting,
  }),
  edit: op({
    method: 'POST',
    path: `${base}/chat.setting.edit`,
    access: { btn: 'chat.setting.edit' },
    summary: 'Save the Chats settings; outside the business hours the widget offers to leave a message',
    tags: ['settings'],
    input: ZChatSettingEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};

const triggerTags = ['chat triggers'];

/** Settings › Chat triggers: page greetings, replies when nobody accepts, routing by a pre-chat answer. */
export const chatTriggerOps = {
  list: op({
    method: 'GET',
    path: `${base}/chat.trigger.list`,
    access: { menu: '/wswt/setting/chat_trigger' },
    summary: 'Every chat trigger, oldest first',
    tags: triggerTags,
    input: noInput,
    output: ZChatTriggerListResponse,
  }),
  add: op({
    method: 'POST',
    path: `${base}/chat.trigger.add`,
    access: { btn: 'chat.trigger.add' },
    summary: 'Add a chat trigger (page_greeting, no_accept_reply or route_by_answer)',
    tags: triggerTags,
    input: ZChatTriggerAddRequest,
    output: ZChatTriggerAddResponse,
    message: 'saved',
  }),
  edit: op({
    method: 'POST',
    path: `${base}/chat.trigger.edit`,
    access: { btn: 'chat.trigger.edit' },
    summary: 'Edit a chat trigger',
    tags: triggerTags,
    input: ZChatTriggerEditRequest,
    output: ZEmpty,
    message: 'saved',
  }),
  delete: op({
    method: 'POST',
    path: `${base}/chat.trigger.delete`,
    access: { btn: 'chat.trigger.delete' },
    summary: 'Delete chat triggers; replies already queued by them are not sent',
    tags: triggerTags,
    input: ZChatTriggerDeleteRequest,
    output: ZEmpty,
    message: 'deleted',
  }),
};
