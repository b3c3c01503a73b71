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
export function nextTarget(
  targets: Partial<Record<TSlaMetric, number | null>>,
  schedule: BusinessSchedule | null,
  pausePending: boolean,
  f: SlaFacts,
): SlaTarget | null {
  const s = schedule ?? calendar;
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
    let used = businessMinutesBetween(s, start, f.now);
    if (pausePending) {
      for (const [from, to] of f.pending) {
        used -= businessMinutesBetween(s, Math.max(from, start), Math.min(to ?? f.now, f.now));
      }
    }
    const left = target - used;
    const dueTs = paused
      ? null
      : left >= 0
        ? addBusinessMinutes(s, f.now, left)
        : subtractBusinessMinutes(s, f.now, -left);
    const rank = dueTs ?? f.now + left * 60_000;
    if (!best || rank < best.rank) {
      best = { metric, dueTs, pausedLeft: paused ? Math.round(left) : null, rank };
    }
  }
  return best && { metric: best.metric, dueTs: best.dueTs, pausedLeft: best.pausedLeft };
}
