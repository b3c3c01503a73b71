import type { TTicket } from '@parley/contracts';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/app-error.js';
import { maySeeTicket, viewerOf } from './ticket.policy.js';
import { presentTicket } from './ticket.presenter.js';
import { findAccount, findTicket, findTickets, membersOf, type TicketRow } from './ticket.repo.js';

export type Ctx = AppContext & { actor: Actor };

/** Loads a ticket the caller may see; any other id answers 0404, so ids cannot be probed. */
export async function visibleTicket(db: DbOrTx, actor: Actor, ticketId: number, lock = false): Promise<TicketRow> {
  const row = await findTicket(db, ticketId, lock);
  if (!row || !maySeeTicket(viewerOf(actor), row)) {
    throw notFound();
  }
  return row;
}

export async function ticketGet(db: DbOrTx, actor: Actor, ticketId: number): Promise<TTicket> {
  return presentLoaded(db, await visibleTicket(db, actor, ticketId));
}

export async function presentLoaded(db: DbOrTx, row: TicketRow): Promise<TTicket> {
  const [requester, members] = await Promise.all([findAccount(db, row.requesterId), membersOf(db, row.ticketId)]);
  if (!requester) {
    throw notFound();
  }
  return presentTicket(row, requester, members);
}

/** Locks the tickets and checks the caller may see every one of them (else 0404). */
export async function lockVisible(tx: Tx, actor: Actor, ids: number[]): Promise<TicketRow[]> {
  const unique = [...new Set(ids)];
  const rows = await findTickets(tx, unique, true);
  const viewer = viewerOf(actor);
  if (rows.length !== unique.length || rows.some((r) => !maySeeTicket(viewer, r))) {
    throw notFound();
  }
  return rows;
}
