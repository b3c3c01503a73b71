/**
 * `npm run bench:reports`: every report for every time range, each with no filter and with a
 * group, an agent, a channel and a tag filter, as an admin and as an agent who sees their groups'
 * tickets only; prints p50 and p95 per report and range (goal p95 ≤ 500 ms), and what keeping
 * the report rows costs one ticket write (refreshTickets, run in the writer's transaction).
 *
 *   PostgreSQL (default): DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench,
 *     seeded first with `npm run seed -- --tickets 1000000 --comments 8000000`.
 *   PGlite: `-- --data-dir DIR` (seeded with `npm run seed -- --tickets 20000 --data-dir DIR`).
 *
 * BENCH_RUNS (default 20) calls per report, range and caller. Reads only (the refresh of a
 * ticket rewrites its own rows with the same values).
 *
 * `-- --build` instead: the daily sums built from scratch (as at the first start after migration
 * 0042) while a loop writes tickets' report rows, as ticket writes do, every 100 ms; prints the
 * build's time and the writes' p50/p95/max before and during it (goal: writes do not wait for it).
 * It rewrites the sums (with the same figures): run it on a copy
 * (`createdb -T parley_bench -S file_copy parley_bench_build`, DATABASE_URL=.../parley_bench_build).
 *
 * `-- --compact` instead: the merge of the sums' deltas after an automation's batches wrote them
 * (benchCompact). It moves tickets to other groups: run it on a copy.
 *
 * `-- --fresh` instead: how soon a change shows in the reports (goal ≤ 5 s). The server runs in
 * this process on the database and an admin works through HTTP: creates a ticket, then solves
 * it, each time reading the dashboard (24 hours) every 50 ms from the moment the write is sent
 * until its figure counts the change; BENCH_RUNS pairs (default 20). It adds tickets (solved).
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { TDashboard, TReportRequest, TTimeRange } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { benchAdmin, defaultBenchUrl } from '../scripts/seed.js';
import { buildApp } from '../src/app.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { intArrayLiteral, queryRows } from '../src/db/rows.js';
import type { Actor } from '../src/modules/auth/actor.js';
import { findAccountWithLinks } from '../src/modules/auth/session.repo.js';
import { refreshTickets } from '../src/modules/report/report.rollup.js';
import {
  agentUpdates,
  assigneeActivity,
  backlog,
  dashboard,
  efficiency,
  type ReportInput,
  satisfactionReport,
  unsolvedReport,
} from '../src/modules/report/report.service.js';
import { allSumTables, buildSums, compactSums } from '../src/modules/report/report.sums.js';
import { apiAt } from './http-api.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);
/** BENCH_ONLY=efficiency,backlog: only these reports; BENCH_RANGES=1y,6m: only these ranges. */
const only = process.env.BENCH_ONLY?.split(',');
const onlyRanges = process.env.BENCH_RANGES?.split(',');
const { values: args } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    build: { type: 'boolean' },
    fresh: { type: 'boolean' },
    compact: { type: 'boolean' },
  },
});
const ranges: TTimeRange[] = ['24h', '7d', '30d', '3m', '6m', '1y'];
const reports = {
  dashboard,
  efficiency,
  assignee_activity: assigneeActivity,
  agent_updates: agentUpdates,
  satisfaction: satisfactionReport,
  // As of now / fixed periods: the range does not change them; measured once per range anyway.
  unsolved: unsolvedReport,
  backlog,
} as const;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const say = (text: string) => process.stdout.write(`${text}\n`);

async function open(): Promise<Database> {
  if (args['data-dir']) {
    return openDatabase({ pgliteDir: path.join(path.resolve(args['data-dir']), 'pglite') });
  }
  return openDatabase({ databaseUrl: process.env.DATABASE_URL ?? defaultBenchUrl, poolSize: 2 });
}

