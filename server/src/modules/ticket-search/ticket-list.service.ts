import type {
  TTicketListItem,
  TTicketSort,
  TViewConditions,
  TViewGroupBy,
  ZTicketListRequest,
} from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { runFieldSorted } from '../ticket-field/field-sort.js';
import { fieldValueFilterSource, fieldValueSource, fieldValueWhere } from '../ticket-field/field-where.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { candidateProbes, cheaperWay, mergedCandidates, probesOnly } from './field-merge.js';
import type { SearchField } from './search-fields.js';
import { parseSearch } from './search-query.js';
import { withSnippets } from './search-snippet.js';
import { indexWords } from './search-where.js';
import {
  cappedCountQuery,
  collectedPageQuery,
  estimateCount,
  exactCountCap,
  pageQuery,
  rowsByIds,
  type TicketFilter,
  ticketOrder,
  ticketWhere,
  type Viewer,
} from './ticket-list.repo.js';
import { queryTerms } from './tokenize.js';

type ListInput = z.output<typeof ZTicketListRequest>;

/**
 * Counts of big lists are estimates ("about 15,800"); each is kept a minute so that reading a
 * list of a million tickets does not count it again on every page. Small lists are always counted.
 *
 * Once its minute is over, a kept estimate is still answered for five more while one call counts
 * the list again in the background; calls that find no estimate wait for the same count rather
 * than start their own. Before (kept 10 s, no sharing), every call in flight when an estimate
 * lapsed counted the list itself, and even one count of a common custom-field view at 1M (a
 * parallel hash of 300,000 values: 2 s of three processes on the bench's two cores) every 10 s
 * took a large share of the machine from the pages being served.
 */
const estimateTtlMs = 60_000;
const estimateStaleMs = 300_000;
const estimates = new Map<string, { n: number; at: number }>();
const counting = new Map<string, Promise<{ total: number; estimated: boolean }>>();

