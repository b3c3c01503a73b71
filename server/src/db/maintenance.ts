import { sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';
import { queryRows } from './rows.js';

/**
 * PGlite has no autovacuum, so an embedded install would keep the statistics and the visibility
 * map of the day it was created: searches could not tell common words from rare ones, and lists
 * would read the table where they read indexes only. Parley does autovacuum's job for the tables
 * that grow, with the thresholds that migration 0005 gives PostgreSQL's autovacuum.
 *
 * PGlite has one session, so other calls wait while it works: on 106,000 tickets, the vacuum
 * after 2,100 changed ones took 1.6 s. Its activity counters start again at each start of the
 * process, so work is due after that many changes within one run.
 */
export const maintainedTables: Record<string, { vacuum: number; analyze: number }> = {
  ticket: { vacuum: 0.01, analyze: 0.02 },
  ticket_comment: { vacuum: 0.02, analyze: 0.1 },
  ticket_event: { vacuum: 0.02, analyze: 0.1 },
  account: { vacuum: 0.05, analyze: 0.05 },
};
/** Changes below this many rows never call for work (PostgreSQL's own base threshold). */
const baseRows = 50;

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

/** What a table needs now: `vacuum` (which analyzes too), `analyze`, or nothing. */
export function workFor(a: TableActivity): 'vacuum' | 'analyze' | null {
  const policy = maintainedTables[a.table];
  if (!policy) {
    return null;
  }
  if (a.dead + a.insertedSinceVacuum > baseRows + policy.vacuum * a.live) {
    return 'vacuum';
  }
  if (a.changedSinceAnalyze > baseRows + policy.analyze * a.live) {
    return 'analyze';
  }
  return null;
}

/** One round: reads the tables' activity and vacuums or analyzes those past their thresholds. */
export async function maintain(db: Db): Promise<Array<{ table: string; did: 'vacuum' | 'analyze' }>> {
  const rows = await queryRows<{ table: string; live: number; dead: number; ins: number; mod: number }>(
    db,
    sql`SELECT relname AS table, n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
        n_ins_since_vacuum::float8 AS ins, n_mod_since_analyze::float8 AS mod
      FROM pg_stat_user_tables WHERE relname IN (${sql.join(
        Object.keys(maintainedTables).map((t) => sql`${t}`),
        sql`, `,
      )})`,
  );
  const done: Array<{ table: string; did: 'vacuum' | 'analyze' }> = [];
  for (const r of rows) {
    const did = workFor({
      table: r.table,
      live: r.live,
      dead: r.dead,
      insertedSinceVacuum: r.ins,
      changedSinceAnalyze: r.mod,
    });
    if (did) {
      // The names come from the list above, never from input.
      await db.execute(sql.raw(did === 'vacuum' ? `VACUUM (ANALYZE) ${r.table}` : `ANALYZE ${r.table}`));
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
