import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { maintain, workFor } from './maintenance.js';
import { migrate } from './migrate.js';
import { queryRows } from './rows.js';

describe('embedded database maintenance (PGlite has no autovacuum)', () => {
  it('asks for a vacuum after 1 % new or dead tickets, an analyze after 2 % changed, else nothing', () => {
    const quiet = { table: 'ticket', live: 100_000, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 };
    expect(workFor(quiet)).toBeNull();
    expect(workFor({ ...quiet, insertedSinceVacuum: 1_000 })).toBeNull();
    expect(workFor({ ...quiet, insertedSinceVacuum: 1_100 })).toBe('vacuum');
    expect(workFor({ ...quiet, dead: 600, insertedSinceVacuum: 500 })).toBe('vacuum');
    expect(workFor({ ...quiet, changedSinceAnalyze: 2_100 })).toBe('analyze');
    expect(workFor({ ...quiet, table: 'shortcut', insertedSinceVacuum: 99_999 })).toBeNull();
  });

  it('vacuums the ticket table once enough tickets arrived, so the statistics know them', async () => {
    const database = await openDatabase({});
    try {
      await migrate(database);
      const db = database.db;
      await db.execute(sql`INSERT INTO account (email, real_name, user_type, create_ts, update_ts)
        VALUES ('maint@example.com', 'M', 'end_user', 1, 1)`);
      await db.execute(sql`INSERT INTO ticket (subject, ticket_state, source, requester_id, search_vector, create_ts, update_ts)
        SELECT 'printer ' || g, 'new', 'web', (SELECT account_id FROM account WHERE email = 'maint@example.com'),
          array_to_tsvector('{printer}'::text[]), g, g
        FROM generate_series(1, 400) g`);
      const planned = async () =>
        (
          await queryRows<{ n: number }>(db, sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'ticket'`)
        )[0]?.n;
      expect(await planned()).toBeLessThan(400);
      // The activity counters reach the statistics views a second or so after the writes.
      let done: Awaited<ReturnType<typeof maintain>> = [];
      for (let i = 0; i < 40 && !done.some((d) => d.table === 'ticket'); i++) {
        await new Promise((r) => setTimeout(r, 250));
        done = await maintain(db);
      }
      expect(done).toContainEqual({ table: 'ticket', did: 'vacuum' });
      expect(await planned()).toBe(400);
      // Nothing more to do until the next batch of changes.
      await new Promise((r) => setTimeout(r, 1_200));
      expect((await maintain(db)).map((d) => d.table)).not.toContain('ticket');
    } finally {
      await database.close();
    }
  });
});
