import type { TReportRequest } from '@parley/contracts';
import { reportOps, type TOp, type TOpInput, type TOpOutput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, buildEndUser, buildGroup } from '../../../test/factories.js';
import { api, db, setUpApp } from '../../../test/kit.js';
import { craftTicket, expectSumsExact, extendTicket } from '../../../test/report-kit.js';
import {
  bracketCounts,
  median,
  prng,
  ranges,
  type Sim,
  type SimPeople,
  simulatedDesk,
  within,
  zones,
} from '../../../test/report-sim.js';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Actor } from '../auth/actor.js';
import { findAccountWithLinks } from '../auth/session.repo.js';
import { binEdges, binOf } from './report.bins.js';
import {
  agentUpdates,
  assigneeActivity,
  backlog,
  dashboard,
  efficiency,
  type ReportInput,
  satisfactionReport,
  unsolvedReport,
} from './report.service.js';
import { compactSums } from './report.sums.js';

/**
 * A randomized help desk (fixed seed) written to the event log, and every figure of every
 * report computed here the slow, obvious way from the same histories, compared bucket by bucket
 * with what the API answers. Nothing here uses report.figures.ts. Tickets span more than a
 * year, a third of them are written twice (first in another group, channel and assignee), and
 * each range is asked in a whole-hour, a half-hour and the UTC time zone: the answers come from
 * the daily sums (whole days, whole hours; a tag filter reads that tag's sums) and the per-ticket
 * rows (the rest).
 */
setUpApp({ ticketDefaults: true });

const unsolved = ['new', 'open', 'pending'];

let groupId: number;
let otherGroupId: number;
const people: SimPeople = { agents: [], requesterId: 0 };
const sims: Sim[] = [];
const now0 = Date.now();
const { simulate, facts } = simulatedDesk(now0, people);

beforeAll(async () => {
  groupId = await buildGroup(db());
  otherGroupId = await buildGroup(db());
  for (let i = 0; i < 3; i++) {
    people.agents.push((await buildAgent(db(), { realName: `Agent ${i}` })).accountId);
  }
  people.requesterId = (await buildEndUser(db())).accountId;
  const rand = prng(19);
  for (let i = 0; i < 90; i++) {
    const s = simulate(rand);
    // Another tag beside vip, and vip written twice on some tickets (as the bench seed does):
    // each tag's sums count a ticket once.
    if (i % 4 === 1) {
      s.tags = [...s.tags, 'billing'];
    }
    if (i % 5 === 2) {
      s.tags = [...s.tags, 'vip', 'vip'];
    }
    sims.push(s);
    if (i % 3 !== 0) {
      await craftTicket(db(), { requesterId: people.requesterId, groupId, ...s });
      continue;
    }
    // Written twice: first half of the history elsewhere, then the rest and the final columns.
    const half = s.steps.length >> 1;
    const ticketId = await craftTicket(db(), {
      requesterId: people.requesterId,
      groupId: otherGroupId,
      createTs: s.createTs,
      steps: s.steps.slice(0, half),
      source: s.source === 'email' ? 'chat' : 'email',
      assigneeId: people.agents[0] ?? null,
      tags: s.tags.length ? [] : ['vip'],
    });
    const last = [...s.steps].reverse().find((x) => x.field === 'ticket_state');
    await extendTicket(db(), ticketId, {
      requesterId: people.requesterId,
      groupId,
      ...s,
      steps: s.steps.slice(half),
      finalState: (last?.value as string | undefined) ?? 'new',
    });
  }
}, 180_000);

const filters: Array<{ name: string; query: Partial<TReportRequest>; keep: (s: Sim) => boolean }> = [
  { name: 'the group', query: {}, keep: () => true },
  { name: 'email', query: { source: 'email' }, keep: (s) => s.source === 'email' },
  { name: 'tag vip', query: { tag: 'vip' }, keep: (s) => s.tags.includes('vip') },
  { name: 'tag billing', query: { tag: 'billing' }, keep: (s) => s.tags.includes('billing') },
];

