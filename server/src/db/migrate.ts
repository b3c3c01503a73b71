import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.js';
import { lockKeys } from './locks.js';

/** Both `src/db` and `dist/db` sit two levels under the server package. */
export const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/**
 * Applies the committed SQL migrations in order, each once, in one transaction that holds an
 * advisory lock: a second process starting at the same time waits, then finds nothing to do.
 */
export async function migrate(
  database: Database,
  dir = migrationsDir,
  onPending?: (pending: string[]) => void,
): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withConnection(async (query) => {
    const applied: string[] = [];
    await query('BEGIN');
    try {
      await query(`SELECT pg_advisory_xact_lock(${lockKeys.migrate})`);
      await query('CREATE TABLE IF NOT EXISTS parley_migration (name text PRIMARY KEY, applied_ts bigint NOT NULL)');
      const done = new Set((await query('SELECT name FROM parley_migration')).map((r) => String(r.name)));
      const pending = files.filter((f) => !done.has(f));
      if (pending.length) {
        onPending?.(pending);
      }
      for (const file of files) {
        if (done.has(file)) {
          continue;
        }
        const text = fs.readFileSync(path.join(dir, file), 'utf8').replaceAll('--> statement-breakpoint', '');
        await query(text);
        await query(
          `INSERT INTO parley_migration (name, applied_ts) VALUES ('${file.replaceAll("'", "''")}', ${Date.now()})`,
        );
        applied.push(file);
      }
      await query('COMMIT');
    } catch (error) {
      await query('ROLLBACK');
      throw error;
    }
    return applied;
  });
}
