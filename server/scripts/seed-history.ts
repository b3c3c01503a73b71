/**
 * The seed's event log: a realistic history per ticket, set-based, in time order (event ids
 * follow time, as the services write them), then the report tables built from it by the same
 * code as a running server (report.rollup.ts). Used by seed.ts.
 *
 * Each ticket: created (state new, its group, the requester's first comment); assigned a little
 * later when it has an assignee; opened; a third go pending and back to open by the requester;
 * one in seventeen of the solved ones is solved, reopened by the requester and solved again;
 * solved (closed ones solved first, then closed); the survey offered on solve and the rating
 * given; every comment at its own time by its author.
 */
import type { Database } from '../src/db/client.js';
import { rebuildBatches, resetReports } from '../src/modules/report/report.rollup.js';
import { buildSums } from '../src/modules/report/report.sums.js';

type One = (text: string) => Promise<Array<Record<string, unknown>>>;

export async function seedHistories(one: One): Promise<void> {
  await one(`
    CREATE UNLOGGED TABLE seed_event (ticket_id int, actor_id int, field text, old_value jsonb, new_value jsonb,
      create_ts bigint, seq int);
    INSERT INTO seed_event
    SELECT t.ticket_id, t.requester_id, 'created', NULL::jsonb, jsonb_build_object('source', t.source), t.create_ts, 0 FROM ticket t
    UNION ALL SELECT t.ticket_id, t.requester_id, 'ticket_state', NULL, '"new"'::jsonb, t.create_ts, 1 FROM ticket t
    UNION ALL SELECT t.ticket_id, t.requester_id, 'group_id', NULL, to_jsonb(t.group_id), t.create_ts, 2
      FROM ticket t WHERE t.group_id IS NOT NULL
    UNION ALL SELECT c.ticket_id, c.author_id, 'comment', NULL,
        jsonb_build_object('comment_id', c.comment_id, 'is_public', c.is_public), c.create_ts,
        CASE WHEN c.create_ts = t.create_ts THEN 3 ELSE 10 END
      FROM ticket_comment c JOIN ticket t ON t.ticket_id = c.ticket_id
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'assignee_id', NULL, to_jsonb(t.assignee_id),
        t.create_ts + ((t.update_ts - t.create_ts) * 0.05)::bigint, 4 FROM ticket t WHERE t.assignee_id IS NOT NULL
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'ticket_state', '"new"'::jsonb, '"open"'::jsonb,
        t.create_ts + ((t.update_ts - t.create_ts) * 0.1)::bigint, 5 FROM ticket t WHERE t.ticket_state <> 'new'
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'ticket_state', '"open"'::jsonb, '"pending"'::jsonb,
        t.create_ts + ((t.update_ts - t.create_ts) * 0.3)::bigint, 5
      FROM ticket t WHERE t.ticket_state <> 'new' AND t.ticket_id % 3 = 0
    UNION ALL SELECT t.ticket_id, t.requester_id, 'ticket_state', '"pending"'::jsonb, '"open"'::jsonb,
        t.create_ts + ((t.update_ts - t.create_ts) * 0.5)::bigint, 5
      FROM ticket t WHERE t.ticket_state <> 'new' AND t.ticket_id % 3 = 0
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'ticket_state', '"open"'::jsonb, '"solved"'::jsonb,
        t.create_ts + ((t.update_ts - t.create_ts) * 0.6)::bigint, 5
      FROM ticket t WHERE t.ticket_state IN ('solved', 'closed') AND t.ticket_id % 17 = 0
    UNION ALL SELECT t.ticket_id, t.requester_id, 'ticket_state', '"solved"'::jsonb, '"open"'::jsonb,
        t.create_ts + ((t.update_ts - t.create_ts) * 0.7)::bigint, 5
      FROM ticket t WHERE t.ticket_state IN ('solved', 'closed') AND t.ticket_id % 17 = 0
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'ticket_state', '"open"'::jsonb, '"solved"'::jsonb,
        CASE WHEN t.ticket_state = 'closed' THEN t.create_ts + ((t.update_ts - t.create_ts) * 0.95)::bigint
             ELSE t.update_ts END, 6
      FROM ticket t WHERE t.ticket_state IN ('solved', 'closed')
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'satisfaction_offered', NULL, 'true',
        CASE WHEN t.ticket_state = 'closed' THEN t.create_ts + ((t.update_ts - t.create_ts) * 0.95)::bigint
             ELSE t.update_ts END, 7
      FROM ticket t WHERE t.satisfaction_token IS NOT NULL
    UNION ALL SELECT t.ticket_id, NULL, 'ticket_state', '"solved"'::jsonb, '"closed"'::jsonb, t.update_ts, 8
      FROM ticket t WHERE t.ticket_state = 'closed'
    UNION ALL SELECT t.ticket_id, t.assignee_id, 'ticket_state', '"open"'::jsonb, '"pending"'::jsonb, t.update_ts, 8
      FROM ticket t WHERE t.ticket_state = 'pending'
    UNION ALL SELECT t.ticket_id, t.requester_id, 'satisfaction', '"unoffered"'::jsonb, to_jsonb(t.satisfaction), t.update_ts, 9
      FROM ticket t WHERE t.satisfaction IN ('good', 'bad');
  `);
  await one(`
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT ticket_id, actor_id, field, old_value, new_value, create_ts FROM seed_event
    ORDER BY create_ts, ticket_id, seq;
    DROP TABLE seed_event;
  `);
}

/**
 * Builds the report tables from the event log, printing progress, then the daily sums from them
 * in one pass (not a delta per batch: the sums are off until then).
 */
export async function seedReports(database: Database, say: (text: string) => void): Promise<void> {
  await resetReports(database.db);
  let batches = 0;
  for (;;) {
    const next = await rebuildBatches(database.db, 1, 2000);
    batches++;
    if (next === null) {
      break;
    }
    if (batches % 25 === 0) {
      say(`          report rows up to ticket ${next}`);
    }
  }
  await buildSums(database.db);
}
