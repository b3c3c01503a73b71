import { z } from 'zod';
import { requiredOr, ZFlag, ZId } from '../common.js';
import { ZUserType } from '../enums.js';
import { commentBodyMax } from '../plain.js';
import { ZAttachment } from './attachment.js';
import { ZFileIdList } from './shared.js';

/** A ticket's conversation and history: replies, notes and events. */

export const ZTicketComment = z.object({
  comment_id: z.number().int().describe('The comment'),
  ticket_id: z.number().int().describe('Its ticket'),
  author_id: z.number().int().nullable().describe('Who wrote it (null: the system)'),
  author_name: z.string().describe("The author's name"),
  author_type: ZUserType.nullable().describe("The author's kind of account (null: the system)"),
  body: z.string().describe('Sanitized HTML'),
  is_public: z.boolean().describe('A public reply; false for an internal note, which the requester never sees'),
  file_ids: z.array(z.string()).describe('Its attachments'),
  attachments: z.array(ZAttachment).describe('Its attachments, with their names and sizes'),
  create_ts: z.number().int().describe('When it was written (Unix epoch milliseconds)'),
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

export const ZTicketCommentListRequest = z.object({ ticket_id: ZId.describe('The ticket') });
export type TTicketCommentListRequest = z.input<typeof ZTicketCommentListRequest>;
export const ZTicketCommentListResponse = z.object({
  list: z.array(ZTicketComment).describe('Public replies and internal notes, oldest first'),
});
export type TTicketCommentListResponse = z.infer<typeof ZTicketCommentListResponse>;

/** One change of a ticket: who, when, which field, from what, to what. */
export const ZTicketEvent = z.object({
  event_id: z.number().int().describe('The event'),
  ticket_id: z.number().int().describe('Its ticket'),
  actor_id: z
    .number()
    .int()
    .nullable()
    .describe('Who made the change (null: the system, or the public form before the requester existed)'),
  field: z
    .string()
    .describe(
      'A property (`ticket_state`, `assignee_id`, `tags`, ...) or one of `created`, `comment`, `deleted`, `satisfaction`, `satisfaction_offered`',
    ),
  old_value: z.unknown().describe('The value before'),
  new_value: z.unknown().describe('The value after'),
  create_ts: z.number().int().describe('When (Unix epoch milliseconds)'),
});
export type TTicketEvent = z.infer<typeof ZTicketEvent>;
export const ZTicketEventListRequest = z.object({ ticket_id: ZId.describe('The ticket') });
export type TTicketEventListRequest = z.input<typeof ZTicketEventListRequest>;
export const ZTicketEventListResponse = z.object({ list: z.array(ZTicketEvent).describe('Its events, oldest first') });
export type TTicketEventListResponse = z.infer<typeof ZTicketEventListResponse>;

/** A reply or note as an agent writes it (left out where one is needed: "Description is required"). */
export const ZCommentInput = z.object(
  {
    body: z
      .string({ error: requiredOr('required_description') })
      .max(commentBodyMax, { error: 'field_too_long' })
      .describe('HTML from the composer; sanitized on the server with an allowlist'),
    is_public: ZFlag.optional().describe(
      'Public reply or internal note; the ticket setting `public_comment` decides when left out',
    ),
    file_ids: ZFileIdList.default([]).describe('Uploaded attachments (`ticket.upload`) to attach'),
  },
  { error: requiredOr('required_description') },
);
export type TCommentInput = z.input<typeof ZCommentInput>;
