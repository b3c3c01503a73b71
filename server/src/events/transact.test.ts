import { homeOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTicket } from '../../test/factories.js';
import { api, db, setUpApp, t } from '../../test/kit.js';
import { queryRows } from '../db/rows.js';
import { type DomainEvent, EventBus } from './bus.js';
import { emit, maxEventsPerTransaction, transact } from './transact.js';

setUpApp({ ticketDefaults: true });

const heard: DomainEvent[] = [];
const stops: (() => void)[] = [];
function listen(bus: EventBus) {
  for (const type of ['ticket.created', 'ticket.commented', 'ticket.changed'] as const) {
    stops.push(bus.on(type, (e) => void heard.push(e)));
  }
}
afterEach(() => {
  for (const stop of stops.splice(0)) {
    stop();
  }
  heard.length = 0;
});

const count = async (ticketId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM ticket_comment WHERE ticket_id = ${ticketId}`,
      )
    )[0]?.n,
  );
const column = async (name: 'subject' | 'tags', ticketId: number) =>
  (
    await queryRows<Record<string, unknown>>(
      db(),
      sql`SELECT ${sql.raw(name)} AS v FROM ticket WHERE ticket_id = ${ticketId}`,
    )
  )[0]?.v;

describe('events after commit', () => {
  it('a reply publishes commented and changed once the transaction has committed', async () => {
    const { ticketId } = await buildTicket(db());
    let seenRows = -1;
    stops.push(
      t.app.parley.events.on('ticket.commented', async (e) => {
        // A subscriber reads the committed state: the comment is there.
        seenRows = await count(e.ticketId);
      }),
    );
    listen(t.app.parley.events);
    const reply = await api(ticketOps.edit, {
      ticket_id: ticketId,
      comment: { body: '<p>On its way</p>', is_public: true },
    });
    expect(reply.code).toBe('0000');
    expect(heard.map((e) => e.type)).toEqual(['ticket.commented', 'ticket.changed']);
    expect(heard[0]).toMatchObject({ ticketId, isPublic: true });
    expect(seenRows).toBe(2);
  });

  it('the public form publishes ticket.created with its source and first comment', async () => {
    listen(t.app.parley.events);
    const res = await api(
      homeOps.ticketAdd,
      { subject: 'Printer on fire', email: 'someone@example.org', real_name: 'Some One', description: 'Help' },
      null,
    );
    expect(res.code).toBe('0000');
    const created = heard.find((e) => e.type === 'ticket.created');
    expect(created).toMatchObject({ source: 'form' });
  });

  it('a refused change publishes nothing', async () => {
    const { ticketId } = await buildTicket(db());
    listen(t.app.parley.events);
    const refused = await api(ticketOps.edit, { ticket_id: ticketId, assignee_id: 987654 });
    expect(refused.code).not.toBe('0000');
    expect(heard).toEqual([]);
  });

  it('a rollback drops the events and the write', async () => {
    const bus = new EventBus();
    listen(bus);
    const { ticketId } = await buildTicket(db());
    await expect(
      transact({ db: db(), events: bus }, async (tx) => {
        await tx.execute(sql`UPDATE ticket SET subject = 'rolled back' WHERE ticket_id = ${ticketId}`);
        emit(tx, { type: 'ticket.changed', ticketId, actorId: null, fields: ['subject'] });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(heard).toEqual([]);
    expect(await column('subject', ticketId)).not.toBe('rolled back');
  });

  it('a failing subscriber is logged and neither undoes the write nor stops the next one', async () => {
    const bus = new EventBus();
    stops.push(
      bus.on('ticket.changed', () => {
        throw new Error('subscriber down');
      }),
    );
    listen(bus);
    const value = await transact({ db: db(), events: bus }, async (tx) => {
      emit(tx, { type: 'ticket.changed', ticketId: 1, actorId: null, fields: ['x'] });
      return 42;
    });
    expect(value).toBe(42);
    expect(heard).toHaveLength(1);
  });

  it('beforeCommit subscribers write in the same transaction and roll back with it', async () => {
    const bus = new EventBus();
    const { ticketId } = await buildTicket(db());
    stops.push(
      bus.beforeCommit('ticket.changed', async (e, tx) => {
        await tx.execute(sql`UPDATE ticket SET tags = ARRAY['outbox'] WHERE ticket_id = ${e.ticketId}`);
      }),
    );
    await transact({ db: db(), events: bus }, async (tx) => {
      emit(tx, { type: 'ticket.changed', ticketId, actorId: null, fields: ['tags'] });
    });
    expect(await column('tags', ticketId)).toEqual(['outbox']);
    const other = await buildTicket(db());
    await expect(
      transact({ db: db(), events: bus }, async (tx) => {
        emit(tx, { type: 'ticket.changed', ticketId: other.ticketId, actorId: null, fields: ['tags'] });
        throw new Error('refused later');
      }),
    ).rejects.toThrow('refused later');
    // The error came before the commit step: the subscriber never ran, nothing was written.
    expect(await column('tags', other.ticketId)).toEqual([]);
  });

  it('emitting outside transact, or without end, is refused', async () => {
    await db().transaction(async (tx) => {
      expect(() => emit(tx, { type: 'ticket.changed', ticketId: 1, actorId: null, fields: [] })).toThrow(
        /outside transact/,
      );
    });
    await expect(
      transact({ db: db(), events: new EventBus() }, async (tx) => {
        for (let i = 0; i <= maxEventsPerTransaction; i++) {
          emit(tx, { type: 'ticket.changed', ticketId: 1, actorId: null, fields: [] });
        }
      }),
    ).rejects.toThrow(/more than/);
  });
});
