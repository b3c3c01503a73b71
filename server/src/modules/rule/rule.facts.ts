import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { BusinessSchedule } from '../schedule/business-time.js';
import { bodyText } from '../ticket/ticket.sanitize.js';

/** What rules read of a ticket (the columns conditions name, and the timestamps automations measure). */
export interface RuleTicket {
  ticket_id: number;
  subject: string;
  ticket_state: string;
  priority: string;
  ticket_type: string;
  group_id: number | null;
  assignee_id: number | null;
  requester_id: number;
  company_id: number | null;
  source: string;
  tags: string[];
  create_ts: number;
  update_ts: number;
  solved_ts: number | null;
  state_ts: number | null;
  assigned_ts: number | null;
  requester_update_ts: number | null;
  deleted_ts: number | null;
  sla_due_ts: number | null;
  sla_breach_ts: number | null;
  /** Custom field values by `field_<id>`. */
  fields: Record<string, unknown>;
}

export const ruleTicketColumns = sql.raw(
  `t.ticket_id, t.subject, t.ticket_state, t.priority, t.ticket_type, t.group_id, t.assignee_id, t.requester_id,
   t.company_id, t.source, t.tags, t.create_ts, t.update_ts, t.solved_ts, t.state_ts, t.assigned_ts,
   t.requester_update_ts, t.deleted_ts, t.sla_due_ts, t.sla_breach_ts, t.fields`,
);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function readRuleTicket(r: Record<string, unknown>): RuleTicket {
  return {
    ticket_id: Number(r.ticket_id),
    subject: String(r.subject),
    ticket_state: String(r.ticket_state),
    priority: String(r.priority),
    ticket_type: String(r.ticket_type),
    group_id: num(r.group_id),
    assignee_id: num(r.assignee_id),
    requester_id: Number(r.requester_id),
    company_id: num(r.company_id),
    source: String(r.source),
    tags: (r.tags as string[] | null) ?? [],
    create_ts: Number(r.create_ts),
    update_ts: Number(r.update_ts),
    solved_ts: num(r.solved_ts),
    state_ts: num(r.state_ts),
    assigned_ts: num(r.assigned_ts),
    requester_update_ts: num(r.requester_update_ts),
    deleted_ts: num(r.deleted_ts),
    sla_due_ts: num(r.sla_due_ts),
    sla_breach_ts: num(r.sla_breach_ts),
    fields: (r.fields as Record<string, unknown> | null) ?? {},
  };
}

export async function loadRuleTicket(db: DbOrTx, ticketId: number): Promise<RuleTicket | null> {
  const [row] = await queryRows(db, sql`SELECT ${ruleTicketColumns} FROM ticket t WHERE t.ticket_id = ${ticketId}`);
  return row ? readRuleTicket(row) : null;
}

export type ActorType = 'end_user' | 'agent' | 'admin' | 'system';

/** The change a trigger runs on: what it was, who made it, what changed (first old, last new), its comment. */
export interface RuleChange {
  updateType: 'created' | 'updated';
  actorId: number | null;
  actorType: ActorType;
  changes: Map<string, { old: unknown; new: unknown }>;
  comment: { body: string; isPublic: boolean } | null;
}

/** Everything conditions read. */
export interface RuleFacts {
  ticket: RuleTicket;
  change: RuleChange | null;
  now: number;
  schedules: Map<number, BusinessSchedule>;
  /** Automations counting business hours: the schedule hours are counted in. */
  hoursIn?: BusinessSchedule | null;
}

export async function actorTypeOf(db: DbOrTx, actorId: number | null): Promise<ActorType> {
  if (actorId === null) {
    return 'system';
  }
  const [row] = await queryRows<{ user_type: string }>(
    db,
    sql`SELECT user_type FROM account WHERE account_id = ${actorId}`,
  );
  const type = row?.user_type;
  return type === 'admin' || type === 'agent' || type === 'end_user' ? type : 'system';
}

export async function commentOf(db: DbOrTx, commentId: number | null) {
  if (commentId === null) {
    return null;
  }
  const [row] = await queryRows<{ body: string; is_public: boolean }>(
    db,
    sql`SELECT body, is_public FROM ticket_comment WHERE comment_id = ${commentId}`,
  );
  return row ? { body: bodyText(row.body), isPublic: Boolean(row.is_public) } : null;
}

/**
 * The change of this transaction to one ticket, read back from its event log: the rows this
 * transaction wrote (`xmin`). A writer that used savepoints leaves only the field names (from
 * the bus event). Who made it (its account type) and its comment are read only when `details`
 * asks (no active trigger reads them: not read).
 */
export async function changeOfTransaction(
  db: DbOrTx,
  ticketId: number,
  event: { actorId: number | null; fields: string[] },
  details: boolean | { actor: boolean; comment: boolean } = true,
): Promise<RuleChange> {
  const read = typeof details === 'boolean' ? { actor: details, comment: details } : details;
  const rows = await queryRows<{ field: string; old_value: unknown; new_value: unknown }>(
    db,
    sql`SELECT field, old_value, new_value FROM ticket_event
      WHERE ticket_id = ${ticketId} AND xmin = pg_current_xact_id()::xid ORDER BY event_id`,
  );
  const changes = new Map<string, { old: unknown; new: unknown }>();
  let commentId: number | null = null;
  for (const r of rows.length
    ? rows
    : event.fields.map((field) => ({ field, old_value: undefined, new_value: undefined }))) {
    const before = changes.get(r.field);
    changes.set(r.field, { old: before ? before.old : r.old_value, new: r.new_value });
    if (r.field === 'comment') {
      commentId = Number((r.new_value as { comment_id?: number } | null)?.comment_id ?? 0) || null;
    }
  }
  return {
    updateType: changes.has('created') ? 'created' : 'updated',
    actorId: event.actorId,
    actorType: read.actor ? await actorTypeOf(db, event.actorId) : 'system',
    changes,
    comment: read.comment ? await commentOf(db, commentId) : null,
  };
}
