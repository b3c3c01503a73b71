import { z } from 'zod';
import { ZTimezone } from './account-admin.js';
import { ZId } from './common.js';
import { enums } from './enums.js';
import { ZTag } from './ticket.js';

/**
 * Dashboard and reports (issue 19). Every figure comes from the ticket event log with one
 * definition (server `modules/report/report.figures.ts`); times are epoch milliseconds and the
 * day and week boundaries are the viewer's time zone's.
 */
export const ZTimeRange = enums.time_range.schema;
export type TTimeRange = z.infer<typeof ZTimeRange>;

/** The channels a report can be narrowed to (a ticket's `source`). */
export const reportChannels = ['form', 'web', 'chat', 'email'] as const;
export const ZReportChannel = z.enum(reportChannels, { error: 'enum_invalid' });
export type TReportChannel = z.infer<typeof ZReportChannel>;

const hour = 3_600_000;
const day = 24 * hour;

/** A bracket: `[from_ms, to_ms)`; `to_ms` null is open-ended; `from_ms` null is "no replies". */
export interface TBracketDef {
  key: string;
  from_ms: number | null;
  to_ms: number | null;
}

/** The spec's brackets (docs/product.md §9), verbatim keys; a value equal to an edge goes to the later bracket. */
export const brackets = {
  first_reply: [
    { key: 'no_replies', from_ms: null, to_ms: null },
    { key: '0-1', from_ms: 0, to_ms: hour },
    { key: '1-8', from_ms: hour, to_ms: 8 * hour },
    { key: '8-24', from_ms: 8 * hour, to_ms: 24 * hour },
    { key: 'over_24', from_ms: 24 * hour, to_ms: null },
  ],
  full_resolution: [
    { key: '0-5h', from_ms: 0, to_ms: 5 * hour },
    { key: '5-24h', from_ms: 5 * hour, to_ms: 24 * hour },
    { key: '1-7d', from_ms: day, to_ms: 7 * day },
    { key: '7-30d', from_ms: 7 * day, to_ms: 30 * day },
    { key: 'over_30d', from_ms: 30 * day, to_ms: null },
  ],
  requester_wait: [
    { key: '0-1h', from_ms: 0, to_ms: hour },
    { key: '1-24h', from_ms: hour, to_ms: 24 * hour },
    { key: '1-3d', from_ms: day, to_ms: 3 * day },
    { key: '3-7d', from_ms: 3 * day, to_ms: 7 * day },
    { key: 'over_7d', from_ms: 7 * day, to_ms: null },
  ],
  /** Unsolved tickets by age (not a spec bracket: the requester-wait edges reused). */
  age: [
    { key: '0-1h', from_ms: 0, to_ms: hour },
    { key: '1-24h', from_ms: hour, to_ms: 24 * hour },
    { key: '1-3d', from_ms: day, to_ms: 3 * day },
    { key: '3-7d', from_ms: 3 * day, to_ms: 7 * day },
    { key: 'over_7d', from_ms: 7 * day, to_ms: null },
  ],
} as const satisfies Record<string, readonly TBracketDef[]>;
export type TBracketKind = keyof typeof brackets;

/** The spec's bracket labels, as shown (same in both languages apart from the words). */
export const bracketLabels: Record<string, { en: string; 'zh-cn': string }> = {
  no_replies: { en: 'No replies', 'zh-cn': '无回复' },
  '0-1': { en: '0-1 hrs', 'zh-cn': '0-1 小时' },
  '1-8': { en: '1-8 hrs', 'zh-cn': '1-8 小时' },
  '8-24': { en: '8-24 hrs', 'zh-cn': '8-24 小时' },
  over_24: { en: 'Over 24 hrs', 'zh-cn': '超过 24 小时' },
  '0-5h': { en: '0-5 hrs', 'zh-cn': '0-5 小时' },
  '5-24h': { en: '5-24 hrs', 'zh-cn': '5-24 小时' },
  '1-7d': { en: '1-7 days', 'zh-cn': '1-7 天' },
  '7-30d': { en: '7-30 days', 'zh-cn': '7-30 天' },
  over_30d: { en: 'Over 30 days', 'zh-cn': '超过 30 天' },
  '0-1h': { en: '0-1 hrs', 'zh-cn': '0-1 小时' },
  '1-24h': { en: '1-24 hrs', 'zh-cn': '1-24 小时' },
  '1-3d': { en: '1-3 days', 'zh-cn': '1-3 天' },
  '3-7d': { en: '3-7 days', 'zh-cn': '3-7 天' },
  over_7d: { en: 'Over 7 days', 'zh-cn': '超过 7 天' },
};

