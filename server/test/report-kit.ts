import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { refreshTickets } from '../src/modules/report/report.rollup.js';
import { allSumTables, columnsOf, countedRows, sumsFromFacts } from '../src/modules/report/report.sums.js';
import { textArrayLiteral } from '../src/modules/ticket-search/tokenize.js';

export const hour = 3_600_000;
export const day = 24 * hour;

/** One entry of a crafted history: `at` ms after creation; `by` the actor (null: nobody). */
export interface Step {
  at: number;
  field: string;
  value?: unknown;
  by?: number | null;
}

export interface Crafted {
  requesterId: number;
  createTs: number;
  steps?: Step[];
  groupId?: number | null;
  assigneeId?: number | null;
  source?: 'form' | 'web' | 'chat' | 'email';
  tags?: string[];
  priority?: string;
  deleted?: boolean;
  satisfaction?: 'good' | 'bad' | 'unoffered';
}

export const reply = (at: number, by: number, isPublic = true): Step => ({
  at,
  field: 'comment',
  value: { comment_id: 0, is_public: isPublic },
  by,
});
export const state = (at: number, to: string, by: number | null): Step => ({
  at,
  field: 'ticket_state',
  value: to,
  by,
});

/**
 * A ticket with an exact event history (times the services cannot be asked for), written
 * straight to `ticket` and `ticket_event`, then its report rows refreshed as a write would.
 */
export async function craftTicket(db: Db, c: Crafted): Promise<number> {
  const steps = c.steps ?? [];
  const last = [...steps].reverse().find((s) => s.field === 'ticket_state');
  const finalState = (last?.value as string | undefined) ?? 'new';
  const [row] = await queryRows<{ ticket_id: number }>(
    db,
    sql`INSERT INTO ticket (subject, ticket_state, priority, source, requester_id, assignee_id, group_id, tags,
          satisfaction, create_ts, update_ts, deleted_ts)
        VALUES ('Crafted', ${finalState}, ${c.priority ?? 'normal'}, ${c.source ?? 'web'}, ${c.requesterId},
          ${c.assigneeId ?? null}, ${c.groupId ?? null}, ${textArrayLiteral(c.tags ?? [])}::text[],
          ${c.satisfaction ?? 'unoffered'}, ${c.createTs}, ${c.createTs},
          ${c.deleted ? c.createTs : null})
        RETURNING ticket_id`,
  );
  const ticketId = Number(row?.ticket_id);
  const all: Step[] = [
    { at: 0, field: 'created', value: { source: c.source ?? 'web' }, by: c.requesterId },
    { at: 0, field: 'ticket_state', value: 'new', by: c.requesterId },
    reply(0, c.requesterId),
    ...steps,
  ];
  for (const s of all) {
    await db.execute(
      sql`INSERT INTO ticket_event (ticket_id, actor_id, field, new_value, create_ts)
          VALUES (${ticketId}, ${s.by ?? null}, ${s.field}, ${JSON.stringify(s.value ?? null)}::jsonb, ${c.createTs + s.at})`,
    );
  }
  await refreshTickets(db, [ticketId]);
  return ticketId;
}

/**
 * A later write to a crafted ticket: more history appended, its columns set as they end, and
 * its report rows refreshed (the daily sums then move from the old rows to the new ones).
 */
export async function extendTicket(
  db: Db,
  ticketId: number,
  c: Crafted & { steps: Step[]; finalState: string },
): Promise<void> {
  for (const s of c.steps) {
    await db.execute(
      sql`INSERT INTO ticket_event (ticket_id, actor_id, field, new_value, create_ts)
          VALUES (${ticketId}, ${s.by ?? null}, ${s.field}, ${JSON.stringify(s.value ?? null)}::jsonb, ${c.createTs + s.at})`,
    );
  }
  await db.execute(
    sql`UPDATE ticket SET ticket_state = ${c.finalState}, priority = ${c.priority ?? 'normal'}, source = ${c.source ?? 'web'},
          assignee_id = ${c.assigneeId ?? null}, group_id = ${c.groupId ?? null},
          tags = ${textArrayLiteral(c.tags ?? [])}::text[], satisfaction = ${c.satisfaction ?? 'unoffered'},
          deleted_ts = ${c.deleted ? c.createTs : null}
        WHERE ticket_id = ${ticketId}`,
  );
  await refreshTickets(db, [ticketId]);
}

/**
 * Every daily-sum table as reads count it (its fresh day rows in the blocks above them too) equals
 * the per-ticket rows summed from scratch (`nonEmpty`: and holds rows).
 */
export async function expectSumsExact(db: Db, options: { nonEmpty?: boolean } = {}): Promise<void> {
  for (const table of allSumTables) {
    const { keys, counters } = columnsOf(table);
    const kept = await queryRows(
      db,
      sql.raw(`SELECT ${keys.join(', ')}, ${counters.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
        FROM ${countedRows(table)} x GROUP BY ${keys.join(', ')} HAVING ${counters.map((c) => `sum(${c}) <> 0`).join(' OR ')}`),
    );
    const fresh = await queryRows(db, sumsFromFacts(table));
    const norm = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) =>
          JSON.stringify([...keys, ...counters].map((k) => (Number.isNaN(Number(r[k])) ? r[k] : Number(r[k])))),
        )
        .sort();
    expect(norm(kept), table).toEqual(norm(fresh));
    if (options.nonEmpty) {
      expect(kept.length, table).toBeGreaterThan(0);
    }
  }
}
