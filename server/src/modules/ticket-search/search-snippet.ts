import type { TTicketListItem, TTicketSnippet } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { bodyText } from '../ticket/ticket.sanitize.js';
import { emojiPattern, emojiToken, queryTerms, stemOf, tonelessToken } from './tokenize.js';

const width = 200;
const before = 60;
/** Comments read per ticket for its snippet, newest first. */
const commentsPerTicket = 20;

const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const latinWord = new RegExp(`[[\\p{L}\\p{N}\\p{M}]--[${cjk}]]+`, 'gv');
const cjkRun = new RegExp(`[${cjk}]+`, 'gv');

/** Where the search's words occur in a text: Latin words by word or stem, emoji as drawn, Chinese by the run typed. */
export function marksIn(text: string, words: string): Array<[number, number]> {
  const terms = queryTerms(words);
  const latin = new Set(terms.flatMap((t) => [t.token, t.stem ?? t.token]));
  const marks: Array<[number, number]> = [];
  for (const m of text.matchAll(latinWord)) {
    const w = m[0].toLowerCase();
    if (latin.has(w) || latin.has(stemOf(w) ?? '')) {
      marks.push([m.index, m.index + m[0].length]);
    }
  }
  // An emoji searched for: each one drawn the same, with a skin tone or without.
  for (const m of text.matchAll(emojiPattern)) {
    if (latin.has(emojiToken(m[0])) || latin.has(tonelessToken(m[0]))) {
      marks.push([m.index, m.index + m[0].length]);
    }
  }
  const lower = text.toLowerCase();
  const cjkRuns = words.toLowerCase().match(cjkRun) ?? [];
  for (const run of cjkRuns) {
    for (let at = lower.indexOf(run); at !== -1; at = lower.indexOf(run, at + run.length)) {
      marks.push([at, at + run.length]);
    }
  }
  return marks.sort((a, b) => a[0] - b[0]);
}

/** Up to 200 characters around the first match, with the marks moved to match. */
export function snippetOf(text: string, words: string): TTicketSnippet | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  const marks = marksIn(flat, words);
  const first = marks[0];
  if (!first) {
    return undefined;
  }
  let start = Math.max(0, first[0] - before);
  // Start at a word boundary rather than mid-word.
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < first[0] ? space + 1 : start;
  }
  const end = Math.min(flat.length, start + width);
  const lead = start > 0 ? '… ' : '';
  const tail = end < flat.length ? ' …' : '';
  return {
    text: `${lead}${flat.slice(start, end)}${tail}`,
    marks: marks
      .filter(([a, b]) => a >= start && b <= end)
      .map(([a, b]) => [a - start + lead.length, b - start + lead.length] as [number, number]),
  };
}

/** Adds to a page of search results the snippet of the newest comment holding the search's words. */
export async function withSnippets(db: DbOrTx, rows: TTicketListItem[], words: string): Promise<TTicketListItem[]> {
  if (rows.length === 0) {
    return rows;
  }
  const comments = await queryRows<{ ticket_id: number; body: string }>(
    db,
    sql`SELECT t.id AS ticket_id, c.body FROM unnest(${intArrayLiteral(rows.map((r) => r.ticket_id))}::int[]) AS t(id)
      CROSS JOIN LATERAL (SELECT body FROM ticket_comment WHERE ticket_id = t.id
        ORDER BY comment_id DESC LIMIT ${commentsPerTicket}) c`,
  );
  const found = new Map<number, TTicketSnippet>();
  for (const c of comments) {
    const id = Number(c.ticket_id);
    if (!found.has(id)) {
      const snippet = snippetOf(bodyText(c.body), words);
      if (snippet) {
        found.set(id, snippet);
      }
    }
  }
  return rows.map((r) => {
    const snippet = found.get(r.ticket_id);
    return snippet ? { ...r, snippet } : r;
  });
}
