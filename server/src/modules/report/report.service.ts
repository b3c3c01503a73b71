import {
  brackets,
  type TAgentUpdates,
  type TAssigneeActivity,
  type TBacklog,
  type TBracketKind,
  type TDashboard,
  type TDistribution,
  type TEfficiency,
  type TSatisfactionReport,
  type TUnsolvedReport,
  type ZReportRequest,
} from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import { bracketBins } from './report.bins.js';
import {
  binsFrom,
  by,
  families,
  type MedianSource,
  medianSources,
  medians,
  readNow,
  readSums,
  type Sums,
  totals,
  type Where,
} from './report.read.js';
import { accountNames, chatCounts, groupNames, type Scope, youngUnsolved } from './report.repo.js';
import { binColumns, sumsOn } from './report.sums.js';
import { backlogPeriods, type Period, type Range, rangeOf } from './report.time.js';

/**
 * The dashboard and the reports. Which tickets each figure covers (docs/decisions/0009-reports.md):
 * first reply over tickets created in the range; resolution, wait, "solved" and satisfaction
 * over tickets whose last solve is in the range and that are solved now; agent actions by
 * when they happened; unsolved as of now. Deleted tickets never count.
 */
export type ReportInput = z.output<typeof ZReportRequest>;

interface Prepared {
  scope: Scope;
  range: Range;
  tz: string;
  now: number;
}

function prepare(actor: Actor, input: ReportInput, now = Date.now()): Prepared {
  const tz = input.timezone ?? actor.account.timezoneInForce;
  return {
    scope: {
      viewer: viewerOf(actor),
      groupId: input.group_id,
      assigneeId: input.assignee_id,
      source: input.source,
      tag: input.tag,
    },
    range: rangeOf(input.time_range, now, tz),
    tz,
    now,
  };
}

const rangeOut = (p: Prepared) => ({ from_ts: p.range.from, to_ts: p.range.to, timezone: p.tz });
const unsolvedList = sql`('new', 'open', 'pending')`;
const whole = (p: Prepared, sums: boolean) => ({ edges: [p.range.from], to: p.range.to, sumsOn: sums });
const series = (p: Prepared, sums: boolean) => ({ edges: p.range.edges, to: p.range.to, byHour: true, sumsOn: sums });

/** Counter `name` per bucket, as an array over the buckets. */
function perBucket(rows: Sums[], name: string, buckets: number): number[] {
  const out = Array.from({ length: buckets }, () => 0);
  for (const r of rows) {
    if (r.bucket >= 0 && r.bucket < buckets) {
      out[r.bucket] = (out[r.bucket] as number) + (r.c[name] ?? 0);
    }
  }
  return out;
}

/** The brackets of a duration from its bin counts, and its exact median. */
async function distribution(
  kind: TBracketKind,
  bins: number[],
  none: number,
  median: (bins: number[]) => Promise<number | null>,
): Promise<TDistribution> {
  return {
    buckets: bracketBins(kind).map((b) => ({
      key: b.key,
      count: b.bins === null ? none : b.bins.reduce((a, k) => a + (bins[k - 1] ?? 0), 0),
    })),
    count: bins.reduce((a, b) => a + b, 0),
    median_ms: await median(bins),
  };
}

async function dashboardRead(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TDashboard> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const where: Where = { scope: p.scope, withAssignee: true };
  const buckets = p.range.edges.length;
  const created = perBucket(
    await readSums(db, families.created, { ...series(p, on), where, counters: ['created'] }),
    'created',
    buckets,
  );
  const solved = perBucket(
    await readSums(db, families.solved, { ...series(p, on), where, counters: ['solved'] }),
    'solved',
    buckets,
  );
  const unsolved = totals(await readSums(db, families.created, { ...whole(p, on), where, counters: ['unsolved'] }), [
    'unsolved',
  ]).unsolved as number;
  const me = actor.account.accountId;
  const mine: Where = {
    scope: p.scope,
    withAssignee: false,
    extra: { sums: sql`x.assignee_id = ${me}`, raw: sql`r.assignee_id = ${me}` },
  };
  const mineNow = await readNow(db, mine, [by.state], on);
  const inState = (states: string[]) =>
    mineNow.filter((r) => states.includes(String(r.group.ticket_state))).reduce((a, r) => a + r.n, 0);
  const mySolved = totals(await readSums(db, families.solved, { ...whole(p, on), where: mine, counters: ['solved'] }), [
    'solved',
  ]).solved as number;
  const score = ['good', 'bad', 'offered', 'solved'];
  const sat = totals(await readSums(db, families.solved, { ...whole(p, on), where, counters: score }), score);
  const chats = await chatCounts(db, p.scope.viewer);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    range: rangeOut(p),
    created: sum(created),
    solved: sum(solved),
    unsolved,
    series: p.range.edges.map((start, i) => ({ start_ts: start, created: created[i] ?? 0, solved: solved[i] ?? 0 })),
    mine: { open: inState(['new', 'open']), pending: inState(['pending']), solved: mySolved },
    satisfaction: {
      good: sat.good as number,
      bad: sat.bad as number,
      offered: sat.offered as number,
      solved: sat.solved as number,
    },
    chats,
  };
}

