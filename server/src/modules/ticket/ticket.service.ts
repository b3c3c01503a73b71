import type { TTicket } from '@parley/contracts';
import type { ActorContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { grantedNodeKeys } from '../auth/access-hook.js';
import type { Actor } from '../auth/actor.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { maySeeTicket, ticketAbilities, viewerOf } from './ticket.policy.js';
import { presentTicket } from './ticket.presenter.js';
import { findAccount, findTicket, findTickets, membersOf, type TicketRow } from './ticket.repo.js';

/** The services of tickets act for a signed-in caller. */
export type Ctx = ActorContext;

/** Loads a ticket the caller may see; any other id answers 0404, so ids cannot be probed. */
export async function visibleTicket(db: DbOrTx, actor: Actor, ticketId: number, lock = false): Promise<TicketRow> {
  const row = await findTicket(db, ticketId, lock);
  if (!row || !maySeeTicket(viewerOf(actor), row)) {
    throw notFound();
  }
  return row;
}

export async function ticketGet(ctx: Ctx, ticketId: number): Promise<TTicket> {
  return presentLoaded(ctx, ctx.db, await visibleTicket(ctx.db, ctx.actor, ticketId));
}

/** The ticket as the caller sees it, with what they may do with it; `db` may be the writer's transaction. */
export async function presentLoaded(ctx: Ctx, db: DbOrTx, row: TicketRow): Promise<TTicket> {
  const [requester, members, granted, settings] = await Promise.all([
    findAccount(db, row.requesterId),
    membersOf(db, row.ticketId),
    // Inside the writer's transaction on the embedded database, every read must use it.
    grantedNodeKeys({ db, authCache: ctx.authCache }, ctx.actor.account.accountId),
    getTicketSettings(db),
  ]);
  if (!requester) {
    throw notFound();
  }
  const abilities = ticketAbilities(ctx.actor, granted, settings.allow_reassign, {
    assigneeId: row.assigneeId,
    deletedTs: row.deletedTs,
    ticketState: row.ticketState,
    requesterType: requester.userType,
  });
  return presentTicket(row, requester, members, abilities);
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
