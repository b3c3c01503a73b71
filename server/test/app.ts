import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authOps, type TOp, type TOpInput, type TOpOutput } from '@parley/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { pgCode } from '../src/db/errors.js';
import { testAdmin } from './constants.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** This app's DATA_DIR (uploads), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Opens a migrated database of its own: a copy of the run's PGlite dump, or on PostgreSQL a clone
 * of the run's database (`CREATE DATABASE … TEMPLATE`, a file copy), dropped on close. Test files
 * run in parallel, and some change settings every ticket call reads: each file has its own data.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = inject('databaseUrl');
  if (url) {
    const template = new URL(url);
    const name = `${template.pathname.slice(1)}_f${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await onServer(url, `CREATE DATABASE ${name} TEMPLATE ${template.pathname.slice(1)}`);
    // A test's commits need not wait for the disk: nothing here outlives a crash of the server.
    await onServer(url, `ALTER DATABASE ${name} SET synchronous_commit = off`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: own.toString(), poolSize: 4 });
    const close = database.close.bind(database);
    database.close = async () => {
      await close();
      await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
    return database;
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  return openDatabase({ pgliteLoad: new Blob([dump]) });
}

/** Runs a statement on the server of `url` (through its `postgres` database), retrying while the template is busy. */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      await client.query(statement);
      return;
    } catch (error) {
      // 55006: the template is being accessed (another file cloning it at the same moment).
      if (attempt >= 20 || pgCode(error) !== '55006') {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * The test app. Requests come from 127.0.0.1 (inject), and tests pick a client's address with
 * X-Forwarded-For, so loopback is a trusted proxy here unless `deps` says otherwise.
 */
export async function buildTestApp(options: { webDist?: string; deps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-data-'));
  const app = await buildApp({
    database,
    webDist: options.webDist ?? '/nonexistent-web-dist',
    dataDir,
    ...(process.env.TEST_LOG_LEVEL ? { logLevel: process.env.TEST_LOG_LEVEL } : {}),
    jobPrefix: `t${process.pid}_${Math.random().toString(36).slice(2, 8)}_`,
    trustedProxies: ['loopback'],
    ...options.deps,
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

/** What a test reads of an operation's answer: `data` as the contract types it, `fields` of a refusal. */
export interface OpResult<T extends TOp> extends CallResult<TOpOutput<T>> {
  /** Field name to message of a validation failure (empty otherwise). */
  fields: Record<string, string>;
}

/** A GET's input as a query string's values: arrays repeat the key, absent values are left out. */
function queryOf(input: unknown): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) {
      continue;
    }
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

/**
 * Makes one operation of contracts as the web does (`call(op, input)`): the method and path come
 * from the operation, the input is typed by its input schema, and a success is checked against
 * its output schema, so a test fails when the server answers something the contract does not say.
 */
export async function callOp<T extends TOp>(
  app: FastifyInstance,
  op: T,
  input: TOpInput<T>,
  options: { token?: string | undefined; lang?: string; headers?: Record<string, string> } = {},
): Promise<OpResult<T>> {
  const request: InjectOptions = {
    method: op.method,
    url: op.path,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.lang ? { language: options.lang } : {}),
      ...options.headers,
    },
    ...(op.method === 'GET' ? { query: queryOf(input) } : { payload: input as InjectOptions['payload'] }),
  };
  const res = await app.inject(request);
  const json = res.json() as { code: string; msg: string; data: unknown };
  let data = json.data;
  if (json.code === '0000') {
    const checked = op.output.safeParse(json.data);
    if (!checked.success) {
      throw new Error(`${op.method} ${op.path} answered outside its contract: ${checked.error.message}`);
    }
    data = checked.data;
  }
  const fields = ((json.code !== '0000' && (json.data as { fields?: Record<string, string> } | null)?.fields) ||
    {}) as Record<string, string>;
  return {
    status: res.statusCode,
    code: json.code,
    msg: json.msg,
    data: data as TOpOutput<T>,
    fields,
    headers: res.headers,
  };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  stayLogin = false,
): Promise<string> {
  const res = await callOp(app, authOps.login, { email, password, stay_login: stayLogin });
  if (res.code !== '0000') {
    throw new Error(`sign-in of ${email} failed: ${res.code} ${res.msg}`);
  }
  return res.data.token;
}

export const signInAdmin = (app: FastifyInstance) => signIn(app, testAdmin.email, testAdmin.password);
