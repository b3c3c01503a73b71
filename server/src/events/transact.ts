import type { Db, DbOrTx, Tx } from '../db/client.js';
import type { DomainEvent, EventBus } from './bus.js';

/** A transaction's events wait here until it commits. */
const pending = new WeakMap<object, DomainEvent[]>();

/** More events than any one request can honestly make: a loop bug, not a big write. */
export const maxEventsPerTransaction = 10_000;

/**
 * Runs `fn` in one database transaction and publishes the events it emitted after commit, in
 * order; on rollback (a thrown error) they are dropped. Every write that emits must run here.
 */
export async function transact<T>(ctx: { db: Db; events: EventBus }, fn: (tx: Tx) => Promise<T>): Promise<T> {
  let events: DomainEvent[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    events = [];
    pending.set(tx, events);
    try {
      const value = await fn(tx);
      // beforeCommit subscribers may emit too: run until none is left.
      for (let i = 0; i < events.length; i++) {
        await ctx.events.runBeforeCommit(events[i] as DomainEvent, tx);
      }
      return value;
    } finally {
      pending.delete(tx);
    }
  });
  if (events.length > 0) {
    await ctx.events.publish(events);
  }
  return result;
}

/** Records an event in the running `transact`; it is published only if that transaction commits. */
export function emit(tx: DbOrTx, event: DomainEvent): void {
  const list = pending.get(tx);
  if (!list) {
    throw new Error(`event ${event.type} emitted outside transact(): it would never be published`);
  }
  if (list.length >= maxEventsPerTransaction) {
    throw new Error(`more than ${maxEventsPerTransaction} events in one transaction`);
  }
  list.push(event);
}
