import { reportOps, type TOp, type TOpInput } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildEndUser, buildGroup } from '../../../test/factories.js';
import { api, apiUntyped, db, setUpApp } from '../../../test/kit.js';
import { craftTicket, day, hour, reply, state } from '../../../test/report-kit.js';
import { localParts, startOfDay } from './report.time.js';

setUpApp({ ticketDefaults: true });

/** A fresh group, its agent and requester: every test reads only its own group's tickets. */
async function world() {
  const groupId = await buildGroup(db());
  const agent = (await buildAgent(db(), { realName: 'Ada Agent' })).accountId;
  const requesterId = (await buildEndUser(db())).accountId;
  return { groupId, agent, requesterId };
}

const report = async <T extends TOp>(op: T, query: TOpInput<typeof reportOps.efficiency>) => {
  const res = await api(op, query as TOpInput<T>);
  expect(res.code).toBe('0000');
  return res.data;
};
const buckets = (d: { buckets: { key: string; count: number }[] }) =>
  Object.fromEntries(d.buckets.map((b) => [b.key, b.count]));

describe('efficiency', () => {
  it('puts first replies at exactly 1 hour and 24 hours into the later bracket; notes and requester comments are no reply', async () => {
    const w = await world();
    const createTs = Date.now() - 3 * day;
    const make = (steps: Parameters<typeof craftTicket>[1]['steps']) =>
      craftTicket(db(), { requesterId: w.requesterId, groupId: w.groupId, createTs, steps });
    await make([reply(hour - 1, w.agent)]);
    await make([reply(hour, w.agent)]);
    await make([reply(24 * hour - 1, w.agent)]);
    await make([reply(24 * hour, w.agent)]);
    await make([reply(10, w.agent, false), reply(20, w.requesterId)]);
    await make([]);
    const e = await report(reportOps.efficiency, { time_range: '7d', group_id: w.groupId });
    expect(buckets(e.first_reply)).toEqual({ no_replies: 2, '0-1': 1, '1-8': 1, '8-24': 1, over_24: 1 });
    // Median of the four replies: (1 h + 24 h - 1 ms) / 2, rounded down.
    expect(e.first_reply.median_ms).toBe(Math.floor((hour + 24 * hour - 1) / 2));
    expect(e.first_reply.count).toBe(4);
  });

  it('measures resolution to the last solve and wait without pending; reopened, unsolved and deleted tickets do not count', async () => {
    const w = await world();
    const createTs = Date.now() - 5 * day;
    const base = { requesterId: w.requesterId, groupId: w.groupId, createTs };
    // Solved at exactly 5 hours, waiting 1 h new + 1 h open; 3 h pending pauses the wait.
    await craftTicket(db(), {
      ...base,
      steps: [state(hour, 'open', w.agent), state(2 * hour, 'pending', w.agent), state(5 * hour, 'solved', w.agent)],
    });
    // Reopened after a solve and solved again at 2 days: resolution runs to the last solve.
    await craftTicket(db(), {
      ...base,
      steps: [state(hour, 'solved', w.agent), state(day, 'open', w.requesterId), state(2 * day, 'solved', w.agent)],
    });
    // Reopened and still open: unresolved.
    await craftTicket(db(), {
      ...base,
      steps: [state(hour, 'solved', w.agent), state(2 * hour, 'open', w.requesterId)],
    });
    // Deleted: never counts.
    await craftTicket(db(), { ...base, deleted: true, steps: [state(hour, 'solved', w.agent)] });
    const e = await report(reportOps.efficiency, { time_range: '7d', group_id: w.groupId });
    expect(buckets(e.full_resolution)).toEqual({ '0-5h': 0, '5-24h': 1, '1-7d': 1, '7-30d': 0, over_30d: 0 });
    expect(e.full_resolution.median_ms).toBe(Math.floor((5 * hour + 2 * day) / 2));
    // Waits: 2 h; and 1 h + (2 d - 1 d) = 25 h.
    expect(buckets(e.requester_wait)).toEqual({ '0-1h': 0, '1-24h': 1, '1-3d': 1, '3-7d': 0, over_7d: 0 });
    expect(e.requester_wait.median_ms).toBe(Math.floor((2 * hour + 25 * hour) / 2));
    // First reply is over tickets created in the range: the deleted one is not among them.
    expect(e.first_reply.buckets.find((b) => b.key === 'no_replies')?.count).toBe(3);
  });

  it('counts only the range: a ticket solved 8 days ago is outside the last 7 days', async () => {
    const w = await world();
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      createTs: Date.now() - 9 * day,
      steps: [state(day, 'solved', w.agent)],
    });
    const week = await report(reportOps.efficiency, { time_range: '7d', group_id: w.groupId });
    expect(week.full_resolution.count).toBe(0);
    const month = await report(reportOps.efficiency, { time_range: '30d', group_id: w.groupId });
    expect(month.full_resolution.count).toBe(1);
  });

  it('narrows by channel and tag', async () => {
    const w = await world();
    const createTs = Date.now() - day;
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      createTs,
      source: 'email',
      tags: ['vip'],
    });
    await craftTicket(db(), { requesterId: w.requesterId, groupId: w.groupId, createTs, source: 'chat' });
    const count = async (q: Record<string, unknown>) =>
      (await report(reportOps.efficiency, { group_id: w.groupId, ...q })).first_reply.buckets[0]?.count;
    expect(await count({})).toBe(2);
    expect(await count({ source: 'email' })).toBe(1);
    expect(await count({ source: 'form' })).toBe(0);
    expect(await count({ tag: 'vip' })).toBe(1);
  });
});

