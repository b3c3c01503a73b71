import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { breather } from '../../events/breathe.js';
import { type LogEvent, type TicketFigures, ticketFigures } from './report.figures.js';
import { actionRecord, appendDeltas, buildSums, compactSums, spanRecord } from './report.sums.js';

/**
 * The report tables (`report_ticket`, `report_action`, `report_span`), kept from the event log
 * by `report.figures.ts`: in the transaction of every ticket write (a `beforeCommit` subscriber
 * of `ticket.changed`, so a change is in the reports the moment it commits), and rebuilt in
 * batches for tickets written before (the `report.rebuild` job, `npm run reports:rebuild`).
 * The daily sums (report.sums.ts) follow the per-ticket rows in the same transaction.
 */
export const reportVersion = 1;
export const reportRebuildQueue = 'report.rebuild';
export const reportCompactQueue = 'report.compact';
const batchSize = 500;
/** Fields whose values the figures read; other events count as updates only. */
const valueFields = sql.raw(`('assignee_id', 'comment', 'ticket_state')`);

interface TicketRow {
  ticket_id: number;
  create_ts: number;
  requester_id: number;
  source: string;
  group_id: number | null;
  assignee_id: number | null;
  tags: string[];
  ticket_state: string;
  priority: string;
  deleted: boolean;
  satisfaction: string;
  /** The sums are on or being built: this write appends its delta. */
  sums_kept: boolean | null;
}

async function loadEvents(db: DbOrTx, ids: number[]): Promise<Map<number, LogEvent[]>> {
  const rows = await queryRows<{
    event_id: number;
    ticket_id: number;
    field: string;
    new_value: unknown;
    create_ts: number;
    actor_id: number | null;
    staff: boolean | null;
  }>(
    db,
    // The actor's kind by its key, event by event: as a join, the planner hashed every account
    // (200,000 at 1M tickets: 230 ms of an automation batch's 4,000 events).
    sql`SELECT e.event_id, e.ticket_id, e.field, e.create_ts, e.actor_id,
          CASE WHEN e.field IN ${valueFields} THEN e.new_value END AS new_value,
          (SELECT a.user_type IN ('admin', 'agent') FROM account a WHERE a.account_id = e.actor_id) AS staff
        FROM ticket_event e
        WHERE e.ticket_id = ANY(${intArrayLiteral(ids)}::int[])
        ORDER BY e.ticket_id, e.event_id`,
  );
  const byTicket = new Map<number, LogEvent[]>();
  for (const r of rows) {
    const ticketId = Number(r.ticket_id);
    let list = byTicket.get(ticketId);
    if (!list) {
      list = [];
      byTicket.set(ticketId, list);
    }
    list.push({
      eventId: Number(r.event_id),
      field: r.field,
      newValue: r.new_value,
      ts: Number(r.create_ts),
      actorId: r.actor_id === null ? null : Number(r.actor_id),
      actorIsStaff: r.staff === true,
    });
  }
  return byTicket;
}

/**
 * Whether this write adds its delta to the sums: when they are on or being built. Off, it checks
 * again holding `report_state` for share until commit: a build (report.sums.ts, `buildSums`)
 * turns `building` on only after this write commits, so its snapshot sees this write's rows.
 */
async function sumsKept(db: DbOrTx, seenKept: boolean): Promise<boolean> {
  if (seenKept) {
    return true;
  }
  const [row] = await queryRows<{ kept: boolean }>(
    db,
    sql`SELECT rollups OR building AS kept FROM report_state WHERE id = 1 FOR SHARE`,
  );
  return row?.kept === true;
}

