/**
 * `npm run bench:tickets -w server`: the ticket list, deep pages, search and ticket creation at
 * scale, through the HTTP API against the same SQL run directly, in one run.
 *
 *   PostgreSQL (default): DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench,
 *     seeded first with `npm run seed -w server -- --tickets 1000000 --comments 5000000`.
 *   PGlite: `-- --data-dir DIR` (seeded with `npm run seed -w server -- --tickets 100000 --data-dir DIR`).
 *
 * The API runs as its own process (`src/main.ts`, as `npm start` runs it), driven over loopback
 * by autocannon or a tight loop; "direct" runs the statements the API runs, with `pg` (or the
 * embedded PGlite, which has one session) in a tight loop at the same concurrency; for ticket
 * creation, the statements one ticket.add sent, replayed on one connection. BENCH_SECONDS
 * (default 10) and BENCH_CONNECTIONS (default 8) tune it. The tickets it creates stay; the custom
 * field and views of phase 5 (bench/field-view.ts) are removed at the end.
 * Figures and their reading: docs/decisions/0003-ticket-list-and-search.md, 0008-custom-fields.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TTicketView } from '@parley/contracts';
import { ZTicketAddRequest } from '@parley/contracts';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pino } from 'pino';
import { benchAdmin, defaultBenchUrl, sentencesEn, sentencesZh, subjectsEn, subjectsZh } from '../scripts/seed.js';
import { type Database, type Db, openDatabase } from '../src/db/client.js';
import { account } from '../src/db/schema/index.js';
import { EventBus } from '../src/events/bus.js';
import { JobQueue } from '../src/jobs/queue.js';
import { AuthCache } from '../src/modules/auth/auth-cache.js';
import { findAccountWithLinks } from '../src/modules/auth/session.repo.js';
import { nobodyConnected } from '../src/modules/chat/chat.presence.js';
import { LocalFileStore } from '../src/modules/file/file.store.js';
import { Limits } from '../src/modules/limit/limits.js';
import { ticketAdd } from '../src/modules/ticket/ticket.create.js';
import { cappedCountQuery, pageQuery, type Viewer } from '../src/modules/ticket-search/ticket-list.repo.js';
import { planList } from '../src/modules/ticket-search/ticket-list.service.js';
import {
  type BenchTools,
  keepFields,
  measureApi,
  measureDirect,
  measureDirectTwo,
  setUpFieldView,
  tearDownFieldView,
} from './field-view.js';
import { apiAt } from './http-api.js';
import { searchTerms } from './search-terms.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const port = 18_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const dialect = new PgDialect();

const { values: args } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'fields-only': { type: 'boolean', default: false } },
});
/** `-- --fields-only`: phase 5 alone (the custom-field view), phases 1 to 4 skipped. */
const fieldsOnly = args['fields-only'] === true;
const dataDir = args['data-dir'] ? path.resolve(args['data-dir']) : undefined;
const kind = dataDir ? 'pglite' : 'postgres';

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : Number.NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** Runs `fn` from `concurrency` loops for `duration` seconds; latency percentiles of every call. */
async function tightLoop(fn: () => Promise<unknown>, concurrency: number, duration: number): Promise<Figures> {
  const end = performance.now() + 1000;
  while (performance.now() < end) {
    await fn(); // warm-up
  }
  const times: number[] = [];
  const stop = performance.now() + duration * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < stop) {
        const s = performance.now();
        await fn();
        times.push(performance.now() - s);
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: pct(times, 50), p99: pct(times, 99) };
}

async function cannon(opts: autocannon.Options): Promise<Figures> {
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: seconds });
  if (r.non2xx || r.errors) {
    throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = async () => {
      try {
        if ((await fetch(`${base}/api/home/languages`)).ok) {
          resolve(child);
          return;
        }
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 120_000) {
        reject(new Error('the server did not start'));
        return;
      }
      setTimeout(poll, 300);
    };
    child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    void poll();
  });
}

const api = apiAt(base);

async function timed(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    times.push(performance.now() - s);
  }
  return times.sort((a, b) => a - b);
}

