import { z } from 'zod';
import { fromDecimal, requiredText, ZFlag, ZId, ZIdList } from './common.js';
import { ZRuleConditions } from './rule-condition.js';

/** SLA policies: targets per priority, in business (a schedule's) or calendar minutes, chosen by conditions. */
export const slaMetrics = ['first_reply', 'next_reply', 'periodic_update', 'resolution'] as const;
export type TSlaMetric = (typeof slaMetrics)[number];

const ZMinutes = fromDecimal(
  z
    .number({ error: 'field_invalid' })
    .int({ error: 'field_invalid' })
    .min(1, { error: 'field_invalid' })
    .max(525_600, { error: 'field_invalid' }),
).nullable();
const none = { first_reply: null, next_reply: null, periodic_update: null, resolution: null };
const ZTargets = z.object({
  first_reply: ZMinutes.default(null),
  next_reply: ZMinutes.default(null),
  periodic_update: ZMinutes.default(null),
  resolution: ZMinutes.default(null),
});
export const ZSlaPolicyInput = z.object({
  title: requiredText('required_title', 200),
  conditions: ZRuleConditions,
  /** Minutes per priority and metric; null: no target. */
  targets: z.object({
    low: ZTargets.default(none),
    normal: ZTargets.default(none),
    high: ZTargets.default(none),
    urgent: ZTargets.default(none),
  }),
  schedule_id: ZId.nullable().default(null),
  /** Time while the ticket is pending does not count. */
  pause_pending: ZFlag.default(true),
  /** An inactive policy is never chosen (kept, with its place in the order). */
  active: ZFlag.default(true),
});
export type TSlaPolicyInput = z.input<typeof ZSlaPolicyInput>;
export type TSlaPolicyData = z.output<typeof ZSlaPolicyInput>;
export const ZSlaPolicy = ZSlaPolicyInput.extend({ policy_id: z.number().int(), position: z.number().int() });
export type TSlaPolicy = z.output<typeof ZSlaPolicy>;
export const ZSlaPolicyListResponse = z.object({ list: z.array(ZSlaPolicy) });
export const ZSlaPolicyEditRequest = ZSlaPolicyInput.extend({ policy_id: ZId });
export const ZSlaPolicyDeleteRequest = z.object({ policy_ids: ZIdList.min(1, { error: 'field_invalid' }) });
/** The order policies are tried in (the first that matches a ticket sets its targets): every policy id once. */
export const ZSlaPolicyOrderRequest = z.object({ policy_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export const ZSlaPolicyAddResponse = z.object({ policy_id: z.number().int() });
/** A ticket's next target as its page shows it. */
export const ZSlaTicketRequest = z.object({ ticket_id: ZId });
export const ZSlaTicketResponse = z.object({
  policy_title: z.string().nullable(),
  metric: z.enum(slaMetrics).nullable(),
  due_ts: z.number().int().nullable(),
  /** Minutes left while paused (pending). */
  paused_left: z.number().int().nullable(),
  breached: z.boolean(),
});
