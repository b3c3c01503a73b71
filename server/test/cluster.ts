import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TOp, TOpInput, TOpOutput } from '@parley/contracts';
import pg from 'pg';
import { freePort } from './ports.js';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const serverDir = path.resolve(import.meta.dirname, '..');

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh PostgreSQL database for a cluster of server processes; `drop` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_cluster_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  /** SIGKILL: no shutdown, no goodbye to Redis or the database. */
  kill9(): void;
  stop(): Promise<void>;
}

/**
 * How a child process runs the server: the compiled `dist/main.js`, as production runs it, when
 * `npm test` has just built it (scripts/test.mjs sets PARLEY_TEST_SERVER_BUILT after
 * `buildServer()`); else `src/main.ts` through tsx, so that `npx vitest run` alone never runs a
 * stale build. tsx compiles the whole server on every start: about twice the CPU of a start from
 * dist, five starts per run.
 */
const mainArgs = process.env.PARLEY_TEST_SERVER_BUILT ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];

/** `npm start`'s server in a child process, as production runs it. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-node-'));
  const output: string[] = [];
  const child = spawn(process.execPath, mainArgs, {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tests play clients at many addresses through X-Forwarded-For, from this host.
      TRUSTED_PROXIES: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited ${child.exitCode}: ${output.join('')}`);
    }
    try {
      const res = await fetch(`${url}/api/home/languages`);
      if (res.ok) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    output,
    kill9: () => child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON call against a running server: the envelope. */
/** A JSON call against a running server: the envelope. */
export async function api<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  pathname: string,
  options: { token?: string; body?: unknown; query?: Record<string, string>; ip?: string } = {},
): Promise<{ code: string; msg: string; data: T }> {
  const url = new URL(pathname, base);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    url.searchParams.set(k, v);
  }
  const res = await fetch(url, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return (await res.json()) as { code: string; msg: string; data: T };
}

/**
 * An operation of contracts against a running server (`callOp` over HTTP): the method and path
 * come from the operation, its input is typed, and a success is checked against its output schema.
 */
export async function callOpAt<T extends TOp>(
  base: string,
  op: T,
  input: TOpInput<T>,
  options: { token?: string; ip?: string } = {},
): Promise<{ code: string; msg: string; data: TOpOutput<T> }> {
  const url = new URL(op.path, base);
  if (op.method === 'GET') {
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
      if (v !== undefined && v !== null) {
        url.searchParams.set(k, String(v));
      }
    }
  }
  const res = await fetch(url, {
    method: op.method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(op.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    ...(op.method === 'POST' ? { body: JSON.stringify(input) } : {}),
  });
  const json = (await res.json()) as { code: string; msg: string; data: unknown };
  if (json.code === '0000') {
    const checked = op.output.safeParse(json.data);
    if (!checked.success) {
      throw new Error(`${op.method} ${op.path} answered outside its contract: ${checked.error.message}`);
    }
    return { ...json, data: checked.data as TOpOutput<T> };
  }
  return json as { code: string; msg: string; data: TOpOutput<T> };
}

export const clusterPrefix = () => `parley-cluster-${randomUUID().slice(0, 8)}`;
