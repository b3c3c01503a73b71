import type { TRuleEffect } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { type RuleRef, ruleEvent } from './rule.env.js';
import type { RuleTicket } from './rule.facts.js';

/**
 * What the triggers of one pass changed in memory (priority, type, tags), not yet written: the
 * ticket as they leave it and its event-log rows, each fired trigger's `rule` row followed by its
 * effects, in the order they fired. `flush` writes it all in one statement: the ticket, the tag
 * names, the event log (the same rows, the same order as one write per trigger would make).
 */
/** Sets priority, type and tags on `next` as the effects say; the tag names go into `tags`. */
export function withEffects<T extends Pick<RuleTicket, 'priority' | 'ticket_type' | 'tags'>>(
  next: T,
  effects: TRuleEffect[],
  tags: Set<string>,
): T {
  for (const e of effects) {
    if (e.field === 'priority') {
      next.priority = String(e.new);
    } else if (e.field === 'ticket_type') {
      next.ticket_type = String(e.new);
    } else if (e.field === 'tags') {
      next.tags = e.new as string[];
      for (const tag of next.tags) {
        tags.add(tag);
      }
    }
  }
  return next;
}

export class PendingWrites {
  private events: TRuleEffect[] = [];
  private tags = new Set<string>();

  get empty(): boolean {
    return this.events.length === 0;
  }

  /** A fired trigger's effects; answers the ticket as it is after them. */
  add(ticket: RuleTicket, rule: RuleRef, effects: TRuleEffect[]): RuleTicket {
    if (effects.length === 0) {
      return ticket;
    }
    this.events.push(ruleEvent(rule), ...effects);
    return withEffects({ ...ticket }, effects, this.tags);
  }

  /** Writes the ticket's priority, type and tags as `ticket` has them, the tag names, the events. */
  async flush(tx: Tx, ticket: RuleTicket, now: number): Promise<void> {
    if (this.empty) {
      return;
    }
    const list = JSON.stringify(this.events.map((e) => ({ field: e.field, old: e.old ?? null, new: e.new ?? null })));
    await tx.execute(sql`
      WITH changed AS (
        UPDATE ticket SET priority = ${ticket.priority}, ticket_type = ${ticket.ticket_type},
          tags = ${textArrayLiteral(ticket.tags)}::text[], update_ts = ${nextUpdateTs(now)}
        WHERE ticket_id = ${ticket.ticket_id} RETURNING ticket_id, update_ts
      ), names AS (
        INSERT INTO ticket_tag (tag_name, create_ts)
        SELECT unnest(${textArrayLiteral([...this.tags])}::text[]), ${now} ON CONFLICT DO NOTHING
      )
      INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
      SELECT c.ticket_id, NULL, e.field, e.old, e.new, c.update_ts
      FROM changed c,
        ROWS FROM (jsonb_to_recordset(${list}::jsonb) AS (field text, old jsonb, new jsonb)) WITH ORDINALITY AS e(field, old, new, n)
      ORDER BY e.n`);
    this.events = [];
    this.tags.clear();
  }
}