async function efficiencyRead(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TEfficiency> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const where: Where = { scope: p.scope, withAssignee: true };
  const frCounters = ['fr_none', ...binColumns('fr')];
  const fr = totals(await readSums(db, families.created, { ...whole(p, on), where, counters: frCounters }), frCounters);
  const solvedCounters = [...binColumns('res'), ...binColumns('wait')];
  const sv = totals(
    await readSums(db, families.solved, { ...whole(p, on), where, counters: solvedCounters }),
    solvedCounters,
  );
  const medianOf = (source: MedianSource) => async (bins: number[]) =>
    (await medians(db, source, p.range.from, p.range.to, where, [{ key: 0, bins }])).get(0) ?? null;
  return {
    range: rangeOut(p),
    first_reply: await distribution(
      'first_reply',
      binsFrom(fr, 'fr'),
      fr.fr_none as number,
      medianOf(medianSources.firstReply),
    ),
    full_resolution: await distribution('full_resolution', binsFrom(sv, 'res'), 0, medianOf(medianSources.resolution)),
    requester_wait: await distribution('requester_wait', binsFrom(sv, 'wait'), 0, medianOf(medianSources.wait)),
  };
}

/** The agent reports' scope: the agent filter is on the acting agent, with a condition of their own. */
function agentWhere(p: Prepared, sums: SQL, raw: SQL, agentColumn: { sums: string; raw: string }): Where {
  const agent = p.scope.assigneeId;
  return {
    scope: p.scope,
    withAssignee: false,
    extra:
      agent === undefined
        ? { sums, raw }
        : {
            sums: sql`${sums} AND ${sql.raw(agentColumn.sums)} = ${agent}`,
            raw: sql`${raw} AND ${sql.raw(agentColumn.raw)} = ${agent}`,
          },
  };
}

async function assigneeActivityRead(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now?: number,
): Promise<TAssigneeActivity> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const kinds = sql`('assigned', 'solved', 'reply')`;
  const counts = await readSums(db, families.agent, {
    ...whole(p, on),
    where: agentWhere(p, sql`x.kind IN ${kinds}`, sql`a.kind IN ${kinds}`, { sums: 'x.agent_id', raw: 'a.agent_id' }),
    counters: ['n'],
    groups: [by.agent, by.kind],
  });
  const replyWhere = agentWhere(p, sql`true`, sql`true`, { sums: 'x.agent_id', raw: 'r.first_reply_by' });
  const replyBins = await readSums(db, families.reply, {
    ...whole(p, on),
    where: replyWhere,
    counters: binColumns('b'),
    groups: [by.replier],
  });
  const targets = replyBins
    .map((r) => ({ key: Number(r.group.agent_id), bins: binsFrom(r.c, 'b') }))
    .filter((t) => t.bins.some((n) => n !== 0))
    .map((t) => ({ ...t, raw: sql`r.first_reply_by = ${t.key}` }));
  const firstReply = await medians(db, medianSources.replier, p.range.from, p.range.to, replyWhere, targets);
  const of = (id: number, kind: string) =>
    counts
      .filter((c) => Number(c.group.agent_id) === id && c.group.kind === kind)
      .reduce((a, c) => a + (c.c.n ?? 0), 0);
  const ids = [
    ...new Set([
      ...counts.filter((c) => (c.c.n ?? 0) !== 0).map((c) => Number(c.group.agent_id)),
      ...[...firstReply.entries()].filter(([, m]) => m !== null).map(([id]) => id),
    ]),
  ];
  const names = await accountNames(db, ids);
  const list = ids.map((id) => ({
    agent_id: id,
    agent_name: names.get(id) ?? '',
    assigned: of(id, 'assigned'),
    solved: of(id, 'solved'),
    replies: of(id, 'reply'),
    first_reply_median_ms: firstReply.get(id) ?? null,
  }));
  list.sort((a, b) => b.solved - a.solved || b.replies - a.replies || a.agent_id - b.agent_id);
  return { range: rangeOut(p), list };
}