/** Recomputes the report rows of these tickets from their events (inside the caller's transaction). */
export async function refreshTickets(db: DbOrTx, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) {
    return;
  }
  const ids = intArrayLiteral(ticketIds);
  const tickets = await queryRows<TicketRow>(
    db,
    sql`SELECT ticket_id, create_ts, requester_id, source, group_id, assignee_id, tags, ticket_state, priority,
          deleted_ts IS NOT NULL AS deleted, satisfaction,
          (SELECT rollups OR building FROM report_state WHERE id = 1) AS sums_kept
        FROM ticket WHERE ticket_id = ANY(${ids}::int[])`,
  );
  const events = await loadEvents(db, ticketIds);
  const facts: Record<string, unknown>[] = [];
  const actions: Record<string, unknown>[] = [];
  const spans: Record<string, unknown>[] = [];
  // Each ticket's figures from its events, in memory: the event loop runs between slices (events/breathe.ts).
  const breathe = breather();
  for (const t of tickets) {
    await breathe();
    const ticketId = Number(t.ticket_id);
    const f: TicketFigures = ticketFigures(Number(t.create_ts), Number(t.requester_id), events.get(ticketId) ?? []);
    facts.push({
      ticket_id: ticketId,
      create_ts: f.createTs,
      source: t.source,
      group_id: t.group_id,
      assignee_id: t.assignee_id,
      tags: t.tags,
      ticket_state: t.ticket_state,
      priority: t.priority,
      deleted: t.deleted,
      satisfaction: t.satisfaction,
      offered: f.offered,
      first_reply_ts: f.firstReplyTs,
      first_reply_by: f.firstReplyBy,
      first_reply_ms: f.firstReplyTs === null ? null : f.firstReplyTs - f.createTs,
      solved_ts: f.solvedTs,
      resolution_ms: f.resolutionMs,
      wait_ms: f.waitMs,
    });
    for (const a of f.actions) {
      actions.push({ event_id: a.eventId, kind: a.kind, ticket_id: ticketId, agent_id: a.agentId, action_ts: a.ts });
    }
    // One span per start (the table's key): two starting in the same millisecond keep the first,
    // in the table and in the sums alike.
    const starts = new Set<number>();
    for (const s of f.spans) {
      if (!starts.has(s.fromTs)) {
        starts.add(s.fromTs);
        spans.push({ ticket_id: ticketId, from_ts: s.fromTs, to_ts: s.toTs });
      }
    }
  }
  if (tickets.length && (await sumsKept(db, tickets[0]?.sums_kept === true))) {
    await appendDeltas(db, ids, JSON.stringify(facts), JSON.stringify(actions), JSON.stringify(spans));
  }
  // Gone tickets (hard-deleted) lose their rows by cascade. Of the rest, only the action and span
  // rows that changed are written: a change adds an action or two to a ticket's dozen, and
  // rewriting them all (three indexes each, and a key just deleted to check again) was the
  // largest cost of an automation's batch at 1M tickets (0.8 s of 365 tickets' rows).
  const actionsJson = JSON.stringify(actions);
  const spansJson = JSON.stringify(spans);
  await db.execute(sql`
    DELETE FROM report_action x WHERE x.ticket_id = ANY(${ids}::int[]) AND NOT EXISTS (
      SELECT 1 FROM jsonb_to_recordset(${actionsJson}::jsonb) AS r(${sql.raw(actionRecord)})
      WHERE r.event_id = x.event_id AND r.kind = x.kind)`);
  await db.execute(sql`
    DELETE FROM report_span x WHERE x.ticket_id = ANY(${ids}::int[]) AND NOT EXISTS (
      SELECT 1 FROM jsonb_to_recordset(${spansJson}::jsonb) AS r(${sql.raw(spanRecord)})
      WHERE r.ticket_id = x.ticket_id AND r.from_ts = x.from_ts)`);
  if (facts.length) {
    await db.execute(sql`
      INSERT INTO report_ticket (ticket_id, create_ts, source, group_id, assignee_id, tags, ticket_state, priority,
        deleted, satisfaction, offered, first_reply_ts, first_reply_by, first_reply_ms, solved_ts, resolution_ms, wait_ms)
      SELECT r.ticket_id, r.create_ts, r.source, r.group_id, r.assignee_id,
        ARRAY(SELECT jsonb_array_elements_text(r.tags)), r.ticket_state, r.priority, r.deleted, r.satisfaction,
        r.offered, r.first_reply_ts, r.first_reply_by, r.first_reply_ms, r.solved_ts, r.resolution_ms, r.wait_ms
      FROM jsonb_to_recordset(${JSON.stringify(facts)}::jsonb) AS r(ticket_id int, create_ts bigint, source text,
        group_id int, assignee_id int, tags jsonb, ticket_state text, priority text, deleted boolean, satisfaction text,
        offered boolean, first_reply_ts bigint, first_reply_by int, first_reply_ms bigint, solved_ts bigint,
        resolution_ms bigint, wait_ms bigint)
      ON CONFLICT (ticket_id) DO UPDATE SET create_ts = EXCLUDED.create_ts, source = EXCLUDED.source,
        group_id = EXCLUDED.group_id, assignee_id = EXCLUDED.assignee_id, tags = EXCLUDED.tags,
        ticket_state = EXCLUDED.ticket_state, priority = EXCLUDED.priority, deleted = EXCLUDED.deleted,
        satisfaction = EXCLUDED.satisfaction, offered = EXCLUDED.offered, first_reply_ts = EXCLUDED.first_reply_ts,
        first_reply_by = EXCLUDED.first_reply_by, first_reply_ms = EXCLUDED.first_reply_ms,
        solved_ts = EXCLUDED.solved_ts, resolution_ms = EXCLUDED.resolution_ms, wait_ms = EXCLUDED.wait_ms`);
  }
  if (actions.length) {
    // New rows, and rows of the same event and kind whose values changed; the others stay as they are.
    await db.execute(sql`
      INSERT INTO report_action (event_id, kind, ticket_id, agent_id, action_ts)
      SELECT r.* FROM jsonb_to_recordset(${actionsJson}::jsonb) AS r(${sql.raw(actionRecord)})
      WHERE NOT EXISTS (SELECT 1 FROM report_action x WHERE x.event_id = r.event_id AND x.kind = r.kind
        AND x.ticket_id = r.ticket_id AND x.agent_id IS NOT DISTINCT FROM r.agent_id AND x.action_ts = r.action_ts)
      ON CONFLICT (event_id, kind) DO UPDATE SET ticket_id = EXCLUDED.ticket_id, agent_id = EXCLUDED.agent_id,
        action_ts = EXCLUDED.action_ts`);
  }
  if (spans.length) {
    await db.execute(sql`
      INSERT INTO report_span (ticket_id, from_ts, to_ts)
      SELECT r.* FROM jsonb_to_recordset(${spansJson}::jsonb) AS r(${sql.raw(spanRecord)})
      WHERE NOT EXISTS (SELECT 1 FROM report_span x WHERE x.ticket_id = r.ticket_id AND x.from_ts = r.from_ts
        AND x.to_ts IS NOT DISTINCT FROM r.to_ts)
      ON CONFLICT (ticket_id, from_ts) DO UPDATE SET to_ts = EXCLUDED.to_ts`);
  }
}

