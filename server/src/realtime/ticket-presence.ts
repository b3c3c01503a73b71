import { ErrorCode, type TTicketUpdated, type TTicketViewer, ZTicketPresence } from '@parley/contracts';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { AppError } from '../http/app-error.js';
import { authenticateTokenHash } from '../modules/auth/access-hook.js';
import { maySeeTicket, viewerOf } from '../modules/ticket/ticket.policy.js';
import { findAccount, findTicket } from '../modules/ticket/ticket.repo.js';

/** A staff socket's part in ticket presence: who it is and which tickets it has open or is typing on. */
export interface PresenceData {
  accountId: number;
  name: string;
  /** Its session token's hash (never the token: socket data crosses processes through Redis). */
  tokenHash: string;
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

/** The ticket rooms with a socket in them now, on any server process (one question to the adapter). */
async function watchedTickets(io: Server, ticketIds: number[]): Promise<number[]> {
  const adapter = io.of('/').adapter as { rooms: Map<string, Set<string>>; allRooms?: () => Promise<Set<string>> };
  const rooms = adapter.allRooms ? await adapter.allRooms() : new Set(adapter.rooms.keys());
  return ticketIds.filter((id) => rooms.has(ticketRoom(id)));
}

/**
 * After a change of a ticket commits, the agents who have its page open hear who changed it
 * (`ticket_updated`) and fetch it again, instead of working on until a save overwrites it: an
 * agent's save, a bulk edit from the list, mail, a trigger, an automation's or the SLA's batch
 * (`tickets.changed`). The tickets one commit changed are told once each, and of many only those
 * someone has open (a batch of 500 is not 500 messages through Redis for nobody). Sent without
 * holding up the write that caused it. Answers the unsubscribe.
 */
export function publishTicketUpdates(ctx: AppContext, io: Server): () => void {
  // Unsubscribed when the server stops, before its Redis clients close: a send still reading its
  // actor then must not publish through a closed client (the adapter's rejection has no handler).
  let stopped = false;
  const send = async (changed: Map<number, number | null>) => {
    // One ticket: sent as it is, which costs the adapter no more than asking who watches it.
    const ids = changed.size === 1 ? [...changed.keys()] : await watchedTickets(io, [...changed.keys()]);
    const names = new Map<number, string>();
    for (const ticketId of ids) {
      const actorId = changed.get(ticketId) ?? null;
      if (actorId !== null && !names.has(actorId)) {
        const actor = await findAccount(ctx.db, actorId);
        names.set(actorId, actor ? actor.aliasName || actor.realName : '');
      }
      if (stopped) {
        return;
      }
      const update: TTicketUpdated = {
        ticket_id: ticketId,
        account_id: actorId,
        real_name: actorId === null ? '' : (names.get(actorId) ?? ''),
      };
      io.to(ticketRoom(ticketId)).emit('ticket_updated', update);
    }
  };
  // The bus hands over one commit's events one after another: gathered until it is done.
  let pending: Map<number, number | null> | null = null;
  const queue = (ticketIds: number[], actorId: number | null) => {
    if (!pending) {
      pending = new Map();
      setImmediate(() => {
        const changed = pending ?? new Map<number, number | null>();
        pending = null;
        send(changed).catch((error: unknown) => ctx.log.warn({ err: error }, 'ticket update not sent'));
      });
    }
    for (const id of ticketIds) {
      // Named after whoever made the change, not the triggers' pass after it (no one's).
      if (!pending.has(id) || actorId !== null) {
        pending.set(id, actorId);
      }
    }
  };
  const offs = [
    ctx.events.on('ticket.changed', ({ ticketId, actorId }) => queue([ticketId], actorId)),
    ctx.events.on('tickets.changed', ({ ticketIds, actorId }) => queue(ticketIds, actorId)),
  ];
  return () => {
    stopped = true;
    for (const off of offs) {
      off();
    }
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
    const actor = await authenticateTokenHash(ctx, data.tokenHash);
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
