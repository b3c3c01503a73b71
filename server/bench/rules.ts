/**
 * `npm run bench:rules`: business rules at scale on PostgreSQL.
 *
 *   1. `ticket.edit` through the HTTP API: p50/p95 with no trigger, then with 100 active triggers
 *      (a realistic mix: most do not match, a few match and act). Goal: p95 with ≤ 1.5 × without.
 *   2. One hourly automation run over the whole database with 20 active automations (the steady
 *      state: "hours since … is N" selects one hour's worth, plus narrow "greater than" rules),
 *      run in this process as a worker would, while a loop measures the API's p95 (ticket.get)
 *      against the same loop at rest. Goals: run < 60 s, p95 during ≤ 2 × at rest.
 *
 *   DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench_rules.
 *   `-- --tickets N` (re)makes that database and seeds N tickets first (scripts/seed.ts);
 *   without it the database must be seeded already. BENCH_SECONDS (default 10) per phase,
 *   BENCH_WARMUP_SECONDS (default 5) of calls before each ticket.edit phase.
 *   Full size: npm run bench:rules -- --tickets 1000000
 *   The triggers and automations it makes are deleted at the end; the tickets' changes stay.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { benchAdmin } from '../scripts/seed.js';
import { openDatabase } from '../src/db/client.js';
import { EventBus } from '../src/events/bus.js';
import { JobQueue } from '../src/jobs/queue.js';
import { AuthCache } from '../src/modules/auth/auth-cache.js';
import { nobodyConnected } from '../src/modules/chat/chat.presence.js';
import { LocalFileStore } from '../src/modules/file/file.store.js';
import { Limits } from '../src/modules/limit/limits.js';
import { runAutomations } from '../src/modules/rule/automation.run.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Seconds of calls before each measured ticket.edit phase. One second was not enough after the
 * server starts (at 50k the first phase, without triggers, came out slower than the one with 100).
 */
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_bench_rules';
const { values: args } = parseArgs({ options: { tickets: { type: 'string' } } });

const pct = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : Number.NaN;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function reseed(tickets: number) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  console.log(`Seeding ${tickets} tickets into ${name}…`);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed.ts', '--tickets', String(tickets), '--comments', String(tickets * 2)],
    {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) {
    throw new Error('seeding failed');
  }
}

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
    },
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
      if (Date.now() - started > 180_000) {
        reject(new Error('the server did not start'));
        return;
      }
      setTimeout(poll, 300);
    };
    child.on('exit', (code) => reject(new Error(`the server exited (${code})`)));
    void poll();
  });
}

async function api<T>(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/admin/${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: string; msg: string; data: T };
  if (json.code !== '0000') {
    throw new Error(`${path}: ${json.code} ${json.msg}`);
  }
  return json.data;
}

/** `fn` from `concurrency` loops until `until` resolves true; every call's latency, sorted. */
async function loop(fn: (i: number) => Promise<unknown>, concurrency: number, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!until()) {
        const s = performance.now();
        await fn(n++);
        times.push(performance.now() - s);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}
const forSeconds = (s: number) => {
  const stop = performance.now() + s * 1000;
  return () => performance.now() >= stop;
};

/** 100 triggers: most never match (rare words, tags nobody has), some match edits and act. */
function triggerBodies() {
  const out: unknown[] = [];
  for (let i = 0; i < 100; i++) {
    const rare = `zz-bench-${i}`;
    if (i % 20 === 0) {
      // Matches every priority change and tags it (5 of them).
      out.push({
        title: `Bench tag ${i}`,
        conditions: { all: [{ field: 'priority', operator: 'changed' }], any: [] },
        actions: [{ action: 'add_tags', value: [`bench-${i}`] }],
      });
    } else if (i % 3 === 0) {
      out.push({
        title: `Bench comment ${i}`,
        conditions: {
          all: [{ field: 'update_type', operator: 'is', value: 'updated' }],
          any: [
            { field: 'comment_text', operator: 'contains', value: rare },
            { field: 'subject', operator: 'contains', value: rare },
          ],
        },
        actions: [{ action: 'add_note', value: `matched ${rare}` }],
      });
    } else {
      out.push({
        title: `Bench route ${i}`,
        conditions: {
          all: [
            { field: 'tags', operator: 'includes', value: [rare] },
            { field: 'ticket_state', operator: 'is_not', value: 'closed' },
          ],
          any: [],
        },
        actions: [{ action: 'set_priority', value: 'urgent' }],
      });
    }
  }
  return out;
}

