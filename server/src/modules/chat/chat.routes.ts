import {
  chatOps,
  ZChatInfo,
  ZChatMessageAddResponse,
  ZChatMessageListResponse,
  ZChatStartRequest,
  ZChatStartResponse,
  ZEmpty,
  ZHomeChatEndRequest,
  ZHomeChatGetRequest,
  ZHomeChatMessageAddRequest,
  ZHomeChatMessageListRequest,
  ZHomeChatRateRequest,
  ZHomeWidgetGetResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { define, defineGet, definePost } from '../../http/route.js';
import {
  agentChatEnd,
  agentMessageAdd,
  agentMessageList,
  chatAccept,
  chatQueue,
  chatTransfer,
  visibleChat,
} from './chat.agent.js';
import {
  chatStart,
  visitorChatEnd,
  visitorChatGet,
  visitorChatRate,
  visitorMessageAdd,
  visitorMessageList,
  widgetGet,
} from './chat.visitor.js';

/** Live chat: the widget's public calls, the agent's calls and the widget settings (api-contract "Live chat"). */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['chat'];

  defineGet(app, '/api/home/chat.widget.get', {
    access: access.public,
    summary: "The widget's look, whether an agent can answer now, and the pre-chat questions in order",
    tags,
    output: ZHomeWidgetGetResponse,
    handler: () => widgetGet(ctx),
  });

  definePost(app, '/api/home/chat.start', {
    access: access.public,
    summary: 'A visitor starts a chat (a chat ticket); the token reaches this chat only',
    tags,
    input: ZChatStartRequest,
    output: ZChatStartResponse,
    handler: ({ input, ip, lang }) => chatStart(ctx, input, ip, lang),
  });

  definePost(app, '/api/home/chat.message.add', {
    access: access.public,
    summary: "The visitor's message; the same client_message_id twice stores one message",
    tags,
    input: ZHomeChatMessageAddRequest,
    output: ZChatMessageAddResponse,
    handler: ({ input, ip }) => visitorMessageAdd(ctx, input, ip),
  });

  defineGet(app, '/api/home/chat.message.list', {
    access: access.public,
    summary: 'What a reconnecting visitor missed: public messages after after_message_id',
    tags,
    input: ZHomeChatMessageListRequest,
    output: ZChatMessageListResponse,
    handler: ({ input }) => visitorMessageList(ctx, input.visitor_token, input.after_message_id),
  });

  defineGet(app, '/api/home/chat.get', {
    access: access.public,
    summary: "The visitor's chat after a reload: its state, agent and rating",
    tags,
    input: ZHomeChatGetRequest,
    output: ZChatInfo,
    handler: ({ input }) => visitorChatGet(ctx, input.visitor_token),
  });

  definePost(app, '/api/home/chat.end', {
    access: access.public,
    summary: 'The visitor ends the chat (an end_chat message; the ticket becomes solved)',
    tags,
    input: ZHomeChatEndRequest,
    output: ZEmpty,
    handler: async ({ input, lang }) => {
      await visitorChatEnd(ctx, input.visitor_token, lang);
      return null;
    },
  });

  definePost(app, '/api/home/chat.rate', {
    access: access.public,
    summary: "The visitor rates the ended chat good or bad (the ticket's satisfaction)",
    tags,
    input: ZHomeChatRateRequest,
    output: ZEmpty,
    message: 'saved',
    handler: async ({ input }) => {
      await visitorChatRate(ctx, input);
      return null;
    },
  });

  define(app, chatOps.queueList, { handler: ({ actor }) => chatQueue({ ...ctx, actor }) });
  define(app, chatOps.get, { handler: ({ actor, input }) => visibleChat({ ...ctx, actor }, input.ticket_id) });
  define(app, chatOps.accept, {
    handler: async ({ actor, input }) => {
      await chatAccept({ ...ctx, actor }, input.ticket_id);
      return null;
    },
  });
  define(app, chatOps.messageAdd, { handler: ({ actor, input }) => agentMessageAdd({ ...ctx, actor }, input) });
  define(app, chatOps.messageList, {
    handler: ({ actor, input }) => agentMessageList({ ...ctx, actor }, input.ticket_id, input.after_message_id),
  });
  define(app, chatOps.transfer, {
    handler: async ({ actor, input }) => {
      await chatTransfer({ ...ctx, actor }, input);
      return null;
    },
  });
  define(app, chatOps.end, {
    handler: async ({ actor, input, lang }) => {
      await agentChatEnd({ ...ctx, actor }, input.ticket_id, lang);
      return null;
    },
  });
}