async function main() {
  const database = await open();
  // A database seeded by an older tree gets this tree's migrations, as the server does at start.
  await migrate(database);
  if (args.build) {
    await benchBuild(database);
    return;
  }
  if (args.compact) {
    await benchCompact(database);
    await database.close();
    return;
  }
  if (args.fresh) {
    await benchFreshness(database);
    await database.close();
    return;
  }
  const db = database.db;
  const [counts] = await queryRows<{ tickets: number; events: number; facts: number; sums: number; on: boolean }>(
    db,
    sql`SELECT (SELECT count(*) FROM ticket)::int AS tickets, (SELECT count(*) FROM ticket_event)::bigint AS events,
          (SELECT count(*) FROM report_ticket)::int AS facts,
          (SELECT count(*) FROM report_created_day)::int + (SELECT count(*) FROM report_solved_day)::int
            + (SELECT count(*) FROM report_agent_day)::int + (SELECT count(*) FROM report_span_day)::int
            + (SELECT count(*) FROM report_reply_day)::int AS sums,
          (SELECT rollups FROM report_state WHERE id = 1) AS on`,
  );
  say(
    `${counts?.tickets} tickets, ${counts?.events} events, ${counts?.facts} report rows, ${counts?.sums} daily-sum rows (${counts?.on ? 'on' : 'OFF'}); ${runs} runs each; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (Number(counts?.facts) < Number(counts?.tickets)) {
    say('The report tables are not built: run the seed again (it builds them) or `npm run reports:rebuild`.');
  }
  if (!counts?.on) {
    say('The daily sums are off: `npm run reports:rebuild -- --sums` builds them (the reports read per-ticket rows).');
  }
  const [ids] = await queryRows<{ admin_id: number; agent_id: number; group_id: number }>(
    db,
    sql`SELECT (SELECT account_id FROM account WHERE user_type = 'admin' ORDER BY account_id LIMIT 1) AS admin_id,
          (SELECT ga.account_id FROM group_account ga JOIN account a ON a.account_id = ga.account_id
             WHERE a.user_type = 'agent' ORDER BY ga.account_id LIMIT 1) AS agent_id,
          (SELECT group_id FROM agent_group WHERE NOT is_default ORDER BY group_id LIMIT 1) AS group_id`,
  );
  const adminAccount = await findAccountWithLinks(db, Number(ids?.admin_id));
  const agentAccount = await findAccountWithLinks(db, Number(ids?.agent_id));
  if (!adminAccount || !agentAccount) {
    throw new Error('no admin or agent: seed the database first');
  }
  const callers: Array<[string, Actor]> = [
    ['admin', { account: adminAccount, sessionId: 0 }],
    // In memory only: the agent as if their ticket_access were their groups.
    ['agent (groups)', { account: { ...agentAccount, ticketAccess: 'groups' }, sessionId: 0 }],
  ];
  const filterSets: Array<Partial<TReportRequest>> = [
    {},
    { group_id: Number(ids?.group_id) },
    { assignee_id: Number(ids?.agent_id) },
    { source: 'email' },
    { tag: 'vip' },
  ];

  let worst = 0;
  const filterName = (f: Partial<TReportRequest>) =>
    f.group_id ? 'group' : f.assignee_id ? 'agent' : f.source ? 'channel' : f.tag ? 'tag' : 'none';
  say(
    `${'report'.padEnd(18)} ${'range'.padEnd(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  slowest caller/filter (ms, worst of its runs)`,
  );
  for (const [name, fn] of Object.entries(reports)) {
    if (only && !only.includes(name)) {
      continue;
    }
    for (const range of ranges) {
      if (onlyRanges && !onlyRanges.includes(range)) {
        continue;
      }
      const times: number[] = [];
      // Worst time per caller and filter: which combination makes the p95.
      const perCombo = new Map<string, number>();
      for (let i = 0; i < runs; i++) {
        const [who, actor] = callers[i % callers.length] as [string, Actor];
        const filters = filterSets[i % filterSets.length] as Partial<TReportRequest>;
        const input = { time_range: range, timezone: 'Asia/Shanghai', ...filters };
        const t0 = performance.now();
        await fn(db, actor, input as ReportInput);
        const ms = performance.now() - t0;
        times.push(ms);
        const combo = `${who === 'admin' ? 'admin' : 'agent'}/${filterName(filters)}`;
        perCombo.set(combo, Math.max(perCombo.get(combo) ?? 0, ms));
      }
      const slowest = [...perCombo.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([c, ms]) => `${c} ${ms.toFixed(0)}`)
        .join(', ');
      times.sort((a, b) => a - b);
      const p95 = pct(times, 95) as number;
      worst = Math.max(worst, p95);
      say(
        `${name.padEnd(18)} ${range.padEnd(5)} ${(pct(times, 50) as number).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(times.at(-1) as number).toFixed(1).padStart(8)}  ${slowest}`,
      );
    }
  }
  say(`worst p95: ${worst.toFixed(1)} ms (goal 500 ms): ${worst <= 500 ? 'met' : 'NOT met'}`);
  say(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  // What a ticket write pays to keep the reports current (in its own transaction).
  const sample = only ? [] : await sampleTickets(db);
  const writes: number[] = [];
  for (const r of sample) {
    const t0 = performance.now();
    await db.transaction((tx) => refreshTickets(tx, [Number(r.ticket_id)]));
    writes.push(performance.now() - t0);
  }
  writes.sort((a, b) => a - b);
  if (writes.length) {
    say(
      `report rows of one ticket write (${writes.length} tickets): p50 ${(pct(writes, 50) as number).toFixed(1)} ms, p95 ${(pct(writes, 95) as number).toFixed(1)} ms`,
    );
  }
  await database.close();
}

/**
 * `-- --compact`: the minute's merge of the sums' deltas (`compactSums`) after an automation's
 * catch-up wrote them: BENCH_COMPACT_TICKETS (default 5000) open tickets of the last 90 days,
 * in batches of 500, each batch moved to another group and its report rows refreshed in one
 * transaction (the deltas, as a batch writes them: the floor), then one compaction timed. Three
 * rounds. It moves tickets: run it on a copy.
 */
async function benchCompact(database: Database): Promise<void> {
  const db = database.db;
  const n = Number(process.env.BENCH_COMPACT_TICKETS ?? 5000);
  const groups = (await queryRows<{ group_id: number }>(db, sql`SELECT group_id FROM agent_group ORDER BY 1`)).map(
    (r) => Number(r.group_id),
  );
  await compactSums(db);
  say(`compaction of the deltas of ${n} tickets moved to another group, in batches of 500 (3 rounds)`);
  for (let round = 1; round <= 3; round++) {
    const ids = (
      await queryRows<{ ticket_id: number }>(
        db,
        sql`SELECT ticket_id FROM ticket WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open', 'pending')
          AND create_ts > ${Date.now() - 90 * 86_400_000} ORDER BY random() LIMIT ${n}`,
      )
    ).map((r) => Number(r.ticket_id));
    const group = groups[round % groups.length] as number;
    let t0 = performance.now();
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE ticket SET group_id = ${group} WHERE ticket_id = ANY(${intArrayLiteral(batch)}::int[])`,
        );
        await refreshTickets(tx, batch);
      });
    }
    const deltas = performance.now() - t0;
    const [fresh] = await queryRows<{ n: number }>(
      db,
      sql.raw(`SELECT (${allSumTables.map((t) => `(SELECT count(*) FROM ${t} WHERE fresh)`).join(' + ')})::int AS n`),
    );
    t0 = performance.now();
    await compactSums(db);
    const compact = performance.now() - t0;
    say(
      `  round ${round}: ${ids.length} tickets; deltas written ${(deltas / 1000).toFixed(2)} s (${fresh?.n} fresh rows); compaction ${(compact / 1000).toFixed(2)} s (${(compact / deltas).toFixed(2)} × the deltas)`,
    );
  }
}

