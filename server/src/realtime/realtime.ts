import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  ErrorCode,
  parseLanguage,
  type TChatMessage,
  type TLanguage,
  type TSystemMessage,
  translate,
  ZJoinChat,
  ZTyping,
} from '@parley/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { authenticateToken, authenticateTokenHash } from '../modules/auth/access-hook.js';
import { workingSessions } from '../modules/auth/session.repo.js';
import { hashToken } from '../modules/auth/token.js';
import { assignWaitingChat } from '../modules/chat/chat.agent.js';
import {
  chatViewers,
  findSummary,
  openChatCounts,
  routableAgents,
  routeGroupMembers,
  sessionByTicket,
  sessionByTokenHash,
} from '../modules/chat/chat.repo.js';
import { getChatSetting, getWidgetSetting, originAllowed } from '../modules/chat/chat.setting.js';
import { maySeeTicket, viewerOf } from '../modules/ticket/ticket.policy.js';
import { publishAgentState } from './chat-agent-state.js';
import { type Envelope, errorEnvelope, invalidEnvelope } from './socket-envelope.js';
import { type PresenceData, publishTicketUpdates, registerTicketPresence, stopPresence } from './ticket-presence.js';

export const socketPath = '/api/socket.io';

/** Rooms: an account's own channel, every connected chat agent, and a chat's staff and public sides. */
export const rooms = {
  account: (id: number) => `account:${id}`,
  chatAgents: 'chat-agents',
  chatStaff: (ticketId: number) => `chat:${ticketId}`,
  chatPublic: (ticketId: number) => `chat:${ticketId}:public`,
};

type SocketData =
  | ({ kind: 'staff'; lang: TLanguage; takesChats: boolean } & PresenceData)
  | { kind: 'visitor'; ticketId: number; lang: TLanguage };

type ParleySocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/** The server's own origin as the browser would state it, from the handshake's Host header. */
function ownOrigins(req: IncomingMessage): string[] {
  const host = req.headers.host;
  return host ? [`http://${host}`, `https://${host}`] : [];
}

