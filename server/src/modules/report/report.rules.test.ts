import { reportOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db, setUpApp } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';
import { usageDays } from './report.rules.js';

setUpApp({ ticketDefaults: true });

async function rule(kind: 'trigger' | 'automation', title: string): Promise<number> {
  const now = Date.now();
  const [row] =
    kind === 'trigger'
      ? await queryRows<{ id: number }>(
          db(),
          sql`INSERT INTO rule_trigger (title, position, conditions, actions, create_ts, update_ts)
              VALUES (${title}, 999, '{}'::jsonb, '[]'::jsonb, ${now}, ${now}) RETURNING trigger_id AS id`,
        )
      : await queryRows<{ id: number }>(
          db(),
          sql`INSERT INTO rule_automation (title, position, conditions, actions, create_ts, update_ts)
              VALUES (${title}, 999, '{}'::jsonb, '[]'::jsonb, ${now}, ${now}) RETURNING automation_id AS id`,
        );
  return Number(row?.id);
}

const used = (kind: string, id: number, day: string, count: number) =>
  db().execute(sql`INSERT INTO rule_usage_daily (rule_kind, rule_id, day, count) VALUES (${kind}, ${id}, ${day}::date, ${count})
    ON CONFLICT (rule_kind, rule_id, day) DO UPDATE SET count = ${count}`);

describe('trigger and automation usage over the last 30 days', () => {
  it('lists every rule with its uses per UTC day, today last; older days do not count', async () => {
    const days = usageDays(Date.now());
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const trigger = await rule('trigger', 'Notify the requester');
    const automation = await rule('automation', 'Close after 4 days');
    const idle = await rule('trigger', 'Never fired');
    await used('trigger', trigger, days[29] as string, 5);
    await used('trigger', trigger, days[0] as string, 2);
    await used('automation', automation, days[10] as string, 7);
    const before = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await used('automation', automation, before, 100);

    const res = await api(reportOps.ruleUsage, {});
    expect(res.code).toBe('0000');
    expect(res.data.days).toEqual(days);
    const of = (kind: string, id: number) => res.data.list.find((r) => r.rule_kind === kind && r.rule_id === id);
    expect(of('trigger', trigger)).toMatchObject({ title: 'Notify the requester', total: 7, active: true });
    expect(of('trigger', trigger)?.counts[29]).toBe(5);
    expect(of('trigger', trigger)?.counts[0]).toBe(2);
    expect(of('automation', automation)).toMatchObject({ total: 7 });
    expect(of('automation', automation)?.counts[10]).toBe(7);
    expect(of('trigger', idle)).toMatchObject({ total: 0, counts: Array(30).fill(0) });
    // Busiest first.
    const totals = res.data.list.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
  });
});