/** 20 automations as an hourly run meets them: one hour's worth each, or narrow by state and priority. */
function automationBodies() {
  const fields = [
    'hours_since_created',
    'hours_since_updated',
    'hours_since_pending',
    'hours_since_solved',
    'hours_since_assigned',
  ];
  const out: unknown[] = [];
  for (let i = 0; i < 20; i++) {
    const tag = `auto-${i}`;
    const field = fields[i % fields.length];
    const timed =
      i < 10
        ? { field, operator: 'is', value: 24 * (i + 1) }
        : { field: 'hours_since_updated', operator: 'greater_than', value: 24 * i };
    const narrow =
      i < 10
        ? []
        : [
            { field: 'ticket_state', operator: 'is', value: i % 2 ? 'pending' : 'open' },
            { field: 'priority', operator: 'is', value: 'urgent' },
          ];
    out.push({
      title: `Bench automation ${i}`,
      conditions: { all: [timed, ...narrow, { field: 'tags', operator: 'excludes', value: [tag] }], any: [] },
      actions: [{ action: 'add_tags', value: [tag] }],
    });
  }
  return out;
}

async function main() {
  if (args.tickets) {
    await reseed(Number(args.tickets));
  }
  const server = await startServer();
  try {
    const login = await fetch(`${base}/api/admin/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...benchAdmin, stay_login: true }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const helper = new pg.Client({ connectionString: url });
    await helper.connect();
    const { rows } = await helper.query<{ ticket_id: number }>(
      `SELECT ticket_id FROM ticket WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending')
        ORDER BY ticket_id DESC LIMIT 2000`,
    );
    const total = (await helper.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket')).rows[0]?.n ?? 0;
    const ids = rows.map((r) => Number(r.ticket_id));
    console.log(`\nbench:rules — PostgreSQL, ${total} tickets, ${os.cpus().length} CPUs, ${seconds} s per phase\n`);
    const priorities = ['low', 'normal', 'high', 'urgent'];
    const edit = (i: number) =>
      api(token, 'POST', 'ticket.edit', { ticket_id: ids[i % ids.length], priority: priorities[i % 4] });

    console.log('ticket.edit (4 loops)');
    await loop(edit, 4, forSeconds(warmup));
    const without = await loop(edit, 4, forSeconds(seconds));
    line('without triggers: calls, p50, p95', `${without.length}, ${ms(pct(without, 50))}, ${ms(pct(without, 95))}`);
    const triggerIds: number[] = [];
    for (const body of triggerBodies()) {
      triggerIds.push((await api<{ trigger_id: number }>(token, 'POST', 'settings/trigger.add', body)).trigger_id);
    }
    await loop(edit, 4, forSeconds(warmup));
    const withT = await loop(edit, 4, forSeconds(seconds));
    line('with 100 active triggers: calls, p50, p95', `${withT.length}, ${ms(pct(withT, 50))}, ${ms(pct(withT, 95))}`);
    const ratio = pct(withT, 95) / pct(without, 95);
    line('p95 with / without (goal ≤ 1.5)', `${ratio.toFixed(2)} ${ratio <= 1.5 ? 'ok' : 'OVER'}`);
    await api(token, 'POST', 'settings/trigger.delete', { trigger_ids: triggerIds });

    console.log('\nhourly automation run (20 automations)');
    const automationIds: number[] = [];
    for (const body of automationBodies()) {
      automationIds.push(
        (await api<{ automation_id: number }>(token, 'POST', 'settings/automation.add', body)).automation_id,
      );
    }
    const read = (i: number) => api(token, 'GET', `ticket.get?ticket_id=${ids[i % ids.length]}`);
    const rest = await loop(read, 4, forSeconds(seconds));
    line('API ticket.get at rest: calls, p50, p95', `${rest.length}, ${ms(pct(rest, 50))}, ${ms(pct(rest, 95))}`);
    const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
    const ctx = {
      log: pino({ level: 'silent' }),
      db: database.db,
      authCache: new AuthCache(),
      files: new LocalFileStore(os.tmpdir()),
      events: new EventBus(),
      chatPresence: nobodyConnected,
      jobs: new JobQueue(database.db),
      publicUrl: 'http://localhost:8080',
      limits: new Limits({ db: database.db }),
    };
    // The first run catches up on everything already due; the next (an hour later) is the steady state.
    for (const [label, now] of [
      ['first run (catch-up)', Date.now()],
      ['next hour (steady state)', Date.now() + 3_600_000],
    ] as const) {
      let done = false;
      const t0 = performance.now();
      const running = runAutomations(ctx, now).finally(() => {
        done = true;
      });
      const during = await loop(read, 4, () => done);
      const report = await running;
      const took = (performance.now() - t0) / 1000;
      const acted = report.reduce((n, r) => n + r.fired, 0);
      console.log(`  ${label}`);
      line('  seconds (goal < 60), tickets acted on', `${took.toFixed(1)} ${took < 60 ? 'ok' : 'OVER'}, ${acted}`);
      line(
        '  API ticket.get during: calls, p50, p95',
        `${during.length}, ${ms(pct(during, 50))}, ${ms(pct(during, 95))}`,
      );
      const slow = pct(during, 95) / pct(rest, 95);
      line('  p95 during / at rest (goal ≤ 2)', `${slow.toFixed(2)} ${slow <= 2 ? 'ok' : 'OVER'}`);
    }
    await api(token, 'POST', 'settings/automation.delete', { automation_ids: automationIds });
    await ctx.jobs.stop();
    await database.close();
    await helper.end();
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