interface DirectRunner {
  label: string;
  /** Runs one SQL statement (with parameters) and returns its rows. */
  query(text: string, params: unknown[]): Promise<unknown[]>;
  /** One ticket.add's worth of work without HTTP: the captured statements replayed on one connection (pg), or the service itself (PGlite). */
  create(): Promise<void>;
  concurrency: number;
  /** A query builder on the same database, to write the API's statements. */
  db: Db;
  close(): Promise<void>;
}

/**
 * The n-th ticket the benchmark creates: text like the seeded tickets' (the same subjects and
 * sentences, English and Chinese), so that the newest tickets hold the common words as often
 * as older ones and later searches are not skewed by thousands of word-less tickets on top.
 */
const creationInput = (requesterId: number, n = 0) => {
  const zh = n % 4 === 3;
  const subjects = zh ? subjectsZh : subjectsEn;
  const sentences = zh ? sentencesZh : sentencesEn;
  const sentence = (k: number) => sentences[(n * 7 + k * 3) % sentences.length];
  return {
    requester_id: requesterId,
    subject: subjects[n % subjects.length] as string,
    comment: { body: `<p>${sentence(0)} ${sentence(1)}</p><p>${sentence(2)}</p>` },
    priority: 'high' as const,
    tags: ['bench'],
  };
};

async function someRequester(db: Db): Promise<number> {
  const rows = await db
    .select({ id: account.accountId })
    .from(account)
    .where(eq(account.userType, 'end_user'))
    .limit(1);
  return rows[0]?.id as number;
}

async function serviceCreate(database: Database, adminId: number, requesterId: number) {
  const me = await findAccountWithLinks(database.db, adminId);
  const ctx = {
    log: pino({ level: 'silent' }),
    db: database.db,
    actor: { account: me as NonNullable<typeof me>, sessionId: 0 },
    authCache: new AuthCache(),
    files: new LocalFileStore(os.tmpdir()),
    events: new EventBus(),
    chatPresence: nobodyConnected,
    jobs: new JobQueue(database.db),
    publicUrl: 'http://localhost:8080',
    limits: new Limits({ db: database.db }),
  };
  const input = ZTicketAddRequest.parse(creationInput(requesterId));
  return () => ticketAdd(ctx, input);
}

/**
 * The statements one `ticket.add` sends (settings read, BEGIN, inserts, COMMIT), recorded from the
 * service itself through the pg driver, to replay on one connection.
 */
async function captureCreation(url: string, adminId: number, requesterId: number): Promise<Statement[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const create = await serviceCreate(database, adminId, requesterId);
  const captured: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const first = a[0] as string | { text: string; values?: unknown[] };
    captured.push(
      typeof first === 'string'
        ? { text: first, params: (a[1] as unknown[]) ?? [] }
        : { text: first.text, params: first.values ?? (Array.isArray(a[1]) ? (a[1] as unknown[]) : []) },
    );
    return (original as (...x: unknown[]) => unknown).apply(this, a);
  } as typeof original;
  try {
    await create();
  } finally {
    pg.Client.prototype.query = original;
  }
  await database.close();
  return captured;
}

interface Statement {
  text: string;
  params: unknown[];
}

async function directRunner(adminIdOf: (q: DirectRunner['query']) => Promise<number>): Promise<DirectRunner> {
  if (dataDir) {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const client = (
      database.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }
    ).$client;
    const query = async (text: string, params: unknown[]) => (await client.query(text, params)).rows;
    const create = await serviceCreate(database, await adminIdOf(query), await someRequester(database.db));
    return {
      label: 'PGlite in-process',
      query,
      create: async () => {
        await create();
      },
      concurrency: 1,
      db: database.db,
      close: () => database.close(),
    };
  }
  const url = process.env.DATABASE_URL ?? defaultBenchUrl;
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const query = async (text: string, params: unknown[]) => (await pool.query(text, params as unknown[])).rows;
  const adminId = await adminIdOf(query);
  const helper = await openDatabase({ databaseUrl: url, poolSize: 1 });
  const requesterId = await someRequester(helper.db);
  const statements = await captureCreation(url, adminId, requesterId);
  return {
    label: 'pg pool',
    query,
    create: async () => {
      const client = await pool.connect();
      try {
        for (const s of statements) {
          await client.query(s.text, s.params as unknown[]);
        }
      } finally {
        client.release();
      }
    },
    concurrency: connections,
    db: helper.db,
    close: async () => {
      await helper.close();
      await pool.end();
    },
  };
}

