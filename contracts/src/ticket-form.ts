import { z } from 'zod';
import { optionalText, requiredText, ZId, ZIdList } from './common.js';
import { enums } from './enums.js';
import { ZFormCondition } from './ticket-field-wire.js';

export const ZFormState = enums.form_state.schema;
export type TFormState = z.infer<typeof ZFormState>;

export const ZTicketForm = z.object({
  form_id: z.number().int(),
  form_name: z.string(),
  /** The name customers see when the public form offers a choice (the form name when empty). */
  customer_title: z.string(),
  /** The form's fields in order. */
  field_ids: z.array(z.number().int()),
  conditions: z.array(ZFormCondition),
  form_state: ZFormState,
  /** Exactly one form is the default while any exists: new tickets without a form take it. */
  is_default: z.boolean(),
  position: z.number().int(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TTicketForm = z.infer<typeof ZTicketForm>;

const formInput = {
  form_name: requiredText('required_form_name', 100),
  customer_title: optionalText(100).default(''),
  field_ids: ZIdList.min(1, { error: 'must_choose_fields' }).max(200, { error: 'field_too_long' }),
  conditions: z.array(ZFormCondition, { error: 'field_invalid' }).max(100, { error: 'field_too_long' }).default([]),
  form_state: ZFormState.default('active'),
  is_default: z.boolean({ error: 'field_invalid' }).default(false),
};

export const ZFormAddRequest = z.object(formInput);
export type TFormAddRequest = z.input<typeof ZFormAddRequest>;
export const ZFormAddResponse = z.object({ form_id: z.number().int() });
export type TFormAddResponse = z.infer<typeof ZFormAddResponse>;

export const ZFormEditRequest = z.object({ ...formInput, form_id: ZId });
export type TFormEditRequest = z.input<typeof ZFormEditRequest>;

export const ZFormGetRequest = z.object({ form_id: ZId });
export type TFormGetRequest = z.input<typeof ZFormGetRequest>;

/** Every form, the default first, then by position. */
export const ZFormAllListResponse = z.object({ list: z.array(ZTicketForm) });
export type TFormAllListResponse = z.infer<typeof ZFormAllListResponse>;

export const ZFormPositionEditRequest = z.object({ form_ids: ZIdList.min(1, { error: 'field_invalid' }) });
export type TFormPositionEditRequest = z.input<typeof ZFormPositionEditRequest>;

// ---------------------------------------------------------------------------------------------
// The public form at `/`
