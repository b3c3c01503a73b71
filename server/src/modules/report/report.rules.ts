import type { TRuleUsageReport } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

const dayMs = 86_400_000;

/** The last 30 UTC days, oldest first, today last (`rule_usage_daily` counts per UTC day). */
export function usageDays(now: number): string[] {
  const today = Math.floor(now / dayMs) * dayMs;
  return Array.from({ length: 30 }, (_, i) => new Date(today - (29 - i) * dayMs).toISOString().slice(0, 10));
}

/**
 * Each trigger and automation with its uses per day over the last 30 days (the rules module
 * writes `rule_usage_daily`); rules are not tickets, so `ticket_access` does not narrow it.
 */
export async function ruleUsage(db: DbOrTx, now = Date.now()): Promise<TRuleUsageReport> {
  const days = usageDays(now);
  const rules = await queryRows<{ kind: 'trigger' | 'automation'; id: number; title: string; active: boolean }>(
    db,
    sql`SELECT 'trigger' AS kind, trigger_id AS id, title, active FROM rule_trigger
        UNION ALL SELECT 'automation', automation_id, title, active FROM rule_automation`,
  );
  const usage = await queryRows<{ rule_kind: string; rule_id: number; day: string; n: number }>(
    db,
    sql`SELECT rule_kind, rule_id, to_char(day, 'YYYY-MM-DD') AS day, count AS n FROM rule_usage_daily
        WHERE day >= ${days[0]}::date AND day <= ${days.at(-1)}::date`,
  );
  const list = rules.map((r) => {
    const counts = days.map((d) =>
      usage
        .filter((u) => u.rule_kind === r.kind && Number(u.rule_id) === Number(r.id) && u.day === d)
        .reduce((a, u) => a + Number(u.n), 0),
    );
    return {
      rule_kind: r.kind,
      rule_id: Number(r.id),
      title: r.title,
      active: r.active,
      counts,
      total: counts.reduce((a, b) => a + b, 0),
    };
  });
  list.sort((a, b) => b.total - a.total || a.rule_kind.localeCompare(b.rule_kind) || a.rule_id - b.rule_id);
  return { days, list };
}
