// The goal's reload figure, measured in pairs (issue 15: "reloading the list should come within
// 2.5× of the floor"). The page table's ratio divides two medians taken minutes apart, and this
// machine's speed drifts between them: on 2026-12-07, fourteen runs of the reload alone (5-7 loads
// each) gave the floor's median LCP at 4× anywhere from 132 to 204 ms and the list's from 300 to
// 476, their ratio 1.78-2.94× with no change to the product. Here the list and the floor are
// reloaded in turns (the order swapped each pair, so neither always goes first), each pair's ratio
// is taken, and the median of those ratios is the figure, with its spread.

import { median } from './median.js';

export interface PairedLoad {
  lcpMs: number;
}

export interface PairedFigures {
  /** Pairs with both LCPs reported. */
  pairs: number;
  appLcpMs: number;
  floorLcpMs: number;
  /** The median of the pairs' ratios (app LCP / floor LCP), and their lowest and highest. */
  ratio: number;
  lowest: number;
  highest: number;
  /** Each pair's LCPs (app, floor), in the order taken. */
  each: Array<[number, number]>;
}

/** `pairs` pairs of loads, `app` and `floor` in turns; each pair's ratio of their LCPs. */
export async function pairedReload(
  pairs: number,
  app: () => Promise<PairedLoad>,
  floor: () => Promise<PairedLoad>,
): Promise<PairedFigures> {
  const ratios: number[] = [];
  const appLcp: number[] = [];
  const floorLcp: number[] = [];
  const each: Array<[number, number]> = [];
  for (let i = 0; i < pairs; i++) {
    const [first, second] = i % 2 === 0 ? [app, floor] : [floor, app];
    const a = await first();
    const b = await second();
    const [ofApp, ofFloor] = i % 2 === 0 ? [a, b] : [b, a];
    each.push([ofApp.lcpMs, ofFloor.lcpMs]);
    // A pair with a load that reported no LCP (0) is left out, not counted as a fast one.
    if (ofApp.lcpMs > 0 && ofFloor.lcpMs > 0) {
      appLcp.push(ofApp.lcpMs);
      floorLcp.push(ofFloor.lcpMs);
      ratios.push(ofApp.lcpMs / ofFloor.lcpMs);
    }
  }
  return {
    pairs: ratios.length,
    appLcpMs: median(appLcp),
    floorLcpMs: median(floorLcp),
    ratio: median(ratios),
    lowest: Math.min(...ratios),
    highest: Math.max(...ratios),
    each,
  };
}

export const describePaired = (name: string, f: PairedFigures) =>
  f.pairs === 0
    ? `\n${name} against the floor reloaded, in turns: no pair reported both LCPs`
    : `\n${name} against the floor reloaded, in ${f.pairs} pairs taken in turns (CPU 4×): LCP ${Math.round(f.appLcpMs)} ms ` +
      `against ${Math.round(f.floorLcpMs)} (medians); the pairs' ratio ${f.ratio.toFixed(2)}× (median; ` +
      `lowest ${f.lowest.toFixed(2)}×, highest ${f.highest.toFixed(2)}×; goal ≤ 2.5×)\n  each pair, LCP ms (list/floor): ` +
      f.each.map(([a, b]) => `${Math.round(a)}/${Math.round(b)}`).join(' ');
