import { z } from 'zod';
import { optionalText, requiredText, ZEmail, ZFlag, ZId, ZIdList } from './common.js';
import { enums } from './enums.js';
import { ZRuleCondition, ZRuleConditions } from './rule-condition.js';

/**
 * Triggers (run on a ticket's change, in order, inside its transaction) and automations (run
 * every hour over the tickets that match) share conditions (rule-condition.ts) and actions.
 * A custom field is one more action `{ action: 'set_field', key, value }` once fields exist.
 */

const ZTagList = z
  .array(requiredText('required_tag_name', 100), { error: 'field_invalid' })
  .min(1, { error: 'field_invalid' })
  .max(50, { error: 'field_too_long' });

/** Who a notification goes to: the requester (and CCs), the assignee, a group's agents, or an address. */
export const notifyTargets = ['requester', 'assignee', 'group', 'address'] as const;

export const ZWebhookUrl = z
  .string({ error: 'field_invalid' })
  .trim()
  .max(2000, { error: 'field_too_long' })
  .refine(
    (u) => {
      try {
        const url = new URL(u);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: 'field_invalid' },
  );

export const ZRuleAction = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('set_state'), value: enums.submit_as.schema }),
    z.object({ action: z.literal('set_priority'), value: enums.ticket_priority.schema }),
    z.object({ action: z.literal('set_type'), value: enums.ticket_type.schema }),
    z.object({ action: z.literal('set_group'), value: ZId.nullable() }),
    z.object({ action: z.literal('set_assignee'), value: ZId.nullable() }),
    z.object({ action: z.literal('add_tags'), value: ZTagList }),
    z.object({ action: z.literal('remove_tags'), value: ZTagList }),
    z.object({ action: z.literal('add_note'), value: requiredText('required_note', 10_000) }),
    /** A custom field's value (checked against the field when saved and when applied); null clears it. */
    z.object({
      action: z.literal('set_field'),
      field_id: ZId,
      value: z
        .union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(200)).max(100), z.null()], {
          error: 'field_invalid',
        })
        .default(null),
    }),
    z.object({
      action: z.literal('notify'),
      target: z.enum(notifyTargets, { error: 'field_invalid' }),
      group_id: ZId.nullable().default(null),
      address: ZEmail.nullable().default(null),
      subject: requiredText('required_subject', 200),
      body: requiredText('required_description', 10_000),
    }),
    z.object({
      action: z.literal('webhook'),
      url: ZWebhookUrl,
      /** Key of the HMAC-SHA256 signature; made by the server when left empty. */
      secret: optionalText(200).default(''),
    }),
  ],
  { error: 'field_invalid' },
);
export type TRuleAction = z.output<typeof ZRuleAction>;
export type TRuleActionInput = z.input<typeof ZRuleAction>;
export type TRuleActionName = TRuleAction['action'];

const ZActions = z.array(ZRuleAction, { error: 'field_invalid' }).min(1, { error: 'required_field' }).max(30, {
  error: 'field_too_long',
});

const ruleInput = {
  title: requiredText('required_title', 200),
  active: ZFlag.default(true),
  conditions: ZRuleConditions,
  actions: ZActions,
};

export const ZTriggerInput = z.object({ ...ruleInput, category_id: ZId.nullable().default(null) });
export type TTriggerInput = z.input<typeof ZTriggerInput>;
export const ZAutomationInput = z.object({
  ...ruleInput,
  /** Hours in conditions count this schedule's business hours; null: calendar hours. */
  schedule_id: ZId.nullable().default(null),
});
export type TAutomationInput = z.input<typeof ZAutomationInput>;

const ruleOut = {
  title: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  conditions: z.object({ all: z.array(ZRuleCondition), any: z.array(ZRuleCondition) }),
  actions: z.array(ZRuleAction),
  /** Times it fired over the last 30 days. */
  usage_30d: z.number().int(),
  /** Its latest failure (the change it ran on was kept), or null. */
  last_error: z.string().nullable(),
  last_error_ts: z.number().int().nullable(),
  update_ts: z.number().int(),
};

export const ZTrigger = z.object({
  trigger_id: z.number().int(),
  category_id: z.number().int().nullable(),
  ...ruleOut,
});
export type TTrigger = z.infer<typeof ZTrigger>;
export const ZAutomation = z.object({
  automation_id: z.number().int(),
  schedule_id: z.number().int().nullable(),
  ...ruleOut,
});
export type TAutomation = z.infer<typeof ZAutomation>;

