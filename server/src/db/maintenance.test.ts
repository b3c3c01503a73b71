import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { maintain, workFor } from './maintenance.js';
import { migrate } from './migrate.js';
import { queryRows } from './rows.js';

describe('embedded database maintenance (PGlite has no autovacuum)', () => {
  it("follows autovacuum's rules: a table's own settings, else PostgreSQL's defaults", () => {
    const ticketOptions = [
      'autovacuum_vacuum_scale_factor=0.01',
      'autovacuum_vacuum_insert_scale_factor=0.01',
      'autovacuum_analyze_scale_factor=0.02',
    ];
    const quiet = {
      table: 'ticket',
      live: 100_000,
      dead: 0,
      insertedSinceVacuum: 0,
      changedSinceAnalyze: 0,
      options: ticketOptions,
    };
    expect(workFor(quiet)).toBeNull();
    expect(workFor({ ...quiet, insertedSinceVacuum: 1_900 })).toBeNull();
    expect(workFor({ ...quiet, insertedSinceVacuum: 2_100 })).toBe('vacuum');
    expect(workFor({ ...quiet, dead: 1_100 })).toBe('vacuum');
    expect(workFor({ ...quiet, changedSinceAnalyze: 2_100 })).toBe('analyze');
    // Without settings of its own: a fifth of the table, a tenth to analyze.
    const plain = { ...quiet, table: 'shortcut', options: null };
    expect(workFor({ ...plain, insertedSinceVacuum: 20_000 })).toBeNull();
    expect(workFor({ ...plain, insertedSinceVacuum: 21_100 })).toBe('vacuum');
    expect(workFor({ ...plain, changedSinceAnalyze: 9_000 })).toBeNull();
    expect(workFor({ ...plain, changedSinceAnalyze: 10_100 })).toBe('analyze');
  });

  it('vacuums the ticket table once enough tickets arrived, so the statistics know them', async () => {
    const database = await openDatabase({});
    try {
      await migrate(database);
      const db = database.db;
      await db.execute(sql`INSERT INTO account (email, real_name, user_type, create_ts, update_ts)
        VALUES ('maint@example.com', 'M', 'end_user', 1, 1)`);
      await db.execute(sql`INSERT INTO ticket (subject, ticket_state, source, requester_id, create_ts, update_ts)
        SELECT 'printer ' || g, 'new', 'web', (SELECT account_id FROM account WHERE email = 'maint@example.com'), g, g
        FROM generate_series(1, 1100) g`);
      await db.execute(sql`INSERT INTO ticket_search (ticket_id, search_vector)
        SELECT ticket_id, array_to_tsvector('{printer}'::text[]) FROM ticket`);
      const planned = async () =>
        (
          await queryRows<{ n: number }>(db, sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'ticket'`)
        )[0]?.n;
      expect(await planned()).toBeLessThan(1100);
      // The activity counters reach the statistics views a second or so after the writes.
      let done: Awaited<ReturnType<typeof maintain>> = [];
      for (let i = 0; i < 40 && !done.some((d) => d.table === 'ticket'); i++) {
        await new Promise((r) => setTimeout(r, 250));
        done = await maintain(db);
      }
      expect(done).toContainEqual({ table: 'ticket', did: 'vacuum' });
      expect(await planned()).toBe(1100);
      // Nothing more to do until the next batch of changes.
      await new Promise((r) => setTimeout(r, 1_200));
      expect((await maintain(db)).map((d) => d.table)).not.toContain('ticket');
    } finally {
      await database.close();
    }
  }, 60_000); // A fresh embedded database and every migration: slow on a busy machine.
});
