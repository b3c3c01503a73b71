import { z } from 'zod';
import { optionalText, requiredText, ZChosenIds, ZId, ZIdList } from './common.js';
import { enums } from './enums.js';
import { ZFormCondition } from './ticket-field-wire.js';

export const ZFormState = enums.form_state.schema;
export type TFormState = z.infer<typeof ZFormState>;

export const ZTicketForm = z.object({
  form_id: z.number().int().describe('The form'),
  form_name: z.string().describe('Its name for agents'),
  customer_title: z
    .string()
    .describe('The name customers see when the public form offers a choice (the form name when empty)'),
  field_ids: z.array(z.number().int()).describe("The form's fields in order"),
  conditions: z.array(ZFormCondition).describe('Fields shown only while another field has a value'),
  form_state: ZFormState.describe('`active`, or `inactive`: not offered for new tickets'),
  is_default: z
    .boolean()
    .describe('The default form: exactly one is while any exists; new tickets without a form take it'),
  position: z.number().int().describe('Its place in the list, from 1'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TTicketForm = z.infer<typeof ZTicketForm>;

const formInput = {
  form_name: requiredText('required_form_name', 100).describe('Its name for agents, up to 100 characters'),
  customer_title: optionalText(100)
    .default('')
    .describe('The name customers see, up to 100 characters (empty: the form name)'),
  field_ids: ZChosenIds('must_choose_fields')
    .max(200, { error: 'field_too_long' })
    .describe("The form's fields in order (1 to 200)"),
  conditions: z
    .array(ZFormCondition, { error: 'field_invalid' })
    .max(100, { error: 'field_too_long' })
    .default([])
    .describe('Fields shown only while another field has a value (up to 100)'),
  form_state: ZFormState.default('active').describe('`active` (the default) or `inactive`'),
  is_default: z.boolean({ error: 'field_invalid' }).default(false).describe('Make it the default form (no by default)'),
};

export const ZFormAddRequest = z.object(formInput);
export type TFormAddRequest = z.input<typeof ZFormAddRequest>;
export const ZFormAddResponse = z.object({ form_id: z.number().int().describe('The new form') });
export type TFormAddResponse = z.infer<typeof ZFormAddResponse>;

export const ZFormEditRequest = z.object({ ...formInput, form_id: ZId.describe('The form') });
export type TFormEditRequest = z.input<typeof ZFormEditRequest>;

export const ZFormGetRequest = z.object({ form_id: ZId.describe('The form') });
export type TFormGetRequest = z.input<typeof ZFormGetRequest>;

/** Every form, the default first, then by position. */
export const ZFormAllListResponse = z.object({
  list: z.array(ZTicketForm).describe('Every form, the default first, then by position'),
});
export type TFormAllListResponse = z.infer<typeof ZFormAllListResponse>;

export const ZFormPositionEditRequest = z.object({
  form_ids: ZIdList.min(1, { error: 'field_invalid' }).describe('Every form, in its new order'),
});
export type TFormPositionEditRequest = z.input<typeof ZFormPositionEditRequest>;

// ---------------------------------------------------------------------------------------------
// The public form at `/`