export interface Realtime {
  io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the app's own HTTP server at `/api/socket.io`. With a Redis URL, rooms span every
 * server process (`@socket.io/redis-adapter`), and so does presence: the connected chat agents
 * are the sockets in the `chat-agents` room on any process whose token still signs in. A staff
 * socket lives as long as its token: when a session ends (`account.sessions_ended`) the
 * account's sockets whose token stopped working are cut, wherever they are connected.
 * Everything sent here is sent from an after-commit subscriber of the event bus, never from
 * inside a transaction.
 */
export async function attachRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  options: { redisUrl?: string | undefined; redisKey?: string | undefined },
): Promise<Realtime> {
  const { log, db } = ctx;
  const io = new Server(app.server, {
    path: socketPath,
    serveClient: false,
    // Browsers on other origins may connect only from the widget's allowed host pages.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (!origin || ownOrigins(req).includes(origin)) {
        callback(null, true);
        return;
      }
      getWidgetSetting(db).then(
        (setting) => callback(null, setting.allowed_origins.length > 0 && originAllowed(setting, origin)),
        () => callback(null, false),
      );
    },
    cors: {
      origin: (origin, callback) => {
        if (!origin) {
          callback(null, true);
          return;
        }
        getWidgetSetting(db).then(
          (setting) => callback(null, setting.allowed_origins.length > 0 && originAllowed(setting, origin)),
          () => callback(null, false),
        );
      },
    },
  });

  const redisClients: Array<ReturnType<typeof createClient>> = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) {
      client.on('error', (error: unknown) => log.error({ err: error }, 'redis connection error'));
      redisClients.push(client);
    }
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? 'parley.io', requestsTimeout: 2000 }));
  }

  ctx.chatPresence = {
    connectedAgentIds: async () => {
      const staff = staffData(await io.in(rooms.chatAgents).fetchSockets());
      // Only sockets whose token still signs in: a sign-out or suspension counts at once, before
      // its socket (maybe on another process) is cut.
      const live = await workingSessions(
        db,
        staff.map((d) => d.tokenHash),
        Date.now(),
      );
      return [...new Set(staff.filter((d) => live.has(d.tokenHash)).map((d) => d.accountId))];
    },
  };

  io.use((socket: ParleySocket, next) => {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const lang = parseLanguage(
      typeof auth.language === 'string' ? auth.language : (socket.handshake.headers.language as string | undefined),
    );
    const refuse = (error: unknown) => {
      const envelope = errorEnvelope(error, lang);
      const err = new Error(envelope.msg) as Error & { data: Envelope };
      err.data = envelope;
      next(err);
    };
    if (typeof auth.token === 'string' && auth.token) {
      const token = auth.token;
      authenticateToken(ctx, token).then((actor) => {
        if (actor.account.userType !== 'admin' && actor.account.userType !== 'agent') {
          refuse(new AppError(ErrorCode.forbidden, 'forbidden'));
          return;
        }
        socket.data = {
          kind: 'staff',
          accountId: actor.account.accountId,
          tokenHash: hashToken(token),
          lang,
          takesChats: actor.account.toolAccess.includes('chat'),
          name: actor.account.aliasName || actor.account.realName,
          typingOn: [],
        };
        next();
      }, refuse);
      return;
    }
    if (typeof auth.visitor_token === 'string' && auth.visitor_token) {
      sessionByTokenHash(db, hashToken(auth.visitor_token)).then((session) => {
        if (!session) {
          refuse(new AppError(ErrorCode.unauthorized, 'unauthorized'));
          return;
        }
        socket.data = { kind: 'visitor', ticketId: session.ticketId, lang };
        next();
      }, refuse);
      return;
    }
    refuse(new AppError(ErrorCode.unauthorized, 'unauthorized'));
  });

  io.on('connection', (socket: ParleySocket) => {
    const data = socket.data;
    if (data.kind === 'staff') {
      void socket.join(rooms.account(data.accountId));
      if (data.takesChats) {
        void socket.join(rooms.chatAgents);
      }
    } else {
      void socket.join(rooms.chatPublic(data.ticketId));
    }
    const lang = data.lang;

    /** Every event: validated input, an envelope back through the ack (or `error_message`), never a throw. */
    const handle = <S extends z.ZodType>(event: string, schema: S, fn: (input: z.output<S>) => Promise<unknown>) => {
      socket.on(event, (payload: unknown, ack?: unknown) => {
        const reply = (envelope: Envelope) => {
          if (typeof ack === 'function') {
            ack(envelope);
          } else if (envelope.code !== ErrorCode.ok) {
            socket.emit('error_message', { ...envelope, event });
          }
        };
        const parsed = schema.safeParse(payload ?? {});
        if (!parsed.success) {
          reply(invalidEnvelope(parsed.error.issues, lang));
          return;
        }
        fn(parsed.data).then(
          (result) => reply({ code: ErrorCode.ok, msg: translate('ok', lang), data: result ?? null }),
          (error: unknown) => {
            const requestId = randomUUID();
            if (!(error instanceof AppError)) {
              log.error({ err: error, event, request_id: requestId }, 'socket event failed');
            }
            reply(errorEnvelope(error, lang, requestId));
          },
        );
      });
    };

    socket.onAny((event: string, ...args: unknown[]) => {
      if (!knownEvents.has(event)) {
        const ack = args[args.length - 1];
        const envelope = { code: ErrorCode.invalid, msg: translate('chat_unknown_event', lang), data: null };
        if (typeof ack === 'function') {
          ack(envelope);
        } else {
          socket.emit('error_message', { ...envelope, event });
        }
      }
    });

    if (data.kind === 'staff') {
      registerTicketPresence(ctx, io, socket, data, handle);
    }

    /** A staff socket joins a chat it may see (its `ticket_access` decides, checked now). */
    handle('join_chat', ZJoinChat, async ({ ticket_id }) => {
      if (data.kind !== 'staff') {
        // A visitor is in its own chat already; any other is not found.
        if (ticket_id !== data.ticketId) {
          throw new AppError(ErrorCode.notFound, 'not_found');
        }
        return null;
      }
      const actor = await authenticateTokenHash(ctx, data.tokenHash);
      const found = await findSummary(db, ticket_id);
      if (!found || !maySeeTicket(viewerOf(actor), found)) {
        throw new AppError(ErrorCode.notFound, 'not_found');
      }
      await socket.join(rooms.chatStaff(ticket_id));
      return null;
    });

    handle('leave_chat', ZJoinChat, async ({ ticket_id }) => {
      if (data.kind === 'staff') {
        await socket.leave(rooms.chatStaff(ticket_id));
      }
      return null;
    });

    /** Typing shown to the other side; a staff socket must have joined the chat first. */
    handle('typing', ZTyping, async ({ ticket_id, typing }) => {
      if (data.kind === 'visitor') {
        socket.to(rooms.chatStaff(data.ticketId)).emit('typing', {
          ticket_id: data.ticketId,
          from_visitor: true,
          typing,
        });
        return null;
      }
      if (ticket_id === undefined || !socket.rooms.has(rooms.chatStaff(ticket_id))) {
        throw new AppError(ErrorCode.notFound, 'not_found');
      }
      socket
        .to([rooms.chatStaff(ticket_id), rooms.chatPublic(ticket_id)])
        .emit('typing', { ticket_id, from_visitor: false, account_id: data.accountId, typing });
      return null;
    });
  });

  // Set when the server stops, before its Redis clients close: a subscriber still reading the
  // database then must not publish through a closed client (the adapter's rejection has no handler).
  let stopped = false;

  const system = (room: string | string[], message: TSystemMessage) => {
    // No room at all would be every socket (socket.io broadcasts to all when given none).
    if (room.length > 0 && !stopped) {
      io.to(room).emit('system_message', message);
    }
  };

  /** Cuts the account's sockets, on every process, whose token no longer signs in. */
  const cutSignedOut = async (accountId: number) => {
    if (stopped) {
      return;
    }
    const sockets = await io.in(rooms.account(accountId)).fetchSockets();
    const live = await workingSessions(
      db,
      staffData(sockets).map((d) => d.tokenHash),
      Date.now(),
    );
    for (const s of sockets) {
      const data = s.data as SocketData;
      if (data.kind === 'staff' && !live.has(data.tokenHash) && !stopped) {
        s.disconnect(true);
      }
    }
  };

  /** Offers a waiting chat: auto-assign to the least busy online agent, else to every online agent. */
  const route = async (ticketId: number) => {
    let online = await routableAgents(db, await ctx.chatPresence.connectedAgentIds());
    if (online.length === 0) {
      return;
    }
    // A route-by-answer trigger's group goes first; nobody of it online, everyone online is asked.
    const groupOnline = await routeGroupMembers(db, ticketId, online);
    if (groupOnline && groupOnline.length > 0) {
      online = online.filter((id) => groupOnline.includes(id));
    }
    const setting = await getChatSetting(db);
    if (setting.auto_assign) {
      const counts = await openChatCounts(db, online);
      const candidates = online
        .filter((id) => (counts.get(id) ?? 0) < setting.agent_chat_limit)
        .sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || a - b);
      for (const id of candidates) {
        if (await assignWaitingChat(ctx, ticketId, id)) {
          return;
        }
      }
    }
    // Offered only to those who may open and accept it (not an agent limited to other groups).
    const told = await chatViewers(db, ticketId, online);
    system(told.map(rooms.account), { type: 'new_chat_tickets', ticket_ids: [ticketId] });
  };

  /** Every connected chat agent who may see this chat's ticket. */
  const chatAgentsSeeing = async (ticketId: number) =>
    (await chatViewers(db, ticketId, await ctx.chatPresence.connectedAgentIds())).map(rooms.account);

  const unsubscribe = [
    publishTicketUpdates(ctx, io),
    publishAgentState(ctx, io, (ticketId) => [rooms.chatPublic(ticketId), rooms.chatStaff(ticketId)]),
    ctx.events.on('account.sessions_ended', (e) => cutSignedOut(e.accountId)),
    ctx.events.on('chat.started', (e) => route(e.ticketId)),
    ctx.events.on('chat.queued', (e) => {
      // Back in the queue (transferred to a group): the visitor waits again, with no agent named.
      io.to([rooms.chatPublic(e.ticketId), rooms.chatStaff(e.ticketId)]).emit('chat_event', {
        type: 'queued',
        ticket_id: e.ticketId,
      });
      return route(e.ticketId);
    }),
    ctx.events.on('chat.message', async ({ message }) => {
      publishMessage(io, message);
      if (message.from_visitor) {
        const session = await sessionByTicket(db, message.ticket_id);
        const room = session?.acceptedBy
          ? rooms.account(session.acceptedBy)
          : await chatAgentsSeeing(message.ticket_id);
        system(room, { type: 'new_message', ticket_ids: [message.ticket_id] });
      }
    }),
    // An ended chat (missed, or its visitor gave up waiting) leaves the agents' waiting lists.
    ctx.events.on('chat.ended', async (e) => {
      system(await chatAgentsSeeing(e.ticketId), { type: 'received_chat_tickets', ticket_ids: [e.ticketId] });
    }),
    ctx.events.on('chat.accepted', async (e) => {
      system(await chatAgentsSeeing(e.ticketId), { type: 'received_chat_tickets', ticket_ids: [e.ticketId] });
      // Given to them by someone else (auto-assign, a transfer): new to them. Not to an agent who
      // accepted it themself (their workspace would chime "new chat" for the one they just took).
      if (e.actorId !== e.accountId) {
        system(rooms.account(e.accountId), { type: 'new_chat_tickets', ticket_ids: [e.ticketId] });
      }
      if (stopped) {
        return;
      }
      io.to([rooms.chatPublic(e.ticketId), rooms.chatStaff(e.ticketId)]).emit('chat_event', {
        type: 'agent_joined',
        ticket_id: e.ticketId,
        account_id: e.accountId,
        agent_name: e.agentName,
      });
    }),
  ];

  return {
    io,
    close: async () => {
      stopped = true;
      stopPresence(io);
      for (const off of unsubscribe) {
        off();
      }
      // This process's connections only: `io.disconnectSockets` goes through the Redis adapter
      // to every process, and its "server disconnect" turns off the clients' reconnecting. Closed
      // as a dropped connection, the clients here reconnect (to another process behind the same
      // address) and the other processes' clients never notice.
      io.engine.close();
      await Promise.allSettled(redisClients.map((c) => c.quit()));
    },
  };
}

/** The staff sockets' data among these (the adapter's sockets carry it from every process). */
function staffData(sockets: Array<{ data: unknown }>) {
  const staff: Array<Extract<SocketData, { kind: 'staff' }>> = [];
  for (const s of sockets) {
    const data = s.data as SocketData;
    if (data.kind === 'staff') {
      staff.push(data);
    }
  }
  return staff;
}

const knownEvents = new Set(['join_chat', 'leave_chat', 'typing', 'ticket_view', 'ticket_typing', 'ticket_leave']);

/** A message reaches the chat's staff room, and the visitor's side when it is public. */
function publishMessage(io: Server, message: TChatMessage) {
  const to = message.is_public
    ? [rooms.chatStaff(message.ticket_id), rooms.chatPublic(message.ticket_id)]
    : [rooms.chatStaff(message.ticket_id)];
  io.to(to).emit('chat_message', message);
}
