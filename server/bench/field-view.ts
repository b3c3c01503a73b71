/**
 * Phase 5 of `npm run bench:tickets`: a custom view over a custom field (issue 17; decision
 * 0008). Self-contained: it adds a nested drop-down field and two views over it, fills a value
 * for four tickets in five with set-based SQL, measures, and removes all of it again, so the
 * seeded database is left as it was found.
 *
 * Only the value table (`ticket_field_value`, what filters, counts and sorts read) is filled, not
 * the display copy `ticket.fields`: writing a million ticket rows would rewrite every index of the
 * ticket table and leave the shared bench database bloated for the next run, and the list's page
 * reads each ticket row whole either way.
 */
import type { TTicketView } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { cappedCountQuery, pageQuery, type Viewer } from '../src/modules/ticket-search/ticket-list.repo.js';
import { planList, runList, searchCollectCap } from '../src/modules/ticket-search/ticket-list.service.js';

type Query = (text: string, params: unknown[]) => Promise<unknown[]>;

/** Marks what the phase adds, so that a run killed half-way is cleaned up by the next one. */
export const benchFieldTitle = 'Bench: product area';
/** The second field, for the view with two field conditions. */
export const benchPlanTitle = 'Bench: plan';

export interface FieldViewSetup {
  fieldId: number;
  /** A value three tickets in ten hold ("is hardware::printer"), over the unsolved tickets. */
  common: { viewId: number; title: string; conditions: TTicketView['conditions']; sort: TTicketView['sort'] };
  /** A value one ticket in ten thousand holds. */
  rare: { viewId: number; title: string; conditions: TTicketView['conditions']; sort: TTicketView['sort'] };
  /**
   * Two field conditions, each common (printer: 3 in 10, enterprise: 1 in 2) and together rare
   * (1 in 1,000: the planner, taking them as independent, expects 150 times more).
   */
  two: { viewId: number; title: string; conditions: TTicketView['conditions']; sort: TTicketView['sort'] };
  /** Rows written to the value table. */
  values: number;
  /** How long filling the values (and analysing them) took, in ms. */
  fillMs: number;
}

const options = ['Hardware::Printer', 'Hardware::Scanner', 'Software::Email', 'Software::VPN', 'Other::Rare'].map(
  (name) => ({ name, value: name.toLowerCase() }),
);
const planOptions = ['Enterprise', 'Team'].map((name) => ({ name, value: name.toLowerCase() }));

/** Removes what a run added (this one's, or one that was killed before its cleanup). */
export async function tearDownFieldView(query: Query): Promise<number> {
  const rows = (await query('SELECT field_id FROM ticket_field WHERE title IN ($1, $2)', [
    benchFieldTitle,
    benchPlanTitle,
  ])) as Array<{
    field_id: number;
  }>;
  for (const { field_id } of rows) {
    await query(`DELETE FROM ticket_view WHERE title LIKE $1`, [`${benchFieldTitle}%`]);
    await query('DELETE FROM ticket_field_value WHERE field_id = $1', [field_id]);
    await query('DELETE FROM ticket_field WHERE field_id = $1', [field_id]);
  }
  if (rows.length) {
    // The deleted rows' space and the statistics, as autovacuum would leave them.
    await query('VACUUM (ANALYZE) ticket_field_value', []);
  }
  return rows.length;
}

/**
 * `BENCH_KEEP_FIELDS=1`: the field, values and views stay after the run, and a run that finds
 * them kept reuses them (filling 1.5M values takes minutes on a busy machine). The last run
 * without it removes them.
 */
export const keepFields = process.env.BENCH_KEEP_FIELDS === '1';