async function agentUpdatesRead(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TAgentUpdates> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const rows = await readSums(db, families.agent, {
    ...series(p, on),
    where: agentWhere(p, sql`x.kind = 'update'`, sql`a.kind = 'update'`, { sums: 'x.agent_id', raw: 'a.agent_id' }),
    counters: ['n'],
    groups: [by.agent],
  });
  const byAgent = new Map<number, number[]>();
  for (const r of rows) {
    const id = Number(r.group.agent_id);
    const counts = byAgent.get(id) ?? p.range.edges.map(() => 0);
    if (r.bucket >= 0 && r.bucket < counts.length) {
      counts[r.bucket] = (counts[r.bucket] as number) + (r.c.n ?? 0);
    }
    byAgent.set(id, counts);
  }
  const names = await accountNames(db, [...byAgent.keys()]);
  const list = [...byAgent.entries()]
    .map(([id, counts]) => ({
      agent_id: id,
      agent_name: names.get(id) ?? '',
      counts,
      total: counts.reduce((a, b) => a + b, 0),
    }))
    .filter((r) => r.counts.some((n) => n !== 0));
  list.sort((a, b) => b.total - a.total || a.agent_id - b.agent_id);
  return { range: rangeOut(p), buckets: p.range.edges, list };
}

const states = ['new', 'open', 'pending'];
const priorities = ['urgent', 'high', 'normal', 'low'];
const week = 7 * 24 * 3_600_000;

async function unsolvedReportRead(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now = Date.now(),
): Promise<TUnsolvedReport> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const where: Where = { scope: p.scope, withAssignee: true };
  const rows = await readNow(db, where, [by.state, by.priority, by.group], on, {
    sums: sql`x.ticket_state IN ${unsolvedList}`,
    raw: sql`r.ticket_state IN ${unsolvedList}`,
  });
  const sumBy = (dim: string) => {
    const m = new Map<string | number, number>();
    for (const r of rows) {
      const k = r.group[dim] as string | number;
      m.set(k, (m.get(k) ?? 0) + r.n);
    }
    return m;
  };
  const byState = sumBy('ticket_state');
  const byPriority = sumBy('priority');
  const byGroup = [...sumBy('group_id').entries()].filter(([, n]) => n !== 0);
  const total = states.reduce((a, s) => a + (byState.get(s) ?? 0), 0);
  // Ages under a week from the tickets themselves (few); the rest are older.
  const young = await youngUnsolved(db, now, week, p.scope);
  const ages = brackets.age.map((_, i) => young.get(i) ?? 0);
  ages[ages.length - 1] = total - ages.slice(0, -1).reduce((a, b) => a + b, 0);
  const names = await groupNames(
    db,
    byGroup.filter(([id]) => Number(id) !== 0).map(([id]) => Number(id)),
  );
  return {
    total,
    by_state: states.map((key) => ({ key, count: byState.get(key) ?? 0 })),
    by_priority: priorities.map((key) => ({ key, count: byPriority.get(key) ?? 0 })),
    by_group: byGroup
      .map(([key, count]) => {
        const id = Number(key) === 0 ? null : Number(key);
        return { group_id: id, group_name: id === null ? '' : (names.get(id) ?? ''), count };
      })
      .sort((a, b) => b.count - a.count || (a.group_id ?? 0) - (b.group_id ?? 0)),
    by_age: brackets.age.map((b, i) => ({ key: b.key, count: ages[i] ?? 0 })),
  };
}