/** The filters every report takes. */
export const ZReportRequest = z.object({
  time_range: ZTimeRange.default('7d'),
  group_id: ZId.optional(),
  /** The agent: the ticket's assignee (or, for agent reports, the agent who acted). */
  assignee_id: ZId.optional(),
  source: ZReportChannel.optional(),
  tag: ZTag.optional(),
  /** Day boundaries; the caller's own time zone when not given. */
  timezone: ZTimezone.optional(),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

const int = z.number().int();
const ZRangeOut = z.object({ from_ts: int, to_ts: int, timezone: z.string() });
const ZBucketCount = z.object({ key: z.string(), count: int });

export const ZDashboard = z.object({
  range: ZRangeOut,
  created: int,
  solved: int,
  /** Tickets created in the range that are not solved now. */
  unsolved: int,
  series: z.array(z.object({ start_ts: int, created: int, solved: int })),
  mine: z.object({ open: int, pending: int, solved: int }),
  satisfaction: z.object({ good: int, bad: int, offered: int, solved: int }),
  chats: z.object({ waiting: int, active: int }),
});
export type TDashboard = z.infer<typeof ZDashboard>;

const ZDistribution = z.object({ buckets: z.array(ZBucketCount), count: int, median_ms: int.nullable() });
export type TDistribution = z.infer<typeof ZDistribution>;
export const ZEfficiency = z.object({
  range: ZRangeOut,
  first_reply: ZDistribution,
  full_resolution: ZDistribution,
  requester_wait: ZDistribution,
});
export type TEfficiency = z.infer<typeof ZEfficiency>;

export const ZAssigneeActivity = z.object({
  range: ZRangeOut,
  list: z.array(
    z.object({
      agent_id: int,
      agent_name: z.string(),
      assigned: int,
      solved: int,
      replies: int,
      first_reply_median_ms: int.nullable(),
    }),
  ),
});
export type TAssigneeActivity = z.infer<typeof ZAssigneeActivity>;

export const ZAgentUpdates = z.object({
  range: ZRangeOut,
  /** Start of each day (week or month for the long ranges, hour for 24 hours). */
  buckets: z.array(int),
  list: z.array(z.object({ agent_id: int, agent_name: z.string(), counts: z.array(int), total: int })),
});
export type TAgentUpdates = z.infer<typeof ZAgentUpdates>;

export const ZUnsolvedReport = z.object({
  total: int,
  by_state: z.array(ZBucketCount),
  by_priority: z.array(ZBucketCount),
  by_group: z.array(z.object({ group_id: int.nullable(), group_name: z.string(), count: int })),
  by_age: z.array(ZBucketCount),
});
export type TUnsolvedReport = z.infer<typeof ZUnsolvedReport>;

const ZBacklogPoint = z.object({ start_ts: int, end_ts: int, created: int, solved: int, open: int });
export type TBacklogPoint = z.infer<typeof ZBacklogPoint>;
export const ZBacklog = z.object({
  timezone: z.string(),
  daily: z.array(ZBacklogPoint),
  weekly: z.array(ZBacklogPoint),
});
export type TBacklog = z.infer<typeof ZBacklog>;

const ZScoreRow = z.object({ good: int, bad: int, offered: int, solved: int });
export const ZSatisfactionReport = z.object({
  range: ZRangeOut,
  by_agent: z.array(ZScoreRow.extend({ agent_id: int.nullable(), agent_name: z.string() })),
  by_group: z.array(ZScoreRow.extend({ group_id: int.nullable(), group_name: z.string() })),
});
export type TSatisfactionReport = z.infer<typeof ZSatisfactionReport>;

/** Trigger and automation uses per UTC day over the last 30 days (as the rules count them). */
export const ZRuleUsageReport = z.object({
  /** The 30 UTC days, oldest first, `YYYY-MM-DD`. */
  days: z.array(z.string()),
  list: z.array(
    z.object({
      rule_kind: z.enum(['trigger', 'automation']),
      rule_id: int,
      title: z.string(),
      active: z.boolean(),
      counts: z.array(int),
      total: int,
    }),
  ),
});
export type TRuleUsageReport = z.infer<typeof ZRuleUsageReport>;

/** Report screens: menu nodes like any screen (`nodes.ts`). */
export const reportKeys = [
  'efficiency',
  'assignee_activity',
  'agent_updates',
  'unsolved',
  'backlog',
  'satisfaction',
  'rule_usage',
] as const;
export type TReportKey = (typeof reportKeys)[number];
