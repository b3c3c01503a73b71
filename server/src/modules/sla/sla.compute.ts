import type { TSlaMetric } from '@parley/contracts';
import {
  addBusinessMinutes,
  type BusinessSchedule,
  businessMinutesBetween,
  calendar,
  subtractBusinessMinutes,
} from '../schedule/business-time.js';

/** What the next target is computed from: the ticket, when it was pending, its last public replies. */
export interface SlaFacts {
  state: string;
  createTs: number;
  firstReplyTs: number | null;
  /** Spans the ticket was pending, [from, to]; to null: still pending. */
  pending: Array<[number, number | null]>;
  lastRequesterPublicTs: number | null;
  lastAgentPublicTs: number | null;
  now: number;
}

export interface SlaTarget {
  metric: TSlaMetric;
  dueTs: number | null;
  pausedLeft: number | null;
}

/**
 * The ticket's next SLA target, pure: each running metric's minutes used since it started (in
 * the schedule's business minutes, or calendar ones), less the time spent pending when the
 * policy pauses then; the one due first wins. While pending (and paused), no due time: the
 * minutes left wait.
 */
/** Minutes between two instants, and instants some minutes apart, in a schedule's hours. */
interface Clock {
  between(from: number, to: number): number;
  add(from: number, minutes: number): number | null;
  subtract(to: number, minutes: number): number | null;
}

const minute = 60_000;

/**
 * Calendar hours are plain arithmetic: the same answers as walking `calendar`'s days (UTC, every
 * day open all day, no holidays), without walking them (a ticket open for a year: 365 days per metric).
 */
const calendarClock: Clock = {
  between: (from, to) => Math.max(0, to - from) / minute,
  add: (from, minutes) => from + minutes * minute,
  subtract: (to, minutes) => to - minutes * minute,
};

const clockOf = (s: BusinessSchedule): Clock =>
  s === calendar
    ? calendarClock
    : {
        between: (from, to) => businessMinutesBetween(s, from, to),
        add: (from, minutes) => addBusinessMinutes(s, from, minutes),
        subtract: (to, minutes) => subtractBusinessMinutes(s, to, minutes),
      };

export function nextTarget(
  targets: Partial<Record<TSlaMetric, number | null>>,
  schedule: BusinessSchedule | null,
  pausePending: boolean,
  f: SlaFacts,
): SlaTarget | null {
  const s = clockOf(schedule ?? calendar);
  const open = f.state !== 'solved' && f.state !== 'closed';
  const starts: Array<[TSlaMetric, number | null]> = [
    ['first_reply', open && f.firstReplyTs === null ? f.createTs : null],
    [
      'next_reply',
      open &&
      f.firstReplyTs !== null &&
      f.lastRequesterPublicTs !== null &&
      f.lastRequesterPublicTs > (f.lastAgentPublicTs ?? 0)
        ? f.lastRequesterPublicTs
        : null,
    ],
    ['periodic_update', open && f.firstReplyTs !== null ? (f.lastAgentPublicTs ?? f.firstReplyTs) : null],
    ['resolution', open ? f.createTs : null],
  ];
  const paused = pausePending && f.state === 'pending';
  let best: (SlaTarget & { rank: number }) | null = null;
  for (const [metric, start] of starts) {
    const target = targets[metric];
    if (start === null || !target) {
      continue;
    }
    let used = s.between(start, f.now);
    if (pausePending) {
      for (const [from, to] of f.pending) {
        used -= s.between(Math.max(from, start), Math.min(to ?? f.now, f.now));
      }
    }
    const left = target - used;
    const dueTs = paused ? null : left >= 0 ? s.add(f.now, left) : s.subtract(f.now, -left);
    const rank = dueTs ?? f.now + left * 60_000;
    if (!best || rank < best.rank) {
      best = { metric, dueTs, pausedLeft: paused ? Math.round(left) : null, rank };
    }
  }
  return best && { metric: best.metric, dueTs: best.dueTs, pausedLeft: best.pausedLeft };
}
