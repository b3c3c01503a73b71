import { z } from 'zod';
import { fromDecimal, ZId, ZIdList } from './common.js';

// The wire shapes of ticket fields that the public form (and so every page importing the ticket
// contract) needs: kept apart from the field rules (ticket-field.ts, ticket-form.ts), which only
// the screens that edit fields load.

/**
 * Types of custom ticket fields. A ticket carries their values in `fields`, keyed
 * `field_<field_id>`: text kinds and choices as strings, numbers as numbers, a checkbox as a
 * boolean, a multi-select as a list of option values.
 */
export const fieldTypes = [
  'text',
  'textarea',
  'number',
  'decimal',
  'date',
  'checkbox',
  'dropdown',
  'multiselect',
  'nested',
  'regex',
] as const;
export const ZFieldType = z.enum(fieldTypes, { error: 'enum_invalid' });
export type TFieldType = z.infer<typeof ZFieldType>;

/** Largest text value kept; multi-line text may be longer. */
export const fieldTextMax = 255;
export const fieldTextareaMax = 5000;

/** A value as the wire carries it: text, number, checkbox, list of options, or null for none. */
export const ZFieldValue = z.union([
  z.string().max(fieldTextareaMax, { error: 'field_too_long' }),
  z.number(),
  z.boolean(),
  z.array(z.string().max(200, { error: 'field_too_long' })).max(100, { error: 'field_too_long' }),
  z.null(),
]);
export type TFieldValue = z.infer<typeof ZFieldValue>;

/**
 * "Show these fields when that field has this value": the parent is a drop-down, nested
 * drop-down or checkbox of the form; the children are other fields of the form, hidden (and not
 * required, and not kept) while the parent has another value.
 */
export const ZFormCondition = z.object({
  parent_field_id: ZId.describe('The drop-down, nested drop-down or checkbox of the form whose value decides'),
  value: z
    .union([z.string().trim().min(1, { error: 'field_invalid' }).max(200), z.boolean()], {
      error: 'field_invalid',
    })
    .describe('The value that shows the children: an option value, or true/false for a checkbox'),
  child_field_ids: ZIdList.min(1, { error: 'must_choose_fields' })
    .max(100, { error: 'field_too_long' })
    .describe('The fields shown while the parent has that value (1 to 100)'),
});
export type TFormCondition = z.output<typeof ZFormCondition>;

/** A field as customers see it: their title, whether they must fill it. */
export const ZPublicField = z.object({
  field_id: z.number().int(),
  field_key: z.string(),
  field_type: ZFieldType,
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  default_value: ZFieldValue,
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  regex_pattern: z.string().nullable(),
});
export type TPublicField = z.infer<typeof ZPublicField>;

export const ZPublicForm = z.object({
  form_id: z.number().int(),
  form_name: z.string(),
  /** Customer-visible, active fields of the form in its order. */
  fields: z.array(ZPublicField),
  /** Conditions among those fields only. */
  conditions: z.array(ZFormCondition),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;

export const ZHomeTicketFormRequest = z.object({ form_id: fromDecimal(z.number().int().positive()).optional() });
export type THomeTicketFormRequest = z.input<typeof ZHomeTicketFormRequest>;

/** What the public ticket form offers: attachments only when the ticket settings allow them. */
export const ZHomeTicketFormResponse = z.object({
  can_attach: z.boolean(),
  /** The active forms a visitor may choose from, the default first (empty: no forms, only the usual fields). */
  forms: z.array(z.object({ form_id: z.number().int(), form_name: z.string() })),
  /** The chosen form (or the default) with its customer-visible fields; null when there is none. */
  form: ZPublicForm.nullable(),
});
export type THomeTicketFormResponse = z.infer<typeof ZHomeTicketFormResponse>;
