/**
 * `npm run bench:sla`: the SLA breach job (sla.breach.ts) at scale on PostgreSQL. For each count
 * of tickets whose target passed at once (BENCH_BREACHES, default 50,600,5000), with no trigger
 * and with `bench:rules`' 100 active triggers: the seconds `recordBreaches` takes to mark them
 * (their events, each one's triggers' pass, SLA targets, report rows), against a floor measured
 * in the same run on as many other tickets: one statement that only sets their breach mark.
 * What a desk feels: the minute after a weekend of business hours, or after an SLA policy is
 * added to a big desk, this is how long the job holds a core of the server and of PostgreSQL.
 *
 *   DATABASE_URL, default postgres://postgres@127.0.0.1:5432/parley_bench_rules: a seeded
 *   database (scripts/seed.ts) it may change: the chosen tickets keep their targets, breaches and
 *   what the triggers did to them (use a copy). Its SLA policy and triggers are deleted at the end.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { benchAdmin } from '../scripts/seed.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { recordBreaches } from '../src/modules/sla/sla.breach.js';
import { slaPolicyBody, triggerBodies } from './rules-desk.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley_bench_rules';
const counts = (process.env.BENCH_BREACHES ?? '50,600,5000').split(',').map(Number);

const helper = new pg.Client({ connectionString: url });
await helper.connect();
const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
const app = await buildApp({ database, dataDir: os.tmpdir(), webDist: '/nonexistent' });
const ctx = app.parley;

async function call<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/${path}`,
    headers: { authorization: token },
    payload: body as object,
  });
  const json = res.json() as { code: string; msg: string; data: T };
  if (json.code !== '0000') {
    throw new Error(`${path}: ${json.code} ${json.msg}`);
  }
  return json.data;
}

/**
 * Open tickets not used yet, at random (cold pages, as due tickets are). `makeDue` gives each the
 * metric the policy gives it (the first reply when it has none, else the resolution: the policy has
 * no other), so a target computed again from the ticket is never another one breached at once.
 */
const used = new Set<number>();
async function pick(n: number): Promise<number[]> {
  const { rows } = await helper.query<{ ticket_id: number }>(
    `SELECT ticket_id FROM ticket WHERE deleted_ts IS NULL AND ticket_state IN ('new', 'open')
      AND sla_breach_ts IS NULL AND ticket_id <> ALL($2::int[])
      ORDER BY random() LIMIT $1`,
    [n, [...used]],
  );
  const ids = rows.map((r) => Number(r.ticket_id));
  if (ids.length < n) {
    throw new Error(`only ${ids.length} open tickets left to pick`);
  }
  for (const id of ids) {
    used.add(id);
  }
  return ids;
}

/** Their next target due a minute before `now` under the policy, not breached (the state the job finds). */
async function makeDue(ids: number[], policyId: number, now: number) {
  await helper.query(
    `UPDATE ticket SET sla_policy_id = $1, sla_due_ts = $2,
      sla_metric = CASE WHEN first_reply_ts IS NULL THEN 'first_reply' ELSE 'resolution' END, sla_paused_left = NULL,
      sla_breach_ts = NULL WHERE ticket_id = ANY($3::int[])`,
    [policyId, now - 60_000, ids],
  );
  await helper.query('CHECKPOINT');
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const triggerIds: number[] = [];
let policyId = 0;
let token = '';
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/auth.login',
    payload: { ...benchAdmin, stay_login: false },
  });
  token = (login.json() as { data: { token: string } }).data.token;
  // The policy itself only (its route would queue targets for every ticket: the job sets them below).
  policyId = (
    await helper.query<{ policy_id: number }>(
      `INSERT INTO sla_policy (title, position, conditions, targets, schedule_id, pause_pending, active, create_ts, update_ts)
        VALUES ('Bench breaches', 0, $1, $2, NULL, true, true, $3, $3) RETURNING policy_id`,
      [JSON.stringify(slaPolicyBody.conditions), JSON.stringify(slaPolicyBody.targets), Date.now()],
    )
  ).rows[0]?.policy_id as number;
  const pending = await helper.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ticket WHERE deleted_ts IS NULL AND sla_breach_ts IS NULL AND sla_due_ts <= $1',
    [Date.now()],
  );
  if ((pending.rows[0]?.n ?? 0) > 0) {
    throw new Error(`${pending.rows[0]?.n} tickets are due already: use a fresh copy of the seed`);
  }
  const total = (await helper.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket')).rows[0]?.n;
  console.log(`\nbench:sla — the SLA breach job, PostgreSQL, ${total} tickets, ${os.cpus().length} CPUs\n`);
  console.log('triggers | due at once | job s | ms per breach | floor s (one UPDATE of the marks) | job / floor');
  for (const withTriggers of [false, true]) {
    if (withTriggers) {
      for (const body of triggerBodies()) {
        triggerIds.push((await call<{ trigger_id: number }>(token, 'settings/trigger.add', body)).trigger_id);
      }
    }
    for (const n of counts) {
      const now = Date.now();
      const floorIds = await pick(n);
      await makeDue(floorIds, policyId, now);
      let t0 = performance.now();
      await helper.query('UPDATE ticket SET sla_breach_ts = $1 WHERE ticket_id = ANY($2::int[])', [now, floorIds]);
      const floor = seconds(t0);
      const ids = await pick(n);
      await makeDue(ids, policyId, now);
      t0 = performance.now();
      const marked = await recordBreaches(ctx, now);
      const job = seconds(t0);
      if (marked !== n) {
        throw new Error(`the job marked ${marked} of ${n}`);
      }
      console.log(
        `${withTriggers ? 100 : 0} | ${n} | ${job.toFixed(2)} | ${((job * 1000) / n).toFixed(1)} | ${floor.toFixed(3)} | ${(job / floor).toFixed(1)}`,
      );
    }
  }
} finally {
  if (triggerIds.length) {
    await call(token, 'settings/trigger.delete', { trigger_ids: triggerIds });
  }
  if (policyId) {
    await helper.query('UPDATE ticket SET sla_policy_id = NULL WHERE sla_policy_id = $1', [policyId]);
    await helper.query('DELETE FROM sla_policy WHERE policy_id = $1', [policyId]);
  }
  await app.close();
  await database.close();
  await helper.end();
}
