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
  first_reply: ZMinutes.default(null).describe('Minutes to the first public reply (null: no target)'),
  next_reply: ZMinutes.default(null).describe("Minutes from a requester's comment to the next public reply"),
  periodic_update: ZMinutes.default(null).describe('Minutes between public replies while the ticket is open'),
  resolution: ZMinutes.default(null).describe('Minutes to solved'),
});
export const ZSlaPolicyInput = z.object({
  title: requiredText('required_title', 200).describe('Its name, up to 200 characters'),
  conditions: ZRuleConditions.describe('The tickets it applies to'),
  targets: z
    .object({
      low: ZTargets.default(none).describe('Targets of low-priority tickets'),
      normal: ZTargets.default(none).describe('Targets of normal-priority tickets'),
      high: ZTargets.default(none).describe('Targets of high-priority tickets'),
      urgent: ZTargets.default(none).describe('Targets of urgent tickets'),
    })
    .describe('Minutes per priority and metric; null: no target'),
  schedule_id: ZId.nullable()
    .default(null)
    .describe('Count business minutes of this schedule (null, the default: calendar minutes)'),
  pause_pending: ZFlag.default(true).describe('Time while the ticket is pending does not count (yes by default)'),
  active: ZFlag.default(true).describe('An inactive policy is never chosen but keeps its place (yes by default)'),
});
export type TSlaPolicyInput = z.input<typeof ZSlaPolicyInput>;
export type TSlaPolicyData = z.output<typeof ZSlaPolicyInput>;
export const ZSlaPolicy = ZSlaPolicyInput.extend({
  policy_id: z.number().int().describe('The policy'),
  position: z.number().int().describe('Its place in the order policies are tried in, from 1'),
});
export type TSlaPolicy = z.output<typeof ZSlaPolicy>;
export const ZSlaPolicyListResponse = z.object({
  list: z.array(ZSlaPolicy).describe('Every policy, in the order they are tried'),
});
export type TSlaPolicyListResponse = z.output<typeof ZSlaPolicyListResponse>;
export const ZSlaPolicyEditRequest = ZSlaPolicyInput.extend({ policy_id: ZId.describe('The policy') });
export type TSlaPolicyEditRequest = z.input<typeof ZSlaPolicyEditRequest>;
export const ZSlaPolicyDeleteRequest = z.object({
  policy_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The policies to delete'),
});
/** The order policies are tried in (the first that matches a ticket sets its targets): every policy id once. */
export const ZSlaPolicyOrderRequest = z.object({
  policy_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('Every policy id once, first tried first'),
});
export const ZSlaPolicyAddResponse = z.object({ policy_id: z.number().int().describe('The new policy') });
export type TSlaPolicyAddResponse = z.infer<typeof ZSlaPolicyAddResponse>;
/** A ticket's next target as its page shows it. */
export const ZSlaTicketRequest = z.object({ ticket_id: ZId.describe('The ticket') });
export const ZSlaTicketResponse = z.object({
  policy_title: z.string().nullable().describe('The policy that set the target (null: none applies)'),
  metric: z
    .enum(slaMetrics)
    .nullable()
    .describe('The next target: first reply, next reply, periodic update, resolution'),
  due_ts: z
    .number()
    .int()
    .nullable()
    .describe('When it is due (Unix epoch milliseconds; null while paused or without a target)'),
  paused_left: z
    .number()
    .int()
    .nullable()
    .describe(
      'Minutes left while paused (pending); null with a metric and no `due_ts`: its schedule has no business hours ahead, so the target never falls due',
    ),
  breached: z.boolean().describe('The target was missed'),
});
export type TSlaTicketResponse = z.infer<typeof ZSlaTicketResponse>;