/**
 * Rebuilds up to `batches` × 500 tickets after the stored cursor, one transaction per batch that
 * locks its tickets (a write arriving meanwhile waits, then refreshes them itself). Answers the
 * cursor to go on from, or null when all are done and the tables are marked current.
 */
export async function rebuildBatches(db: Db, batches: number, size = batchSize): Promise<number | null> {
  for (let b = 0; b < batches; b++) {
    let finished = false;
    const next = await db.transaction(async (tx) => {
      const [state] = await queryRows<{ version: number; cursor: number }>(
        tx,
        sql`SELECT version, cursor FROM report_state WHERE id = 1 FOR UPDATE`,
      );
      if (!state || state.version >= reportVersion) {
        return null;
      }
      const rows = await queryRows<{ ticket_id: number }>(
        tx,
        sql`SELECT ticket_id FROM ticket WHERE ticket_id > ${state.cursor} ORDER BY ticket_id LIMIT ${size} FOR UPDATE`,
      );
      const ids = rows.map((r) => Number(r.ticket_id));
      await refreshTickets(tx, ids);
      const done = ids.length < size;
      const cursor = ids.at(-1) ?? state.cursor;
      await tx.execute(
        sql`UPDATE report_state SET cursor = ${done ? 0 : cursor}, version = ${done ? reportVersion : state.version} WHERE id = 1`,
      );
      finished = done;
      return done ? null : cursor;
    });
    if (finished) {
      // Rebuilt from nothing, the tables' statistics still say what they held before.
      await db.execute(sql`ANALYZE report_ticket, report_action, report_span`);
    }
    if (next === null) {
      return null;
    }
    if (b === batches - 1) {
      return next;
    }
  }
  return null;
}

