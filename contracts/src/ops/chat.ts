import {
  ZAdminChatMessageAddRequest,
  ZAdminChatMessageListRequest,
  ZChatGetResponse,
  ZChatMessageAddResponse,
  ZChatMessageListResponse,
  ZChatQueueResponse,
  ZChatTicketRequest,
  ZChatTransferRequest,
  ZWidgetSetting,
  ZWidgetSettingEditRequest,
} from '../chat.js';
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
    summary:
      'The Chats settings: business hours, auto-assign, per-agent limit, when a waiting chat is missed, greeting',
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

const chatTags = ['chat'];
const workspace = { menu: '/wswt/chat' } as const;

/** The agent's chat workspace (the widget's public calls stay light, without zod). */
export const chatOps = {
  queueList: op({
    method: 'GET',
    path: '/api/admin/chat.queue.list',
    access: workspace,
    summary: "Chats waiting for an agent (that the caller may see) and the caller's open chats",
    tags: chatTags,
    input: noInput,
    output: ZChatQueueResponse,
  }),
  get: op({
    method: 'GET',
    path: '/api/admin/chat.get',
    access: workspace,
    summary: 'One chat with its visitor, page and pre-chat answers',
    tags: chatTags,
    input: ZChatTicketRequest,
    output: ZChatGetResponse,
  }),
  accept: op({
    method: 'POST',
    path: '/api/admin/chat.accept',
    access: { btn: 'chat.accept' },
    summary: 'Take a waiting chat; the first accept wins and the other agents get received_chat_tickets',
    tags: chatTags,
    input: ZChatTicketRequest,
    output: ZEmpty,
  }),
  messageAdd: op({
    method: 'POST',
    path: '/api/admin/chat.message.add',
    access: { btn: 'chat.message.add' },
    summary: "An agent's message or internal note; the same client_message_id twice stores one message",
    tags: chatTags,
    input: ZAdminChatMessageAddRequest,
    output: ZChatMessageAddResponse,
  }),
  messageList: op({
    method: 'GET',
    path: '/api/admin/chat.message.list',
    access: workspace,
    summary: 'Messages and notes of a chat after after_message_id, oldest first',
    tags: chatTags,
    input: ZAdminChatMessageListRequest,
    output: ZChatMessageListResponse,
  }),
  transfer: op({
    method: 'POST',
    path: '/api/admin/chat.transfer',
    access: { btn: 'chat.accept' },
    summary: 'Hand the chat to another chat agent, or back to the queue of a group',
    tags: chatTags,
    input: ZChatTransferRequest,
    output: ZEmpty,
  }),
  end: op({
    method: 'POST',
    path: '/api/admin/chat.end',
    access: { btn: 'chat.end' },
    summary: 'End the chat: an end_chat message is sent and the ticket becomes solved',
    tags: chatTags,
    input: ZChatTicketRequest,
    output: ZEmpty,
  }),
};