const dialect = new PgDialect();
function cacheKey(where: SQL): string {
  const query = dialect.sqlToQuery(where);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

export async function countTickets(
  db: DbOrTx,
  where: SQL,
  order: SQL,
  key = cacheKey(where),
): Promise<{ total: number; estimated: boolean }> {
  const now = Date.now();
  const cached = estimates.get(key);
  if (cached && now - cached.at < estimateTtlMs) {
    return { total: cached.n, estimated: true };
  }
  if (cached && now - cached.at < estimateStaleMs) {
    if (!counting.has(key)) {
      // Errors are the next caller's to see (a closed pool at shutdown is nobody's).
      countOnce(db, where, order, key).catch(() => undefined);
    }
    return { total: cached.n, estimated: true };
  }
  return countOnce(db, where, order, key);
}

/** How many counts run now (one per list at most). */
export const countsInProgress = () => counting.size;

/** One count of a list at a time, shared by every call that asks meanwhile. */
function countOnce(db: DbOrTx, where: SQL, order: SQL, key: string) {
  const running = counting.get(key);
  if (running) {
    return running;
  }
  const started = countNow(db, where, order, key).finally(() => counting.delete(key));
  counting.set(key, started);
  return started;
}

async function countNow(db: DbOrTx, where: SQL, order: SQL, key: string) {
  const n = Number((await cappedCountQuery(db, where, order))[0]?.n ?? 0);
  if (n <= exactCountCap) {
    estimates.delete(key);
    return { total: n, estimated: false };
  }
  const estimate = Math.max(exactCountCap + 1, await estimateCount(db, where));
  if (estimates.size > 1000) {
    estimates.clear();
  }
  estimates.set(key, { n: estimate, at: Date.now() });
  return { total: estimate, estimated: true };
}

export interface ListPlan {
  where: SQL;
  order: SQL;
  offset: number;
  limit: number;
  /** The words a search looks up in its index: the free words and a text field's (see `runSearch`). */
  kw: string | null;
  /** The free words of a search, which its snippets show. */
  snippetWords: string;
  /** Sorted by a custom field's value instead (`field_sort`). */
  fieldSort?: { fieldId: number; desc: boolean } | undefined;
  /**
   * How many conditions on custom fields the list has that are tested through the value table:
   * the view's (of "all"), the search box's operators (`seats:<=3 product_area:software`: 2) and
   * the `field_id` filter.
   */
  fieldTerms: number;
  /**
   * When two or more of them name one value each (`fieldValueSource`): those values' stretches of
   * the value index, which `runFieldConditions` intersects whatever the planner expects, and the
   * rest of the WHERE (the list's WHERE is exactly: in every stretch, and `rest`).
   */
  fieldMerge?: { sources: SQL[]; rest: SQL } | undefined;
}

/**
 * The SQL of a list request (the benchmark runs the same statements directly). `fields` are the
 * custom fields a keyword may name (`product_area:hardware`; `searchFieldsFor`).
 */
export function planList(
  viewer: Viewer,
  input: Omit<ListInput, 'view_id'> & { except_ticket_id?: number | undefined },
  view: { conditions: TViewConditions; sort: TTicketSort; groupBy?: TViewGroupBy | null } | null,
  { now = Date.now(), fields = [] }: { now?: number; fields?: readonly SearchField[] } = {},
): ListPlan {
  const search = input.kw ? parseSearch(input.kw, fields) : undefined;
  const fieldWhere =
    input.field_id !== undefined && input.field_value !== undefined
      ? [fieldValueWhere(input.field_id, input.field_value)]
      : undefined;
  const filter: TicketFilter = { ...input, conditions: view?.conditions, search, fieldWhere };
  const fieldSort = input.field_sort
    ? { fieldId: Number(input.field_sort.replace(/^-?field_/, '')), desc: input.field_sort.startsWith('-') }
    : undefined;
  // Custom field conditions tested in the value table: the view's (of "all"), the search box's
  // (a text field's words go through the search index instead) and the `field_id` filter.
  const viewFields = (view?.conditions.all ?? []).filter((c) => c.field === 'custom_field');
  const searchFields = (search?.fields ?? []).filter((f) => !('contains' in f));
  const fieldTerms = viewFields.length + searchFields.length + (fieldWhere?.length ?? 0);
  const where = ticketWhere(viewer, filter, now);
  // Those naming one value each, as stretches of the value index, and the WHERE without them.
  const viewSources = (view?.conditions.all ?? []).map((c) =>
    c.field === 'custom_field' ? fieldValueSource(c) : null,
  );
  const searchSources = (search?.fields ?? []).map((f) => ('condition' in f ? fieldValueSource(f.condition) : null));
  const filterSource = fieldWhere
    ? fieldValueFilterSource(input.field_id as number, input.field_value as string)
    : null;
  const sources = [...viewSources, ...searchSources, filterSource].filter((s): s is SQL => s !== null);
  let fieldMerge: ListPlan['fieldMerge'];
  if (sources.length >= 2) {
    const rest: TicketFilter = {
      ...filter,
      conditions: view ? { ...view.conditions, all: view.conditions.all.filter((_, i) => !viewSources[i]) } : undefined,
      search: search ? { ...search, fields: search.fields.filter((_, i) => !searchSources[i]) } : undefined,
      fieldWhere: filterSource ? undefined : fieldWhere,
    };
    fieldMerge = { sources, rest: ticketWhere(viewer, rest, now) };
  }
  return {
    where,
    order: ticketOrder(input.sort ?? view?.sort ?? '-update_ts', view?.groupBy),
    offset: input.offset,
    limit: input.limit,
    kw: (search && indexWords(search)) || null,
    snippetWords: search?.words.trim() ?? '',
    fieldSort,
    fieldTerms,
    fieldMerge,
  };
}

/** The custom fields a keyword may name, read only when it has an operator-like `name:` in it. */
export async function searchFieldsFor(db: Db, kw: string | undefined): Promise<SearchField[]> {
  return kw?.includes(':') ? allFields(db) : [];
}

export async function runList(db: Db, plan: ListPlan) {
  if (plan.fieldSort) {
    return runFieldSorted(db, plan, plan.fieldSort, countTickets);
  }
  if (plan.kw) {
    const found = await runSearch(db, plan, plan.kw);
    return { ...found, list: plan.snippetWords ? await withSnippets(db, found.list, plan.snippetWords) : found.list };
  }
  if (plan.offset >= deepPageFrom) {
    return runDeepPage(db, plan);
  }
  if (plan.fieldTerms >= 2) {
    const few = await runFieldConditions(db, plan);
    if (few) {
      return few;
    }
  }
  const rows = await queryRows<TTicketListItem>(db, pageQuery(plan.where, plan.order, plan.offset, plan.limit));
  // A page that is not full is the list's end: its total is known without counting (most
  // filtered lists and custom views are short). Only a full page, or an empty one past the start,
  // asks for the count (kept a few seconds when it is an estimate).
  if (rows.length < plan.limit && (rows.length > 0 || plan.offset === 0)) {
    return { list: rows, total: plan.offset + rows.length, total_estimated: false };
  }
  const count = await countTickets(db, plan.where, plan.order, cacheKey(plan.where));
  return { list: rows, total: count.total, total_estimated: count.estimated };
}

/** Up to this many matches are collected through the search index, then sorted. */
export const searchCollectCap = 5_000;

/**
 * How common the most common search words are (ANALYZE keeps them: `most_common_elems`), read
 * at most once a minute. A word missing from it is rarer than all of them.
 */
let common: { at: number; freq: Map<string, number>; live: number } | null = null;
async function commonWords(db: Db) {
  if (common && Date.now() - common.at < 60_000) {
    return common;
  }
  const [row] = await queryRows<{ words: string[] | null; freqs: number[] | null; live: number }>(
    db,
    sql`SELECT s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs AS freqs, c.reltuples AS live
      FROM pg_stats s JOIN pg_class c ON c.relname = s.tablename
      WHERE s.tablename = 'ticket_search' AND s.attname = 'search_vector'`,
  );
  const freq = new Map<string, number>();
  const words = row?.words ?? [];
  for (let i = 0; i < words.length; i++) {
    freq.set(words[i] as string, Number(row?.freqs?.[i] ?? 0));
  }
  common = { at: Date.now(), freq, live: Number(row?.live ?? 0) };
  return common;
}

/** Matches expected from the statistics: null when a word is not among the common ones (so it is rare). */
async function expectedMatches(db: Db, kw: string): Promise<number | null> {
  const terms = queryTerms(kw);
  const stats = await commonWords(db);
  if (terms.length === 0 || /^#?\d{1,9}$/.test(kw.trim())) {
    return null;
  }
  let selectivity = 1;
  for (const t of terms) {
    // A word or its stem: as common as both together; rare when neither is among the common.
    const forms = [t.token, t.stem].flatMap((w) => (w === undefined ? [] : [stats.freq.get(w)]));
    if (forms.every((f) => f === undefined)) {
      return null;
    }
    selectivity *= Math.min(
      1,
      forms.reduce<number>((sum, f) => sum + (f ?? 0), 0),
    );
  }
  return selectivity * stats.live;
}

/**
 * A keyword search that never rests on a guess of how common a word is (a guess of "common"
 * for a rare word walks a million tickets in list order; collecting every match of a common
 * word reads a million index entries).
 *
 * - Common words (all of them among ANALYZE's most common, together expected in more than
 *   twice `searchCollectCap` tickets): walk the list's own index in order and check each
 *   ticket; a page is found within a few thousand rows. The total is the planner's estimate.
 * - Anything else: only bitmap scans allowed, the search index (and the filters' indexes) give
 *   at most `searchCollectCap + 1` matches, which are sorted and paged, counted exactly. Should
 *   there be more after all, the common-word way pages them.
 */
export async function runSearch(db: Db, plan: ListPlan, kw: string) {
  const expected = await expectedMatches(db, kw);
  if (expected === null || expected <= 2 * searchCollectCap) {
    const few = await collectMatches(db, plan);
    if (few) {
      return few;
    }
  }
  const rows = await db.transaction(async (tx) => {
    await tx.execute(listIndexWalk);
    return queryRows<TTicketListItem>(tx, pageQuery(plan.where, plan.order, plan.offset, plan.limit));
  });
  const estimate = Math.max(searchCollectCap + 1, await estimateCount(db, plan.where));
  return { list: rows, total: estimate, total_estimated: true };
}

/**
 * For the rest of the transaction: a common word's page walks the list's own index in order,
 * each ticket's words looked up by its key (no bitmap scan collecting every match first).
 */
export const listIndexWalk = sql`SELECT set_config('enable_seqscan', 'off', true),
  set_config('enable_bitmapscan', 'off', true)`;

/**
 * For the rest of the transaction: bitmap scans only, and no parallel workers (a few thousand
 * matches at most: starting two workers cost more than the scan, 10-13 ms of 16 at 1M), in one
 * round trip.
 */
export const bitmapScansOnly = sql`SELECT set_config('enable_seqscan', 'off', true),
  set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`;

/**
 * At most `searchCollectCap` matches through bitmap scans only (the search index, the value
 * table's indexes), sorted and paged, counted exactly; null when there are more. `scans` may
 * allow other scans instead.
 */
async function collectMatches(db: Db, plan: ListPlan, cap = searchCollectCap, scans = bitmapScansOnly) {
  const first = await db.transaction(async (tx) => {
    await tx.execute(scans);
    return collectedPageQuery(tx, plan.where, plan.order, plan.offset, plan.limit, cap);
  });
  const collected = Number(first[0]?.n ?? 0);
  if (collected > cap) {
    return null;
  }
  const ids = first.map((r) => r.id).filter((id): id is number => id !== null);
  const rows = ids.length ? await queryRows<TTicketListItem>(db, rowsByIds(ids, plan.order)) : [];
  return { list: rows, total: collected, total_estimated: false };
}

export interface FieldLimits {
  /** Expected at most this many: collected from the value indexes. */
  few: number;
  /** At most this many collected so. */
  collect: number;
  /** At most this many merged candidates, or matches of a walk, then the list's own way. */
  candidates: number;
  /** Merge the values or walk the list's tickets; by default the cheaper by the statistics. */
  way?: 'merge' | 'walk';
}

/**
 * Two or more custom field conditions (a view's, the search box's operators without words, the
 * `field_id` filter): each may be common while all together are rare, and the planner, taking
 * them as independent, walks the list's index probing the value table for every ticket until the
 * page is full (200 matches of 300,000 tickets: 670 ms), and counts the same way.
 *
 * - Expected few (at most twice `searchCollectCap`): collected from the value indexes by bitmap
 *   scans and sorted, as a rare search word's matches are (60 ms).
 * - Otherwise, or more than `limits.collect` after all, when two or more conditions name one
 *   value each, the cheaper of two ways by the statistics (`cheaperWay`), neither resting on how
 *   many the planner expects together:
 *   - the list's own tickets (the WHERE without those values: the unsolved, say) fewer than the
 *     values' entries: walked by one of the list's indexes, each probed for the values, at most
 *     `limits.candidates` matches kept, sorted and paged, counted exactly;
 *   - else the tickets holding all those values are found by walking their stretches of the
 *     value index side by side (field-merge.ts); at most `limits.candidates` of them are checked
 *     against the rest of the list's WHERE, sorted and paged, counted exactly.
 * - Null (the list's own way, which finds a page quickly when matches are that dense) when there
 *   are more candidates than that, or fewer than two such conditions.
 *
 * Expected many, a collection by bitmap scans is no better: at a million tickets, two values on
 * 300,000 and 500,000 tickets hashed together took seconds (docs/decisions/0008).
 */
export async function runFieldConditions(
  db: Db,
  plan: ListPlan,
  limits: FieldLimits = { few: 2 * searchCollectCap, collect: searchCollectCap, candidates: 2 * searchCollectCap },
) {
  const expected = await estimateCount(db, plan.where);
  if (expected <= limits.few) {
    const few = await collectMatches(db, plan, limits.collect);
    if (few) {
      return few;
    }
  }
  if (!plan.fieldMerge) {
    return null;
  }
  const way = limits.way ?? (await cheaperWay(db, plan.fieldMerge.sources, plan.fieldMerge.rest));
  if (way === 'walk') {
    // The list's own tickets are fewer than the values' entries: walked, each probed.
    return collectMatches(db, plan, limits.candidates, probesOnly);
  }
  const candidates = await mergedCandidates(db, plan.fieldMerge.sources, limits.candidates);
  if (candidates.length > limits.candidates) {
    return null;
  }
  if (candidates.length === 0) {
    return { list: [], total: 0, total_estimated: false };
  }
  // The candidates hold every value already: only the rest of the WHERE is checked on them, each
  // read by its primary key.
  const among = sql`ticket_id = ANY(${intArrayLiteral(candidates)}::int[]) AND ${plan.fieldMerge.rest}`;
  return collectMatches(db, { ...plan, where: among }, limits.candidates, candidateProbes);
}

/** Offsets from here on are served from a snapshot of the list's order. */
export const deepPageFrom = 10_000;
const snapshotTtlMs = 30_000;
const snapshotMaxIds = 2_000_000;
const snapshots = new Map<string, { ids: Int32Array; at: number }>();

/** Forgets the kept counts, common words and deep-page snapshots (they belong to one database). */
export function forgetListCaches(): void {
  estimates.clear();
  counting.clear();
  common = null;
  snapshots.clear();
}

/**
 * A deep page (offset 10,000 and more) of a plain list. Skipping half a million index entries
 * costs tens of milliseconds on every call; instead the list's ids in order are read once (one
 * index-only walk) and kept 30 s per list and viewer, like a search engine's point-in-time
 * cursor, and each deep page reads its 50 tickets by id. The rows are read fresh and checked
 * against the list's conditions again, so a ticket that left the list (or the caller's reach)
 * since is left out of the page, never shown.
 */
async function runDeepPage(db: Db, plan: ListPlan) {
  const whereKey = cacheKey(plan.where);
  const key = `${whereKey}\u0000${dialect.sqlToQuery(plan.order).sql}`;
  const now = Date.now();
  let snapshot = snapshots.get(key);
  if (!snapshot || now - snapshot.at > snapshotTtlMs) {
    const [row] = await queryRows<{ ids: string | null }>(
      db,
      sql`SELECT string_agg(ticket_id::text, ',') AS ids
        FROM (SELECT ticket_id FROM ticket WHERE ${plan.where} ORDER BY ${plan.order} LIMIT ${snapshotMaxIds}) ordered`,
    );
    const text = row?.ids;
    snapshot = { ids: Int32Array.from(text ? text.split(',') : [], Number), at: now };
    if (snapshots.size >= 8) {
      snapshots.delete(snapshots.keys().next().value as string);
    }
    snapshots.set(key, snapshot);
  }
  const ids = Array.from(snapshot.ids.subarray(plan.offset, plan.offset + plan.limit));
  const [rows, count] = await Promise.all([
    ids.length ? queryRows<TTicketListItem>(db, rowsByIds(ids, plan.order, plan.where)) : Promise.resolve([]),
    countTickets(db, plan.where, plan.order, whereKey),
  ]);
  return { list: rows, total: count.total, total_estimated: count.estimated };
}