/** The sums built while ticket writes go on: what the writes pay meanwhile. */
async function benchBuild(database: Database): Promise<void> {
  const db = database.db;
  const sample = (await sampleTickets(db)).map((r) => Number(r.ticket_id));
  let stop = false;
  const writeLoop = async (into: number[]) => {
    for (let i = 0; !stop; i++) {
      const t0 = performance.now();
      await db.transaction((tx) => refreshTickets(tx, [sample[i % sample.length] as number]));
      into.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const line = (name: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${name}: ${list.length} writes, p50 ${(pct(sorted, 50) ?? 0).toFixed(1)} ms, p95 ${(pct(sorted, 95) ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  };
  const atRest: number[] = [];
  const resting = writeLoop(atRest);
  await new Promise((r) => setTimeout(r, 10_000));
  stop = true;
  await resting;
  await db.execute(sql`UPDATE report_state SET rollups = false WHERE id = 1`);
  stop = false;
  const during: number[] = [];
  const writing = writeLoop(during);
  const t0 = performance.now();
  await buildSums(db, true);
  const took = performance.now() - t0;
  stop = true;
  await writing;
  say(`daily sums built in ${(took / 1000).toFixed(1)} s (with ANALYZE), load average ${os.loadavg()[0]?.toFixed(1)}`);
  say(line('ticket report rows at rest', atRest));
  say(line('the same during the build', during));
  await database.close();
}

/** From a write sent to its figure on the dashboard, through the HTTP API. */
async function benchFreshness(database: Database): Promise<void> {
  const app = await buildApp({ database, dataDir: os.tmpdir(), webDist: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/admin`;
  const call = apiAt(`${base}/`);
  try {
    const { token } = await call<{ token: string }>(null, 'POST', 'auth.login', { ...benchAdmin, stay_login: true });
    const dashboardNow = () =>
      call<TDashboard>(token, 'GET', 'report.dashboard.get?time_range=24h&timezone=Asia%2FShanghai');
    /** Sends the write and reads the dashboard until `seen` holds; ms from send to seen. */
    const until = async (write: () => Promise<unknown>, seen: (d: TDashboard) => boolean) => {
      const t0 = performance.now();
      const sent = write();
      for (;;) {
        if (seen(await dashboardNow())) {
          break;
        }
        if (performance.now() - t0 > 30_000) {
          throw new Error('the change did not show within 30 s');
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      await sent;
      return performance.now() - t0;
    };
    const created: number[] = [];
    const solved: number[] = [];
    const writes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = await dashboardNow();
      let ticketId = 0;
      const w0 = performance.now();
      created.push(
        await until(
          async () => {
            ticketId = (
              await call<{ ticket_id: number }>(token, 'POST', 'ticket.add', {
                requester_email: `fresh-${Date.now()}-${i}@example.com`,
                subject: `Freshness ${i}`,
                comment: { body: '<p>Does it show?</p>', is_public: true },
              })
            ).ticket_id;
            writes.push(performance.now() - w0);
          },
          (d) => d.created >= before.created + 1,
        ),
      );
      const mid = await dashboardNow();
      solved.push(
        await until(
          () => call(token, 'POST', 'ticket.edit', { ticket_id: ticketId, submit_as: 'solved' }),
          (d) => d.solved >= mid.solved + 1,
        ),
      );
    }
    const line = (name: string, list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `${name}: p50 ${(pct(sorted, 50) ?? 0).toFixed(0)} ms, p95 ${(pct(sorted, 95) ?? 0).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
    };
    say(`a change on the dashboard (24 hours), from the write sent, ${runs} runs (goal ≤ 5000 ms):`);
    say(`  ${line('ticket created', created)}`);
    say(`  ${line('ticket solved', solved)}`);
    say(`  ${line('the create call alone', writes)}`);
    const worst = Math.max(...created, ...solved);
    say(`  worst ${worst.toFixed(0)} ms: ${worst <= 5000 ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

function sampleTickets(db: Database['db']) {
  return queryRows<{ ticket_id: number }>(db, sql`SELECT ticket_id FROM ticket TABLESAMPLE SYSTEM (1) LIMIT 200`);
}

main().catch((error) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
