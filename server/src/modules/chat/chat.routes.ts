import {
  ZAdminChatMessageAddRequest,
  ZAdminChatMessageListRequest,
  ZChatGetResponse,
  ZChatInfo,
  ZChatMessageAddResponse,
  ZChatMessageListResponse,
  ZChatQueueResponse,
  ZChatStartRequest,
  ZChatStartResponse,
  ZChatTicketRequest,
  ZChatTransferRequest,
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
import { defineGet, definePost } from '../../http/route.js';
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
  const workspace = access.menu('/wswt/chat');

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

  defineGet(app, '/api/admin/chat.queue.list', {
    access: workspace,
    summary: "Chats waiting for an agent (that the caller may see) and the caller's open chats",
    tags,
    output: ZChatQueueResponse,
    handler: ({ actor }) => chatQueue({ ...ctx, actor }),
  });

  defineGet(app, '/api/admin/chat.get', {
    access: workspace,
    summary: 'One chat with its visitor, page and pre-chat answers',
    tags,
    input: ZChatTicketRequest,
    output: ZChatGetResponse,
    handler: ({ actor, input }) => visibleChat({ ...ctx, actor }, input.ticket_id),
  });

  definePost(app, '/api/admin/chat.accept', {
    access: access.btn('chat.accept'),
    summary: 'Take a waiting chat; the first accept wins and the other agents get received_chat_tickets',
    tags,
    input: ZChatTicketRequest,
    output: ZEmpty,
    handler: async ({ actor, input }) => {
      await chatAccept({ ...ctx, actor }, input.ticket_id);
      return null;
    },
  });

  definePost(app, '/api/admin/chat.message.add', {
    access: access.btn('chat.message.add'),
    summary: "An agent's message or internal note; the same client_message_id twice stores one message",
    tags,
    input: ZAdminChatMessageAddRequest,
    output: ZChatMessageAddResponse,
    handler: ({ actor, input }) => agentMessageAdd({ ...ctx, actor }, input),
  });

  defineGet(app, '/api/admin/chat.message.list', {
    access: workspace,
    summary: 'Messages and notes of a chat after after_message_id, oldest first',
    tags,
    input: ZAdminChatMessageListRequest,
    output: ZChatMessageListResponse,
    handler: ({ actor, input }) => agentMessageList({ ...ctx, actor }, input.ticket_id, input.after_message_id),
  });

  definePost(app, '/api/admin/chat.transfer', {
    access: access.btn('chat.accept'),
    summary: 'Hand the chat to another chat agent, or back to the queue of a group',
    tags,
    input: ZChatTransferRequest,
    output: ZEmpty,
    handler: async ({ actor, input }) => {
      await chatTransfer({ ...ctx, actor }, input);
      return null;
    },
  });

  definePost(app, '/api/admin/chat.end', {
    access: access.btn('chat.end'),
    summary: 'End the chat: an end_chat message is sent and the ticket becomes solved',
    tags,
    input: ZChatTicketRequest,
    output: ZEmpty,
    handler: async ({ actor, input, lang }) => {
      await agentChatEnd({ ...ctx, actor }, input.ticket_id, lang);
      return null;
    },
  });
}