const toQuery = (q: SQL | { getSQL(): SQL }) => dialect.sqlToQuery('getSQL' in q ? q.getSQL() : q);

const tools: BenchTools = { seconds, connections, base, tightLoop, cannon, timed, api, line, ms, pct };

async function main() {
  console.log(`\nParley ticket benchmark on ${kind} (${seconds} s per throughput figure, ${connections} connections)`);
  const adminIdOf = async (query: DirectRunner['query']) =>
    Number(
      (
        (await query('SELECT account_id FROM account WHERE email = $1', [benchAdmin.email])) as Array<{
          account_id: number;
        }>
      )[0]?.account_id,
    );
  const runner = await directRunner(adminIdOf);
  let runnerOpen = true;
  try {
    await measureAll(runner, adminIdOf, () => {
      runnerOpen = false;
    });
  } finally {
    // Phase 5's field and views go, whatever happened: on the runner while it is open, else on a
    // new connection (PGlite: once the API server has let go of the data directory).
    // Kept on request (BENCH_KEEP_FIELDS=1) for the next run.
    const tearDown = keepFields ? async () => 0 : tearDownFieldView;
    if (runnerOpen) {
      await tearDown(runner.query);
      await runner.close();
    } else {
      await withFreshQuery(tearDown);
    }
  }
}

