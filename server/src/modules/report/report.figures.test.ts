import { describe, expect, it } from 'vitest';
import { bracketOf, type LogEvent, median, ticketFigures } from './report.figures.js';
import { backlogPeriods, localParts, rangeOf, startOfDay } from './report.time.js';

const h = 3_600_000;
const t0 = Date.UTC(2026, 0, 5, 9); // a Monday, 09:00 UTC
const requester = 100;
const agent = 7;
let id = 0;
const ev = (ts: number, field: string, newValue: unknown, actorId: number | null = agent, staff = true): LogEvent => ({
  eventId: ++id,
  field,
  newValue,
  ts,
  actorId,
  actorIsStaff: staff && actorId !== null,
});
const created = (ts = t0) => [
  ev(ts, 'created', { source: 'form' }, requester, false),
  ev(ts, 'ticket_state', 'new', requester, false),
  ev(ts, 'comment', { comment_id: 1, is_public: true }, requester, false),
];
const reply = (ts: number, isPublic = true, actor = agent) =>
  ev(ts, 'comment', { comment_id: ts, is_public: isPublic }, actor, actor !== requester);
const state = (ts: number, to: string, actor = agent) => ev(ts, 'ticket_state', to, actor, actor !== requester);

describe('the spec brackets', () => {
  it('puts an edge into the later bracket: exactly 1 hour is 1-8, exactly 24 hours is over 24', () => {
    expect(bracketOf('first_reply', null)).toBe('no_replies');
    expect(bracketOf('first_reply', 0)).toBe('0-1');
    expect(bracketOf('first_reply', h - 1)).toBe('0-1');
    expect(bracketOf('first_reply', h)).toBe('1-8');
    expect(bracketOf('first_reply', 8 * h)).toBe('8-24');
    expect(bracketOf('first_reply', 24 * h - 1)).toBe('8-24');
    expect(bracketOf('first_reply', 24 * h)).toBe('over_24');
    expect(bracketOf('full_resolution', 5 * h)).toBe('5-24h');
    expect(bracketOf('full_resolution', 24 * h)).toBe('1-7d');
    expect(bracketOf('full_resolution', 30 * 24 * h)).toBe('over_30d');
    expect(bracketOf('requester_wait', 24 * h)).toBe('1-3d');
    expect(bracketOf('requester_wait', 7 * 24 * h)).toBe('over_7d');
  });

  it('takes the middle value, or the two middle values averaged and rounded down', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 2, 3])).toBe(2);
  });
});

describe('one ticket from its events', () => {
  it('counts the first public agent comment after creation as the first reply; notes and the requester do not count', () => {
    const f = ticketFigures(t0, requester, [
      ...created(),
      reply(t0 + 10, false),
      reply(t0 + 20, true, requester),
      ev(t0 + 30, 'comment', { comment_id: 9, is_public: true }, null, false),
      reply(t0 + h),
      reply(t0 + 2 * h),
    ]);
    expect(f.firstReplyTs).toBe(t0 + h);
    expect(f.firstReplyBy).toBe(agent);
    expect(f.actions.filter((a) => a.kind === 'reply')).toHaveLength(2);
    expect(f.solvedTs).toBeNull();
  });

  it('does not count the "chat has ended" message an agent\'s ending of a chat writes as a reply', () => {
    const f = ticketFigures(t0, requester, [
      ...created(),
      ev(t0 + h, 'comment', { comment_id: 5, is_public: true, source: 'end_chat' }),
      state(t0 + h, 'solved'),
    ]);
    expect(f.firstReplyTs).toBeNull();
    expect(f.actions.filter((a) => a.kind === 'reply')).toEqual([]);
    expect(f.solvedTs).toBe(t0 + h);
  });

  it("never counts an agent's own creation comment as a reply", () => {
    const f = ticketFigures(t0, requester, [
      ev(t0, 'created', { source: 'web' }),
      ev(t0, 'ticket_state', 'open'),
      ev(t0, 'comment', { comment_id: 1, is_public: true }),
    ]);
    expect(f.firstReplyTs).toBeNull();
    expect(f.actions.map((a) => a.kind)).toEqual(['update']);
  });

  it('measures resolution to the last solve and wait across new and open, paused by pending and by the solved time', () => {
    const f = ticketFigures(t0, requester, [
      ...created(),
      state(t0 + h, 'open'), // 1 h new
      state(t0 + 3 * h, 'pending'), // 2 h open
      state(t0 + 10 * h, 'open', requester), // 7 h pending: no wait
      state(t0 + 11 * h, 'solved'), // 1 h open
      state(t0 + 30 * h, 'open', requester), // reopened after 19 h solved: no wait
      state(t0 + 32 * h, 'solved'), // 2 h open
      state(t0 + 40 * h, 'closed'), // closing a solved ticket is no new solve
    ]);
    expect(f.solvedTs).toBe(t0 + 32 * h);
    expect(f.resolutionMs).toBe(32 * h);
    expect(f.waitMs).toBe(6 * h);
    expect(f.actions.filter((a) => a.kind === 'solved')).toHaveLength(2);
    expect(f.spans).toEqual([
      { fromTs: t0, toTs: t0 + 11 * h },
      { fromTs: t0 + 30 * h, toTs: t0 + 32 * h },
    ]);
  });

  it('is unresolved again after a reopen', () => {
    const f = ticketFigures(t0, requester, [
      ...created(),
      state(t0 + h, 'solved'),
      state(t0 + 2 * h, 'open', requester),
    ]);
    expect(f.solvedTs).toBeNull();
    expect(f.resolutionMs).toBeNull();
    expect(f.spans.at(-1)).toEqual({ fromTs: t0 + 2 * h, toTs: null });
  });

  it('gives the solve to the assignee of that moment and assignments to the new assignee', () => {
    const f = ticketFigures(t0, requester, [
      ...created(),
      ev(t0 + h, 'assignee_id', 8),
      ev(t0 + h, 'ticket_state', 'open'),
      ev(t0 + 2 * h, 'assignee_id', 9),
      ev(t0 + 2 * h, 'ticket_state', 'solved'),
    ]);
    expect(f.actions.filter((a) => a.kind !== 'update').map((a) => [a.kind, a.agentId])).toEqual([
      ['assigned', 8],
      ['assigned', 9],
      ['solved', 9],
    ]);
    // Two writes by the agent: two updates.
    expect(f.actions.filter((a) => a.kind === 'update')).toHaveLength(2);
  });
});

