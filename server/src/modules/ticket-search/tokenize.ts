/**
 * Search tokens: what a ticket's `search_vector` holds and what a keyword is matched against.
 *
 * Words of letters and digits are lower-cased tokens. Chinese, Japanese and Korean text has no
 * spaces, so each run of it gives every single character and every pair of neighbours: a
 * keyword of two or more such characters matches when all its pairs are present (a substring,
 * bar rare coincidences), and a single character matches by itself. PostgreSQL's trigrams need
 * three characters, and most Chinese words are two (docs/decisions/0003-ticket-list-and-search.md).
 * An emoji (one, or a sequence drawn as one: 👍🏽, 👨‍👩‍👧, 🇨🇳) is a token of its own, without its
 * text or emoji presentation selector (❤ and ❤️ are one); one with a skin tone is also stored
 * without it, so 👍 finds 👍🏽.
 */

import { stemmer } from 'stemmer';

const cjkClass = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const emojiClass = String.raw`\p{RGI_Emoji}|\p{Extended_Pictographic}`;
const tokenPattern = new RegExp(String.raw`${emojiClass}|[${cjkClass}]+|[[\p{L}\p{N}\p{M}]--[${cjkClass}]]+`, 'gv');
const cjkRun = new RegExp(`^[${cjkClass}]`, 'v');
const emojiRun = new RegExp(`^(?:${emojiClass})`, 'v');
/** Each emoji of a text (one, or a sequence drawn as one), as written. */
export const emojiPattern = new RegExp(emojiClass, 'gv');
/** Presentation selectors: how an emoji is drawn, not which. */
const selectors = /[\uFE0E\uFE0F]/g;
const skinTones = /\p{Emoji_Modifier}/gu;
/** An emoji as a token: without its presentation selector. */
export const emojiToken = (emoji: string) => emoji.replace(selectors, '');
/** …and without its skin tone, which a document also stores: 👍 finds 👍🏽. */
export const tonelessToken = (emoji: string) => emojiToken(emoji).replace(skinTones, '');

/** Longest word kept; longer runs (hashes, base64) are not worth an index entry. */
const maxWordLength = 40;

/**
 * The English word form shared by "printer" and "printers", "refund" and "refunded" (Porter's
 * stemmer), for plain lower-case Latin words; undefined when it is the word itself. Documents
 * keep the word and its stem, so a search finds the word as written and its other forms.
 */
export function stemOf(word: string): string | undefined {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) {
    return undefined;
  }
  const stem = stemmer(word);
  return stem !== word && stem.length >= 3 ? stem : undefined;
}

function runs(text: string): Array<{ kind: 'word' | 'cjk' | 'emoji'; chars: string[] }> {
  const out: Array<{ kind: 'word' | 'cjk' | 'emoji'; chars: string[] }> = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(tokenPattern)) {
    const value = match[0];
    if (emojiRun.test(value)) {
      const emoji = emojiToken(value);
      // One token, kept whole (`chars` of one).
      if (emoji) {
        out.push({ kind: 'emoji', chars: [emoji] });
      }
      continue;
    }
    out.push({ kind: cjkRun.test(value) ? 'cjk' : 'word', chars: [...value] });
  }
  return out;
}

/** The distinct tokens of a text, to store. */
export function documentTokens(text: string, into: Set<string> = new Set()): Set<string> {
  for (const run of runs(text)) {
    if (run.kind === 'emoji') {
      const emoji = run.chars[0] as string;
      into.add(emoji);
      const toneless = tonelessToken(emoji);
      if (toneless && toneless !== emoji) {
        into.add(toneless);
      }
      continue;
    }
    if (run.kind === 'word') {
      if (run.chars.length <= maxWordLength) {
        const word = run.chars.join('');
        into.add(word);
        const stem = stemOf(word);
        if (stem) {
          into.add(stem);
        }
      }
      continue;
    }
    for (let i = 0; i < run.chars.length; i++) {
      into.add(run.chars[i] as string);
      if (i + 1 < run.chars.length) {
        into.add((run.chars[i] as string) + (run.chars[i + 1] as string));
      }
    }
  }
  return into;
}

/**
 * A term matches a whole token. No prefix matching: PostgreSQL estimates how many tickets hold a
 * whole token from its statistics (common words accurately, rare ones as rare), which lets it
 * choose between the search index and walking the list order; a prefix gets a flat guess, and a
 * guess of "common" for a rare word walks a million tickets.
 */
export interface QueryTerm {
  token: string;
  /** The word's stem, matched as well: "printers" finds "printer" and "printed" finds "printing". */
  stem?: string | undefined;
}

/** The terms a keyword must all match. Empty when the keyword has no letters, digits or emoji. */
export function queryTerms(kw: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  for (const run of runs(kw)) {
    if (run.kind === 'emoji') {
      terms.set(run.chars[0] as string, { token: run.chars[0] as string });
      continue;
    }
    if (run.kind === 'word') {
      const word = run.chars.join('');
      if (run.chars.length <= maxWordLength) {
        terms.set(word, { token: word, stem: stemOf(word) });
      }
      continue;
    }
    if (run.chars.length === 1) {
      terms.set(run.chars[0] as string, { token: run.chars[0] as string });
      continue;
    }
    for (let i = 0; i + 1 < run.chars.length; i++) {
      const pair = (run.chars[i] as string) + (run.chars[i + 1] as string);
      terms.set(pair, { token: pair });
    }
  }
  return [...terms.values()];
}

/** Tokens are letters, digits, marks and emoji, quoted as tsquery lexemes (taken as written by `::tsquery`). */
const quote = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A `tsquery` text requiring every term; null when there is nothing to search for. */
export function toTsquery(kw: string): string | null {
  const terms = queryTerms(kw);
  if (terms.length === 0) {
    return null;
  }
  return terms.map((t) => (t.stem ? `(${quote(t.token)} | ${quote(t.stem)})` : quote(t.token))).join(' & ');
}

/** A PostgreSQL array literal of texts, for `array_to_tsvector($1::text[])`. */
export function textArrayLiteral(values: Iterable<string>): string {
  const items = [...values].map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return `{${items.join(',')}}`;
}