/** A report of this file's group, in the first time zone unless the query names one. */
async function reportOf<T extends TOp>(op: T, query: Partial<TReportRequest>): Promise<TOpOutput<T>> {
  const res = await api(op, { group_id: groupId, timezone: zones[0], ...query } as TOpInput<T>);
  expect(res.code).toBe('0000');
  return res.data;
}

describe('every bucket equals a brute-force count over the events', () => {
  it('has a varied data set: solved, reopened, pending, deleted, replied and unreplied tickets', () => {
    const all = sims.map((s) => ({ s, x: facts(s) }));
    expect(all.filter((r) => r.x.lastSolve !== null).length).toBeGreaterThan(10);
    expect(all.filter((r) => r.x.solves.length > 0 && r.x.lastSolve === null).length).toBeGreaterThan(2);
    expect(all.filter((r) => r.x.solves.length > 1).length).toBeGreaterThan(2);
    expect(all.filter((r) => r.x.final === 'pending').length).toBeGreaterThan(2);
    expect(all.filter((r) => r.s.deleted).length).toBeGreaterThan(2);
    expect(all.filter((r) => r.x.firstReplyTs !== null).length).toBeGreaterThan(10);
    expect(all.filter((r) => r.x.firstReplyTs === null).length).toBeGreaterThan(10);
  });

  it('bins durations in SQL (report_bin, migration 0041) as report.bins.ts does', async () => {
    const values = binEdges.flatMap((e) => [e - 1, e, e + 1]).filter((v) => v >= 0);
    const [row] = await queryRows<{ bins: number[] }>(
      db(),
      sql`SELECT array_agg(report_bin(v) ORDER BY i) AS bins FROM unnest(${`{${values.join(',')}}`}::bigint[]) WITH ORDINALITY AS u(v, i)`,
    );
    expect((row?.bins ?? []).map(Number)).toEqual(values.map((v) => binOf(v)));
  });

  it('keeps daily sums equal to the per-ticket rows summed from scratch, before and after merging', async () => {
    const compare = () => expectSumsExact(db(), { nonEmpty: true });
    await compare();
    const [before] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM report_agent_day WHERE fresh`,
    );
    expect(Number(before?.n)).toBeGreaterThan(0);
    expect(await compactSums(db())).toBe(true);
    const [after] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM report_agent_day WHERE fresh`,
    );
    expect(Number(after?.n)).toBe(0);
    await compare();
  });

  it('answers tag filters from the tag sums exactly as from the per-ticket rows alone', async () => {
    const [rows] = await queryRows<{ vip: number; billing: number }>(
      db(),
      sql`SELECT count(*) FILTER (WHERE tag = 'vip')::int AS vip, count(*) FILTER (WHERE tag = 'billing')::int AS billing
          FROM report_created_day WHERE group_id = ${groupId}`,
    );
    expect(Number(rows?.vip)).toBeGreaterThan(0);
    expect(Number(rows?.billing)).toBeGreaterThan(0);
    const [adminRow] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT account_id AS id FROM account WHERE user_type = 'admin' ORDER BY account_id LIMIT 1`,
    );
    const adminAccount = await findAccountWithLinks(db(), Number(adminRow?.id));
    const agentAccount = await findAccountWithLinks(db(), people.agents[0] as number);
    if (!adminAccount || !agentAccount) {
      throw new Error('no admin or agent');
    }
    // The agent as if limited to their groups' tickets (none: their own assigned ones).
    const viewers: Actor[] = [
      { account: adminAccount, sessionId: 0 },
      { account: { ...agentAccount, ticketAccess: 'groups' }, sessionId: 0 },
    ];
    const reports = [
      dashboard,
      efficiency,
      assigneeActivity,
      agentUpdates,
      satisfactionReport,
      unsolvedReport,
      backlog,
    ];
    const now = Date.now();
    const answers = async (tx: DbOrTx) => {
      const out: unknown[] = [];
      for (const tag of ['vip', 'billing']) {
        for (const time_range of ['24h', '1y'] as const) {
          for (const viewer of viewers) {
            const input = { time_range, timezone: 'Asia/Kolkata', group_id: groupId, tag } as ReportInput;
            for (const report of reports) {
              out.push(await report(tx, viewer, input, now));
            }
          }
        }
      }
      return out;
    };
    const fromSums = await answers(db());
    // The same with the sums off, in a transaction rolled back: other test files sharing the
    // database keep seeing them on.
    const rollback = new Error('rollback');
    let plain: unknown[] = [];
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`UPDATE report_state SET rollups = false WHERE id = 1`);
        plain = await answers(tx);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(plain.length).toBe(fromSums.length);
    expect(fromSums).toEqual(plain);
  }, 120_000);

  for (const [fi, f] of filters.entries()) {
    for (const [ri, range] of ranges.entries()) {
      const timezone = zones[(fi + ri) % zones.length];
      it(`${f.name}, ${range}, ${timezone}: dashboard, efficiency and satisfaction`, async () => {
        const live = sims.filter((s) => !s.deleted && f.keep(s));
        const rows = live.map((s) => ({ s, x: facts(s) }));
        const d = await reportOf(reportOps.dashboard, { time_range: range, timezone, ...f.query });
        const { from_ts: from, to_ts: to } = d.range;
        const created = rows.filter((r) => within(r.s.createTs, from, to));
        const solved = rows.filter((r) => within(r.x.lastSolve, from, to));
        expect(d.created).toBe(created.length);
        expect(d.solved).toBe(solved.length);
        expect(d.unsolved).toBe(created.filter((r) => unsolved.includes(r.x.final)).length);
        const starts = d.series.map((b) => b.start_ts);
        const bucketOf = (ts: number) => starts.filter((e) => e <= ts).length - 1;
        expect(d.series.map((b) => b.created)).toEqual(
          starts.map((_, i) => created.filter((r) => bucketOf(r.s.createTs) === i).length),
        );
        expect(d.series.map((b) => b.solved)).toEqual(
          starts.map((_, i) => solved.filter((r) => bucketOf(r.x.lastSolve as number) === i).length),
        );

        const e = await reportOf(reportOps.efficiency, { time_range: range, timezone, ...f.query });
        const replies = created.map((r) => (r.x.firstReplyTs === null ? null : r.x.firstReplyTs - r.s.createTs));
        expect(e.first_reply.buckets).toEqual(bracketCounts('first_reply', replies));
        expect(e.first_reply.median_ms).toBe(median(replies.filter((v): v is number => v !== null)));
        const resolution = solved.map((r) => (r.x.lastSolve as number) - r.s.createTs);
        expect(e.full_resolution.buckets).toEqual(bracketCounts('full_resolution', resolution));
        expect(e.full_resolution.median_ms).toBe(median(resolution));
        const waits = solved.map((r) => r.x.wait as number);
        expect(e.requester_wait.buckets).toEqual(bracketCounts('requester_wait', waits));
        expect(e.requester_wait.median_ms).toBe(median(waits));

        const sat = await reportOf(reportOps.satisfaction, { time_range: range, timezone, ...f.query });
        const score = (list: typeof solved) => ({
          good: list.filter((r) => r.s.satisfaction === 'good').length,
          bad: list.filter((r) => r.s.satisfaction === 'bad').length,
          offered: list.filter((r) => r.s.steps.some((x) => x.field === 'satisfaction_offered')).length,
          solved: list.length,
        });
        for (const row of sat.by_agent) {
          expect(row, `agent ${row.agent_id}`).toMatchObject(
            score(solved.filter((r) => r.s.assigneeId === row.agent_id)),
          );
        }
        expect(sat.by_agent.reduce((a, r) => a + r.solved, 0)).toBe(solved.length);
        expect(sat.by_group).toEqual(
          solved.length ? [{ group_id: groupId, group_name: expect.any(String), ...score(solved) }] : [],
        );
      });

      it(`${f.name}, ${range}, ${timezone}: assignee activity and agent updates`, async () => {
        const rows = sims.filter((s) => !s.deleted && f.keep(s)).map((s) => ({ s, x: facts(s) }));
        const a = await reportOf(reportOps.assigneeActivity, { time_range: range, timezone, ...f.query });
        const { from_ts: from, to_ts: to } = a.range;
        const expected = people.agents
          .map((id) => {
            const firsts = rows.filter((r) => r.x.firstReplyBy === id && within(r.x.firstReplyTs, from, to));
            return {
              agent_id: id,
              assigned: rows.flatMap((r) => r.x.assigns).filter((x) => x.to === id && within(x.ts, from, to)).length,
              solved: rows.flatMap((r) => r.x.solves).filter((x) => x.assignee === id && within(x.ts, from, to)).length,
              replies: rows.flatMap((r) => r.x.replies).filter((x) => x.by === id && within(x.ts, from, to)).length,
              first_reply_median_ms: median(firsts.map((r) => (r.x.firstReplyTs as number) - r.s.createTs)),
            };
          })
          .filter((r) => r.assigned + r.solved + r.replies > 0 || r.first_reply_median_ms !== null);
        const got = a.list.map(({ agent_name: _n, ...r }) => r).sort((p, q) => p.agent_id - q.agent_id);
        expect(got).toEqual(expected);

        const u = await reportOf(reportOps.agentUpdates, { time_range: range, timezone, ...f.query });
        const bucketOf = (ts: number) => u.buckets.filter((e) => e <= ts).length - 1;
        const updates = rows.flatMap((r) => r.x.updates).filter((x) => within(x.ts, from, to));
        const want = people.agents
          .map((id) => ({
            agent_id: id,
            counts: u.buckets.map((_, i) => updates.filter((x) => x.by === id && bucketOf(x.ts) === i).length),
          }))
          .filter((r) => r.counts.some((n) => n > 0));
        expect(
          u.list.map((r) => ({ agent_id: r.agent_id, counts: r.counts })).sort((p, q) => p.agent_id - q.agent_id),
        ).toEqual(want);
      });
    }

    it(`${f.name}, ${zones[fi % zones.length]}: backlog (open at each day and week end) and unsolved now`, async () => {
      const rows = sims.filter((s) => !s.deleted && f.keep(s)).map((s) => ({ s, x: facts(s) }));
      const b = await reportOf(reportOps.backlog, { timezone: zones[fi % zones.length], ...f.query });
      for (const p of [...b.daily, ...b.weekly]) {
        const open = rows.filter((r) => unsolved.includes(r.x.stateAt(p.end_ts) ?? '')).length;
        const created = rows.filter((r) => r.s.createTs >= p.start_ts && r.s.createTs < p.end_ts).length;
        const solved = rows.filter(
          (r) => r.x.lastSolve !== null && r.x.lastSolve >= p.start_ts && r.x.lastSolve < p.end_ts,
        ).length;
        expect({ at: p.start_ts, open: p.open, created: p.created, solved: p.solved }).toEqual({
          at: p.start_ts,
          open,
          created,
          solved,
        });
      }
      const u = await reportOf(reportOps.unsolved, f.query);
      const now = Date.now();
      const open = rows.filter((r) => unsolved.includes(r.x.final));
      expect(u.total).toBe(open.length);
      expect(u.by_state).toEqual(unsolved.map((key) => ({ key, count: open.filter((r) => r.x.final === key).length })));
      expect(u.by_priority).toEqual(
        ['urgent', 'high', 'normal', 'low'].map((key) => ({
          key,
          count: open.filter((r) => r.s.priority === key).length,
        })),
      );
      expect(u.by_age).toEqual(
        bracketCounts(
          'age',
          open.map((r) => now - r.s.createTs),
        ),
      );
    });
  }
});
