import {
  brackets,
  type TAgentUpdates,
  type TAssigneeActivity,
  type TBacklog,
  type TDashboard,
  type TEfficiency,
  type TSatisfactionReport,
  type TUnsolvedReport,
  type ZReportRequest,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';
import { viewerOf } from '../ticket/ticket.policy.js';
import {
  accountNames,
  actionsByAgent,
  between,
  chatCounts,
  countByBucket,
  countWhere,
  distribution,
  firstReplyMedians,
  groupNames,
  type Scope,
  scopeWhere,
  scores,
  scoresBy,
  spanBuckets,
  unsolvedGroups,
  updatesByAgent,
} from './report.repo.js';
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
  const tz = input.timezone ?? actor.account.timezone ?? 'UTC';
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
const solvedIn = (p: Prepared) => sql`${between('r.solved_ts', p.range.from, p.range.to)} AND ${scopeWhere(p.scope)}`;
const createdIn = (p: Prepared) => sql`${between('r.create_ts', p.range.from, p.range.to)} AND ${scopeWhere(p.scope)}`;

export async function dashboard(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TDashboard> {
  const p = prepare(actor, input, now);
  const where = scopeWhere(p.scope);
  const me = actor.account.accountId;
  const mine = sql`r.assignee_id = ${me} AND ${scopeWhere(p.scope, false)}`;
  const created = await countByBucket(db, 'create_ts', p.range.edges, p.range.to, where);
  const solved = await countByBucket(db, 'solved_ts', p.range.edges, p.range.to, where);
  const unsolved = await countWhere(db, sql`${createdIn(p)} AND r.ticket_state IN ('new', 'open', 'pending')`);
  const myOpen = await countWhere(db, sql`${mine} AND r.ticket_state IN ('new', 'open')`);
  const myPending = await countWhere(db, sql`${mine} AND r.ticket_state = 'pending'`);
  const mySolved = await countWhere(db, sql`${mine} AND ${between('r.solved_ts', p.range.from, p.range.to)}`);
  const satisfaction = await scores(db, solvedIn(p));
  const chats = await chatCounts(db, p.scope.viewer);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    range: rangeOut(p),
    created: sum(created),
    solved: sum(solved),
    unsolved,
    series: p.range.edges.map((start, i) => ({ start_ts: start, created: created[i] ?? 0, solved: solved[i] ?? 0 })),
    mine: { open: myOpen, pending: myPending, solved: mySolved },
    satisfaction,
    chats,
  };
}

export async function efficiency(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TEfficiency> {
  const p = prepare(actor, input, now);
  return {
    range: rangeOut(p),
    first_reply: await distribution(db, 'first_reply', 'first_reply_ms', createdIn(p)),
    full_resolution: await distribution(db, 'full_resolution', 'resolution_ms', solvedIn(p)),
    requester_wait: await distribution(db, 'requester_wait', 'wait_ms', solvedIn(p)),
  };
}

export async function assigneeActivity(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now?: number,
): Promise<TAssigneeActivity> {
  const p = prepare(actor, input, now);
  const where = scopeWhere(p.scope, false);
  const counts = await actionsByAgent(
    db,
    ['assigned', 'solved', 'reply'],
    p.range.from,
    p.range.to,
    where,
    p.scope.assigneeId,
  );
  const medians = await firstReplyMedians(
    db,
    p.range.from,
    p.range.to,
    p.scope.assigneeId === undefined ? where : sql`${where} AND r.first_reply_by = ${p.scope.assigneeId}`,
  );
  const ids = [...new Set([...counts.map((c) => c.agentId), ...medians.keys()])];
  const names = await accountNames(db, ids);
  const list = ids.map((id) => {
    const of = (kind: string) => counts.find((c) => c.agentId === id && c.kind === kind)?.n ?? 0;
    return {
      agent_id: id,
      agent_name: names.get(id) ?? '',
      assigned: of('assigned'),
      solved: of('solved'),
      replies: of('reply'),
      first_reply_median_ms: medians.get(id) ?? null,
    };
  });
  list.sort((a, b) => b.solved - a.solved || b.replies - a.replies || a.agent_id - b.agent_id);
  return { range: rangeOut(p), list };
}

export async function agentUpdates(db: DbOrTx, actor: Actor, input: ReportInput, now?: number): Promise<TAgentUpdates> {
  const p = prepare(actor, input, now);
  const rows = await updatesByAgent(db, p.range.edges, p.range.to, scopeWhere(p.scope, false), p.scope.assigneeId);
  const byAgent = new Map<number, number[]>();
  for (const r of rows) {
    const counts = byAgent.get(r.agentId) ?? p.range.edges.map(() => 0);
    counts[r.bucket] = r.n;
    byAgent.set(r.agentId, counts);
  }
  const names = await accountNames(db, [...byAgent.keys()]);
  const list = [...byAgent.entries()].map(([id, counts]) => ({
    agent_id: id,
    agent_name: names.get(id) ?? '',
    counts,
    total: counts.reduce((a, b) => a + b, 0),
  }));
  list.sort((a, b) => b.total - a.total || a.agent_id - b.agent_id);
  return { range: rangeOut(p), buckets: p.range.edges, list };
}

const states = ['new', 'open', 'pending'];
const priorities = ['urgent', 'high', 'normal', 'low'];

export async function unsolvedReport(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now = Date.now(),
): Promise<TUnsolvedReport> {
  const p = prepare(actor, input, now);
  const rows = await unsolvedGroups(db, now, scopeWhere(p.scope));
  const of = (dim: string, key: string | null) => rows.find((r) => r.dim === dim && r.key === key)?.n ?? 0;
  const groups = rows.filter((r) => r.dim === 'group');
  const names = await groupNames(
    db,
    groups.filter((g) => g.key !== null).map((g) => Number(g.key)),
  );
  return {
    total: states.reduce((a, s) => a + of('state', s), 0),
    by_state: states.map((key) => ({ key, count: of('state', key) })),
    by_priority: priorities.map((key) => ({ key, count: of('priority', key) })),
    by_group: groups
      .map((g) => {
        const id = g.key === null ? null : Number(g.key);
        return { group_id: id, group_name: id === null ? '' : (names.get(id) ?? ''), count: g.n };
      })
      .sort((a, b) => b.count - a.count || (a.group_id ?? 0) - (b.group_id ?? 0)),
    by_age: brackets.age.map((b, i) => ({ key: b.key, count: of('age', String(i)) })),
  };
}

export async function backlog(db: DbOrTx, actor: Actor, input: ReportInput, now = Date.now()): Promise<TBacklog> {
  const p = prepare(actor, input, now);
  const where = scopeWhere(p.scope);
  const periods = backlogPeriods(now, p.tz);
  const ends = [...new Set([...periods.daily, ...periods.weekly].map((x) => x.end))].sort((a, b) => a - b);
  const spans = await spanBuckets(db, ends, where);
  const openAt = (end: number) => {
    const k = ends.indexOf(end) + 1;
    return spans.filter((s) => s.fb < k && (s.tb === null || s.tb >= k)).reduce((a, s) => a + s.n, 0);
  };
  const series = async (list: Period[]) => {
    const edges = list.map((x) => x.start);
    const created = await countByBucket(db, 'create_ts', edges, now, where);
    const solved = await countByBucket(db, 'solved_ts', edges, now, where);
    return list.map((x, i) => ({
      start_ts: x.start,
      end_ts: x.end,
      created: created[i] ?? 0,
      solved: solved[i] ?? 0,
      open: openAt(x.end),
    }));
  };
  return { timezone: p.tz, daily: await series(periods.daily), weekly: await series(periods.weekly) };
}

export async function satisfactionReport(
  db: DbOrTx,
  actor: Actor,
  input: ReportInput,
  now?: number,
): Promise<TSatisfactionReport> {
  const p = prepare(actor, input, now);
  const byAgent = await scoresBy(db, 'assignee_id', solvedIn(p));
  const byGroup = await scoresBy(db, 'group_id', solvedIn(p));
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
