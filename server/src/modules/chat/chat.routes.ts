import { chatOps, chatWidgetOps, homeChatAttachmentPath, ZHomeChatAttachmentRequest } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { define } from '../../http/route.js';
import { readVisitorAttachment, sendDownload } from '../ticket-attachment/ticket-attachment.service.js';
import {
  agentChatEnd,
  agentMessageAdd,
  agentMessageList,
  chatAccept,
  chatQueue,
  chatTransfer,
  visibleChat,
} from './chat.agent.js';
import { registerMissedChats } from './chat.missed.js';
import {
  chatStart,
  visitorChatEnd,
  visitorChatGet,
  visitorChatRate,
  visitorMessageAdd,
  visitorMessageList,
  visitorSession,
  widgetGet,
} from './chat.visitor.js';

/** Live chat: the widget's public calls, the agent's calls and the widget settings (api-contract "Live chat"). */
export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerMissedChats(ctx);
  define(app, chatWidgetOps.widgetGet, {
    handler: ({ lang }) => widgetGet(ctx, lang),
  });

  define(app, chatWidgetOps.start, {
    handler: ({ input, ip, lang, chosenLang }) => chatStart(ctx, input, ip, lang, chosenLang ?? undefined),
  });

  define(app, chatWidgetOps.messageAdd, {
    handler: ({ input, ip }) => visitorMessageAdd(ctx, input, ip),
  });

  define(app, chatWidgetOps.messageList, {
    handler: ({ input }) => visitorMessageList(ctx, input.visitor_token, input.after_message_id),
  });

  define(app, chatWidgetOps.get, {
    handler: ({ input }) => visitorChatGet(ctx, input.visitor_token),
  });

  define(app, chatWidgetOps.end, {
    handler: async ({ input, lang }) => {
      await visitorChatEnd(ctx, input.visitor_token, lang);
      return null;
    },
  });

  app.route({
    method: 'POST',
    url: homeChatAttachmentPath,
    config: { access: access.public },
    schema: {
      summary: "Download a file of a public message in the visitor's own chat (images of safe types inline)",
      tags: ['chat'],
      body: ZHomeChatAttachmentRequest,
    },
    handler: async (request, reply) => {
      const input = request.body as { visitor_token: string; file_id: string };
      const session = await visitorSession(ctx, input.visitor_token);
      const file = await readVisitorAttachment(ctx, session.ticketId, input.file_id);
      return sendDownload(reply, file, 'private, no-store');
    },
  });

  define(app, chatWidgetOps.rate, {
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
