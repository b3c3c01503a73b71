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
  .min(1, { error: 'rule_tag_required' })
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
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { error: 'webhook_url_format', abort: true },
  )
  .refine(
    (u) => {
      const url = new URL(u);
      return !url.username && !url.password;
    },
    { error: 'webhook_url_credentials' },
  );

const actionText = 'What it does';
/** An action that sets one thing: `value` is what it sets. */
function setAction<A extends string, V extends z.ZodType>(action: A, value: V, valueText: string) {
  return z.object({ action: z.literal(action).describe(actionText), value: value.describe(valueText) });
}

export const ZRuleAction = z.discriminatedUnion(
  'action',
  [
    setAction('set_state', enums.submit_as.schema, 'The status the ticket takes'),
    setAction('set_priority', enums.ticket_priority.schema, 'The priority it takes'),
    setAction('set_type', enums.ticket_type.schema, 'The type it takes'),
    setAction('set_group', ZId.nullable(), 'The group it takes (null: none)'),
    setAction('set_assignee', ZId.nullable(), 'The agent it is assigned to (null: unassigned)'),
    setAction('add_tags', ZTagList, 'Tags added (1 to 50)'),
    setAction('remove_tags', ZTagList, 'Tags removed (1 to 50)'),
    setAction('add_note', requiredText('required_note', 10_000), 'An internal note written on the ticket'),
    /** A custom field's value (checked against the field when saved and when applied); null clears it. */
    z.object({
      action: z.literal('set_field').describe(actionText),
      field_id: ZId.describe('The custom field'),
      value: z
        .union([z.string().max(10_000), z.number(), z.boolean(), z.array(z.string().max(200)).max(100), z.null()], {
          error: 'field_invalid',
        })
        .default(null)
        .describe('Its new value, valid for the field (null clears it)'),
    }),
    z.object({
      action: z.literal('notify').describe(actionText),
      target: z
        .enum(notifyTargets, { error: 'field_invalid' })
        .describe('Who gets the email: the requester (and CCs), the assignee, a group, an address'),
      group_id: ZId.nullable().default(null).describe('The group whose agents get it, for `group`'),
      address: ZEmail.nullable().default(null).describe('The address that gets it, for `address`'),
      subject: requiredText('required_subject', 200).describe('Its subject, up to 200 characters'),
      body: requiredText('required_description', 10_000).describe('Its text, up to 10,000 characters'),
    }),
    z.object({
      action: z.literal('webhook').describe(actionText),
      url: ZWebhookUrl.describe('The http(s) address the ticket is posted to'),
      secret: optionalText(200)
        .default('')
        .describe('Key of the HMAC-SHA256 signature; made by the server when left empty'),
    }),
  ],
  { error: 'field_invalid' },
);
export type TRuleAction = z.output<typeof ZRuleAction>;
export type TRuleActionInput = z.input<typeof ZRuleAction>;
export type TRuleActionName = TRuleAction['action'];

const ZActions = z.array(ZRuleAction, { error: 'field_invalid' }).min(1, { error: 'rule_needs_action' }).max(30, {
  error: 'field_too_long',
});

const ruleInput = {
  title: requiredText('required_title', 200).describe('Its name, up to 200 characters'),
  active: ZFlag.default(true).describe('An inactive rule never runs (yes by default)'),
  conditions: ZRuleConditions.describe('When it acts'),
  actions: ZActions.describe('What it does, in order (1 to 30)'),
};

export const ZTriggerInput = z.object({
  ...ruleInput,
  category_id: ZId.nullable().default(null).describe('Its category (none by default)'),
});
export type TTriggerInput = z.input<typeof ZTriggerInput>;
export const ZAutomationInput = z.object({
  ...ruleInput,
  schedule_id: ZId.nullable()
    .default(null)
    .describe("Hours in conditions count this schedule's business hours (null, the default: calendar hours)"),
});
export type TAutomationInput = z.input<typeof ZAutomationInput>;

