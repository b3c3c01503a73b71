import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';
import { testAdmin } from './constants.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** This app's DATA_DIR (uploads), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Opens this run's migrated database (a PGlite copy, or the run's PostgreSQL database). With
 * `own`, on PostgreSQL a database of this file's alone, migrated and dropped on close: for tests
 * that prove nothing was written, which other files writing at the same time would disturb.
 */
export async function openTestDatabase(options: { own?: boolean } = {}): Promise<Database> {
  const url = inject('databaseUrl');
  if (url && options.own) {
    const name = `parley_own_${process.pid}_${Date.now()}`;
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    await server.end();
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: own.toString(), poolSize: 4 });
    await migrate(database);
    await bootstrap(database.db, testAdmin);
    return {
      ...database,
      close: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  if (url) {
    return openDatabase({ databaseUrl: url, poolSize: 4 });
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  return openDatabase({ pgliteLoad: new Blob([dump]) });
}

export async function buildTestApp(options: { webDist?: string; ownDatabase?: boolean } = {}): Promise<TestApp> {
  const database = await openTestDatabase({ own: options.ownDatabase ?? false });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-data-'));
  const app = await buildApp({
    database,
    webDist: options.webDist ?? '/nonexistent-web-dist',
    dataDir,
    ...(process.env.TEST_LOG_LEVEL ? { logLevel: process.env.TEST_LOG_LEVEL } : {}),
    jobPrefix: `t${process.pid}_${Math.random().toString(36).slice(2, 8)}_`,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallResult<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** Calls the API as a client would and reads the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    lang?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<CallResult<T>> {
  const request: InjectOptions = {
    method,
    url,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.lang ? { language: options.lang } : {}),
      ...options.headers,
    },
    ...(options.query ? { query: options.query } : {}),
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  };
  const res = await app.inject(request);
  const json = res.json() as { code: string; msg: string; data: T };
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  stayLogin = false,
): Promise<string> {
  const res = await call<{ token: string }>(app, 'POST', '/api/admin/auth.login', {
    body: { email, password, stay_login: stayLogin },
  });
  if (res.code !== '0000') {
    throw new Error(`sign-in of ${email} failed: ${res.code} ${res.msg}`);
  }
  return res.data.token;
}

export const signInAdmin = (app: FastifyInstance) => signIn(app, testAdmin.email, testAdmin.password);
