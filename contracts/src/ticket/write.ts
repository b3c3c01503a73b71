import { z } from 'zod';
import { optionalText, requiredText, ZEmail, ZId, ZIdList } from '../common.js';
import { ZCommentInput } from './comment.js';
import { type TTicket, ZTicket } from './page.js';
import { ZSubmitAs, ZTagList, ZTicketFields, ZTicketPriority, ZTicketType } from './shared.js';

/** Writes of agents: create, update (with a reply or note), bulk edit, delete, restore, spam. */

/** Properties an agent sets on a ticket; anything left out keeps its value. */
const ticketProperties = {
  assignee_id: ZId.nullable().optional().describe('The agent (null unassigns)'),
  group_id: ZId.nullable().optional().describe('The group (null: none)'),
  priority: ZTicketPriority.optional().describe('The priority'),
  ticket_type: ZTicketType.optional().describe('The type'),
  tags: ZTagList.optional().describe('The whole tag list; ignored while the setting `enable_tag` is off'),
  cc_ids: ZIdList.max(50, { error: 'field_too_long' })
    .optional()
    .describe('The whole CC list (any accounts); ignored while `enable_ccs` is off'),
  follower_ids: ZIdList.max(50, { error: 'field_too_long' })
    .optional()
    .describe('The whole follower list (agents); ignored while `enable_follow` is off'),
  fields: ZTicketFields.optional().describe('Custom field values by field key (null clears one)'),
  form_id: ZId.nullable().optional().describe('The ticket form (an active one); null for none'),
};

export const ZTicketAddRequest = z
  .object({
    requester_id: ZId.optional().describe('An existing requester (or give `requester_email`)'),
    requester_email: ZEmail.optional().describe(
      "A new requester's email: an end user is made, joined to the organization of the email's domain",
    ),
    requester_name: optionalText(100).optional().describe("The new requester's name"),
    subject: requiredText('required_subject', 250).describe('The subject'),
    comment: ZCommentInput.describe('The first comment'),
    submit_as: ZSubmitAs.optional().describe('The status it is created in'),
    ...ticketProperties,
  })
  .refine((v) => v.requester_id !== undefined || v.requester_email !== undefined, {
    error: 'required_requester',
    path: ['requester_id'],
  });
export type TTicketAddRequest = z.input<typeof ZTicketAddRequest>;
export const ZTicketAddResponse = z.object({ ticket_id: z.number().int().describe('The new ticket') });
export type TTicketAddResponse = z.infer<typeof ZTicketAddResponse>;

export const ZTicketEditRequest = z.object({
  ticket_id: ZId.describe('The ticket'),
  subject: requiredText('required_subject', 250).optional().describe('The new subject'),
  comment: ZCommentInput.optional().describe('A reply or note added in the same transaction as the property changes'),
  submit_as: ZSubmitAs.optional().describe('The status after this update; left out keeps it'),
  note_id: ZId.optional().describe(
    'The note (macro) the agent applied before submitting: its use is counted and recorded',
  ),
  base_update_ts: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "The ticket's `update_ts` the agent's form was based on. When someone changed the ticket since and their change touched a property this edit also changes, the edit is refused (`ticket_edit_conflict`) and nothing is written; tags, CCs and followers instead merge (this edit's additions and removals applied to the current lists), and a property sent with its value of then counts as unchanged. A comment alone never conflicts. Left out: no check (the last save wins)",
    ),
  ...ticketProperties,
});
export type TTicketEditRequest = z.input<typeof ZTicketEditRequest>;
export const ZTicketEditResponse = ZTicket;
export type TTicketEditResponse = TTicket;

export const ZTicketIdsRequest = z.object({
  ticket_ids: ZIdList.min(1, { error: 'required_field' }).max(100).describe('The tickets, 1 to 100'),
});
export type TTicketIdsRequest = z.input<typeof ZTicketIdsRequest>;
export const ZTicketDeleteRequest = ZTicketIdsRequest;
export type TTicketDeleteRequest = TTicketIdsRequest;
export const ZTicketRestoreRequest = ZTicketIdsRequest;
export type TTicketRestoreRequest = TTicketIdsRequest;

export const ZTicketSpamRequest = z.object({ ticket_id: ZId.describe('The ticket') });
export type TTicketSpamRequest = z.input<typeof ZTicketSpamRequest>;

/** The list screen's bulk actions: assign and change state of up to 100 tickets in one transaction. */
export const ZTicketBulkEditRequest = ZTicketIdsRequest.extend({
  assignee_id: ZId.nullable().optional().describe('The agent (null unassigns; left out: unchanged)'),
  group_id: ZId.nullable().optional().describe('The group (null: none; left out: unchanged)'),
  priority: ZTicketPriority.optional().describe('The priority (left out: unchanged)'),
  submit_as: ZSubmitAs.optional().describe('The status (left out: unchanged)'),
});
export type TTicketBulkEditRequest = z.input<typeof ZTicketBulkEditRequest>;
export const ZTicketBulkEditResponse = z.object({
  ticket_ids: z.array(z.number().int()).describe('The tickets changed'),
});
export type TTicketBulkEditResponse = z.infer<typeof ZTicketBulkEditResponse>;
