import { z } from 'zod';
import { optionalText, requiredOr, requiredText, ZEmail, ZId } from '../common.js';
import { commentBodyMax, satisfactionTokenPattern } from '../plain.js';
import { ZFileIdList, ZSatisfaction, ZTicketFields } from './shared.js';

/** The public side of tickets: the home form and the satisfaction survey. */

export const ZHomeTicketAddRequest = z.object({
  email: ZEmail.describe("The visitor's email address"),
  real_name: requiredText('required_person_name', 100).describe("The visitor's name"),
  subject: requiredText('required_subject', 250).describe('The subject'),
  description: z
    .string({ error: requiredOr('required_description') })
    .trim()
    .min(1, { error: 'required_description' })
    .max(commentBodyMax, { error: 'field_too_long' })
    .describe('Plain text or HTML; sanitized like any comment'),
  file_ids: ZFileIdList.default([]).describe('Attachments uploaded with `home/upload`'),
  form_id: ZId.optional().describe('The form the visitor filled (the default form when left out)'),
  fields: ZTicketFields.default({}).describe("The form's customer fields' values, by field key"),
  source: z
    .enum(['form', 'chat'], { error: 'enum_invalid' })
    .default('form')
    .describe(
      "`form`: the public form. `chat`: a message left in the chat widget, the ticket's source `chat`; like an email it has no form, so no field is required and `form_id` and `fields` are refused",
    ),
});
export type THomeTicketAddRequest = z.input<typeof ZHomeTicketAddRequest>;
export const ZHomeTicketAddResponse = z.object({ ticket_id: z.number().int().describe('The new ticket') });
export type THomeTicketAddResponse = z.infer<typeof ZHomeTicketAddResponse>;

export const ZSatisfactionToken = z
  .string({ error: requiredOr('required_field') })
  .regex(satisfactionTokenPattern, { error: 'field_invalid' });

export const ZSatisfactionGetRequest = z.object({ token: ZSatisfactionToken.describe("The survey link's token") });
export type TSatisfactionGetRequest = z.input<typeof ZSatisfactionGetRequest>;
export const ZSatisfactionGetResponse = z.object({
  ticket_id: z.number().int().describe('The ticket rated'),
  subject: z.string().describe('Its subject'),
  satisfaction: ZSatisfaction.describe('The rating so far: `good`, `bad`, or `unoffered` (none yet)'),
  satisfaction_comment: z.string().describe('The comment with the rating'),
  rating_open: z
    .boolean()
    .describe('Whether ratings are taken now (Ticket settings `allow_score`); false: the page offers no form'),
});
export type TSatisfactionGetResponse = z.infer<typeof ZSatisfactionGetResponse>;

export const ZSatisfactionAddRequest = z.object({
  token: ZSatisfactionToken.describe("The survey link's token"),
  satisfaction: z.enum(['good', 'bad'], { error: 'enum_invalid' }).describe('The rating'),
  comment: optionalText(2000).default('').describe('Why, optionally'),
});
export type TSatisfactionAddRequest = z.input<typeof ZSatisfactionAddRequest>;
