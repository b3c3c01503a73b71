import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { migrate } from './migrate.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it('applies every migration once on a fresh embedded database, and nothing the second time', async () => {
    const database = await openDatabase({});
    const first = await migrate(database);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(database)).toEqual([]);
    const rows = await database.db.execute(sql`SELECT count(*)::int AS n FROM parley_migration`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(first.length);
    await database.close();
  }, 60_000); // A fresh embedded database and every migration: slow on a busy machine.

  // Only the PostgreSQL pass has two connections to race; the PGlite pass has nothing to run here.
  const onPostgres = serverUrl ? it : () => undefined;
  onPostgres('lets two processes start together on PostgreSQL: one migrates, the other waits', async () => {
    const name = `parley_migrate_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const a = await openDatabase({ databaseUrl: url.toString() });
    const b = await openDatabase({ databaseUrl: url.toString() });
    const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
    // Exactly one of them applied the migrations; both finish without error.
    expect([ra.length, rb.length].sort()).toEqual([0, Math.max(ra.length, rb.length)]);
    expect(Math.max(ra.length, rb.length)).toBeGreaterThan(0);
    await a.close();
    await b.close();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  });
});