async function backlogRead(db: DbOrTx, actor: Actor, input: ReportInput, now = Date.now()): Promise<TBacklog> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const where: Where = { scope: p.scope, withAssignee: true };
  const periods = backlogPeriods(now, p.tz);
  const ends = [...new Set([...periods.daily, ...periods.weekly].map((x) => x.end))].sort((a, b) => a - b);
  // Open at T = open now + spans ended at or after T - spans started at or after T.
  const openNow = (await readNow(db, where, [], on)).reduce((a, r) => a + r.open, 0);
  const edgeCounts = async (family: typeof families.spanStart) => {
    const counts = perBucket(
      await readSums(db, family, { edges: ends, to: now, byHour: true, sumsOn: on, where, counters: ['n'] }),
      'n',
      ends.length,
    );
    for (let i = counts.length - 2; i >= 0; i--) {
      counts[i] = (counts[i] as number) + (counts[i + 1] as number);
    }
    return counts;
  };
  const startedFrom = await edgeCounts(families.spanStart);
  const endedFrom = await edgeCounts(families.spanEnd);
  const openAt = (end: number) => {
    const k = ends.indexOf(end);
    return openNow + (endedFrom[k] as number) - (startedFrom[k] as number);
  };
  const seriesOf = async (list: Period[]) => {
    const edges = list.map((x) => x.start);
    const opts = { edges, to: now, byHour: true, sumsOn: on, where };
    const created = perBucket(
      await readSums(db, families.created, { ...opts, counters: ['created'] }),
      'created',
      list.length,
    );
    const solved = perBucket(
      await readSums(db, families.solved, { ...opts, counters: ['solved'] }),
      'solved',
      list.length,
    );
    return list.map((x, i) => ({
      start_ts: x.start,
      end_ts: x.end,
      created: created[i] ?? 0,
      solved: solved[i] ?? 0,
      open: openAt(x.end),
    }));
  };
  return { timezone: p.tz, daily: await seriesOf(periods.daily), weekly: await seriesOf(periods.weekly) };
}

async function satisfactionReportRead(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now?: number,
): Promise<TSatisfactionReport> {
  const p = prepare(actor, input, now);
  const on = await sumsOn(db);
  const where: Where = { scope: p.scope, withAssignee: true };
  const score = ['good', 'bad', 'offered', 'solved'] as const;
  const rows = await readSums(db, families.solved, {
    ...whole(p, on),
    where,
    counters: [...score],
    groups: [by.assignee, by.group],
  });
  const sumBy = (dim: string) => {
    const m = new Map<number, Record<(typeof score)[number], number>>();
    for (const r of rows) {
      const id = Number(r.group[dim]);
      const acc = m.get(id) ?? { good: 0, bad: 0, offered: 0, solved: 0 };
      for (const c of score) {
        acc[c] += r.c[c] ?? 0;
      }
      m.set(id, acc);
    }
    return [...m.entries()].filter(([, c]) => c.solved !== 0).map(([id, c]) => ({ id: id === 0 ? null : id, ...c }));
  };
  const byAgent = sumBy('assignee_id');
  const byGroup = sumBy('group_id');
  const agents = await accountNames(
    db,
    byAgent.flatMap((r) => (r.id === null ? [] : [r.id])),
  );
  const groups = await groupNames(
    db,
    byGroup.flatMap((r) => (r.id === null ? [] : [r.id])),
  );
  const order = <T extends { solved: number; good: number }>(a: T, b: T) => b.solved - a.solved || b.good - a.good;
  return {
    range: rangeOut(p),
    by_agent: byAgent
      .map(({ id, ...c }) => ({ agent_id: id, agent_name: id === null ? '' : (agents.get(id) ?? ''), ...c }))
      .sort(order),
    by_group: byGroup
      .map(({ id, ...c }) => ({ group_id: id, group_name: id === null ? '' : (groups.get(id) ?? ''), ...c }))
      .sort(order),
  };
}

/**
 * Runs a report with JIT compilation off (in one read transaction): the planner turns JIT on
 * above a cost of 100,000, which a report's reads over tens of thousands of rows reach, and on
 * 2 busy cores compiling took 150-800 ms of a query that runs in 100 ms (bench:reports, 1M tickets).
 */
function withoutJit<A extends unknown[], R>(
  read: (db: DbOrTx, ...args: A) => Promise<R>,
): (db: DbOrTx, ...args: A) => Promise<R> {
  return (db, ...args) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return read(tx, ...args);
    });
}

export const dashboard = withoutJit(dashboardRead);
export const efficiency = withoutJit(efficiencyRead);
export const assigneeActivity = withoutJit(assigneeActivityRead);
export const agentUpdates = withoutJit(agentUpdatesRead);
export const unsolvedReport = withoutJit(unsolvedReportRead);
export const backlog = withoutJit(backlogRead);
export const satisfactionReport = withoutJit(satisfactionReportRead);