async function keptSetup(query: Query): Promise<FieldViewSetup | null> {
  const fields = (await query('SELECT field_id, title FROM ticket_field WHERE title IN ($1, $2)', [
    benchFieldTitle,
    benchPlanTitle,
  ])) as Array<{ field_id: number; title: string }>;
  const views = (await query(`SELECT view_id, title, conditions, sort FROM ticket_view WHERE title LIKE $1`, [
    `${benchFieldTitle}%`,
  ])) as Array<{ view_id: number; title: string; conditions: TTicketView['conditions']; sort: TTicketView['sort'] }>;
  const field = fields.find((f) => f.title === benchFieldTitle);
  const view = (part: string) => {
    const v = views.find((x) => x.title.includes(part));
    return v && { viewId: Number(v.view_id), title: v.title, conditions: v.conditions, sort: v.sort };
  };
  const [common, rare, two] = [view('is printer (unsolved)'), view('is rare'), view('plan is enterprise')];
  if (fields.length !== 2 || !field || !common || !rare || !two) {
    return null;
  }
  const [n] = (await query('SELECT count(*)::int AS n FROM ticket_field_value WHERE field_id = ANY($1::int[])', [
    fields.map((f) => f.field_id),
  ])) as Array<{ n: number }>;
  return { fieldId: Number(field.field_id), common, rare, two, values: Number(n?.n), fillMs: 0 };
}

