import type { TRuleAction, TRuleEffect } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { ticketsFacts } from '../mail/mail.facts.js';
import { bodyText, textToHtml } from '../ticket/ticket.sanitize.js';
import { documentTokens, textArrayLiteral } from '../ticket-search/tokenize.js';
import type { ActionEnv } from './rule.env.js';
import { queueRuleMails } from './rule.notify.js';
import { queueWebhooks } from './rule.webhook.js';

/** What an automation's notes, mails and webhooks did to one ticket of a batch. */
export interface Extras {
  /** In the order one ticket at a time records them: the notes, then the mails and calls in action order. */
  effects: TRuleEffect[];
  /** A note was added (the ticket is updated: its time, its search words). */
  noted: boolean;
  /** The notes' search words (null: no note). */
  tokens: Set<string> | null;
}

/**
 * An automation's internal notes, mails and webhook calls on a batch's tickets (automation.batch.ts),
 * as `applyActions` does them to one ticket, in a few statements for the batch: the notes in one
 * insert, each mail action's recipients read, checked and queued together (rule.notify.ts), each
 * webhook's calls queued in one insert. The mails read the tickets as they are before the batch
 * writes its own changes, as one ticket at a time does. Answers each ticket's part.
 */
export async function actExtras(
  env: ActionEnv,
  actions: TRuleAction[],
  ticketIds: number[],
): Promise<Map<number, Extras>> {
  const out = new Map<number, Extras>(ticketIds.map((id) => [id, { effects: [], noted: false, tokens: null }]));
  if (ticketIds.length === 0) {
    return out;
  }
  const notes = actions.flatMap((a) => (a.action === 'add_note' ? [textToHtml(a.value)] : []));
  if (notes.length) {
    // One comment per ticket and note, in the order of the tickets then the notes: the k-th
    // comment of a ticket (by id) is its k-th note.
    const rows = await queryRows<{ comment_id: number; ticket_id: number }>(
      env.tx,
      sql`INSERT INTO ticket_comment (ticket_id, author_id, body, is_public, create_ts)
        SELECT t.id, NULL, n.body, false, ${env.now}
        FROM unnest(${intArrayLiteral(ticketIds)}::int[]) WITH ORDINALITY AS t(id, i)
          CROSS JOIN unnest(${textArrayLiteral(notes)}::text[]) WITH ORDINALITY AS n(body, j)
        ORDER BY t.i, n.j
        RETURNING comment_id, ticket_id`,
    );
    const tokens = new Set<string>();
    for (const body of notes) {
      documentTokens(bodyText(body), tokens);
    }
    for (const r of rows.sort((x, y) => Number(x.comment_id) - Number(y.comment_id))) {
      const x = out.get(Number(r.ticket_id));
      if (x) {
        x.effects.push({ field: 'comment', new: { comment_id: Number(r.comment_id), is_public: false } });
        x.noted = true;
        x.tokens = tokens;
      }
    }
  }
  const outgoing = actions.filter((a) => a.action === 'notify' || a.action === 'webhook');
  if (outgoing.length === 0) {
    return out;
  }
  const facts = outgoing.some((a) => a.action === 'notify') ? await ticketsFacts(env.tx, ticketIds) : [];
  for (const a of outgoing) {
    if (a.action === 'notify') {
      const sentTo = await queueRuleMails(env, facts, a);
      for (const [id, x] of out) {
        x.effects.push({ field: 'notify', new: { target: a.target, to: sentTo.get(id) ?? [] } });
      }
    } else if (a.action === 'webhook') {
      await queueWebhooks(env, ticketIds, a);
      for (const x of out.values()) {
        x.effects.push({ field: 'webhook', new: { url: a.url } });
      }
    }
  }
  return out;
}
