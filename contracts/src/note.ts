import { z } from 'zod';
import { optionalText, requiredText, ZId, ZPage, ZPaging } from './common.js';
import { ZSubmitAs, ZTagList, ZTicketFields, ZTicketPriority, ZTicketType } from './ticket.js';
import { type TViewShareType, ZViewShareType } from './ticket-view.js';

/** Words a note's comment may hold; each becomes the ticket's or the agent's value when applied. */
export const notePlaceholders = [
  '{{ticket.id}}',
  '{{ticket.subject}}',
  '{{requester.name}}',
  '{{requester.email}}',
  '{{agent.name}}',
] as const;

/**
 * What a note (a macro) does to a ticket. A property left out is left as it is; `assignee_id`
 * null unassigns, `"current_user"` assigns to whoever applies it. `fields` sets custom field
 * values by `field_<id>` (null clears one), checked as the ticket page's are. The comment is plain
 * text with placeholders.
 */
export const ZNoteActions = z.object({
  submit_as: ZSubmitAs.optional(),
  priority: ZTicketPriority.optional(),
  ticket_type: ZTicketType.optional(),
  assignee_id: z.union([ZId, z.literal('current_user'), z.null()], { error: 'field_invalid' }).optional(),
  group_id: ZId.nullable().optional(),
  fields: ZTicketFields.optional(),
  add_tags: ZTagList.default([]),
  remove_tags: ZTagList.default([]),
  comment: z
    .object({ body: requiredText('required_field', 10_000), is_public: z.boolean({ error: 'field_invalid' }) })
    .optional(),
});
export type TNoteActions = z.infer<typeof ZNoteActions>;
export type TNoteActionsInput = z.input<typeof ZNoteActions>;

/** A note: shared with every agent, one group's agents, or only its creator (`me`). */
export const ZNote = z.object({
  note_id: z.number().int(),
  title: z.string(),
  actions: ZNoteActions,
  share_type: ZViewShareType,
  group_id: z.number().int().nullable(),
  owner_id: z.number().int().nullable(),
  creator_id: z.number().int().nullable(),
  /** Tickets submitted with this note applied. */
  usage_count: z.number().int(),
  last_used_ts: z.number().int().nullable(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TNote = z.infer<typeof ZNote>;

export const ZNoteListRequest = ZPaging.extend({ kw: optionalText(100).optional() });
export type TNoteListRequest = z.input<typeof ZNoteListRequest>;
export const ZNoteListResponse = ZPage(ZNote);
export type TNoteListResponse = z.infer<typeof ZNoteListResponse>;
export const ZNoteAllListResponse = z.object({ list: z.array(ZNote) });
export type TNoteAllListResponse = z.infer<typeof ZNoteAllListResponse>;

export const ZNoteGetRequest = z.object({ note_id: ZId });
export type TNoteGetRequest = z.input<typeof ZNoteGetRequest>;
export const ZNoteGetResponse = ZNote;

const noteInput = z.object({
  title: requiredText('required_note_name', 100),
  actions: ZNoteActions.default({ add_tags: [], remove_tags: [] }),
  share_type: ZViewShareType.default('all'),
  group_id: ZId.nullable().default(null),
});
const groupNamed = (v: { share_type: TViewShareType; group_id: number | null }) =>
  v.share_type !== 'group' || v.group_id !== null;

export const ZNoteAddRequest = noteInput.refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TNoteAddRequest = z.input<typeof ZNoteAddRequest>;
export const ZNoteAddResponse = z.object({ note_id: z.number().int() });
export type TNoteAddResponse = z.infer<typeof ZNoteAddResponse>;

export const ZNoteEditRequest = noteInput
  .extend({ note_id: ZId })
  .refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TNoteEditRequest = z.input<typeof ZNoteEditRequest>;

export const ZNoteDeleteRequest = z.object({
  note_ids: z
    .array(ZId, { error: 'must_choose_notes' })
    .min(1, { error: 'must_choose_notes' })
    .max(1000, { error: 'field_too_long' }),
});
export type TNoteDeleteRequest = z.input<typeof ZNoteDeleteRequest>;

export const ZNotePreviewRequest = z.object({ note_id: ZId, ticket_id: ZId });
export type TNotePreviewRequest = z.input<typeof ZNotePreviewRequest>;

/**
 * What applying a note would change on this ticket, for the ticket page to show in its form and
 * composer: nothing is saved until the agent submits (`ticket.edit` with `note_id`).
 */
export const ZNotePreviewResponse = z.object({
  note_id: z.number().int(),
  title: z.string(),
  changes: z.object({
    submit_as: ZSubmitAs.optional(),
    priority: ZTicketPriority.optional(),
    ticket_type: ZTicketType.optional(),
    assignee_id: z.number().int().nullable().optional(),
    group_id: z.number().int().nullable().optional(),
    /**
     * The custom field values the note sets, as the ticket will hold them (null: cleared); a
     * value its field no longer accepts (an option removed since) is left out.
     */
    fields: ZTicketFields.optional(),
    /** The ticket's whole tag list after the note's additions and removals. */
    tags: z.array(z.string()).optional(),
    /** HTML, placeholders filled in. */
    comment: z.object({ body: z.string(), is_public: z.boolean() }).optional(),
  }),
});
export type TNotePreviewResponse = z.infer<typeof ZNotePreviewResponse>;
