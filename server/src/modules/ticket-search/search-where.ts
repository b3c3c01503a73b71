import { type SQL, sql } from 'drizzle-orm';
import { likeOf } from '../search/search.js';
import { customFieldWhere, fieldCompareWhere } from '../ticket-field/field-where.js';
import type { FieldTerm } from './search-fields.js';
import { looksLikeEmail, type SearchQuery } from './search-query.js';
import { int, type Viewer, word } from './ticket-sql.js';
import { toTsquery } from './tokenize.js';

/** A phrase as the sanitized HTML of a comment holds it once the tags are stripped. */
const asHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Accounts whose email is this one, or whose name or email contains these words. */
function accountsMatching(text: string, staffOnly = false): SQL {
  const staff = staffOnly ? sql` AND user_type <> 'end_user'` : sql``;
  return looksLikeEmail(text)
    ? sql`(SELECT account_id FROM account WHERE email = ${text.trim().toLowerCase()}${staff})`
    : sql`(SELECT account_id FROM account_search WHERE search_text ILIKE ${likeOf(text.toLowerCase())}${staff} LIMIT 1000)`;
}

/**
 * Tickets whose words match (`ticket_search`, migration 0046): a semi-join the planner takes
 * either way, from the words' index to the tickets or, walking a list's own index, a lookup of
 * each ticket's words by its key (see `runSearch`).
 */
const wordsMatch = (query: string, orTicket?: number): SQL =>
  orTicket === undefined
    ? sql`ticket_id IN (SELECT ticket_id FROM ticket_search WHERE search_vector @@ ${query}::tsquery)`
    : // The number inside the one semi-join: an OR beside it would be a subplan run on every ticket.
      sql`ticket_id IN (SELECT ticket_id FROM ticket_search WHERE search_vector @@ ${query}::tsquery
        UNION ALL SELECT ${int(orTicket)})`;

/**
 * The conditions of a search: its words through the search index (a number also finds that
 * ticket), each quoted phrase as written, and its operators as the list's own filters.
 */
export function searchWhere(viewer: Viewer, q: SearchQuery): SQL[] {
  const parts: SQL[] = [];
  if (q.words.trim()) {
    const query = toTsquery(q.words);
    // "#123" or "123" also finds ticket 123.
    const number = /^#?(\d{1,9})$/.exec(q.words.trim());
    if (query && number) {
      parts.push(wordsMatch(query, Number(number[1])));
    } else if (query) {
      parts.push(wordsMatch(query));
    } else {
      parts.push(sql`false`);
    }
  }
  // A scalar subquery with LIMIT, not EXISTS: the planner would turn EXISTS into a hashed
  // semi-join that reads every comment; this checks only the comments of tickets the index found.
  for (const phrase of q.phrases) {
    parts.push(sql`(subject ILIKE ${likeOf(phrase)} OR coalesce((
      SELECT true FROM ticket_comment c WHERE c.ticket_id = ticket.ticket_id
        AND regexp_replace(c.body, '<[^>]*>', '', 'g') ILIKE ${likeOf(asHtmlText(phrase))} LIMIT 1), false))`);
  }
  if (q.ticket_state) {
    parts.push(sql`ticket_state = ${word(q.ticket_state)}`);
  }
  if (q.priority) {
    parts.push(sql`priority = ${word(q.priority)}`);
  }
  if (q.ticket_type) {
    parts.push(sql`ticket_type = ${word(q.ticket_type)}`);
  }
  if (q.tag) {
    parts.push(sql`tags @> ARRAY[${q.tag}]::text[]`);
  }
  if (q.requester) {
    parts.push(sql`requester_id IN ${accountsMatching(q.requester)}`);
  }
  if (q.assignee === 'me') {
    parts.push(sql`assignee_id = ${int(viewer.accountId)}`);
  } else if (q.assignee === 'none') {
    parts.push(sql`assignee_id IS NULL`);
  } else if (q.assignee) {
    parts.push(sql`assignee_id IN ${accountsMatching(q.assignee, true)}`);
  }
  parts.push(...q.fields.map(fieldTermWhere));
  return parts;
}

/** One `<field>:<value>` of the search box as SQL. */
export function fieldTermWhere(term: FieldTerm): SQL {
  if ('condition' in term) {
    return customFieldWhere(term.condition);
  }
  if ('compare' in term) {
    return fieldCompareWhere(term.fieldId, term.compare, term.value);
  }
  return containsWhere(term.fieldId, term.contains);
}

/**
 * A text field that contains these words as written: its words through the search index (a
 * ticket's text values are in its vector), then the field's own value checked on those tickets
 * only. Nothing to look up in the index (no letters or digits) matches nothing.
 */
function containsWhere(fieldId: number, text: string): SQL {
  const query = toTsquery(text);
  if (!query) {
    return sql`false`;
  }
  return sql`(${wordsMatch(query)} AND fields ->> ${`field_${fieldId}`} ILIKE ${likeOf(text)})`;
}

/** The words a search looks up in the index: the free words and those of text-field operators. */
export const indexWords = (q: SearchQuery) =>
  [q.words, ...q.fields.flatMap((f) => ('contains' in f ? [f.contains] : []))].join(' ').trim();
