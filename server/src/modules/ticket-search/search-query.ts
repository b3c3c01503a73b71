import { enums, searchOperators } from '@parley/contracts';
import { invalidWith } from '../../http/app-error.js';
import { type FieldTerm, fieldNamed, fieldTerm, type SearchField } from './search-fields.js';

/**
 * What an agent typed in the one search box, taken apart: operators such as `status:pending`,
 * quoted phrases, and the words left over. The operators are those agents coming from Zendesk
 * type without thinking; an operator this list does not know stays a word, so `re:` or `http:`
 * in a pasted subject still searches.
 */
export interface SearchQuery {
  /** Words for the search index: the free words and the words of every phrase. */
  words: string;
  /** Quoted phrases: each must appear as written, in the subject or a comment. */
  phrases: string[];
  ticket_state?: string;
  priority?: string;
  ticket_type?: string;
  tag?: string;
  /** An email, or words of the requester's name or email. */
  requester?: string;
  /** `me`, `none`, or an agent's email. */
  assignee?: string;
  /** `<field>:<value>` of custom fields (search-fields.ts). */
  fields: FieldTerm[];
}

const operators = searchOperators satisfies Record<string, keyof SearchQuery>;

const enumOf = {
  ticket_state: enums.ticket_state.values,
  priority: enums.ticket_priority.values,
  ticket_type: enums.ticket_type.values,
} as const;

/**
 * `name:value`, `name:"a value"`, `"a name":value` (a custom field's title as written),
 * `"a phrase"`, or a run of anything else.
 */
const piece = /(?:"([^"]+)"|([\p{L}\p{N}_]+)):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+)/gu;

/**
 * The search box taken apart. `fields` are the custom fields (search-fields.ts): a name that is
 * neither a built-in operator nor one of theirs stays words.
 */
export function parseSearch(kw: string, fields: readonly SearchField[] = []): SearchQuery {
  const out: SearchQuery = { words: '', phrases: [], fields: [] };
  const words: string[] = [];
  const addPhrase = (phrase: string) => {
    const text = phrase.trim();
    if (text) {
      out.phrases.push(text);
      words.push(text);
    }
  };
  for (const m of kw.matchAll(piece)) {
    const [, quotedName, plainName, quotedValue, plainValue, phrase, bare] = m;
    if (phrase !== undefined) {
      addPhrase(phrase);
      continue;
    }
    if (bare !== undefined) {
      words.push(bare);
      continue;
    }
    const name = (quotedName ?? plainName ?? '').trim();
    const value = (quotedValue ?? plainValue ?? '').trim();
    const key = plainName ? operators[name.toLowerCase() as keyof typeof operators] : undefined;
    const field = key ? undefined : fieldNamed(fields, name);
    if (field && value) {
      out.fields.push(fieldTerm(field, value, `${name}:${value}`, quotedValue !== undefined));
      continue;
    }
    if (!key || !value) {
      // Not an operator after all: a quoted name is a phrase, a quoted value too.
      if (quotedName === undefined) {
        words.push(m[0]);
      } else {
        addPhrase(quotedName);
        if (quotedValue === undefined) {
          words.push(plainValue ?? '');
        } else {
          addPhrase(quotedValue);
        }
      }
      continue;
    }
    if (key in enumOf) {
      const allowed = enumOf[key as keyof typeof enumOf] as readonly string[];
      const v = value.toLowerCase().replace(/[\s-]/g, '_');
      if (!allowed.includes(v)) {
        throw invalidWith('search_value_invalid', 'kw', { value: `${name}:${value}`, allowed: allowed.join(', ') });
      }
      out[key as keyof typeof enumOf] = v;
      continue;
    }
    out[key as 'tag' | 'requester' | 'assignee'] = key === 'tag' ? value : value.toLowerCase();
  }
  out.words = words.join(' ');
  return out;
}

/** An email as a whole (`requester:jane@acme.com`, or typed alone in the box). */
export const looksLikeEmail = (text: string) => /^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/.test(text.trim());
