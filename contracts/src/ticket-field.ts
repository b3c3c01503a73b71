import { z } from 'zod';
import { optionalText, requiredText, ZChosenIds, ZFlag, ZId } from './common.js';
import type { TFieldOperator } from './custom-field-condition.js';
import { enums } from './enums.js';
import { isValidPattern, matchesPattern, nestedSeparator } from './plain.js';
import { fieldTextMax, type TFieldType, ZFieldType, ZFieldValue } from './ticket-field-wire.js';

/**
 * Custom ticket fields (Settings › Ticket fields). A ticket carries their values in `fields`,
 * keyed `field_<field_id>`: text kinds and choices as strings, numbers as numbers, a checkbox as
 * a boolean, a multi-select as a list of option values.
 */

/** Types whose values are picked from `options`. */
export const choiceFieldTypes: readonly TFieldType[] = ['dropdown', 'multiselect', 'nested'];

export const ZFieldState = enums.form_state.schema;

/** The key of a field's value in a ticket's `fields`. */
export const fieldKey = (fieldId: number) => `field_${fieldId}`;
/** The field id of a `fields` key, or null when the key names no custom field. */
export function fieldIdOfKey(key: string): number | null {
  const m = /^field_([1-9][0-9]{0,9})$/.exec(key);
  return m ? Number(m[1]) : null;
}

/** An option's value from its name: lower case, spaces as `_` (`Hardware::Laser printer` → `hardware::laser_printer`). */
export const optionValueOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '_');

export const ZFieldOption = z.object({
  name: requiredText('required_name', 200).describe("As people read it; a nested drop-down's levels joined by `::`"),
  value: z
    .string({ error: 'field_invalid' })
    .trim()
    .max(200, { error: 'field_too_long' })
    .regex(/^[^\s,]*$/u, { error: 'field_invalid' })
    .default('')
    .describe('As stored and filtered on, without spaces or commas; made from the name when left empty'),
});
export type TFieldOption = z.output<typeof ZFieldOption>;

export const ZTicketField = z.object({
  field_id: z.number().int().describe('The field'),
  field_key: z.string().describe("`field_<field_id>`: the key of its value in a ticket's `fields`"),
  field_type: ZFieldType.describe('Its type; it never changes'),
  title: z.string().describe('The title agents see'),
  customer_title: z.string().describe("The title customers see on the public form (the agents' title when empty)"),
  description: z.string().describe('A hint shown under the field'),
  customer_visible: z.boolean().describe('Customers see it on the public form and their tickets'),
  customer_editable: z.boolean().describe('Customers may fill it in'),
  required_to_submit: z.boolean().describe('Customers must fill it to submit the public form'),
  required_to_solve: z.boolean().describe('Agents must fill it to solve the ticket'),
  has_default: z.boolean().describe('New tickets take `default_value`'),
  default_value: ZFieldValue.describe('The value new tickets take while `has_default` is on (null: none)'),
  options: z
    .array(
      z.object({
        name: z.string().describe("As people read it; a nested drop-down's levels joined by `::`"),
        value: z.string().describe('As stored and filtered on'),
      }),
    )
    .describe('The choices of a drop-down, multi-select or nested drop-down, in order'),
  regex_pattern: z.string().nullable().describe("The pattern a regex field's value must match; null for other types"),
  field_state: ZFieldState.describe('`active`, or `inactive`: hidden from forms and tickets'),
  position: z.number().int().describe('Its place in the list, from 1'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TTicketField = z.infer<typeof ZTicketField>;

/** A field as the value checks need it (the definition, or the fields of an add/edit request). */
export interface FieldShape {
  field_type: TFieldType;
  options: ReadonlyArray<{ value: string }>;
  regex_pattern: string | null | undefined;
}

const isoDate = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A day of the calendar as `YYYY-MM-DD`: not 2026-02-30 (which `Date.parse` reads as 2 March). */
export function isCalendarDay(text: string): boolean {
  const m = isoDate.exec(text);
  if (!m) {
    return false;
  }
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.getUTCDate() === Number(m[3]);
}

/**
 * The message key of what is wrong with a value for this field, or null when it is fine. An
 * empty value (null, '', []) is fine here: whether one is needed is the required rules' business.
 */
export function fieldValueProblem(
  field: FieldShape,
  value: unknown,
): 'field_invalid' | 'field_too_long' | 'field_pattern' | null {
  if (isEmptyFieldValue(value)) {
    return null;
  }
  const optionValues = () => new Set(field.options.map((o) => o.value));
  switch (field.field_type) {
    case 'text':
    case 'regex':
      if (typeof value !== 'string') {
        return 'field_invalid';
      }
      if (value.length > fieldTextMax) {
        return 'field_too_long';
      }
      if (field.field_type === 'regex' && field.regex_pattern && !matchesPattern(field.regex_pattern, value)) {
        return 'field_pattern';
      }
      return null;
    case 'textarea':
      return typeof value === 'string' ? null : 'field_invalid';
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? null : 'field_invalid';
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e15 ? null : 'field_invalid';
    case 'date':
      return typeof value === 'string' && isCalendarDay(value) ? null : 'field_invalid';
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'field_invalid';
    case 'dropdown':
    case 'nested':
      return typeof value === 'string' && optionValues().has(value) ? null : 'field_invalid';
    case 'multiselect': {
      if (!Array.isArray(value)) {
        return 'field_invalid';
      }
      const known = optionValues();
      return value.every((v) => typeof v === 'string' && known.has(v)) ? null : 'field_invalid';
    }
  }
}

/** No value: null, an empty text, an empty list. A checkbox's false is a value. */
export const isEmptyFieldValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const fieldInput = {
  field_type: ZFieldType.describe('Its type (on edit: must be the type it has)'),
  title: requiredText('required_name', 100).describe('The title agents see, up to 100 characters'),
  customer_title: optionalText(100).default('').describe("The title customers see (empty: the agents' title)"),
  description: optionalText(500).default('').describe('A hint shown under the field, up to 500 characters'),
  customer_visible: ZFlag.default(false).describe('Customers see it (no by default)'),
  customer_editable: ZFlag.default(false).describe('Customers may fill it in (no by default)'),
  required_to_submit: ZFlag.default(false).describe('Customers must fill it to submit (no by default)'),
  required_to_solve: ZFlag.default(false).describe('Agents must fill it to solve (no by default)'),
  has_default: ZFlag.default(false).describe('New tickets take `default_value` (no by default)'),
  default_value: ZFieldValue.default(null).describe('A valid value for the type; required while `has_default` is on'),
  options: z
    .array(ZFieldOption, { error: 'field_invalid' })
    .max(1000, { error: 'field_too_long' })
    .default([])
    .describe('The choices of a drop-down, multi-select or nested drop-down (1 to 1,000 for those types)'),
  regex_pattern: optionalText(500)
    .nullable()
    .default(null)
    .describe('For a regex field: the pattern its values must match (it must compile)'),
  field_state: ZFieldState.default('active').describe('`active` (the default) or `inactive`'),
};

type FieldInput = z.output<z.ZodObject<typeof fieldInput>>;

/**
 * The rules of a field definition, shared by the server and the editor: options for choice
 * types (a nested option's every level named: "Parent value is required"), a pattern that
 * compiles for regex text, a default that is a real value ("Null value not allowed as default")
 * and valid for the type.
 */
function fieldRules(v: FieldInput, ctx: z.RefinementCtx) {
  const choice = choiceFieldTypes.includes(v.field_type);
  if (choice) {
    if (v.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options_required' });
    }
    const seen = new Set<string>();
    v.options.forEach((o, i) => {
      if (v.field_type === 'nested' && o.name.split(nestedSeparator).some((level) => level.trim() === '')) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: 'parent_required' });
      }
      const value = o.value || optionValueOf(o.name);
      if (v.field_type === 'nested' && value.split(nestedSeparator).length !== o.name.split(nestedSeparator).length) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: 'field_invalid' });
      }
      if (seen.has(value)) {
        ctx.addIssue({ code: 'custom', path: ['options', i, 'value'], message: 'option_duplicate' });
      }
      seen.add(value);
    });
  }
  if (v.field_type === 'regex' && (!v.regex_pattern || !isValidPattern(v.regex_pattern))) {
    ctx.addIssue({ code: 'custom', path: ['regex_pattern'], message: 'regex_invalid' });
  }
  if (v.has_default) {
    if (isEmptyFieldValue(v.default_value)) {
      ctx.addIssue({ code: 'custom', path: ['default_value'], message: 'null_default' });
    } else {
      const options = v.options.map((o) => ({ value: o.value || optionValueOf(o.name) }));
      const problem = fieldValueProblem({ ...v, options }, v.default_value);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['default_value'], message: problem });
      }
    }
  }
}

