/**
 * `npm run bench:rules`: business rules at scale on PostgreSQL, on a desk set up as a real one
 * (rules-desk.ts): an SLA policy, the email channel on (its mail goes to an SMTP sink here).
 *
 *   1. `ticket.edit` through the HTTP API: p50/p95 with no trigger, then with 100 active triggers
 *      (a realistic mix: most do not match, a few match and act). Goal: p95 with ≤ 1.5 × without.
 *   2. One hourly automation run over the whole database with 20 active automations that assign,
 *      route, escalate, solve and close (the 100 triggers still active), run in this process by a
 *      second app as the server's worker would (`buildApp`, `runAutomations`): every change goes
 *      through the same subscribers as in production (the triggers' pass, SLA targets, report
 *      rows, the mails of an assignment or a solve). Meanwhile a loop measures the API's p95
 *      (ticket.get) against the same loop at rest. Goals: run < 60 s, p95 during ≤ 2 × at rest.
 *      Three runs: the first (catching up on everything due), the next hour's (the steady state),
 *      and the hour after with one loop of calls instead of four (four keep two cores busy alone).
 *      The server sends the mails the run queued; the sink counts them against the assignments
 *      and solves the run wrote (once per ticket and recipient: no duplicates).
 *
 *   DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench_rules.
 *   `-- --tickets N` (re)makes that database and seeds N tickets first (scripts/seed.ts);
 *   without it the database must be seeded already. BENCH_SECONDS (default 10) per phase,
 *   BENCH_WARMUP_SECONDS (default 5) of calls before each ticket.edit phase; BENCH_PROFILE_LINES
 *   (default 12) of the statements that took the automation runs' time (statement-profile.ts).
 *   BENCH_STALL_LOG=file appends each stall of the runs (monotonic end in µs, ms, ms less GC) to
 *   line up with a `node --cpu-prof` profile of this process.
 *   Full size: npm run bench:rules -- --tickets 1000000
 *   BENCH_PIN=1 puts the API (the server, its backends, the timing thread) on CPU 0 and the run on
 *   CPU 1 (pin-cores.ts): what the goals give on a machine where the two do not share cores.
 *   The triggers, automations and SLA policy it makes are deleted at the end and the email
 *   settings put back; the tickets' changes (and the old breaches it marks) stay.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { benchAdmin } from '../scripts/seed.js';
import { buildApp } from '../src/app.js';
import type { AppContext } from '../src/context.js';
import { openDatabase } from '../src/db/client.js';
import { sendQueue } from '../src/modules/mail/mail.facts.js';
import { automationQueue } from '../src/modules/rule/automation.routes.js';
import { slaRecomputeQueue } from '../src/modules/sla/sla.recompute.js';
import { cpuSplit } from './cpu-split.js';
import { apiAt } from './http-api.js';
import { ownThreads, pinCores, pinThreadsSince } from './pin-cores.js';
import {
  automationBodies,
  deskPeople,
  emailSettings,
  type MailSink,
  slaPolicyBody,
  startMailSink,
  triggerBodies,
} from './rules-desk.js';
import { profileStatements } from './statement-profile.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * The API load of the automation runs' first two measurements: BENCH_RATE calls a second on a
 * schedule, or (unset) four closed loops, which alone keep two cores over 80 % busy; BENCH_RATE=0
 * makes no calls (the runs' own seconds, with the machine to themselves).
 */
const mainLoad: Load =
  process.env.BENCH_RATE === '0'
    ? { loops: 0 }
    : process.env.BENCH_RATE
      ? { rate: Number(process.env.BENCH_RATE) }
      : { loops: 4 };