describe('time zone boundaries', () => {
  it("starts the viewer's day at their midnight, not UTC's", () => {
    const at = Date.UTC(2026, 0, 5, 17); // 01:00 on the 6th in Shanghai
    expect(startOfDay(at, 'Asia/Shanghai')).toBe(Date.UTC(2026, 0, 5, 16));
    expect(startOfDay(at, 'UTC')).toBe(Date.UTC(2026, 0, 5));
    expect(startOfDay(at, 'America/New_York')).toBe(Date.UTC(2026, 0, 5, 5));
    expect(startOfDay(at, 'Asia/Kolkata')).toBe(Date.UTC(2026, 0, 4, 18, 30));
  });

  it('cuts a range into whole local hours, days, weeks and months and a backlog into 30 days and 12 weeks starting on Mondays', () => {
    const now = Date.UTC(2026, 2, 10, 12);
    const r = rangeOf('7d', now, 'Asia/Shanghai');
    // Seven whole local days, today the last: 4 March 00:00 in Shanghai to now (20:00 on the 10th).
    expect(r.edges[0]).toBe(Date.UTC(2026, 2, 3, 16));
    expect(r.edges.every((e) => localParts(e, 'Asia/Shanghai').h === 0)).toBe(true);
    expect(r.edges).toHaveLength(7);
    const month = rangeOf('30d', now, 'America/New_York');
    expect(month.edges).toHaveLength(30);
    expect(month.edges.every((e) => localParts(e, 'America/New_York').h === 0)).toBe(true);
    // 24 whole local hours, this one the last: 21:00 yesterday in Shanghai (13:00 UTC), and in
    // Kolkata from 18:30 UTC, its hours starting at UTC's half hours.
    const hours = rangeOf('24h', now + 20 * 60_000, 'Asia/Shanghai');
    expect(hours.edges[0]).toBe(Date.UTC(2026, 2, 9, 13));
    expect(hours.edges).toHaveLength(24);
    const kolkata = rangeOf('24h', now + 20 * 60_000, 'Asia/Kolkata');
    expect(kolkata.edges[0]).toBe(Date.UTC(2026, 2, 9, 12, 30));
    expect(kolkata.edges).toHaveLength(24);
    // Whole weeks from the Monday after 10 December or 10 September (both Wednesdays)
    // 2025: 15 December and 15 September, local midnight in Berlin.
    expect(rangeOf('3m', now, 'Europe/Berlin').edges[0]).toBe(Date.UTC(2025, 11, 14, 23));
    const half = rangeOf('6m', now, 'Europe/Berlin').edges;
    expect(half[0]).toBe(Date.UTC(2025, 8, 14, 22));
    expect(half.every((e) => localParts(e, 'Europe/Berlin').wd === 0)).toBe(true);
    // Twelve whole months, this one the last: from 1 April 2025 in New York.
    const year = rangeOf('1y', now, 'America/New_York').edges;
    expect(year[0]).toBe(Date.UTC(2025, 3, 1, 4));
    expect(year).toHaveLength(12);
    expect(year.every((e) => localParts(e, 'America/New_York').d === 1)).toBe(true);
    const b = backlogPeriods(now, 'Europe/Berlin');
    expect(b.daily).toHaveLength(30);
    expect(b.daily.at(-1)?.end).toBe(now);
    expect(b.weekly).toHaveLength(12);
    expect(b.weekly.every((w) => localParts(w.start, 'Europe/Berlin').wd === 0)).toBe(true);
    // Across the March DST change in Berlin a day is still one local day.
    const dst = backlogPeriods(Date.UTC(2026, 2, 31, 12), 'Europe/Berlin').daily;
    const change = dst.find((d) => localParts(d.start, 'Europe/Berlin').d === 29);
    expect(change && change.end - change.start).toBe(23 * h);
  });
});
