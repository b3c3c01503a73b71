import { brackets, type TBracketKind } from '@parley/contracts';

/**
 * The one definition of every report figure, from one ticket's event log (pure: the rollups,
 * the rebuild and the tests all use it).
 *
 * - First reply: the first public comment by a staff account (admin or agent) other than the
 *   requester, after the creation (the ticket's own first comment is never a reply).
 *   Automatic chat messages (no author) are not replies, nor is the "chat has ended" message an
 *   agent's ending of a chat writes under their name (its history entry says `source: end_chat`).
 * - Solve: entering `solved`, or `closed` from anything but `solved` (as `enterState` stamps
 *   `solved_ts`). A ticket is resolved while its state is `solved` or `closed`; reopening
 *   unresolves it; full resolution runs from creation to the last solve.
 * - Requester wait: time spent in `new` and `open` (the states where the requester waits on
 *   us) from creation to the last solve; `pending` pauses it (we wait on the requester), and so
 *   does the time between a solve and a reopen. Counted for resolved tickets only.
 * - Unsolved spans: the intervals in `new`, `open` or `pending` (the backlog's "open").
 * - Actions (agent reports): one `update` per write by a staff account (the events of one
 *   write share actor and time), one `reply` per public staff comment after the creation,
 *   `assigned` to the new assignee per assignment, `solved` to the assignee at each solve.
 */
export interface LogEvent {
  eventId: number;
  field: string;
  newValue: unknown;
  ts: number;
  actorId: number | null;
  /** The actor is an admin or an agent (false for end users and for no actor). */
  actorIsStaff: boolean;
}

export type ActionKind = 'update' | 'reply' | 'assigned' | 'solved';
export interface Action {
  eventId: number;
  ts: number;
  agentId: number | null;
  kind: ActionKind;
}

export interface Span {
  fromTs: number;
  toTs: number | null;
}

export interface TicketFigures {
  createTs: number;
  state: string | null;
  firstReplyTs: number | null;
  firstReplyBy: number | null;
  /** Last solve while resolved now; null while unsolved. */
  solvedTs: number | null;
  resolutionMs: number | null;
  waitMs: number | null;
  offered: boolean;
  actions: Action[];
  spans: Span[];
}

const unsolvedStates = new Set(['new', 'open', 'pending']);
const waitingStates = new Set(['new', 'open']);

/** A public comment someone wrote: not the product's own words under their name (a chat's end). */
function commentIsReply(value: unknown): boolean {
  const v = (typeof value === 'object' && value !== null ? value : {}) as { is_public?: unknown; source?: unknown };
  return v.is_public === true && v.source !== 'end_chat';
}

/** Figures of one ticket from its events in `event_id` order. */
export function ticketFigures(createTs: number, requesterId: number, events: readonly LogEvent[]): TicketFigures {
  const out: TicketFigures = {
    createTs,
    state: null,
    firstReplyTs: null,
    firstReplyBy: null,
    solvedTs: null,
    resolutionMs: null,
    waitMs: null,
    offered: false,
    actions: [],
    spans: [],
  };
  let assignee: number | null = null;
  let stateSince = createTs;
  let waited = 0;
  let waitAtSolve = 0;
  let lastSolve: number | null = null;
  let seenCreationComment = false;
  let batch: string | null = null;
  for (const e of events) {
    const staff = e.actorIsStaff && e.actorId !== null;
    const key = `${e.actorId}:${e.ts}`;
    if (staff && key !== batch) {
      out.actions.push({ eventId: e.eventId, ts: e.ts, agentId: e.actorId, kind: 'update' });
    }
    batch = key;
    switch (e.field) {
      case 'assignee_id': {
        assignee = typeof e.newValue === 'number' ? e.newValue : null;
        if (assignee !== null) {
          out.actions.push({ eventId: e.eventId, ts: e.ts, agentId: assignee, kind: 'assigned' });
        }
        break;
      }
      case 'comment': {
        if (!seenCreationComment) {
          seenCreationComment = true;
          break;
        }
        if (staff && commentIsReply(e.newValue) && e.actorId !== requesterId) {
          out.actions.push({ eventId: e.eventId, ts: e.ts, agentId: e.actorId, kind: 'reply' });
          if (out.firstReplyTs === null) {
            out.firstReplyTs = e.ts;
            out.firstReplyBy = e.actorId;
          }
        }
        break;
      }
      case 'satisfaction_offered':
        out.offered = true;
        break;
      case 'ticket_state': {
        const from = out.state;
        const to = typeof e.newValue === 'string' ? e.newValue : null;
        if (to === null || to === from) {
          break;
        }
        if (from !== null && waitingStates.has(from)) {
          waited += e.ts - stateSince;
        }
        const wasUnsolved = from !== null && unsolvedStates.has(from);
        const isUnsolved = unsolvedStates.has(to);
        if (isUnsolved && !wasUnsolved) {
          out.spans.push({ fromTs: e.ts, toTs: null });
        } else if (!isUnsolved && wasUnsolved) {
          const open = out.spans[out.spans.length - 1];
          if (open) {
            open.toTs = e.ts;
          }
        }
        if (to === 'solved' || (to === 'closed' && from !== 'solved')) {
          lastSolve = e.ts;
          waitAtSolve = waited;
          out.actions.push({ eventId: e.eventId, ts: e.ts, agentId: assignee, kind: 'solved' });
        }
        out.state = to;
        stateSince = e.ts;
        break;
      }
    }
  }
  if ((out.state === 'solved' || out.state === 'closed') && lastSolve !== null) {
    out.solvedTs = lastSolve;
    out.resolutionMs = lastSolve - createTs;
    out.waitMs = waitAtSolve;
  }
  return out;
}

/** The bracket a duration falls in: `[from, to)`, so exactly 1 hour is in 1-8, not 0-1. */
export function bracketOf(kind: TBracketKind, ms: number | null): string {
  const list = brackets[kind];
  for (const b of list) {
    if (b.from_ms === null) {
      if (ms === null) {
        return b.key;
      }
      continue;
    }
    if (ms !== null && ms >= b.from_ms && (b.to_ms === null || ms < b.to_ms)) {
      return b.key;
    }
  }
  throw new Error(`no ${kind} bracket for ${ms}`);
}

/** The median of whole milliseconds: the middle value, or the mean of the two middle ones rounded down. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.floor(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}