/**
 * Seconds of calls before each measured ticket.edit phase. One second was not enough after the
 * server starts (at 50k the first phase, without triggers, came out slower than the one with 100).
 */
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Statements listed under each automation run (where its time went), BENCH_PROFILE_LINES. */
const profileLines = Number(process.env.BENCH_PROFILE_LINES ?? 12);
/** BENCH_PIN=1: the run and the API on a core each (pin-cores.ts). */
const pinning = process.env.BENCH_PIN === '1';
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_bench_rules';
/** The URL with a connection name, so pg_stat_activity tells the server's, run's and helper's apart. */
const named = (name: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
};
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
      DATABASE_URL: named('parley-server'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The bench's email channel has no mailbox to fetch: no fetch within the run.
      MAIL_POLL_SECONDS: '3600',
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

const api = apiAt(`${base}/api/admin/`);

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
/**
 * The API load while measuring: `loops` closed loops (each calls again at once), or `rate` calls a
 * second on a fixed schedule (BENCH_RATE; an open load with room to spare, as a desk's agents).
 */
type Load = { loops: number } | { rate: number };
const loadName = (load: Load) =>
  'rate' in load ? `${load.rate} calls/s` : `${load.loops} loop${load.loops === 1 ? '' : 's'}`;
/**
 * ticket.get under `load` in a worker thread until `until` settles; latencies, sorted.
 * In a thread of its own, the automation run's JavaScript in this thread does not delay the loop's
 * callbacks (that delay is reported apart, as this thread's event-loop delay).
 */
async function readLoop(token: string, ids: number[], load: Load, until: Promise<unknown>): Promise<number[]> {
  const before = pinning ? ownThreads() : null;
  const worker = new Worker(new URL('./read-loop.mjs', import.meta.url), {
    workerData: {
      base,
      token,
      ids,
      concurrency: 'loops' in load ? load.loops : 0,
      rate: 'rate' in load ? load.rate : 0,
    },
  });
  const answer = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (before) {
    await new Promise((resolve) => worker.once('online', resolve));
    pinThreadsSince(before);
  }
  await until.catch(() => undefined);
  worker.postMessage('stop');
  const times = await answer;
  await worker.terminate();
  return times.sort((a, b) => a - b);
}
const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

/** The machine's CPU busy (all cores, /proc/stat) from now until the answer is asked for, as "N%". */
function cpuBusy(): () => string {
  const read = () => {
    const [, ...f] = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const n = f.map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { idle, total: n.reduce((a, b) => a + b, 0) };
  };
  const from = read();
  return () => {
    const to = read();
    const total = to.total - from.total;
    return total > 0 ? `${Math.round((100 * (total - (to.idle - from.idle))) / total)}%` : 'n/a';
  };
}

/**
 * What PostgreSQL runs besides the bench's own statements while a run works: autovacuum workers
 * and checkpoints, sampled 4 times a second from pg_stat_activity on the helper connection.
 * Answers, per kind, in how many samples it was seen.
 */
function watchBackground(helper: pg.Client) {
  const seen = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await helper.query<{ what: string }>(
        // A checkpoint in progress: the checkpointer waits on its writes, not in its main loop.
        `SELECT DISTINCT CASE WHEN backend_type = 'autovacuum worker' THEN query ELSE 'checkpoint' END AS what
          FROM pg_stat_activity
          WHERE (backend_type = 'autovacuum worker' AND query <> '')
            OR (backend_type = 'checkpointer' AND wait_event IS DISTINCT FROM 'CheckpointerMain')`,
      );
      samples++;
      for (const r of rows) {
        seen.set(r.what, (seen.get(r.what) ?? 0) + 1);
      }
      await sleep(0.25);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      const list = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 4);
      return `${samples} samples; ${list.map(([w, n]) => `${w.slice(0, 60)} ${n}`).join('; ') || 'none'}`;
    },
  };
}

const forSeconds = (s: number) => {
  const stop = performance.now() + s * 1000;
  return () => performance.now() >= stop;
};

/**
 * This thread's stalls while a run works: how late a 10-ms timer fires (over 20 ms late: a
 * stall), and the garbage collector's pauses meanwhile. A stall less the GC pauses inside it is
 * JavaScript (ours or a library's) that ran without letting the loop turn, or the machine not
 * running this process; the GC's pauses are apart (on a loaded machine they stretch too).
 */
