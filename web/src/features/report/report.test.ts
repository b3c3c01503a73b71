import { describe, expect, it } from 'vitest';
import { seriesOption } from './chartOption';
import { toCsv } from './csv';
import { durationParts, goodShare } from './format';
import { relativeOf } from './relativeTime';

describe('CSV export', () => {
  it('writes the header and rows with quoting, a BOM, and no formulas', () => {
    const csv = toCsv(
      [
        { title: 'Agent', value: (r: { name: string; n: number | null }) => r.name },
        { title: 'Count', value: (r) => r.n },
      ],
      [
        { name: 'Ada, "the" agent', n: 3 },
        { name: '=SUM(A1)', n: null },
        { name: '王伟', n: 0 },
      ],
    );
    expect(csv).toBe('\uFEFFAgent,Count\r\n"Ada, ""the"" agent",3\r\n\'=SUM(A1),\r\n王伟,0\r\n');
  });
});

describe('relative times as the spec says', () => {
  const tz = 'Asia/Shanghai';
  const now = Date.UTC(2026, 10, 25, 6); // Wednesday 14:00 in Shanghai
  it('says just now within the first minute', () => {
    expect(relativeOf(now, now, tz)).toEqual({ kind: 'now' });
    expect(relativeOf(now - 10_000, now, tz)).toEqual({ kind: 'now' });
    expect(relativeOf(now - 59_999, now, tz)).toEqual({ kind: 'now' });
  });
  it('says minutes ago within the hour, then Today, Yesterday, a weekday within a week, a date beyond', () => {
    expect(relativeOf(now - 59 * 60_000, now, tz)).toEqual({ kind: 'minutes', minutes: 59 });
    expect(relativeOf(now - 60_000, now, tz)).toEqual({ kind: 'minutes', minutes: 1 });
    expect(relativeOf(now - 60 * 60_000, now, tz)).toEqual({ kind: 'today' });
    expect(relativeOf(Date.UTC(2026, 10, 24, 15, 30), now, tz)).toEqual({ kind: 'yesterday' });
    // 00:30 today in Shanghai is still the 24th in UTC: Today there, Yesterday in UTC.
    expect(relativeOf(Date.UTC(2026, 10, 24, 16, 30), now, tz)).toEqual({ kind: 'today' });
    expect(relativeOf(Date.UTC(2026, 10, 24, 16, 30), now, 'UTC')).toEqual({ kind: 'yesterday' });
    expect(relativeOf(now - 6 * 86_400_000, now, tz).kind).toBe('weekday');
    expect(relativeOf(now - 7 * 86_400_000, now, tz).kind).toBe('date');
  });
  it('never says minutes ago for a day start', () => {
    expect(relativeOf(now - 60_000, now, tz, false)).toEqual({ kind: 'today' });
  });
});

describe('figures', () => {
  it('shows durations in minutes, hours or days and the good share', () => {
    expect(durationParts(90_000)).toEqual({ unit: 'minutes', value: 2 });
    expect(durationParts(5.25 * 3_600_000)).toEqual({ unit: 'hours', value: 5.3 });
    expect(durationParts(3 * 86_400_000)).toEqual({ unit: 'days', value: 3 });
    expect(goodShare(0, 0)).toBeNull();
    expect(goodShare(3, 1)).toBe(75);
  });
});

describe('a horizontal chart of agents', () => {
  it('leaves room for the longest name among many, not only for the ones ECharts samples', () => {
    // 53 agents: past 40, ECharts' containLabel measured one label in two and cut "Administrator".
    const names = ['Li Na', 'Owen Own', 'Agent 99', 'Agent 98', 'Agent 97', 'Administrator'];
    for (let i = 1; i <= 47; i++) {
      names.push(`Agent ${i}`);
    }
    const option = seriesOption(names, [{ name: 'Assigned', data: names.map(() => 1) }], true) as {
      grid: { left: number; containLabel: boolean };
      yAxis: { axisLabel: { width: number; overflow: string } };
    };
    const short = seriesOption(['Li Na', 'Bo'], [{ name: 'Assigned', data: [1, 1] }], true) as typeof option;
    expect(option.grid.containLabel).toBe(false);
    // The margin grows with the longest name ("Administrator", 13 letters), not the sampled ones (8).
    expect(option.grid.left - short.grid.left).toBeGreaterThanOrEqual(8 * 7);
    // A very long name is cut with "…" instead of squeezing the bars.
    expect(option.yAxis.axisLabel).toMatchObject({ width: 180, overflow: 'truncate' });
  });
});