export async function setUpFieldView(query: Query): Promise<FieldViewSetup> {
  const kept = keepFields ? await keptSetup(query) : null;
  if (kept) {
    return kept;
  }
  await tearDownFieldView(query);
  const now = Date.now();
  const [field] = (await query(
    `INSERT INTO ticket_field (field_type, title, options, field_state, position, create_ts, update_ts)
     VALUES ('nested', $1, $2::jsonb, 'active', 1000000, $3, $3) RETURNING field_id`,
    [benchFieldTitle, JSON.stringify(options), now],
  )) as Array<{ field_id: number }>;
  const fieldId = Number(field?.field_id);
  // Spread over the ids (and so over ages and states): 30 % printer, 20 % scanner, 15 % each
  // email and VPN, 20 % without a value; one ticket in 10,000 the rare value.
  const started = Date.now();
  const [inserted] = (await query(
    `WITH v AS (
       SELECT ticket_id,
         CASE WHEN ticket_id % 10000 = 7777 THEN 'other::rare'
              WHEN ticket_id % 100 < 30 THEN 'hardware::printer'
              WHEN ticket_id % 100 < 50 THEN 'hardware::scanner'
              WHEN ticket_id % 100 < 65 THEN 'software::email'
              WHEN ticket_id % 100 < 80 THEN 'software::vpn' END AS value_text
       FROM ticket)
     , ins AS (
       INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
       SELECT ticket_id, $1, value_text FROM v WHERE value_text IS NOT NULL
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [fieldId],
  )) as Array<{ n: number }>;
  // The plan: enterprise on half the tickets (none of them printers) and on one in a thousand
  // printers' ids; team on every other of the rest.
  const [plan] = (await query(
    `INSERT INTO ticket_field (field_type, title, options, field_state, position, create_ts, update_ts)
     VALUES ('dropdown', $1, $2::jsonb, 'active', 1000001, $3, $3) RETURNING field_id`,
    [benchPlanTitle, JSON.stringify(planOptions), now],
  )) as Array<{ field_id: number }>;
  const planId = Number(plan?.field_id);
  const [planned] = (await query(
    `WITH ins AS (
       INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
       SELECT ticket_id, $1,
         CASE WHEN (ticket_id % 100 BETWEEN 30 AND 79) OR ticket_id % 1000 = 17 THEN 'enterprise' ELSE 'team' END
       FROM ticket WHERE (ticket_id % 100 BETWEEN 30 AND 79) OR ticket_id % 1000 = 17 OR ticket_id % 2 = 0
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [planId],
  )) as Array<{ n: number }>;
  // Statistics at once; a server with autovacuum on would also vacuum
  // the table after 1.5M inserts (its visibility map is what lets the value index be read alone).
  const [auto] = (await query('SHOW autovacuum', [])) as Array<{ autovacuum: string }>;
  await query(auto?.autovacuum === 'off' ? 'VACUUM (ANALYZE) ticket_field_value' : 'ANALYZE ticket_field_value', []);
  const fillMs = Date.now() - started;
  const unsolved = { field: 'ticket_state', operator: 'in', value: ['new', 'open', 'pending'] } as const;
  const addView = async (suffix: string, value: string, more: TTicketView['conditions']['all'] = []) => {
    const title = `${benchFieldTitle} ${suffix}`;
    const conditions = {
      all: [unsolved, { field: 'custom_field', field_id: fieldId, operator: 'is', value }, ...more],
      any: [],
    } as TTicketView['conditions'];
    const [row] = (await query(
      `INSERT INTO ticket_view (title, conditions, columns, sort, position, create_ts, update_ts)
       VALUES ($1, $2::jsonb, $3, '-update_ts', (SELECT coalesce(max(position), 0) + 1 FROM ticket_view), $4, $4)
       RETURNING view_id`,
      [
        title,
        JSON.stringify(conditions),
        ['ticket_id', 'subject', 'requester', 'ticket_state', 'priority', 'assignee', 'update_ts', `field_${fieldId}`],
        now,
      ],
    )) as Array<{ view_id: number }>;
    return { viewId: Number(row?.view_id), title, conditions, sort: '-update_ts' as TTicketView['sort'] };
  };
  return {
    fieldId,
    common: await addView('is printer (unsolved)', 'hardware::printer'),
    rare: await addView('is rare (unsolved)', 'other::rare'),
    two: await addView('is printer, plan is enterprise (unsolved)', 'hardware::printer', [
      { field: 'custom_field', field_id: planId, operator: 'is', value: 'enterprise' },
    ]),
    values: Number(inserted?.n) + Number(planned?.n),
    fillMs,
  };
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
}

/** What the phase borrows from bench/tickets.ts: its loops, its HTTP client and its output. */
export interface BenchTools {
  seconds: number;
  connections: number;
  base: string;
  tightLoop(fn: () => Promise<unknown>, concurrency: number, duration: number): Promise<Figures>;
  cannon(opts: {
    url: string;
    connections: number;
    headers: Record<string, string>;
    timeout?: number;
  }): Promise<Figures>;
  timed(fn: () => Promise<unknown>, runs: number): Promise<number[]>;
  api<T>(token: string | null, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T>;
  line(label: string, value: string): void;
  ms(n: number): string;
  pct(sorted: number[], p: number): number;
}

export interface DirectRun {
  label: string;
  query: Query;
  concurrency: number;
  db: Db;
}

type BenchView = FieldViewSetup['common'];

export interface DirectFigures {
  page: Figures;
  pageAndCount: Figures;
  /** EXPLAIN of the page and of the capped count, as PostgreSQL plans them on this data. */
  plans: { page: string[]; count: string[] };
}

const dialect = new PgDialect();
const toQuery = (q: SQL | { getSQL(): SQL }) => dialect.sqlToQuery('getSQL' in q ? q.getSQL() : q);

/** The statements the API runs for the view's first page (page and capped count), run directly. */
export async function measureDirect(
  tools: BenchTools,
  runner: DirectRun,
  viewer: Viewer,
  view: BenchView,
): Promise<DirectFigures> {
  const plan = planList(viewer, { offset: 0, limit: 50 }, { conditions: view.conditions, sort: view.sort });
  const page = toQuery(pageQuery(plan.where, plan.order, 0, 50));
  const count = toQuery(cappedCountQuery(runner.db, plan.where, plan.order));
  const explain = async (q: { sql: string; params: unknown[] }) =>
    ((await runner.query(`EXPLAIN (COSTS OFF) ${q.sql}`, q.params)) as Array<Record<string, string>>).map(
      (r) => Object.values(r)[0] as string,
    );
  return {
    plans: { page: await explain(page), count: await explain(count) },
    page: await tools.tightLoop(() => runner.query(page.sql, page.params), runner.concurrency, tools.seconds),
    pageAndCount: await tools.tightLoop(
      () => Promise.all([runner.query(page.sql, page.params), runner.query(count.sql, count.params)]),
      runner.concurrency,
      tools.seconds,
    ),
  };
}

export interface TwoFigures {
  /** The list as the API runs it (`runList`: the field conditions' own way), in-process, no HTTP. */
  list: Figures;
  /** The plain page query (the planner's own plan), a few sequential runs. */
  plainMs: number[];
  plans: { plain: string[]; collected: string[] };
}

/**
 * The view with two field conditions, directly: what `runList` runs for it (the estimate, then
 * the collection when few are expected, else the plain page and count) in a tight loop on a pool
 * of the same size, and the plain page query alone a few times.
 */
export async function measureDirectTwo(
  tools: BenchTools,
  runner: DirectRun,
  listDb: Db,
  viewer: Viewer,
  view: BenchView,
): Promise<TwoFigures> {
  const plan = planList(viewer, { offset: 0, limit: 50 }, { conditions: view.conditions, sort: view.sort });
  const textOf = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(Object.values(r)[0]));
  const page = toQuery(pageQuery(plan.where, plan.order, 0, 50));
  const collected = await listDb.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
    return textOf(
      await queryRows(
        tx,
        sql`EXPLAIN (COSTS OFF) SELECT ticket_id FROM ticket WHERE ${plan.where} LIMIT ${searchCollectCap + 1}`,
      ),
    );
  });
  const plans = {
    plain: textOf(
      (await runner.query(`EXPLAIN (COSTS OFF) ${page.sql}`, page.params)) as Array<Record<string, unknown>>,
    ),
    collected,
  };
  const plainMs = await tools.timed(() => runner.query(page.sql, page.params), 3);
  const list = await tools.tightLoop(() => runList(listDb, plan), runner.concurrency, tools.seconds);
  return { list, plainMs, plans };
}