function watchStalls() {
  const stalls: Array<{ at: number; ms: number; mono: number }> = [];
  const pauses: Array<{ start: number; ms: number }> = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (now - last - 10 > 20) {
      stalls.push({ at: now, ms: now - last - 10, mono: Number(process.hrtime.bigint() / 1000n) });
    }
    last = now;
  }, 10);
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      pauses.push({ start: e.startTime, ms: e.duration });
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      clearInterval(timer);
      gc.disconnect();
      const net = stalls.map((s) => {
        const from = s.at - s.ms;
        const inGc = pauses.reduce(
          (n, p) => n + Math.max(0, Math.min(s.at, p.start + p.ms) - Math.max(from, p.start)),
          0,
        );
        return s.ms - inGc;
      });
      if (process.env.BENCH_STALL_LOG) {
        // Each stall's end on the monotonic clock in µs (a `--cpu-prof` profile's clock) and its
        // length: to look up what ran in it.
        fs.appendFileSync(
          process.env.BENCH_STALL_LOG,
          stalls.map((s, i) => `${s.mono} ${s.ms.toFixed(1)} ${(net[i] ?? 0).toFixed(1)}\n`).join(''),
        );
      }
      return { pauses: pauses.map((p) => p.ms).sort((a, b) => b - a), net: [...net].sort((a, b) => b - a) };
    },
  };
}

/** Polls `pending` (what is still pending, or null) every half second; seconds waited, or throws after the limit. */
async function pollUntilDone(pending: () => Promise<string | null>, limitSeconds: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const left = await pending();
    if (left === null) {
      return (performance.now() - t0) / 1000;
    }
    if (performance.now() - t0 > limitSeconds * 1000) {
      throw new Error(`${left} after ${limitSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Waits until the queue has nothing waiting or running (the server's workers run it); seconds taken. */
function settled(ctx: AppContext, queue: string, limitSeconds: number): Promise<number> {
  return pollUntilDone(async () => {
    const c = await ctx.jobs.counts(queue);
    return c.created || c.retry || c.active ? `${queue}: still ${JSON.stringify(c)}` : null;
  }, limitSeconds);
}

/**
 * The server runs the automations itself at the top of every hour (its own job, on its own
 * clock): a measurement that straddles it measures two runs. Within 240 s of the next hour this
 * waits until it has passed and the server's run is over.
 */
async function clearOfServerHour(helper: pg.Client): Promise<void> {
  const hour = 3_600_000;
  const left = hour - (Date.now() % hour);
  if (left > 240_000) {
    return;
  }
  line('  (the server runs the automations at the top of the hour: waiting for it, seconds)', (left / 1000).toFixed(0));
  await new Promise((r) => setTimeout(r, left + 5_000));
  // Until the hour's job is done. The next hour's is queued already (due then): not waited for.
  await pollUntilDone(async () => {
    const { rows } = await helper.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1
          AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
      [automationQueue],
    );
    return rows[0]?.n ? `${automationQueue}: the server's hour still running (${rows[0].n} jobs)` : null;
  }, 900);
}

