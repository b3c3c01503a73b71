import { brackets } from '@parley/contracts';
import { rangeStart } from '../src/modules/report/report.time.js';
import { day } from './report-kit.js';

/**
 * A randomized help desk for the reports' brute-force test: seeded histories (prng, simulate) and
 * the obvious reading of each one (facts), with the counting helpers the test compares the API to.
 * Nothing here uses the server's report code but its range start.
 */

export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimStep {
  at: number;
  field: string;
  value: unknown;
  by: number | null;
}

export interface Sim {
  createTs: number;
  steps: SimStep[];
  source: 'form' | 'web' | 'chat' | 'email';
  tags: string[];
  priority: string;
  deleted: boolean;
  satisfaction: 'good' | 'bad' | 'unoffered';
  assigneeId: number | null;
}

export const ranges = ['24h', '7d', '30d', '3m', '6m', '1y'] as const;
/** The viewers' time zones the reports are checked in (ranges start at their whole hours, days, weeks, months). */
export const zones = ['Asia/Kolkata', 'UTC', 'Asia/Shanghai'];

/** The desk's agents and its one requester, known once the test has written them. */
export interface SimPeople {
  agents: number[];
  requesterId: number;
}

/** simulate and facts for a desk whose "now" is `now0`. */
export function simulatedDesk(now0: number, people: SimPeople) {
  /**
   * Keeps every time at least two minutes from now (the API's now is later) and from a range's
   * start: a start at a whole hour, day, week or month moves on if the run crosses one, so a time
   * is kept out of all the starts of the next 15 minutes too.
   */
  function safe(ts: number): boolean {
    const margin = 2 * 60_000;
    const later = now0 + 15 * 60_000;
    return (
      now0 - ts > margin &&
      ranges.every((r) =>
        zones.every((z) => ts < rangeStart(r, now0, z) - margin || ts > rangeStart(r, later, z) + margin),
      )
    );
  }

  function simulate(rand: () => number): Sim {
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
    let createTs: number;
    do {
      createTs = now0 - Math.floor(rand() * (rand() < 0.6 ? 40 : 420) * day);
    } while (!safe(createTs));
    const steps: Sim['steps'] = [];
    let state = 'new';
    let assignee: number | null = null;
    let t = createTs;
    const count = Math.floor(rand() * 9);
    for (let i = 0; i < count && state !== 'closed'; i++) {
      const next = t + 60_000 + Math.floor(rand() * 3 * day);
      if (!safe(next)) {
        break;
      }
      t = next;
      const at = t - createTs;
      const agent = pick(people.agents);
      const kind = rand();
      if (kind < 0.3) {
        const who = pick([agent, agent, people.requesterId, null]);
        steps.push({ at, field: 'comment', value: { comment_id: 0, is_public: rand() < 0.8 }, by: who });
      } else if (kind < 0.45) {
        assignee = agent;
        steps.push({ at, field: 'assignee_id', value: agent, by: agent });
      } else {
        const to = pick(['open', 'pending', 'solved', 'closed'].filter((s) => s !== state));
        steps.push({ at, field: 'ticket_state', value: to, by: pick([agent, people.requesterId]) });
        if (to === 'solved' && rand() < 0.5 && !steps.some((s) => s.field === 'satisfaction_offered')) {
          steps.push({ at: at + 1, field: 'satisfaction_offered', value: true, by: agent });
          t += 1;
        }
        state = to;
      }
    }
    const offered = steps.some((s) => s.field === 'satisfaction_offered');
    return {
      createTs,
      steps,
      source: pick(['form', 'web', 'chat', 'email'] as const),
      tags: rand() < 0.3 ? ['vip'] : [],
      priority: pick(['low', 'normal', 'high', 'urgent']),
      deleted: rand() < 0.1,
      satisfaction: offered ? pick(['good', 'bad', 'unoffered'] as const) : 'unoffered',
      assigneeId: assignee,
    };
  }

  /** The obvious reading of one history: walk it, remember what happened when. */
  function facts(s: Sim) {
    const isAgent = (id: number | null) => id !== null && people.agents.includes(id);
    const ts = (step: { at: number }) => s.createTs + step.at;
    const comments = s.steps.filter((x) => x.field === 'comment');
    const firstReply = comments.find(
      (c) => isAgent(c.by) && (c.value as { is_public: boolean }).is_public && c.by !== people.requesterId,
    );
    const states: Array<{ ts: number; state: string }> = [{ ts: s.createTs, state: 'new' }];
    const solves: Array<{ ts: number; assignee: number | null }> = [];
    let assignee: number | null = null;
    for (const step of s.steps) {
      if (step.field === 'assignee_id') {
        assignee = step.value as number;
      }
      if (step.field === 'ticket_state') {
        const prev = states.at(-1)?.state;
        states.push({ ts: ts(step), state: step.value as string });
        if (step.value === 'solved' || (step.value === 'closed' && prev !== 'solved')) {
          solves.push({ ts: ts(step), assignee });
        }
      }
    }
    const final = states.at(-1)?.state as string;
    const lastSolve = ['solved', 'closed'].includes(final) ? (solves.at(-1)?.ts ?? null) : null;
    let wait: number | null = null;
    if (lastSolve !== null) {
      wait = 0;
      for (let i = 0; i < states.length - 1; i++) {
        const a = states[i] as { ts: number; state: string };
        const b = states[i + 1] as { ts: number; state: string };
        if (b.ts <= lastSolve && (a.state === 'new' || a.state === 'open')) {
          wait += b.ts - a.ts;
        }
      }
    }
    const stateAt = (at: number) => [...states].reverse().find((x) => x.ts < at)?.state ?? null;
    return {
      firstReplyTs: firstReply ? ts(firstReply) : null,
      firstReplyBy: firstReply?.by ?? null,
      final,
      lastSolve,
      wait,
      solves,
      stateAt,
      replies: comments
        .filter((c) => isAgent(c.by) && (c.value as { is_public: boolean }).is_public)
        .map((c) => ({ ts: ts(c), by: c.by as number })),
      assigns: s.steps.filter((x) => x.field === 'assignee_id').map((x) => ({ ts: ts(x), to: x.value as number })),
      updates: s.steps.filter((x) => isAgent(x.by)).map((x) => ({ ts: ts(x), by: x.by as number })),
    };
  }
  return { simulate, facts };
}

export const median = (xs: number[]) => {
  if (xs.length === 0) {
    return null;
  }
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : Math.floor(((s[m - 1] as number) + (s[m] as number)) / 2);
};
export const bracketCounts = (kind: keyof typeof brackets, values: Array<number | null>) =>
  brackets[kind].map((b) => ({
    key: b.key,
    count: values.filter((v) =>
      b.from_ms === null ? v === null : v !== null && v >= b.from_ms && (b.to_ms === null || v < b.to_ms),
    ).length,
  }));
export const within = (ts: number | null, from: number, to: number) => ts !== null && ts >= from && ts <= to;
