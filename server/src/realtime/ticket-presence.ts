import { ErrorCode, type TTicketUpdated, type TTicketViewer, ZTicketPresence } from '@parley/contracts';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { authenticateToken } from '../modules/auth/access-hook.js';
import { maySeeTicket, viewerOf } from '../modules/ticket/ticket.policy.js';
import { findAccount, findTicket } from '../modules/ticket/ticket.repo.js';

/** A staff socket's part in ticket presence: who it is and which tickets it has open or is typing on. */
export interface PresenceData {
  accountId: number;
  name: string;
  token: string;
  /** Ticket ids this socket types on now (an array: socket data crosses processes as JSON). */
  typingOn: number[];
}

export const ticketRoom = (ticketId: number) => `ticket:${ticketId}`;

type Handle = <S extends z.ZodType>(event: string, schema: S, fn: (input: z.output<S>) => Promise<unknown>) => void;

/** Everyone on a ticket page now, across every server process (the adapter answers), one entry per account. */
async function viewersOf(io: Server, ticketId: number): Promise<TTicketViewer[]> {
  const sockets = await io.in(ticketRoom(ticketId)).fetchSockets();
  const byAccount = new Map<number, TTicketViewer>();
  for (const s of sockets) {
    const data = s.data as Partial<PresenceData>;
    if (typeof data.accountId !== 'number') {
      continue;
    }
    const typing = (data.typingOn ?? []).includes(ticketId);
    const seen = byAccount.get(data.accountId);
    byAccount.set(data.accountId, {
      account_id: data.accountId,
      real_name: data.name ?? '',
      typing: typing || (seen?.typing ?? false),
    });
  }
  return [...byAccount.values()].sort((a, b) => a.account_id - b.account_id);
}

/** Servers that stopped: their sockets' last disconnects must not publish through closed Redis clients. */
const stoppedServers = new WeakSet<Server>();

/** Called as the server stops, before its Redis clients close. */
export function stopPresence(io: Server): void {
  stoppedServers.add(io);
}

/** Tells everyone on the ticket page who is there now. */
export async function publishPresence(io: Server, ticketId: number): Promise<void> {
  if (stoppedServers.has(io)) {
    return;
  }
  const viewers = await viewersOf(io, ticketId);
  if (!stoppedServers.has(io)) {
    io.to(ticketRoom(ticketId)).emit('ticket_presence', { ticket_id: ticketId, viewers });
  }
}

/**
 * After a change of a ticket commits, the agents who have its page open hear who changed it
 * (`ticket_updated`) and fetch it again, instead of working on until a save overwrites it.
 * Sent without holding up the write that caused it. Answers the unsubscribe.
 */
export function publishTicketUpdates(ctx: AppContext, io: Server): () => void {
  // Unsubscribed when the server stops, before its Redis clients close: a send still reading its
  // actor then must not publish through a closed client (the adapter's rejection has no handler).
  let stopped = false;
  const send = async (ticketId: number, actorId: number | null) => {
    const actor = actorId === null ? null : await findAccount(ctx.db, actorId);
    if (stopped) {
      return;
    }
    const update: TTicketUpdated = {
      ticket_id: ticketId,
      account_id: actorId,
      real_name: actor ? actor.aliasName || actor.realName : '',
    };
    io.to(ticketRoom(ticketId)).emit('ticket_updated', update);
  };
  const off = ctx.events.on('ticket.changed', ({ ticketId, actorId }) => {
    send(ticketId, actorId).catch((error: unknown) => ctx.log.warn({ err: error }, 'ticket update not sent'));
  });
  return () => {
    stopped = true;
    off();
  };
}

/**
 * Presence on ticket pages (issue 13): `ticket_view` joins a ticket the agent may see (checked
 * now, like `join_chat`), `ticket_typing` marks them typing there, `ticket_leave` leaves; each
 * change and each disconnect sends `ticket_presence { ticket_id, viewers }` to the page's room.
 */
export function registerTicketPresence(
  ctx: AppContext,
  io: Server,
  socket: Socket,
  data: PresenceData,
  handle: Handle,
) {
  handle('ticket_view', ZTicketPresence, async ({ ticket_id }) => {
    const actor = await authenticateToken(ctx, data.token);
    const row = await findTicket(ctx.db, ticket_id);
    if (!row || row.deletedTs !== null || !maySeeTicket(viewerOf(actor), row)) {
      throw new AppError(ErrorCode.notFound, 'not_found');
    }
    await socket.join(ticketRoom(ticket_id));
    await publishPresence(io, ticket_id);
    return { viewers: await viewersOf(io, ticket_id) };
  });

  handle('ticket_typing', ZTicketPresence, async ({ ticket_id, typing }) => {
    if (!socket.rooms.has(ticketRoom(ticket_id))) {
      throw new AppError(ErrorCode.notFound, 'not_found');
    }
    const was = data.typingOn.includes(ticket_id);
    if (Boolean(typing) !== was) {
      data.typingOn = typing ? [...data.typingOn, ticket_id] : data.typingOn.filter((id) => id !== ticket_id);
      await publishPresence(io, ticket_id);
    }
    return null;
  });

  handle('ticket_leave', ZTicketPresence, async ({ ticket_id }) => {
    data.typingOn = data.typingOn.filter((id) => id !== ticket_id);
    if (socket.rooms.has(ticketRoom(ticket_id))) {
      await socket.leave(ticketRoom(ticket_id));
      await publishPresence(io, ticket_id);
    }
    return null;
  });

  let open: number[] = [];
  socket.on('disconnecting', () => {
    open = [...socket.rooms].filter((r) => r.startsWith('ticket:')).map((r) => Number(r.slice('ticket:'.length)));
  });
  socket.on('disconnect', () => {
    for (const id of open) {
      publishPresence(io, id).catch((error: unknown) => ctx.log.warn({ err: error }, 'ticket presence not sent'));
    }
  });
}
