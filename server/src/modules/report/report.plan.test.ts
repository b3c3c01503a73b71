import { describe, expect, it } from 'vitest';
import { binEdges, binOf, bracketBins } from './report.bins.js';
import { blocksOf, dayMs, hourMs, planRange } from './report.plan.js';

/** Every millisecond of a plan's parts, to check that they tile the range exactly once. */
function covered(plan: ReturnType<typeof planRange>): Array<[number, number]> {
  const parts: Array<[number, number]> = [
    ...plan.blocks.map((b): [number, number] => [b.day * dayMs, (b.day + b.days) * dayMs]),
    ...plan.hours.map((h): [number, number] => [
      h.day * dayMs + h.hour * hourMs,
      h.day * dayMs + (h.hour + 1) * hourMs,
    ]),
    ...plan.raw.map((r): [number, number] => [r.from, r.to]),
  ];
  return parts.sort((a, b) => a[0] - b[0]);
}

describe('planRange', () => {
  const day0 = 20_000 * dayMs;

  it('tiles a range with aligned blocks, hours and raw pieces, none crossing a bucket edge', () => {
    // A Shanghai-like day edge at 16:00 UTC and a Kolkata-like one at 18:30, over 100 days.
    for (const offset of [16 * hourMs, 18.5 * hourMs]) {
      const from = day0 + 7 * hourMs + 1234;
      const to = day0 + 100 * dayMs + 5 * hourMs + 99;
      const edges = [from];
      for (let e = day0 + offset; e <= to; e += 10 * dayMs) {
        edges.push(e);
      }
      const plan = planRange(edges, to, true);
      const parts = covered(plan);
      expect(parts[0]?.[0]).toBe(from);
      expect(parts.at(-1)?.[1]).toBe(to + 1);
      for (let i = 1; i < parts.length; i++) {
        expect(parts[i]?.[0]).toBe(parts[i - 1]?.[1]);
      }
      // Raw pieces may (width_bucket splits their rows); blocks and hours may not.
      for (const [a, b] of covered({ ...plan, raw: [] })) {
        expect(
          edges.some((e) => e > a && e < b),
          `${a}-${b} crosses an edge`,
        ).toBe(false);
      }
      expect(plan.blocks.some((b) => b.days === 8)).toBe(true);
      // Whole hours in whole-hour zones; a half-hour zone leaves the hour around each edge raw.
      expect(plan.raw.length).toBe(offset % hourMs === 0 ? 2 : edges.length + 1);
    }
  });

  it('reads everything per ticket when the sums are off, and cut days per ticket without hours', () => {
    const from = day0 + 3 * hourMs;
    const to = day0 + 20 * dayMs;
    expect(planRange([from], to, false, false)).toEqual({ blocks: [], hours: [], raw: [{ from, to: to + 1 }] });
    const plan = planRange([from], to, false);
    expect(plan.hours).toEqual([]);
    expect(plan.raw).toEqual([
      { from, to: day0 + dayMs },
      { from: day0 + 20 * dayMs, to: to + 1 },
    ]);
  });

  it('uses the longest aligned block that fits', () => {
    expect(blocksOf(7, 80)).toEqual([
      { days: 1, day: 7 },
      { days: 8, day: 8 },
      { days: 8, day: 16 },
      { days: 8, day: 24 },
      { days: 8, day: 32 },
      { days: 8, day: 40 },
      { days: 8, day: 48 },
      { days: 8, day: 56 },
      { days: 8, day: 64 },
      { days: 8, day: 72 },
    ]);
    expect(blocksOf(64, 130).map((b) => b.days)).toEqual([64, 1, 1]);
  });
});

describe('bins', () => {
  it('put each bracket edge on a bin edge, a value at an edge in the later bin', () => {
    expect(binOf(0)).toBe(1);
    expect(binOf(hourMs - 1)).toBe(binEdges.indexOf(hourMs));
    expect(binOf(hourMs)).toBe(binEdges.indexOf(hourMs) + 1);
    expect(binOf(null)).toBe(null);
    const fr = bracketBins('first_reply');
    expect(fr[0]).toEqual({ key: 'no_replies', bins: null });
    // The brackets of a kind cover every bin once.
    for (const kind of ['first_reply', 'full_resolution', 'requester_wait', 'age'] as const) {
      const all = bracketBins(kind).flatMap((b) => b.bins ?? []);
      expect(all).toEqual(binEdges.map((_, i) => i + 1));
    }
  });
});