const figures = (f: Figures, unit: string, ms: BenchTools['ms']) =>
  `${f.rps.toFixed(0)} ${unit}, p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`;

/** Through the API: each view's first page (with its count) against the direct figures; a deep page of the common one. */
export async function measureApi(
  tools: BenchTools,
  token: string,
  setup: FieldViewSetup,
  direct: { common: DirectFigures; rare: DirectFigures; two: TwoFigures },
  directLabel: string,
): Promise<void> {
  const { line, ms, pct } = tools;
  const listPath = (view: BenchView, offset = 0) =>
    `/api/admin/ticket.list?view_id=${view.viewId}&limit=50${offset ? `&offset=${offset}` : ''}`;
  console.log(
    `\n5. A custom view over a custom field (nested drop-down on ${setup.values} tickets, filled in ${ms(setup.fillMs)})`,
  );
  // The floor of any staff call: HTTP, the session check and a small JSON answer, with no list
  // behind it. A view whose query costs a millisecond cannot be served faster than this.
  const floor = await tools.cannon({
    url: `${tools.base}/api/admin/auth.my.info.get`,
    connections: tools.connections,
    headers: { authorization: token },
  });
  line('API floor: auth.my.info.get (HTTP, session, small answer)', figures(floor, 'req/s', ms));
  let commonTotal = 0;
  for (const [name, view, d] of [
    ['a', setup.common, direct.common],
    ['b', setup.rare, direct.rare],
  ] as const) {
    const apiPage = await tools.cannon({
      url: `${tools.base}${listPath(view)}`,
      connections: tools.connections,
      headers: { authorization: token },
    });
    const first = await tools.api<{ total: number; total_estimated: boolean }>(token, 'GET', listPath(view));
    if (view === setup.common) {
      commonTotal = first.total;
    }
    console.log(
      `\n5${name}. "${view.title}", first page of 50 (${first.total}${first.total_estimated ? ', estimated' : ''} tickets)`,
    );
    line('API (HTTP, autocannon)', figures(apiPage, 'req/s', ms));
    line(`direct SQL, page query (${directLabel})`, figures(d.page, 'q/s', ms));
    line('direct SQL, page + capped count', figures(d.pageAndCount, 'q/s', ms));
    line('API / direct page throughput (goal >= 0.5)', (apiPage.rps / d.page.rps).toFixed(2));
    line('API / direct page p99 (goal <= 3)', (apiPage.p99 / d.page.p99).toFixed(2));
    line('API / direct page+count throughput', (apiPage.rps / d.pageAndCount.rps).toFixed(2));
    line('API / API floor throughput', (apiPage.rps / floor.rps).toFixed(2));
    console.log('  plan of the page:');
    console.log(d.plans.page.map((l) => `    ${l}`).join('\n'));
    console.log('  plan of the capped count:');
    console.log(d.plans.count.map((l) => `    ${l}`).join('\n'));
  }

  // Deep page of the common view: page 10,000 where it has that many, else the deepest but ten.
  const deepPage = Math.max(2, Math.min(10_000, Math.floor(commonTotal / 50) - 10));
  const deepOffset = (deepPage - 1) * 50;
  const cold = await tools.timed(() => tools.api(token, 'GET', listPath(setup.common, deepOffset)), 1);
  const pageOne: number[] = [];
  const deep: number[] = [];
  for (let i = 0; i < 100; i++) {
    pageOne.push(...(await tools.timed(() => tools.api(token, 'GET', listPath(setup.common)), 1)));
    deep.push(...(await tools.timed(() => tools.api(token, 'GET', listPath(setup.common, deepOffset)), 1)));
  }
  pageOne.sort((a, b) => a - b);
  deep.sort((a, b) => a - b);
  console.log(`\n5c. "${setup.common.title}", page ${deepPage} (offset ${deepOffset}) against page 1`);
  line('page 1 p50 / p99', `${ms(pct(pageOne, 50))} / ${ms(pct(pageOne, 99))}`);
  line(`page ${deepPage} first call`, ms(cold[0] as number));
  line(`page ${deepPage} p50 / p99`, `${ms(pct(deep, 50))} / ${ms(pct(deep, 99))}`);
  line(`page ${deepPage} / page 1 p50 (goal <= 1.2)`, (pct(deep, 50) / pct(pageOne, 50)).toFixed(2));

  // Two field conditions: the API against the same list run in-process (runList), and the plain query.
  const two = direct.two;
  // A list the planner walks may take seconds under load: autocannon's 10 s timeout is raised.
  const apiTwo = await tools.cannon({
    url: `${tools.base}${listPath(setup.two)}`,
    connections: tools.connections,
    headers: { authorization: token },
    timeout: 120,
  });
  const firstTwo = await tools.api<{ total: number; total_estimated: boolean }>(token, 'GET', listPath(setup.two));
  console.log(
    `\n5d. "${setup.two.title}", first page of 50 (${firstTwo.total}${firstTwo.total_estimated ? ', estimated' : ''} tickets)`,
  );
  line('API (HTTP, autocannon)', figures(apiTwo, 'req/s', ms));
  line(`direct, runList in-process (${directLabel})`, figures(two.list, 'lists/s', ms));
  line('plain page query, 3 sequential runs', two.plainMs.map(ms).join(', '));
  line('API / direct runList throughput (goal >= 0.5)', (apiTwo.rps / two.list.rps).toFixed(2));
  line('API / direct runList p99 (goal <= 3)', (apiTwo.p99 / two.list.p99).toFixed(2));
  line('API / API floor throughput', (apiTwo.rps / floor.rps).toFixed(2));
  line('plain query p50 / API p50', (pct(two.plainMs, 50) / apiTwo.p50).toFixed(1));
  for (const [label, plan] of [
    ['plain page query', two.plans.plain],
    ['collection (bitmap scans only; run when few are expected)', two.plans.collected],
  ] as const) {
    console.log(`  plan of the ${label}:`);
    console.log(plan.map((l) => `    ${l}`).join('\n'));
  }
}