describe('time zones and the backlog', () => {
  it("buckets by the viewer's local day: 23:30 and 00:30 in Shanghai are two days, in UTC one", async () => {
    const w = await world();
    const tz = 'Asia/Shanghai';
    const midnight = startOfDay(Date.now() - 3 * day, tz);
    for (const at of [midnight - 30 * 60_000, midnight + 30 * 60_000]) {
      await craftTicket(db(), { requesterId: w.requesterId, groupId: w.groupId, createTs: at });
    }
    const days = async (timezone: string) =>
      (await report(reportOps.dashboard, { time_range: '7d', group_id: w.groupId, timezone })).series.filter(
        (s) => s.created > 0,
      );
    expect((await days(tz)).map((s) => s.created)).toEqual([1, 1]);
    expect((await days(tz))[1]?.start_ts).toBe(midnight);
    expect((await days('UTC')).map((s) => s.created)).toEqual([2]);
  });

  it('starts every range at its first whole bucket: 24 local hours, Mondays, 12 months, no partial first bar', async () => {
    const w = await world();
    const timezone = 'Asia/Kolkata'; // half an hour off UTC: its hours start at UTC's half hours
    const dashboard = (time_range: '24h' | '3m' | '6m' | '1y') =>
      report(reportOps.dashboard, { time_range, group_id: w.groupId, timezone });
    const local = (ts: number) => localParts(ts, timezone);
    const hours = await dashboard('24h');
    expect(hours.series).toHaveLength(24);
    expect(hours.range.from_ts).toBe(hours.series[0]?.start_ts);
    expect(hours.series.filter((s) => local(s.start_ts).mi !== 0)).toEqual([]);
    for (const [range, months] of [
      ['3m', 3],
      ['6m', 6],
    ] as const) {
      const weeks = await dashboard(range);
      const starts = weeks.series.map((s) => s.start_ts);
      expect(weeks.range.from_ts).toBe(starts[0]);
      // Every bar a week from a Monday's midnight, the first after the same day months ago.
      expect(starts.filter((ts) => local(ts).wd !== 0 || local(ts).h !== 0 || local(ts).mi !== 0)).toEqual([]);
      expect(starts.slice(1).map((ts, i) => ts - (starts[i] as number))).toEqual(starts.slice(1).map(() => 7 * day));
      const back = new Date(weeks.range.to_ts);
      back.setUTCMonth(back.getUTCMonth() - months);
      expect((starts[0] as number) - back.getTime()).toBeGreaterThan(0);
      expect((starts[0] as number) - back.getTime()).toBeLessThanOrEqual(8 * day);
    }
    const year = await dashboard('1y');
    expect(year.series).toHaveLength(12);
    expect(year.range.from_ts).toBe(year.series[0]?.start_ts);
    expect(year.series.filter((s) => local(s.start_ts).d !== 1 || local(s.start_ts).h !== 0)).toEqual([]);
  });

  it('counts open at each day end across a solve and a reopen', async () => {
    const w = await world();
    const tz = 'UTC';
    const today = startOfDay(Date.now(), tz);
    // Created 5 days ago at noon, solved 3 days ago at noon, reopened 1 day ago at noon.
    const createTs = today - 5 * day + 12 * hour;
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      createTs,
      steps: [state(2 * day, 'solved', w.agent), state(4 * day, 'open', w.requesterId)],
    });
    const b = await report(reportOps.backlog, { group_id: w.groupId, timezone: tz });
    expect(b.daily).toHaveLength(30);
    expect(b.weekly).toHaveLength(12);
    const last6 = b.daily.slice(-6);
    expect(last6.map((d) => d.open)).toEqual([1, 1, 0, 0, 1, 1]);
    expect(last6.map((d) => d.created)).toEqual([1, 0, 0, 0, 0, 0]);
    // The reopened ticket is unsolved now: "solved" counts tickets solved now.
    expect(b.daily.reduce((a, d) => a + d.solved, 0)).toBe(0);
    expect(b.weekly.at(-1)?.open).toBe(1);
  });
});

