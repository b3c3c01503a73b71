import { z } from 'zod';
import { enums } from './enums.js';
import type { TMessageKey } from './messages.js';

/**
 * Business rules' conditions: `{ all: [...], any: [...] }` over a ticket, the change that fired
 * a trigger, and time. Every condition is `{ field, operator, value }`; the table below says which
 * operators and values each field takes and where it can be used (triggers, automations, SLA).
 * A custom ticket field is one more row keyed `field.<key>` (see `ruleConditionSpec`).
 */
export const ruleOperators = [
  'is',
  'is_not',
  'changed',
  'changed_to',
  'changed_from',
  'contains',
  'not_contains',
  'includes',
  'excludes',
  'less_than',
  'greater_than',
] as const;
export type TRuleOperator = (typeof ruleOperators)[number];

/** What a condition's value is: one of an enum, an id (or null: "nobody"), text, tags, a number of hours. */
export type TRuleValueKind =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'id'; nullable: boolean }
  | { kind: 'text' }
  | { kind: 'tags' }
  | { kind: 'hours' }
  | { kind: 'schedule' }
  /** A custom field's value: checked against the field when the rule is saved. */
  | { kind: 'field' };

type Use = 'trigger' | 'automation' | 'sla';
interface Spec {
  operators: readonly TRuleOperator[];
  value: TRuleValueKind;
  use: readonly Use[];
}

const eq = ['is', 'is_not'] as const;
const tracked = ['is', 'is_not', 'changed', 'changed_to', 'changed_from'] as const;
const all: readonly Use[] = ['trigger', 'automation', 'sla'];
const hours = (): Spec => ({
  operators: ['is', 'less_than', 'greater_than'],
  value: { kind: 'hours' },
  use: ['automation'],
});

export const ruleConditionSpec = {
  ticket_state: { operators: tracked, value: { kind: 'enum', values: enums.ticket_state.values }, use: all },
  priority: { operators: tracked, value: { kind: 'enum', values: enums.ticket_priority.values }, use: all },
  ticket_type: { operators: tracked, value: { kind: 'enum', values: enums.ticket_type.values }, use: all },
  group_id: { operators: tracked, value: { kind: 'id', nullable: true }, use: all },
  assignee_id: { operators: tracked, value: { kind: 'id', nullable: true }, use: all },
  requester_id: { operators: eq, value: { kind: 'id', nullable: false }, use: all },
  company_id: { operators: eq, value: { kind: 'id', nullable: true }, use: all },
  /** The channel the ticket came in by. */
  source: { operators: eq, value: { kind: 'enum', values: enums.ticket_source.values }, use: all },
  tags: { operators: ['includes', 'excludes'], value: { kind: 'tags' }, use: all },
  subject: { operators: ['contains', 'not_contains'], value: { kind: 'text' }, use: all },
  /** The comment of the change: public, internal, or none. */
  comment_type: { operators: eq, value: { kind: 'enum', values: ['public', 'internal', 'none'] }, use: ['trigger'] },
  comment_text: { operators: ['contains', 'not_contains'], value: { kind: 'text' }, use: ['trigger'] },
  /** Who made the change: the requester, an agent, an admin, or the system (a rule, mail without a sender). */
  actor_type: {
    operators: eq,
    value: { kind: 'enum', values: ['requester', 'end_user', 'agent', 'admin', 'system'] },
    use: ['trigger'],
  },
  update_type: { operators: ['is'], value: { kind: 'enum', values: ['created', 'updated'] }, use: ['trigger'] },
  /** Now is inside the schedule's business hours (is) or outside them (is_not). */
  within_schedule: { operators: eq, value: { kind: 'schedule' }, use: ['trigger', 'automation'] },
  /** The ticket's current SLA target was missed; `changed_to` yes: the change is the breach itself (a trigger fires once). */
  sla_breached: {
    operators: ['is', 'changed_to'],
    value: { kind: 'enum', values: ['yes', 'no'] },
    use: ['trigger', 'automation'],
  },
  hours_since_created: hours(),
  hours_since_updated: hours(),
  hours_since_pending: hours(),
  hours_since_solved: hours(),
  hours_since_assigned: hours(),
  hours_since_requester_updated: hours(),
  hours_until_sla_breach: { operators: ['less_than', 'greater_than'], value: { kind: 'hours' }, use: ['automation'] },
} as const satisfies Record<string, Spec>;

