import { brackets, type TBracketKind } from '@parley/contracts';

/**
 * Duration bins of the rollups: every bracket edge of the spec is a bin edge, with finer bins
 * between, so that a bracket is a sum of bins and a median is found in one bin (then read
 * exactly from the per-ticket rows of that bin only). Bin k (1-based, as SQL's width_bucket)
 * holds [binEdges[k-1], binEdges[k]); the last is open. The same edges are written into the
 * SQL function `report_bin` (migration 0041); report.bins.test.ts checks that they agree.
 */
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

export const binEdges: readonly number[] = [
  ...[0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 45].map((m) => m * minute),
  ...[1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22].map((h) => h * hour),
  ...[
    1, 1.25, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 21, 25, 30, 35, 45, 60, 75, 90, 120, 150, 180,
    240, 365, 540, 730,
  ].map((d) => d * day),
];
export const binCount = binEdges.length;

/** The bin of a duration (1..binCount), as `report_bin` answers it; null for no value. */
export function binOf(ms: number | null): number | null {
  if (ms === null) {
    return null;
  }
  let k = 0;
  while (k < binEdges.length && (binEdges[k] as number) <= ms) {
    k++;
  }
  return k;
}

/** The SQL function's array literal (for the migration and its test). */
export const binEdgesLiteral = `{${binEdges.join(',')}}`;

/**
 * `report_bin(col)` written out, for reads that count many bins per row. The SQL function is
 * STRICT around a non-strict `greatest`, so PostgreSQL cannot inline it and runs it as a SQL
 * function call (costed at 100): 122 bin counters over 12,000 tickets took 2.2 s plus JIT,
 * written out 90 ms. Null stays in no bin; the indexes keep `report_bin` (medians use them).
 */
export const binSql = (col: string) =>
  `CASE WHEN ${col} IS NULL THEN NULL ELSE greatest(width_bucket(${col}, '${binEdgesLiteral}'::bigint[]), 1) END`;

/** Bins [first, last] (1-based) that make up each bracket of a kind; null for "no value". */
export function bracketBins(kind: TBracketKind): Array<{ key: string; bins: number[] | null }> {
  return brackets[kind].map((b) => {
    if (b.from_ms === null) {
      return { key: b.key, bins: null };
    }
    const first = binEdges.indexOf(b.from_ms) + 1;
    const last = b.to_ms === null ? binCount : binEdges.indexOf(b.to_ms);
    if (first < 1 || last < first) {
      throw new Error(`bracket ${kind}/${b.key} does not fall on bin edges`);
    }
    return { key: b.key, bins: Array.from({ length: last - first + 1 }, (_, i) => first + i) };
  });
}
