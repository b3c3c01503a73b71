import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { primeNextTick } from './prime.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one connection (migrations need their lock and transaction on one session). */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Receives `NOTIFY` payloads of a channel, from this process and every other one on the same
   * database. `onGap` runs when notifications may have been missed (a dropped connection).
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>>;
  /** PGlite only: a tarball of the whole database (tests migrate once and load copies). */
  dump?: () => Promise<Blob>;
}

/** Runs SQL text (several statements allowed when no params) and returns the last result's rows. */
export type RawQuery = (sqlText: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `undefined` keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** A PGlite data dump to start from (tests load one migrated copy per file). */
  pgliteLoad?: Blob | File | undefined;
  poolSize?: number;
  /** Where an idle PostgreSQL connection's error goes (a restarted server, a dropped network); the pool replaces the connection. */
  onPoolError?: (error: Error) => void;
}

/**
 * Statements this process sent to PostgreSQL through the pool (each a round trip): tests and
 * benchmarks read it to keep the cost of a call from growing unseen. `watch` sees each one's text.
 */
export const sent: { count: number; last: string; watch: ((text: string) => void) | null } = {
  count: 0,
  last: '',
  watch: null,
};

/**
 * Put first in a statement's text (`sql.raw(preparedMark)`), it makes PostgreSQL keep the
 * statement prepared on each pooled connection: parsed once, and planned once its plan no longer
 * depends on the values (PostgreSQL's plan cache: a generic plan after five runs when it costs no
 * more). For a large statement of fixed text run on every write: the report deltas' statement
 * took 3-20 ms to parse and 9-44 ms to plan at each run, for a few milliseconds of work on one
 * ticket (decision 0009). Only for statements whose text does not vary with the values (each
 * distinct text stays prepared on the connection for its lifetime); PGlite ignores it (a comment).
 */
export const preparedMark = '/* prepared */';
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (!name) {
    name = `parley_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * A transaction holds one connection, and code given a transaction may still start two queries at
 * once (a `Promise.all` over reads that also run on the pool). pg queues them itself today but
 * deprecates it (an error from pg 9): each connection's promise queries wait for the one before.
 * Callback and cursor-style queries (pg-boss, LISTEN) pass through untouched.
 */
function queueQueriesInOrder(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') {
      return query(...args);
    }
    sent.count++;
    sent.last = typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? '');
    sent.watch?.(sent.last);
    if (typeof first === 'object' && first !== null && sent.last.startsWith(preparedMark)) {
      args[0] = { ...first, name: preparedName(sent.last) };
    }
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection that fails (the server restarted, the network dropped) is replaced by
    // the pool; the error is logged rather than crashing the process as an unhandled 'error'.
    pool.on('error', (error) => options.onPoolError?.(error));
    pool.on('connect', queueQueriesInOrder);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn(async (text) => {
            const result = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
            const last = Array.isArray(result) ? result[result.length - 1] : result;
            return (last?.rows ?? []) as Record<string, unknown>[];
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
      listen: (channel, onPayload, onGap) => listenPg(options.databaseUrl as string, channel, onPayload, onGap),
    };
  }
  let release: () => void = () => undefined;
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    release = takeDirLock(options.pgliteDir);
  }
  await primeNextTick();
  const client = await PGlite.create({
    // Keyword search uses trigram indexes (the pg_trgm migration); PGlite loads the extension here.
    extensions: { pg_trgm },
    ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    ...(options.pgliteLoad ? { loadDataDir: options.pgliteLoad } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withConnection: (fn) =>
      fn(async (text) => {
        const results = await client.exec(text);
        return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
      }),
    close: async () => {
      await client.close();
      release();
    },
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop();
      };
    },
  };
}

/** A dedicated connection for LISTEN that reconnects, reporting a gap each time it had to. */
async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) {
        onPayload(msg.payload ?? '');
      }
    });
    c.on('error', () => {
      c.end().catch(() => undefined);
      if (!stopped) {
        onGap();
        setTimeout(() => void connect().catch(() => onGap()), 1000).unref();
      }
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/**
 * PGlite is one process's database: a second server on the same DATA_DIR would corrupt it.
 * A lock file with the owner's pid refuses the second start with a clear message. It lies beside
 * the data folder, not in it: a first start loads the folder from a dump (db/template.ts), which
 * would otherwise bring a stale lock of the process that made the dump over this one's.
 */
function takeDirLock(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${owner}; stop it or set another DATA_DIR.`,
      );
    }
    fs.writeFileSync(file, String(process.pid));
  }
  return () => fs.rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