/**
 * Starts a rebuild from scratch (the command line's `reports:rebuild`, the seed): the sums are
 * off (not kept per write, not read) until `buildSums` makes them again from the rebuilt rows.
 */
export async function resetReports(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`UPDATE report_state SET version = 0, cursor = 0, rollups = false, building = false WHERE id = 1`,
  );
}

/** The rebuild's last step: the sums from the per-ticket rows, when they are off. */
export function buildSumsIfOff(db: Db): Promise<boolean> {
  return buildSums(db, true);
}

/** The minute a compaction is queued for (one job per minute with writes, per process). */
let compactQueuedFor = 0;

export function registerReportRollups(ctx: AppContext): void {
  const refresh = async (ticketIds: number[], tx: Tx) => {
    await refreshTickets(tx, ticketIds);
    // The deltas are merged a minute later (reads sum them meanwhile: nothing waits for it).
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== compactQueuedFor) {
      compactQueuedFor = minute;
      await ctx.jobs.send(reportCompactQueue, {}, { tx, key: `m${minute}`, startAfterSeconds: 60 });
    }
  };
  ctx.events.beforeCommit('ticket.changed', ({ ticketId }, tx) => refresh([ticketId], tx));
  ctx.events.beforeCommit('tickets.changed', ({ ticketIds }, tx) => refresh(ticketIds, tx));
  ctx.jobs.define<Record<string, never>>(reportCompactQueue, {
    attempts: 3,
    batchSize: 1,
    handler: async () => {
      await compactSums(ctx.db);
    },
  });
  ctx.jobs.define<{ cursor: number }>(reportRebuildQueue, {
    attempts: 5,
    batchSize: 1,
    handler: async (_data, { signal }) => {
      // Ten batches a job, one at a time: a stopping server ends after the batch in hand and queues the rest.
      let next: number | null = null;
      for (let b = 0; b < 10; b++) {
        next = await rebuildBatches(ctx.db, 1);
        if (next === null || signal.aborted) {
          break;
        }
      }
      if (next !== null) {
        await ctx.jobs.send(reportRebuildQueue, { cursor: next }, { key: `v${reportVersion}:${next}` });
      } else {
        await buildSumsIfOff(ctx.db);
      }
    },
  });
}

/** Queues the rebuild when the report tables were never built for this version, or the sums not. */
export async function queueReportRebuildIfStale(ctx: AppContext): Promise<boolean> {
  const [state] = await queryRows<{ version: number; cursor: number; rollups: boolean }>(
    ctx.db,
    sql`SELECT version, cursor, rollups FROM report_state WHERE id = 1`,
  );
  if (!state || (state.version >= reportVersion && state.rollups)) {
    return false;
  }
  const key =
    state.version >= reportVersion
      ? `v${reportVersion}:sums:${Math.floor(Date.now() / 60_000)}`
      : `v${reportVersion}:${state.cursor}`;
  await ctx.jobs.send(reportRebuildQueue, { cursor: state.cursor }, { key });
  return true;
}