/** A custom field's condition: `field_<id>`, the key of its value in a ticket's `fields`. */
export type TRuleFieldKey = `field_${number}`;
export const isRuleFieldKey = (field: string): field is TRuleFieldKey => /^field_[1-9][0-9]{0,9}$/.test(field);
export const customFieldSpec: Spec = {
  operators: ['is', 'is_not', 'changed', 'changed_to', 'changed_from', 'less_than', 'greater_than'],
  value: { kind: 'field' },
  use: all,
};
export type TRuleConditionField = keyof typeof ruleConditionSpec;
export const ruleConditionFields = Object.keys(ruleConditionSpec) as [TRuleConditionField, ...TRuleConditionField[]];
export const isHoursField = (field: string) => field.startsWith('hours_');
/** The spec of a condition's field, a custom field's included. */
export const conditionSpecOf = (field: TRuleConditionField | TRuleFieldKey): Spec =>
  isRuleFieldKey(field) ? customFieldSpec : ruleConditionSpec[field];

const ZValue = z.union(
  [
    z.string().max(500, { error: 'field_too_long' }),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.string().trim().min(1).max(100), { error: 'field_invalid' }).max(50, { error: 'field_too_long' }),
  ],
  { error: 'field_invalid' },
);

function valueFits(kind: TRuleValueKind, operator: TRuleOperator, value: unknown): boolean {
  if (operator === 'changed') {
    return true;
  }
  switch (kind.kind) {
    case 'enum':
      return typeof value === 'string' && kind.values.includes(value);
    case 'id':
      return (
        (value === null && kind.nullable) ||
        (typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31)
      );
    case 'schedule':
      return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31;
    case 'text':
      return typeof value === 'string' && value.trim().length > 0;
    case 'tags':
      return Array.isArray(value) && value.length > 0;
    case 'hours':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100_000;
    case 'field':
      return operator === 'less_than' || operator === 'greater_than'
        ? typeof value === 'number' || (typeof value === 'string' && value.length > 0)
        : !Array.isArray(value);
  }
}

/** What a condition whose value does not fit its field is told, by the kind of value. */
const valueMessage = {
  text: 'rule_text_required',
  tags: 'rule_tag_required',
  hours: 'rule_hours_invalid',
  enum: 'rule_value_required',
  id: 'rule_value_required',
  schedule: 'rule_value_required',
  field: 'field_invalid',
} as const satisfies Record<TRuleValueKind['kind'], TMessageKey>;

export const ZRuleCondition = z
  .object({
    field: z
      .union(
        [
          z.enum(ruleConditionFields),
          z.templateLiteral(['field_', z.number().int().positive()]).refine(isRuleFieldKey),
        ],
        { error: 'field_invalid' },
      )
      .describe('What it tests: a ticket property, the change, time, or a custom field (`field_<id>`)'),
    operator: z.enum(ruleOperators, { error: 'field_invalid' }).describe("How it compares (the field's operators)"),
    value: ZValue.default(null).describe(
      'What it compares with: an enum value, an id (null: nobody), text, tags, hours or a schedule, by field',
    ),
  })
  .superRefine((c, ctx) => {
    const spec = conditionSpecOf(c.field);
    if (!spec.operators.includes(c.operator)) {
      ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['operator'] });
    } else if (!valueFits(spec.value, c.operator, c.value)) {
      ctx.addIssue({ code: 'custom', message: valueMessage[spec.value.kind], path: ['value'] });
    }
  });
export type TRuleCondition = z.output<typeof ZRuleCondition>;
export type TRuleConditionInput = z.input<typeof ZRuleCondition>;

export const ZRuleConditions = z.object(
  {
    all: z
      .array(ZRuleCondition, { error: 'field_invalid' })
      .max(50, { error: 'field_too_long' })
      .default([])
      .describe('Conditions that must all hold (up to 50)'),
    any: z
      .array(ZRuleCondition, { error: 'field_invalid' })
      .max(50, { error: 'field_too_long' })
      .default([])
      .describe('Conditions of which one must hold, when there are any (up to 50)'),
  },
  { error: 'field_invalid' },
);
export type TRuleConditions = z.output<typeof ZRuleConditions>;

/** Conditions a kind of rule may not use, as `all.0.field` paths (empty: all usable). */
export function misplacedConditions(conditions: TRuleConditions, use: Use): string[] {
  const out: string[] = [];
  for (const group of ['all', 'any'] as const) {
    conditions[group].forEach((c, i) => {
      if (!(conditionSpecOf(c.field).use as readonly Use[]).includes(use)) {
        out.push(`conditions.${group}.${i}.field`);
      }
    });
  }
  return out;
}