export const ZTriggerCategory = z.object({
  category_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type TTriggerCategory = z.infer<typeof ZTriggerCategory>;

export const ZTriggerListResponse = z.object({ list: z.array(ZTrigger), categories: z.array(ZTriggerCategory) });
export type TTriggerListResponse = z.infer<typeof ZTriggerListResponse>;
export const ZTriggerGetRequest = z.object({ trigger_id: ZId });
export const ZTriggerAddResponse = z.object({ trigger_id: z.number().int() });
export const ZTriggerEditRequest = ZTriggerInput.extend({ trigger_id: ZId });
export type TTriggerEditRequest = z.input<typeof ZTriggerEditRequest>;
export const ZTriggerDeleteRequest = z.object({ trigger_ids: ZIdList.min(1, { error: 'field_invalid' }) });
/** The whole new order, first to run first. */
export const ZTriggerOrderRequest = z.object({ trigger_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export const ZTriggerCategoryInput = z.object({ name: requiredText('required_category_name', 100) });
export const ZTriggerCategoryEditRequest = ZTriggerCategoryInput.extend({ category_id: ZId });
export const ZTriggerCategoryDeleteRequest = z.object({ category_id: ZId });
export const ZTriggerCategoryAddResponse = z.object({ category_id: z.number().int() });

export const ZAutomationListResponse = z.object({ list: z.array(ZAutomation) });
export type TAutomationListResponse = z.infer<typeof ZAutomationListResponse>;
export const ZAutomationGetRequest = z.object({ automation_id: ZId });
export const ZAutomationAddResponse = z.object({ automation_id: z.number().int() });
export const ZAutomationEditRequest = ZAutomationInput.extend({ automation_id: ZId });
export type TAutomationEditRequest = z.input<typeof ZAutomationEditRequest>;
export const ZAutomationDeleteRequest = z.object({ automation_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export const ZAutomationOrderRequest = z.object({ automation_ids: ZIdList.min(1, { error: 'field_invalid' }) });

/** One condition as a dry run saw it. */
export const ZConditionResult = z.object({
  group: z.enum(['all', 'any']),
  field: z.string(),
  operator: z.string(),
  value: z.unknown(),
  /** What the ticket or change had (text shortened). */
  actual: z.unknown(),
  matched: z.boolean(),
});
export type TConditionResult = z.infer<typeof ZConditionResult>;

/** A change a rule made or would make: a field's old and new value, a note, a mail, a webhook call. */
export const ZRuleEffect = z.object({ field: z.string(), old: z.unknown().optional(), new: z.unknown().optional() });
export type TRuleEffect = z.infer<typeof ZRuleEffect>;

export const ZTriggerDryRunRequest = z.object({
  ticket_id: ZId,
  update_type: z.enum(['created', 'updated'], { error: 'field_invalid' }).default('updated'),
  /** A trigger being edited, run in place of its saved version (or added at the end when new). */
  draft: ZTriggerInput.extend({ trigger_id: ZId.nullable().default(null) }).optional(),
});
export type TTriggerDryRunRequest = z.input<typeof ZTriggerDryRunRequest>;
export const ZTriggerDryRunResponse = z.object({
  list: z.array(
    z.object({
      trigger_id: z.number().int(),
      title: z.string(),
      /** Ran in this round of the pass (0 the first, one more after each trigger that fired). */
      fired: z.boolean(),
      conditions: z.array(ZConditionResult),
      effects: z.array(ZRuleEffect),
      error: z.string().nullable(),
    }),
  ),
});
export type TTriggerDryRunResponse = z.infer<typeof ZTriggerDryRunResponse>;

export const ZAutomationDryRunRequest = z.object({
  automation_id: ZId.optional(),
  draft: ZAutomationInput.optional(),
});
export type TAutomationDryRunRequest = z.input<typeof ZAutomationDryRunRequest>;
export const ZAutomationDryRunResponse = z.object({
  /** Tickets it would touch now. */
  total: z.number().int(),
  /** The first of them, with what it would change on each. */
  list: z.array(z.object({ ticket_id: z.number().int(), subject: z.string(), effects: z.array(ZRuleEffect) })),
});
export type TAutomationDryRunResponse = z.infer<typeof ZAutomationDryRunResponse>;
