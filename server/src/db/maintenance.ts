import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';
import { queryRows } from './rows.js';

/**
 * PGlite has no autovacuum, so an embedded install would keep the statistics and the visibility
 * map of the day it was created: searches could not tell common words from rare ones, and lists
 * would read the table where they read indexes only. Parley does autovacuum's job, by its rules:
 * PostgreSQL's defaults, or a table's own `autovacuum_*` settings (migration 0005 sets them for
 * the ticket tables), read from the database so that there is one place to change them.
 *
 * PGlite has one session, so other calls wait while it works: on 106,000 tickets, the vacuum
 * after 2,100 changed ones took 1.6 s. Its activity counters start again at each start of the
 * process, so work is due after that many changes within one run.
 */

/** PostgreSQL's autovacuum defaults (`autovacuum_*_threshold` and `*_scale_factor`). */
const defaults = {
  autovacuum_vacuum_threshold: 50,
  autovacuum_vacuum_scale_factor: 0.2,
  autovacuum_vacuum_insert_threshold: 1000,
  autovacuum_vacuum_insert_scale_factor: 0.2,
  autovacuum_analyze_threshold: 50,
  autovacuum_analyze_scale_factor: 0.1,
};
type Settings = typeof defaults;

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
  /** The table's storage options (`pg_class.reloptions`), e.g. `autovacuum_vacuum_scale_factor=0.01`. */
  options: string[] | null;
}

function settingsOf(options: string[] | null): Settings {
  const settings = { ...defaults };
  for (const option of options ?? []) {
    const [name, value] = option.split('=');
    if (name && name in settings && Number.isFinite(Number(value))) {
      settings[name as keyof Settings] = Number(value);
    }
  }
  return settings;
}

/** What a table needs now, by autovacuum's rules: `vacuum` (which analyzes too), `analyze`, or nothing. */
export function workFor(a: TableActivity): 'vacuum' | 'analyze' | null {
  const s = settingsOf(a.options);
  if (
    a.dead > s.autovacuum_vacuum_threshold + s.autovacuum_vacuum_scale_factor * a.live ||
    a.insertedSinceVacuum > s.autovacuum_vacuum_insert_threshold + s.autovacuum_vacuum_insert_scale_factor * a.live
  ) {
    return 'vacuum';
  }
  if (a.changedSinceAnalyze > s.autovacuum_analyze_threshold + s.autovacuum_analyze_scale_factor * a.live) {
    return 'analyze';
  }
  return null;
}

/** One round: reads every table's activity and vacuums or analyzes those past their thresholds. */
export async function maintain(db: Db): Promise<Array<{ table: string; did: 'vacuum' | 'analyze' }>> {
  const rows = await queryRows<{
    table: string;
    live: number;
    dead: number;
    ins: number;
    mod: number;
    options: string[] | null;
  }>(
    db,
    sql`SELECT s.relname AS table, s.n_live_tup::float8 AS live, s.n_dead_tup::float8 AS dead,
        s.n_ins_since_vacuum::float8 AS ins, s.n_mod_since_analyze::float8 AS mod, c.reloptions AS options
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'`,
  );
  const done: Array<{ table: string; did: 'vacuum' | 'analyze' }> = [];
  for (const r of rows) {
    const did = workFor({
      table: r.table,
      live: r.live,
      dead: r.dead,
      insertedSinceVacuum: r.ins,
      changedSinceAnalyze: r.mod,
      options: r.options,
    });
    if (did) {
      // A name the database gave, quoted as an identifier.
      const table = `"${r.table.replaceAll('"', '""')}"`;
      await db.execute(sql.raw(did === 'vacuum' ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`));
      done.push({ table: r.table, did });
    }
  }
  return done;
}

/**
 * Runs `maintain` every few minutes on PGlite (PostgreSQL has its own autovacuum). Failures are
 * logged and tried again next round. Answers a function that stops it.
 */
export function scheduleMaintenance(
  database: Database,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  everyMs = 5 * 60_000,
): () => void {
  if (database.kind !== 'pglite') {
    return () => undefined;
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) {
      return;
    }
    running = true;
    maintain(database.db)
      .then((done) => {
        if (done.length) {
          log.info({ done }, 'database maintenance');
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'database maintenance failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
