import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Bigint counts come back as text by default; every count here fits a JS number.
    pool.on('error', () => undefined);
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
    };
  }
  let release = () => undefined as void;
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    release = takeDirLock(options.pgliteDir);
  }
  const client = await PGlite.create({
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
  };
}

/**
 * PGlite is one process's database: a second server on the same DATA_DIR would corrupt it.
 * A lock file with the owner's pid refuses the second start with a clear message.
 */
function takeDirLock(dir: string): () => void {
  const file = path.join(dir, 'parley.lock');
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(fs.readFileSync(file, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The embedded database in ${dir} is in use by process ${owner}; stop it or set another DATA_DIR.`);
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
