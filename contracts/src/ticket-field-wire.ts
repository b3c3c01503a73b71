import { z } from 'zod';
import { fromDecimal, ZChosenIds, ZId } from './common.js';

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
  child_field_ids: ZChosenIds('must_choose_fields')
    .max(100, { error: 'field_too_long' })
    .describe('The fields shown while the parent has that value (1 to 100)'),
});
export type TFormCondition = z.output<typeof ZFormCondition>;

/** A field as customers see it: their title, whether they must fill it. */
export const ZPublicField = z.object({
  field_id: z.number().int().describe('The field'),
  field_key: z.string().describe('Its key in `fields` (`field_<id>`)'),
  field_type: ZFieldType.describe('Its type: text, textarea, number, decimal, date, checkbox, dropdown, …'),
  title: z.string().describe('Its title for customers'),
  description: z.string().describe('Its help text for customers'),
  required: z.boolean().describe('Customers must fill it'),
  default_value: ZFieldValue.describe('Its value until changed (null: none)'),
  options: z
    .array(
      z.object({
        name: z.string().describe('The label (nested levels joined by `::`)'),
        value: z.string().describe('The value sent'),
      }),
    )
    .describe('The choices of a drop-down, multi-select or nested drop-down'),
  regex_pattern: z.string().nullable().describe('The pattern a `regex` field must match (null: other types)'),
});
export type TPublicField = z.infer<typeof ZPublicField>;

export const ZPublicForm = z.object({
  form_id: z.number().int().describe('The form'),
  form_name: z.string().describe('Its name for customers'),
  fields: z.array(ZPublicField).describe('Customer-visible, active fields of the form in its order'),
  conditions: z.array(ZFormCondition).describe('Conditions among those fields only'),
});
export type TPublicForm = z.infer<typeof ZPublicForm>;

export const ZHomeTicketFormRequest = z.object({
  form_id: fromDecimal(z.number().int().positive())
    .optional()
    .describe('The form chosen (the default form when left out)'),
});
export type THomeTicketFormRequest = z.input<typeof ZHomeTicketFormRequest>;

/** What the public ticket form offers: attachments only when the ticket settings allow them. */
export const ZHomeTicketFormResponse = z.object({
  can_attach: z.boolean().describe('Visitors may attach files (the ticket setting `can_attach`)'),
  forms: z
    .array(
      z.object({
        form_id: z.number().int().describe('The form'),
        form_name: z.string().describe('Its name for customers'),
      }),
    )
    .describe('The active forms a visitor may choose from, the default first (empty: no forms, only the usual fields)'),
  form: ZPublicForm.nullable().describe(
    'The chosen form (or the default) with its customer-visible fields; null when there is none',
  ),
});
export type THomeTicketFormResponse = z.infer<typeof ZHomeTicketFormResponse>;
