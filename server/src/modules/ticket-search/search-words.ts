import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral } from '../../db/rows.js';
import { textArrayLiteral } from './tokenize.js';

/**
 * A ticket's search words are a row of `ticket_search` (migration 0046), written only when they
 * change: the ticket's other writes (state, group, assignee, an automation's batch) leave the
 * words and their GIN index alone. Each write runs in the transaction of the change it follows.
 */

/** The ticket's words, all of them (a new ticket; a subject, requester or field rebuild). */
export function setSearchWords(tx: DbOrTx, ticketId: number, tokens: Iterable<string>): Promise<void> {
  return setSearchWordsOf(tx, [{ ticket_id: ticketId, words: tokens }]);
}

/** Several tickets' words, all of them, in one statement (the reindex job's batch). */
export async function setSearchWordsOf(
  tx: DbOrTx,
  rows: ReadonlyArray<{ ticket_id: number; words: Iterable<string> }>,
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  // Tokens are letters, digits and marks only: the unit separator cannot occur in one.
  const docs = rows.map((r) => [...r.words].join('\u001f'));
  await tx.execute(sql`INSERT INTO ticket_search (ticket_id, search_vector)
    SELECT d.id, array_to_tsvector(string_to_array(d.doc, E'\\x1f'))
    FROM unnest(${intArrayLiteral(rows.map((r) => r.ticket_id))}::int[], ${textArrayLiteral(docs)}::text[]) AS d(id, doc)
    ON CONFLICT (ticket_id) DO UPDATE SET search_vector = excluded.search_vector`);
}

/** Words added to the ticket's (a comment, a note): nothing written when there are none. */
export async function addSearchWords(tx: DbOrTx, ticketId: number, tokens: Iterable<string>): Promise<void> {
  const words = [...tokens];
  if (words.length) {
    await addSearchWordsOf(tx, [{ ticket_id: ticketId, words }]);
  }
}

/** Words added to several tickets' at once (an automation's batch): one statement. */
export async function addSearchWordsOf(
  tx: DbOrTx,
  rows: ReadonlyArray<{ ticket_id: number; words: readonly string[] }>,
): Promise<void> {
  const some = rows.filter((r) => r.words.length > 0);
  if (some.length === 0) {
    return;
  }
  await tx.execute(sql`UPDATE ticket_search s SET search_vector = s.search_vector || array_to_tsvector(v.words)
    FROM jsonb_to_recordset(${JSON.stringify(some)}::jsonb) AS v(ticket_id int, words text[])
    WHERE s.ticket_id = v.ticket_id`);
}