/** One statement runner on the bench database for a moment (clean-up after the API has stopped). */
async function withFreshQuery(fn: (query: DirectRunner['query']) => Promise<unknown>) {
  if (dataDir) {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const client = (
      database.db as unknown as { $client: { query: (t: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }
    ).$client;
    try {
      await fn(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await database.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? defaultBenchUrl });
  await client.connect();
  try {
    await fn(async (text, params) => (await client.query(text, params as unknown[])).rows);
  } finally {
    await client.end();
  }
}

async function measureAll(
  runner: DirectRunner,
  adminIdOf: (q: DirectRunner['query']) => Promise<number>,
  onRunnerClosed: () => void,
) {
  const countRows = (await runner.query('SELECT count(*)::int AS n FROM ticket', [])) as Array<{ n: number }>;
  const commentRows = (await runner.query('SELECT count(*)::int AS n FROM ticket_comment', [])) as Array<{ n: number }>;
  const tickets = Number(countRows[0]?.n);
  console.log(`  ${tickets} tickets, ${Number(commentRows[0]?.n)} comments`);
  if (!tickets) {
    throw new Error('No tickets: run `npm run seed -w server` first.');
  }
  if (!dataDir) {
    // Every run adds thousands of tickets. A server with autovacuum on keeps the ticket tables'
    // visibility map fresh (migration 0005); on one with it off, vacuum as it would have.
    const setting = (await runner.query('SHOW autovacuum', [])) as Array<{ autovacuum: string }>;
    if (setting[0]?.autovacuum === 'off') {
      await runner.query('VACUUM (ANALYZE) ticket', []);
      console.log('  autovacuum is off on this server: vacuumed the ticket table first, as it would have');
    }
  }
  const adminId = await adminIdOf(runner.query);
  const viewRows = (await runner.query(`SELECT view_id, conditions, sort FROM ticket_view WHERE title = $1`, [
    'All unsolved tickets',
  ])) as Array<{ view_id: number; conditions: unknown; sort: string }>;
  const view = viewRows[0] as { view_id: number; conditions: TTicketView['conditions']; sort: TTicketView['sort'] };
  const viewer: Viewer = { accountId: adminId, userType: 'admin', ticketAccess: 'all', groupIds: [] };

  // --- Direct SQL: the statements the API runs for the view's first page.
  // Filled unless --fields-only, which skips every phase that reads them.
  const direct = {} as { page: Figures; pageAndCount: Figures; create: Figures };
  if (!fieldsOnly) {
    const plan = planList(viewer, { offset: 0, limit: 50 }, { conditions: view.conditions, sort: view.sort });
    const page = toQuery(pageQuery(plan.where, plan.order, 0, 50));
    const count = toQuery(cappedCountQuery(runner.db, plan.where, plan.order));
    direct.page = await tightLoop(() => runner.query(page.sql, page.params), runner.concurrency, seconds);
    direct.pageAndCount = await tightLoop(
      () => Promise.all([runner.query(page.sql, page.params), runner.query(count.sql, count.params)]),
      runner.concurrency,
      seconds,
    );

    // --- Ticket creation, directly: the same transaction without HTTP.
    direct.create = await tightLoop(() => runner.create(), runner.concurrency, seconds);
  }

  // --- Phase 5's field, values and views, then their statements directly.
  const fieldSetup = await setUpFieldView(runner.query);
  // runList in-process for the view with two field conditions: on a pool as large as the loop.
  const listDatabase = dataDir
    ? null
    : await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? defaultBenchUrl, poolSize: connections });
  let fieldDirect: Parameters<typeof measureApi>[3];
  try {
    fieldDirect = {
      common: await measureDirect(tools, runner, viewer, fieldSetup.common),
      rare: await measureDirect(tools, runner, viewer, fieldSetup.rare),
      two: await measureDirectTwo(tools, runner, listDatabase?.db ?? runner.db, viewer, fieldSetup.two),
    };
  } finally {
    await listDatabase?.close();
  }
  await runner.close();
  onRunnerClosed();

  // --- The API.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  const server = await startServer(
    dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: process.env.DATABASE_URL ?? defaultBenchUrl, DATA_DIR: tmp },
  );
  try {
    const { token } = await api<{ token: string }>(null, 'POST', '/api/admin/auth.login', {
      email: benchAdmin.email,
      password: benchAdmin.password,
    });
    if (!fieldsOnly) {
      const headers = { authorization: token };
      const viewUrl = `${base}/api/admin/ticket.list?view_id=${view.view_id}&limit=50`;
      const apiPage = await cannon({ url: viewUrl, connections, headers });
      const first = await api<{ total: number; total_estimated: boolean }>(
        token,
        'GET',
        `/api/admin/ticket.list?view_id=${view.view_id}&limit=50`,
      );

      console.log(
        `\n1. "All unsolved tickets", first page of 50 (${first.total}${first.total_estimated ? ', estimated' : ''} tickets)`,
      );
      line('API (HTTP, autocannon)', `${apiPage.rps.toFixed(0)} req/s, p50 ${ms(apiPage.p50)}, p99 ${ms(apiPage.p99)}`);
      line(
        `direct SQL, page query (${runner.label})`,
        `${direct.page.rps.toFixed(0)} q/s, p50 ${ms(direct.page.p50)}, p99 ${ms(direct.page.p99)}`,
      );
      line(
        'direct SQL, page + capped count',
        `${direct.pageAndCount.rps.toFixed(0)} q/s, p50 ${ms(direct.pageAndCount.p50)}, p99 ${ms(direct.pageAndCount.p99)}`,
      );
      line('API / direct page throughput (goal >= 0.5)', (apiPage.rps / direct.page.rps).toFixed(2));
      line('API / direct page p99 (goal <= 3)', (apiPage.p99 / direct.page.p99).toFixed(2));
      line('API / direct page+count throughput', (apiPage.rps / direct.pageAndCount.rps).toFixed(2));

      // --- Deep pages: every ticket, most recently updated first.
      // Page 10,000 at a million tickets; on a smaller data set the deepest page but a few.
      const deepPage = Math.min(10_000, Math.floor(tickets / 50) - 10);
      const deepOffset = (deepPage - 1) * 50;
      const deepCold = await timed(() => api(token, 'GET', `/api/admin/ticket.list?limit=50&offset=${deepOffset}`), 1);
      // Interleaved, so that both pages are timed under the same conditions (caches, other load).
      const pageOne: number[] = [];
      const deep: number[] = [];
      for (let i = 0; i < 100; i++) {
        pageOne.push(...(await timed(() => api(token, 'GET', '/api/admin/ticket.list?limit=50'), 1)));
        deep.push(...(await timed(() => api(token, 'GET', `/api/admin/ticket.list?limit=50&offset=${deepOffset}`), 1)));
      }
      pageOne.sort((a, b) => a - b);
      deep.sort((a, b) => a - b);
      console.log(`\n2. All tickets, page ${deepPage} (offset ${deepOffset}) against page 1`);
      line('page 1 p50 / p99', `${ms(pct(pageOne, 50))} / ${ms(pct(pageOne, 99))}`);
      line(`page ${deepPage} first call (reads the order once)`, ms(deepCold[0] as number));
      line(`page ${deepPage} p50 / p99`, `${ms(pct(deep, 50))} / ${ms(pct(deep, 99))}`);
      line(`page ${deepPage} / page 1 p50 (goal <= 1.2)`, (pct(deep, 50) / pct(pageOne, 50)).toFixed(2));

      // --- Search.
      const perTerm: Array<[string, number, number]> = [];
      const all: number[] = [];
      for (const term of searchTerms) {
        const url = `/api/admin/ticket.list?limit=50&kw=${encodeURIComponent(term)}`;
        const res = await api<{ total: number }>(token, 'GET', url);
        const times = await timed(() => api(token, 'GET', url), 5);
        all.push(...times);
        perTerm.push([term, res.total, pct(times, 50)]);
      }
      all.sort((a, b) => a - b);
      console.log(`\n3. Keyword search over ${searchTerms.length} terms (5 calls each, through the API)`);
      console.log(`  ${perTerm.map(([term, total, p50]) => `${term} (${total}): ${p50.toFixed(1)}`).join('; ')}`);
      line(
        'p50 / p95 / max (goal p95 <= 100 ms)',
        `${ms(pct(all, 50))} / ${ms(pct(all, 95))} / ${ms(all.at(-1) as number)}`,
      );
      const unique = `fresh${Date.now().toString(36)}`;
      const writeStart = performance.now();
      const made = await api<{ ticket_id: number }>(token, 'POST', '/api/admin/ticket.add', {
        requester_email: `bench-${unique}@example.com`,
        subject: `Searchable ${unique} 新鲜工单`,
        comment: { body: `<p>The word ${unique} must be found</p>` },
      });
      const written = performance.now();
      let foundAfter = Number.NaN;
      for (let i = 0; i < 100; i++) {
        const res = await api<{ list: Array<{ ticket_id: number }> }>(
          token,
          'GET',
          `/api/admin/ticket.list?kw=${unique}`,
        );
        if (res.list.some((r) => r.ticket_id === made.ticket_id)) {
          foundAfter = performance.now() - written;
          break;
        }
      }
      line(
        'write, then found by search after (goal < 1 s)',
        `${ms(foundAfter)} (write took ${ms(written - writeStart)})`,
      );

      // --- Creation.
      let createdThroughApi = 0;
      const requester = (
        await api<{ list: Array<{ requester_id: number }> }>(token, 'GET', '/api/admin/ticket.list?limit=1')
      ).list[0]?.requester_id;
      const apiCreate = await cannon({
        url: `${base}/api/admin/ticket.add`,
        method: 'POST',
        connections,
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify(creationInput(requester as number, createdThroughApi++)),
            }),
          },
        ],
      });
      console.log('\n4. Ticket creation (ticket.add: ticket, comment, events, search words; one transaction)');
      line(
        'API (HTTP, autocannon)',
        `${apiCreate.rps.toFixed(0)} tickets/s, p50 ${ms(apiCreate.p50)}, p99 ${ms(apiCreate.p99)}`,
      );
      line(
        `same transaction replayed directly (${runner.label})`,
        `${direct.create.rps.toFixed(0)} tx/s, p50 ${ms(direct.create.p50)}, p99 ${ms(direct.create.p99)}`,
      );
      line('API tickets/s (goal >= 117)', apiCreate.rps.toFixed(0));
      line('API / direct (goal >= 0.4)', (apiCreate.rps / direct.create.rps).toFixed(2));
    }

    // --- A custom view over a custom field.
    await measureApi(tools, token, fieldSetup, fieldDirect, runner.label);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
