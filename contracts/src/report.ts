import { z } from 'zod';
import { ZTimezone } from './account-admin.js';
import { ZId } from './common.js';
import { enums } from './enums.js';
import { ZTag } from './ticket/shared.js';

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
  time_range: ZTimeRange.default('7d').describe(
    'The range, up to now, from the start of its first whole bucket in `timezone`: `24h` (24 hours, this one the last), `7d` (the default) and `30d` (days, today the last), `3m` and `6m` (weeks from the first Monday after the same day 3 or 6 months ago), `1y` (12 months, this one the last)',
  ),
  group_id: ZId.optional().describe('Only tickets of this group'),
  assignee_id: ZId.optional().describe("The agent: the ticket's assignee (or, for agent reports, the agent who acted)"),
  source: ZReportChannel.optional().describe('Only tickets that came in by this channel'),
  tag: ZTag.optional().describe('Only tickets carrying this tag'),
  timezone: ZTimezone.optional().describe("The time zone of day boundaries (the caller's own when not given)"),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

const int = z.number().int();
/** An integer with its description. */
const count = (text: string) => int.describe(text);
const ZRangeOut = z
  .object({
    from_ts: count('Its start (epoch milliseconds)'),
    to_ts: count('Its end (epoch milliseconds)'),
    timezone: z.string().describe('The time zone of its day boundaries'),
  })
  .describe('The range the figures cover');
const ZBucketCount = z.object({
  key: z.string().describe('The bucket: a state, a priority, or a bracket key'),
  count: count('Tickets in it'),
});

const ZScores = z.object({
  good: count('Rated good'),
  bad: count('Rated bad'),
  offered: count('Offered the survey'),
  solved: count('Solved'),
});

export const ZDashboard = z.object({
  range: ZRangeOut,
  created: count('Tickets created in the range'),
  solved: count('Tickets solved in the range'),
  unsolved: count('Tickets created in the range that are not solved now'),
  series: z
    .array(
      z.object({
        start_ts: count('Start of the day, or hour for 24 hours (epoch milliseconds)'),
        created: count('Tickets created in it'),
        solved: count('Tickets solved in it'),
      }),
    )
    .describe('Created and solved per day (per hour for 24 hours)'),
  mine: z
    .object({
      open: count('My open tickets now'),
      pending: count('My pending tickets now'),
      solved: count('My tickets solved in the range'),
    })
    .describe("The caller's own tickets"),
  satisfaction: ZScores.describe('Satisfaction of tickets solved in the range'),
  chats: z
    .object({ waiting: count('Chats waiting for an agent now'), active: count('Chats going on now') })
    .describe('Chats now'),
});
export type TDashboard = z.infer<typeof ZDashboard>;

const ZDistribution = z.object({
  buckets: z.array(ZBucketCount).describe('Tickets per bracket'),
  count: count('Tickets measured'),
  median_ms: int.nullable().describe('The median, in milliseconds (null: none measured)'),
});
export type TDistribution = z.infer<typeof ZDistribution>;
export const ZEfficiency = z.object({
  range: ZRangeOut,
  first_reply: ZDistribution.describe('Time to the first public reply'),
  full_resolution: ZDistribution.describe('Time from creation to the final solve'),
  requester_wait: ZDistribution.describe('Time the requester waited for replies'),
});
export type TEfficiency = z.infer<typeof ZEfficiency>;

export const ZAssigneeActivity = z.object({
  range: ZRangeOut,
  list: z
    .array(
      z.object({
        agent_id: count('The agent'),
        agent_name: z.string().describe('Its name'),
        assigned: count('Tickets assigned to it in the range'),
        solved: count('Tickets it solved in the range'),
        replies: count('Its public replies in the range'),
        first_reply_median_ms: int.nullable().describe('Its median first reply, in milliseconds (null: none)'),
      }),
    )
    .describe('One row per agent'),
});
export type TAssigneeActivity = z.infer<typeof ZAssigneeActivity>;

export const ZAgentUpdates = z.object({
  range: ZRangeOut,
  buckets: z
    .array(int)
    .describe('Start of each day (week or month for the long ranges, hour for 24 hours), epoch milliseconds'),
  list: z
    .array(
      z.object({
        agent_id: count('The agent'),
        agent_name: z.string().describe('Its name'),
        counts: z.array(int).describe('Its ticket updates in each bucket'),
        total: count('Its ticket updates in the range'),
      }),
    )
    .describe('One row per agent'),
});
export type TAgentUpdates = z.infer<typeof ZAgentUpdates>;

export const ZUnsolvedReport = z.object({
  total: count('Unsolved tickets now'),
  by_state: z.array(ZBucketCount).describe('By state'),
  by_priority: z.array(ZBucketCount).describe('By priority'),
  by_group: z
    .array(
      z.object({
        group_id: int.nullable().describe('The group (null: none)'),
        group_name: z.string().describe('Its name'),
        count: count('Unsolved tickets in it'),
      }),
    )
    .describe('By group'),
  by_age: z.array(ZBucketCount).describe('By age'),
});
export type TUnsolvedReport = z.infer<typeof ZUnsolvedReport>;

const ZBacklogPoint = z.object({
  start_ts: count('Start of the day or week (epoch milliseconds)'),
  end_ts: count('Its end (epoch milliseconds)'),
  created: count('Tickets created in it'),
  solved: count('Tickets solved in it'),
  open: count('Tickets open at its end'),
});
export type TBacklogPoint = z.infer<typeof ZBacklogPoint>;
export const ZBacklog = z.object({
  timezone: z.string().describe('The time zone of the day and week boundaries'),
  daily: z.array(ZBacklogPoint).describe('The last 30 days'),
  weekly: z.array(ZBacklogPoint).describe('The last 12 weeks'),
});
export type TBacklog = z.infer<typeof ZBacklog>;

export const ZSatisfactionReport = z.object({
  range: ZRangeOut,
  by_agent: z
    .array(
      ZScores.extend({
        agent_id: int.nullable().describe('The agent (null: unassigned)'),
        agent_name: z.string().describe('Its name'),
      }),
    )
    .describe('By agent'),
  by_group: z
    .array(
      ZScores.extend({
        group_id: int.nullable().describe('The group (null: none)'),
        group_name: z.string().describe('Its name'),
      }),
    )
    .describe('By group'),
});
export type TSatisfactionReport = z.infer<typeof ZSatisfactionReport>;

/** Trigger and automation uses per UTC day over the last 30 days (as the rules count them). */
export const ZRuleUsageReport = z.object({
  days: z.array(z.string()).describe('The 30 UTC days, oldest first, `YYYY-MM-DD`'),
  list: z
    .array(
      z.object({
        rule_kind: z.enum(['trigger', 'automation']).describe('A trigger or an automation'),
        rule_id: count('The rule'),
        title: z.string().describe('Its name'),
        active: z.boolean().describe('It runs'),
        counts: z.array(int).describe('Its uses on each day'),
        total: count('Its uses over the 30 days'),
      }),
    )
    .describe('Each trigger and automation'),
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
