import {
  ZChatInfo,
  ZChatMessageAddResponse,
  ZChatMessageListResponse,
  ZChatStartRequest,
  ZChatStartResponse,
  ZHomeChatEndRequest,
  ZHomeChatGetRequest,
  ZHomeChatMessageAddRequest,
  ZHomeChatMessageListRequest,
  ZHomeChatRateRequest,
  ZHomeWidgetGetResponse,
} from '../chat.js';
import { ZEmpty } from '../common.js';
import { noInput, op } from '../op.js';

const base = '/api/home';
const tags = ['chat'];
const anyone = { public: true } as const;

/**
 * The chat widget's public calls (server/widget/chat.js, plain JavaScript served to any site):
 * the visitor's key is `visitor_token`, answered by `start`. Apart from the agents' `chatOps` so
 * that the staff shell, which loads those, does not load these.
 */
export const chatWidgetOps = {
  widgetGet: op({
    method: 'GET',
    path: `${base}/chat.widget.get`,
    access: anyone,
    summary: "The widget's look, whether an agent can answer now, and the pre-chat questions in order",
    tags,
    input: noInput,
    output: ZHomeWidgetGetResponse,
  }),
  start: op({
    method: 'POST',
    path: `${base}/chat.start`,
    access: anyone,
    summary: 'A visitor starts a chat (a chat ticket); the token reaches this chat only',
    tags,
    input: ZChatStartRequest,
    output: ZChatStartResponse,
  }),
  messageAdd: op({
    method: 'POST',
    path: `${base}/chat.message.add`,
    access: anyone,
    summary: "The visitor's message; the same client_message_id twice stores one message",
    tags,
    input: ZHomeChatMessageAddRequest,
    output: ZChatMessageAddResponse,
  }),
  messageList: op({
    method: 'GET',
    path: `${base}/chat.message.list`,
    access: anyone,
    summary: 'What a reconnecting visitor missed: public messages after after_message_id',
    tags,
    input: ZHomeChatMessageListRequest,
    output: ZChatMessageListResponse,
  }),
  get: op({
    method: 'GET',
    path: `${base}/chat.get`,
    access: anyone,
    summary: "The visitor's chat after a reload: its state, agent and rating",
    tags,
    input: ZHomeChatGetRequest,
    output: ZChatInfo,
  }),
  end: op({
    method: 'POST',
    path: `${base}/chat.end`,
    access: anyone,
    summary: 'The visitor ends the chat (an end_chat message; the ticket becomes solved)',
    tags,
    input: ZHomeChatEndRequest,
    output: ZEmpty,
  }),
  rate: op({
    method: 'POST',
    path: `${base}/chat.rate`,
    access: anyone,
    summary: "The visitor rates the ended chat good or bad (the ticket's satisfaction)",
    tags,
    input: ZHomeChatRateRequest,
    output: ZEmpty,
    message: 'saved',
  }),
};