describe('the other reports', () => {
  it('credits agents with assignments, solves, replies and first replies; updates per day; satisfaction by agent and group', async () => {
    const w = await world();
    const createTs = Date.now() - 2 * day;
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      assigneeId: w.agent,
      createTs,
      satisfaction: 'good',
      steps: [
        { at: hour, field: 'assignee_id', value: w.agent, by: w.agent },
        reply(hour, w.agent),
        state(hour, 'open', w.agent),
        reply(3 * hour, w.agent),
        state(3 * hour, 'solved', w.agent),
        { at: 3 * hour, field: 'satisfaction_offered', value: true, by: w.agent },
      ],
    });
    const a = await report(reportOps.assigneeActivity, { group_id: w.groupId });
    expect(a.list).toEqual([
      {
        agent_id: w.agent,
        agent_name: 'Ada Agent',
        assigned: 1,
        solved: 1,
        replies: 2,
        first_reply_median_ms: hour,
      },
    ]);
    const u = await report(reportOps.agentUpdates, { group_id: w.groupId, timezone: 'UTC' });
    expect(u.list).toHaveLength(1);
    expect(u.list[0]?.total).toBe(2);
    expect(u.list[0]?.counts).toHaveLength(u.buckets.length);
    const s = await report(reportOps.satisfaction, { group_id: w.groupId });
    expect(s.by_agent).toEqual([
      { agent_id: w.agent, agent_name: 'Ada Agent', good: 1, bad: 0, offered: 1, solved: 1 },
    ]);
    expect(s.by_group.map((g) => [g.group_id, g.good])).toEqual([[w.groupId, 1]]);
  });

  it('lists unsolved tickets now by state, priority, group and age', async () => {
    const w = await world();
    const now = Date.now();
    await craftTicket(db(), { requesterId: w.requesterId, groupId: w.groupId, createTs: now - 2 * hour });
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      createTs: now - 10 * day,
      priority: 'urgent',
      steps: [state(hour, 'pending', w.agent)],
    });
    await craftTicket(db(), {
      requesterId: w.requesterId,
      groupId: w.groupId,
      createTs: now - day,
      steps: [state(hour, 'solved', w.agent)],
    });
    const u = await report(reportOps.unsolved, { group_id: w.groupId });
    expect(u.total).toBe(2);
    expect(buckets({ buckets: u.by_state })).toEqual({ new: 1, open: 0, pending: 1 });
    expect(buckets({ buckets: u.by_priority })).toEqual({ urgent: 1, high: 0, normal: 1, low: 0 });
    expect(u.by_group).toEqual([{ group_id: w.groupId, group_name: expect.any(String), count: 2 }]);
    expect(buckets({ buckets: u.by_age })).toEqual({ '0-1h': 0, '1-24h': 1, '1-3d': 0, '3-7d': 0, over_7d: 1 });
  });

  it('answers FFFF for a bad range, channel or time zone', async () => {
    for (const query of [{ time_range: '2w' }, { source: 'fax' }, { timezone: 'Mars/Olympus' }, { group_id: 'x' }]) {
      const res = await apiUntyped(reportOps.efficiency, query);
      expect(res.code).toBe('FFFF');
    }
  });
});
