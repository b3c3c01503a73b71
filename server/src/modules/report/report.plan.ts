/**
 * How a time range is read: the whole UTC days that lie inside one bucket come from the rollups
 * (in aligned blocks of 1, 8 or 64 days: a year is a few dozen rows per combination), the whole
 * UTC hours of the other days from the day rows' hour columns (series only), and what is left
 * (the range's first and last partial hours, and hours cut by a bucket edge in a half-hour time
 * zone) from the per-ticket rows. Pure: report.plan.test.ts.
 */
export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;
/** Block lengths in days, longest last; a block of L days starts at a day number divisible by L. */
export const levels = [1, 8, 64] as const;

export interface Block {
  /** Block length in days (one of `levels`). */
  days: number;
  /** UTC day number (epoch ms / 86,400,000) of its first day. */
  day: number;
}

export interface Plan {
  /** Whole blocks, each inside one bucket (its start tells which: width_bucket of day × dayMs). */
  blocks: Block[];
  /** Whole hours of days read by hour: `day` and hour of day 0..23, each inside one bucket. */
  hours: Array<{ day: number; hour: number }>;
  /** Half-open [from, to) intervals read from the per-ticket rows, merged where they touch. */
  raw: Array<{ from: number; to: number }>;
}

/** Aligned blocks covering days [from, to) exactly, longest first where they fit. */
export function blocksOf(from: number, to: number): Block[] {
  const out: Block[] = [];
  let d = from;
  while (d < to) {
    let len = 1;
    for (const l of levels) {
      if (d % l === 0 && d + l <= to) {
        len = l;
      }
    }
    out.push({ days: len, day: d });
    d += len;
  }
  return out;
}

/**
 * The plan for buckets starting at `edges` (ascending), the last one ending at `to` (included).
 * `byHour`: cut days are read by hour from the rollups (series tables have hour columns);
 * otherwise their parts come from the per-ticket rows. `rollups` false: everything is raw.
 */
export function planRange(edges: readonly number[], to: number, byHour: boolean, rollups = true): Plan {
  const plan: Plan = { blocks: [], hours: [], raw: [] };
  const end = to + 1;
  const addRaw = (a: number, b: number) => {
    if (a >= b) {
      return;
    }
    const last = plan.raw.at(-1);
    if (last && last.to === a) {
      last.to = b;
    } else {
      plan.raw.push({ from: a, to: b });
    }
  };
  const subDay = (a: number, b: number) => {
    const hA = Math.ceil(a / hourMs);
    const hB = Math.floor(b / hourMs);
    if (!byHour || hA >= hB) {
      addRaw(a, b);
      return;
    }
    addRaw(a, hA * hourMs);
    for (let h = hA; h < hB; h++) {
      plan.hours.push({ day: Math.floor(h / 24), hour: h % 24 });
    }
    addRaw(hB * hourMs, b);
  };
  for (let i = 0; i < edges.length; i++) {
    const a = edges[i] as number;
    const b = Math.min(edges[i + 1] ?? end, end);
    if (a >= b) {
      continue;
    }
    if (!rollups) {
      addRaw(a, b);
      continue;
    }
    const dA = Math.ceil(a / dayMs);
    const dB = Math.floor(b / dayMs);
    if (dA >= dB) {
      subDay(a, b);
      continue;
    }
    subDay(a, dA * dayMs);
    plan.blocks.push(...blocksOf(dA, dB));
    subDay(dB * dayMs, b);
  }
  return plan;
}