const ruleOut = {
  title: z.string().describe('Its name'),
  active: z.boolean().describe('An inactive rule never runs'),
  position: z.number().int().describe('Its place in the order rules run in, from 1'),
  conditions: z
    .object({
      all: z.array(ZRuleCondition).describe('Conditions that must all hold'),
      any: z.array(ZRuleCondition).describe('Conditions of which one must hold, when there are any'),
    })
    .describe('When it acts'),
  actions: z.array(ZRuleAction).describe('What it does, in order'),
  usage_30d: z.number().int().describe('Times it fired over the last 30 days'),
  last_error: z.string().nullable().describe('Its latest failure (the change it ran on was kept), or null'),
  last_error_ts: z.number().int().nullable().describe('When it failed last (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
};

export const ZTrigger = z.object({
  trigger_id: z.number().int().describe('The trigger'),
  category_id: z.number().int().nullable().describe('Its category (null: none)'),
  ...ruleOut,
});
export type TTrigger = z.infer<typeof ZTrigger>;
export const ZAutomation = z.object({
  automation_id: z.number().int().describe('The automation'),
  schedule_id: z.number().int().nullable().describe('The schedule its hours count by (null: calendar hours)'),
  ...ruleOut,
});
export type TAutomation = z.infer<typeof ZAutomation>;

export const ZTriggerCategory = z.object({
  category_id: z.number().int().describe('The category'),
  name: z.string().describe('Its name'),
  position: z.number().int().describe('Its place in the list, from 1'),
});
export type TTriggerCategory = z.infer<typeof ZTriggerCategory>;

export const ZTriggerListResponse = z.object({
  list: z.array(ZTrigger).describe('Every trigger, in the order they run'),
  categories: z.array(ZTriggerCategory).describe('Every category, in order'),
});
export type TTriggerListResponse = z.infer<typeof ZTriggerListResponse>;
export const ZTriggerGetRequest = z.object({ trigger_id: ZId.describe('The trigger') });
export const ZTriggerGetResponse = ZTrigger;
export const ZTriggerAddResponse = z.object({ trigger_id: z.number().int().describe('The new trigger') });
export type TTriggerAddResponse = z.infer<typeof ZTriggerAddResponse>;
export const ZTriggerEditRequest = ZTriggerInput.extend({ trigger_id: ZId.describe('The trigger') });
export type TTriggerEditRequest = z.input<typeof ZTriggerEditRequest>;
export const ZTriggerDeleteRequest = z.object({
  trigger_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The triggers to delete'),
});
/** The whole new order, first to run first. */
export const ZTriggerOrderRequest = z.object({
  trigger_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('Every trigger id once, first to run first'),
});
export const ZTriggerCategoryInput = z.object({
  name: requiredText('required_category_name', 100).describe('Its name, up to 100 characters'),
});
export const ZTriggerCategoryEditRequest = ZTriggerCategoryInput.extend({ category_id: ZId.describe('The category') });
export const ZTriggerCategoryDeleteRequest = z.object({ category_id: ZId.describe('The category') });
export const ZTriggerCategoryAddResponse = z.object({ category_id: z.number().int().describe('The new category') });
export type TTriggerCategoryAddResponse = z.infer<typeof ZTriggerCategoryAddResponse>;

export const ZAutomationListResponse = z.object({
  list: z.array(ZAutomation).describe('Every automation, in the order they run'),
});
export type TAutomationListResponse = z.infer<typeof ZAutomationListResponse>;
export const ZAutomationGetRequest = z.object({ automation_id: ZId.describe('The automation') });
export const ZAutomationGetResponse = ZAutomation;
export const ZAutomationAddResponse = z.object({ automation_id: z.number().int().describe('The new automation') });
export type TAutomationAddResponse = z.infer<typeof ZAutomationAddResponse>;
export const ZAutomationEditRequest = ZAutomationInput.extend({ automation_id: ZId.describe('The automation') });
export type TAutomationEditRequest = z.input<typeof ZAutomationEditRequest>;
export const ZAutomationDeleteRequest = z.object({
  automation_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('The automations to delete'),
});
export const ZAutomationOrderRequest = z.object({
  automation_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('Every automation id once, first to run first'),
});

/** One condition as a dry run saw it. */
export const ZConditionResult = z.object({
  group: z.enum(['all', 'any']).describe('Whether it is among `all` or `any`'),
  field: z.string().describe('What it tests'),
  operator: z.string().describe('How it compares'),
  value: z.unknown().describe('What it compares with'),
  actual: z.unknown().describe('What the ticket or change had (text shortened)'),
  matched: z.boolean().describe('It held'),
});
export type TConditionResult = z.infer<typeof ZConditionResult>;

/** A change a rule made or would make: a field's old and new value, a note, a mail, a webhook call. */
export const ZRuleEffect = z.object({
  field: z.string().describe('What changed: a ticket property, a note, a mail, a webhook call'),
  old: z.unknown().optional().describe('Its value before'),
  new: z.unknown().optional().describe('Its value after, or what was sent'),
});
export type TRuleEffect = z.infer<typeof ZRuleEffect>;

export const ZTriggerDryRunRequest = z.object({
  ticket_id: ZId.describe('The ticket it runs on'),
  update_type: z
    .enum(['created', 'updated'], { error: 'field_invalid' })
    .default('updated')
    .describe('Run as if the ticket was just `created` or `updated` (the default)'),
  draft: ZTriggerInput.extend({
    trigger_id: ZId.nullable().default(null).describe('The trigger it replaces (null: a new one, run last)'),
  })
    .optional()
    .describe('A trigger being edited, run in place of its saved version (or added at the end when new)'),
});
export type TTriggerDryRunRequest = z.input<typeof ZTriggerDryRunRequest>;
export const ZTriggerDryRunResponse = z.object({
  list: z
    .array(
      z.object({
        trigger_id: z.number().int().describe('The trigger'),
        title: z.string().describe('Its name'),
        fired: z.boolean().describe('It would fire'),
        conditions: z.array(ZConditionResult).describe('Each condition as it was tested'),
        effects: z.array(ZRuleEffect).describe('What it would change'),
        error: z.string().nullable().describe('Why it would fail, or null'),
      }),
    )
    .describe('Every trigger in the order they run'),
});
export type TTriggerDryRunResponse = z.infer<typeof ZTriggerDryRunResponse>;

export const ZAutomationDryRunRequest = z.object({
  automation_id: ZId.optional().describe('A saved automation (or the one the draft edits)'),
  draft: ZAutomationInput.optional().describe('An automation being edited, run in place of the saved one'),
});
export type TAutomationDryRunRequest = z.input<typeof ZAutomationDryRunRequest>;
export const ZAutomationDryRunResponse = z.object({
  total: z.number().int().describe('Tickets it would touch now'),
  list: z
    .array(
      z.object({
        ticket_id: z.number().int().describe('The ticket'),
        subject: z.string().describe('Its subject'),
        effects: z.array(ZRuleEffect).describe('What it would change on it'),
        error: z
          .string()
          .nullable()
          .describe('Why its actions would fail on this ticket (the run records it and leaves the ticket), or null'),
      }),
    )
    .describe('The first 20 of them'),
});
export type TAutomationDryRunResponse = z.infer<typeof ZAutomationDryRunResponse>;