export const ZFieldAddRequest = z.object(fieldInput).superRefine(fieldRules);
export type TFieldAddRequest = z.input<typeof ZFieldAddRequest>;
export const ZFieldAddResponse = z.object({ field_id: z.number().int().describe('The new field') });
export type TFieldAddResponse = z.infer<typeof ZFieldAddResponse>;

/** The type of a field never changes (its stored values are of that type). */
export const ZFieldEditRequest = z
  .object({ ...fieldInput, field_id: ZId.describe('The field') })
  .superRefine(fieldRules);
export type TFieldEditRequest = z.input<typeof ZFieldEditRequest>;

export const ZFieldGetRequest = z.object({ field_id: ZId.describe('The field') });
export type TFieldGetRequest = z.input<typeof ZFieldGetRequest>;

export const ZFieldAllListRequest = z.object({
  field_state: ZFieldState.optional().describe('Only fields in this state (all by default)'),
});
export type TFieldAllListRequest = z.input<typeof ZFieldAllListRequest>;
/** Every field in its position order. */
export const ZFieldAllListResponse = z.object({
  list: z.array(ZTicketField).describe('Every field in its position order'),
});
export type TFieldAllListResponse = z.infer<typeof ZFieldAllListResponse>;

/** The new order of the fields: every field id, first to last. */
export const ZFieldPositionEditRequest = z.object({
  field_ids: ZChosenIds('must_choose_fields').describe('Every field, first to last'),
});
export type TFieldPositionEditRequest = z.input<typeof ZFieldPositionEditRequest>;

export const ZFieldStateEditRequest = z.object({
  field_id: ZId.describe('The field'),
  field_state: ZFieldState.describe('`active`, or `inactive` to hide it from forms and tickets'),
});
export type TFieldStateEditRequest = z.input<typeof ZFieldStateEditRequest>;

/** The operators each type of field offers. */
export const fieldOperatorsOf = (type: TFieldType): readonly TFieldOperator[] => {
  switch (type) {
    case 'number':
    case 'decimal':
    case 'date':
      return ['is', 'is_not', 'less_than', 'greater_than', 'present', 'not_present'];
    case 'checkbox':
      return ['is'];
    case 'nested':
      return ['is', 'is_not', 'under', 'present', 'not_present'];
    case 'textarea':
      return ['present', 'not_present'];
    default:
      return ['is', 'is_not', 'present', 'not_present'];
  }
};