/** The mails a run at `now` should cause: its assignments to an agent, its solves (chats mail nobody). */
async function mailsDue(db: pg.Client, now: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ticket_event e JOIN ticket t ON t.ticket_id = e.ticket_id
      WHERE e.create_ts = $1 AND e.actor_id IS NULL AND t.source <> 'chat' AND t.ticket_type <> 'chat'
        AND ((e.field = 'assignee_id' AND e.new_value <> 'null'::jsonb)
          OR (e.field = 'ticket_state' AND e.new_value = '"solved"'::jsonb))`,
    [now],
  );
  return rows[0]?.n ?? 0;
}

/** What the run's actions were, from the event log: field → rows. */
async function runEffects(db: pg.Client, now: number): Promise<string> {
  const { rows } = await db.query<{ field: string; n: number }>(
    `SELECT field, count(*)::int AS n FROM ticket_event WHERE create_ts = $1 AND actor_id IS NULL
      AND field IN ('assignee_id', 'group_id', 'priority', 'ticket_state') GROUP BY field ORDER BY field`,
    [now],
  );
  return rows.map((r) => `${r.field} ${r.n}`).join(', ') || 'none';
}

async function main() {
  if (args.tickets) {
    await reseed(Number(args.tickets));
  }
  const sink: MailSink = await startMailSink();
  const server = await startServer();
  const helper = new pg.Client({ connectionString: named('bench-helper') });
  await helper.connect();
  const pins = pinning ? pinCores(helper, server.pid ?? -1) : null;
  // The worker: a second app on the same database, as a server runs the hourly job.
  const database = await openDatabase({ databaseUrl: named('the-run'), poolSize: 4 });
  const processes = new Map([
    [process.pid, 'the bench (the run, the calls, the mail sink)'],
    [server.pid ?? -1, 'the server (API, mail)'],
  ]);
  const worker = await buildApp({ database, dataDir: os.tmpdir(), webDist: '/nonexistent' });
  const ctx = worker.parley;
  const emailBefore = (
    await helper.query<{ v: unknown }>(
      `SELECT setting_value AS v FROM setting WHERE setting_module = 'email' AND setting_key = 'config'`,
    )
  ).rows[0];
  const triggerIds: number[] = [];
  const automationIds: number[] = [];
  let policyId: number | null = null;
  let token = '';
  try {
    const login = await fetch(`${base}/api/admin/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...benchAdmin, stay_login: true }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const { rows } = await helper.query<{ ticket_id: number }>(
      `SELECT ticket_id FROM ticket WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending')
        ORDER BY ticket_id DESC LIMIT 2000`,
    );
    const total = (await helper.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket')).rows[0]?.n ?? 0;
    const ids = rows.map((r) => Number(r.ticket_id));
    console.log(
      `\nbench:rules — PostgreSQL, ${total} tickets, ${os.cpus().length} CPUs, ${seconds} s per phase${pinning ? ', the API on CPU 0 and the run on CPU 1 (BENCH_PIN)' : ''}\n`,
    );

    console.log('the desk (set up, not measured)');
    await api(token, 'POST', 'settings/email.edit', emailSettings(sink.port));
    line('email channel on, SMTP at', `127.0.0.1:${sink.port}`);
    const t0 = performance.now();
    policyId = (await api<{ policy_id: number }>(token, 'POST', 'settings/sla.policy.add', slaPolicyBody)).policy_id;
    await settled(ctx, slaRecomputeQueue, 900);
    const now = Date.now();
    // What the breach job would have recorded over the years before: marked at once.
    const old = await helper.query(
      `UPDATE ticket SET sla_breach_ts = $1 WHERE deleted_ts IS NULL AND sla_breach_ts IS NULL
        AND sla_due_ts IS NOT NULL AND sla_due_ts <= $1`,
      [now],
    );
    const due = (
      await helper.query<{ n: number }>(`SELECT count(*)::int AS n FROM ticket WHERE sla_due_ts IS NOT NULL`)
    ).rows[0]?.n;
    line(
      'SLA policy: targets set, old breaches marked, seconds',
      `${due}, ${old.rowCount}, ${((performance.now() - t0) / 1000).toFixed(1)}`,
    );

    const priorities = ['low', 'normal', 'high', 'urgent'];
    const edit = (i: number) =>
      api(token, 'POST', 'ticket.edit', { ticket_id: ids[i % ids.length], priority: priorities[i % 4] });

    console.log('\nticket.edit (4 loops)');
    await loop(edit, 4, forSeconds(warmup));
    const without = await loop(edit, 4, forSeconds(seconds));
    line('without triggers: calls, p50, p95', `${without.length}, ${ms(pct(without, 50))}, ${ms(pct(without, 95))}`);
    for (const body of triggerBodies()) {
      triggerIds.push((await api<{ trigger_id: number }>(token, 'POST', 'settings/trigger.add', body)).trigger_id);
    }
    await loop(edit, 4, forSeconds(warmup));
    const withT = await loop(edit, 4, forSeconds(seconds));
    line('with 100 active triggers: calls, p50, p95', `${withT.length}, ${ms(pct(withT, 50))}, ${ms(pct(withT, 95))}`);
    const ratio = pct(withT, 95) / pct(without, 95);
    line('p95 with / without (goal ≤ 1.5)', `${ratio.toFixed(2)} ${ratio <= 1.5 ? 'ok' : 'OVER'}`);
    // Mails of the edits above (none: a priority change mails nobody) are out of the way first.
    await settled(ctx, sendQueue, 300);

    console.log('\nhourly automation run (20 automations that assign, route, solve, close; 100 triggers active)');
    // Clear of the server's own hourly run before the automations exist (it would run them, catching
    // up itself): the catch-up below starts after the rests (about 25 s) and lasts a minute or two.
    await clearOfServerHour(helper);
    for (const body of automationBodies(await deskPeople(helper))) {
      automationIds.push(
        (await api<{ automation_id: number }>(token, 'POST', 'settings/automation.add', body)).automation_id,
      );
    }
    const cpu = cpuBusy();
    const rest = await readLoop(token, ids, mainLoad, sleep(seconds));
    line(
      `API ticket.get at rest (${loadName(mainLoad)}): calls, p50, p95; CPU busy`,
      `${rest.length}, ${ms(pct(rest, 50))}, ${ms(pct(rest, 95))}; ${cpu()}`,
    );
    // The same with one loop instead of four: how much of the figure above is calls queueing for
    // the two cores the four loops keep busy (the ratio during a run compares with that figure).
    const single = await readLoop(token, ids, { loops: 1 }, sleep(seconds));
    line('  with 1 loop instead: calls, p50, p95', `${single.length}, ${ms(pct(single, 50))}, ${ms(pct(single, 95))}`);
    // The first run catches up on everything already due; the next (an hour later) is the steady state.
    const start = Date.now();
    // The hour after that with one loop of calls instead of four (one agent's clicks): four loops
    // alone keep the two cores over 80% busy, so their p95 is mostly calls queueing for a core,
    // and any other work doubles it; one loop's p95 is what a call takes.
    for (const [label, at, load] of [
      ['first run (catch-up)', start, mainLoad],
      ['next hour (steady state)', start + 3_600_000, mainLoad],
      ['the hour after, with 1 loop of calls', start + 7_200_000, { loops: 1 }],
    ] as const) {
      // The API at rest just before this run as well: after the catch-up the server and
      // PostgreSQL still have work of their own (autovacuum of what it wrote, the report
      // compaction), which a baseline taken before the catch-up does not carry.
      if (label !== 'first run (catch-up)') {
        await clearOfServerHour(helper);
      }
      const restNow = label === 'first run (catch-up)' ? rest : await readLoop(token, ids, load, sleep(seconds));
      const sentBefore = sink.count();
      const background = watchBackground(helper);
      const t1 = performance.now();
      const profile = profileStatements();
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const stalls = watchStalls();
      const running = worker.runAutomations(at);
      const cpuRun = cpuBusy();
      const split = cpuSplit(helper, processes);
      const during = await readLoop(token, ids, load, running);
      const busy = cpuRun();
      const cores = await split();
      const report = await running;
      lag.disable();
      const { pauses, net } = stalls.stop();
      const took = (performance.now() - t1) / 1000;
      const spent = profile.stop();
      const acted = report.reduce((n, r) => n + r.fired, 0);
      console.log(`  ${label}`);
      line('  seconds (goal < 60), tickets acted on', `${took.toFixed(1)} ${took < 60 ? 'ok' : 'OVER'}, ${acted}`);
      line('  changes written (event log rows)', await runEffects(helper, at));
      line(
        '  statements sent, their seconds (the costliest below)',
        `${spent.reduce((n, x) => n + x.calls, 0)}, ${(spent.reduce((n, x) => n + x.ms, 0) / 1000).toFixed(1)}`,
      );
      for (const x of spent.slice(0, profileLines)) {
        console.log(`      ${(x.ms / 1000).toFixed(1).padStart(6)} s ${String(x.calls).padStart(7)} × ${x.text}`);
      }
      line(
        '  API ticket.get during: calls, p50, p95; CPU busy',
        `${during.length}, ${ms(pct(during, 50))}, ${ms(pct(during, 95))}; ${busy}`,
      );
      // What the run's own JavaScript costs a process that serves calls while it runs one.
      line(
        '  event-loop delay of the running process: p99, max',
        `${ms(lag.percentile(99) / 1e6)}, ${ms(lag.max / 1e6)}`,
      );
      line(
        '  its GC pauses: count, total, longest, ≥ 50 ms',
        `${pauses.length}, ${ms(pauses.reduce((n, x) => n + x, 0))}, ${ms(pauses[0] ?? 0)}, ${pauses.filter((x) => x >= 50).length}`,
      );
      line(
        '  its stalls less their GC pauses: longest, ≥ 50 ms, ≥ 100 ms',
        `${ms(net[0] ?? 0)}, ${net.filter((x) => x >= 50).length}, ${net.filter((x) => x >= 100).length}`,
      );
      const slow = pct(during, 95) / pct(load === mainLoad ? rest : single, 95);
      line(
        `  p95 during / at rest with ${loadName(load)} (goal ≤ 2)`,
        `${slow.toFixed(2)} ${slow <= 2 ? 'ok' : 'OVER'}`,
      );
      if (restNow !== rest) {
        line(
          '  API ticket.get at rest just before: calls, p50, p95; p95 during / it',
          `${restNow.length}, ${ms(pct(restNow, 50))}, ${ms(pct(restNow, 95))}; ${(pct(during, 95) / pct(restNow, 95)).toFixed(2)}`,
        );
      }
      line('  PostgreSQL background seen during the run (samples of 4/s)', await background.stop());
      line('  CPU by process during the run, in cores', cores.cores);
      line('  waiting on the disk during the run (some tasks, all tasks)', cores.io);
      const wait = await settled(ctx, sendQueue, 900);
      const sent = sink.count() - sentBefore;
      const expected = await mailsDue(helper, at);
      line(
        '  mails: due, sent by the server, seconds after the run',
        `${expected}, ${sent} ${sent === expected ? 'ok' : 'DIFFER'}, ${wait.toFixed(1)}`,
      );
    }
    line('mails sent twice (same ticket, recipient, subject)', `${sink.duplicates()}`);
  } finally {
    if (token) {
      if (automationIds.length) {
        await api(token, 'POST', 'settings/automation.delete', { automation_ids: automationIds });
      }
      if (triggerIds.length) {
        await api(token, 'POST', 'settings/trigger.delete', { trigger_ids: triggerIds });
      }
      if (policyId !== null) {
        // The targets it set go with it (the server's job, waited for: it leaves nothing queued).
        await api(token, 'POST', 'settings/sla.policy.delete', { policy_ids: [policyId] });
        await settled(ctx, slaRecomputeQueue, 900).catch((e: unknown) => console.error(String(e)));
      }
    }
    if (emailBefore) {
      await helper.query(
        `UPDATE setting SET setting_value = $1 WHERE setting_module = 'email' AND setting_key = 'config'`,
        [JSON.stringify(emailBefore.v)],
      );
    } else {
      await helper.query(`DELETE FROM setting WHERE setting_module = 'email' AND setting_key = 'config'`);
    }
    pins?.stop();
    await worker.close();
    await database.close();
    await helper.end();
    server.kill('SIGTERM');
    await sink.stop();
  }
}

await main();
