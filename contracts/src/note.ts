import { z } from 'zod';
import { optionalText, placeholderNames, requiredText, ZId, ZPage, ZPaging } from './common.js';
import { ZSubmitAs, ZTagList, ZTicketFields, ZTicketPriority, ZTicketType } from './ticket/shared.js';
import { type TViewShareType, ZViewShareType } from './ticket-view.js';

/** Words a note's comment may hold; each becomes the ticket's or the agent's value when applied. */
export const notePlaceholders = [
  '{{ticket.id}}',
  '{{ticket.subject}}',
  '{{requester.name}}',
  '{{requester.email}}',
  '{{agent.name}}',
] as const;

/** Every `{{…}}` in a text is one of `notePlaceholders`. */
export function onlyNotePlaceholders(text: string): boolean {
  const known: readonly string[] = notePlaceholders;
  return placeholderNames(text).every((name) => known.includes(`{{${name}}}`));
}

/**
 * What a note (a macro) does to a ticket. A property left out is left as it is; `assignee_id`
 * null unassigns, `"current_user"` assigns to whoever applies it. `fields` sets custom field
 * values by `field_<id>` (null clears one), checked as the ticket page's are. The comment is plain
 * text with placeholders.
 */
export const ZNoteActions = z.object({
  submit_as: ZSubmitAs.optional().describe('The status the ticket is submitted as (left out: unchanged)'),
  priority: ZTicketPriority.optional().describe('The priority it sets (left out: unchanged)'),
  ticket_type: ZTicketType.optional().describe('The type it sets (left out: unchanged)'),
  assignee_id: z
    .union([ZId, z.literal('current_user'), z.null()], { error: 'field_invalid' })
    .optional()
    .describe(
      'An active agent (a member of `group_id` when both are set); `current_user`: whoever applies it; null: unassigned (left out: unchanged). One deleted or suspended since is left out of the preview',
    ),
  group_id: ZId.nullable()
    .optional()
    .describe('The group it sets; null: none (left out: unchanged). One deleted since is left out of the preview'),
  fields: ZTicketFields.optional().describe('Custom field values by `field_<id>` (null clears one)'),
  add_tags: ZTagList.default([]).describe('Tags it adds'),
  remove_tags: ZTagList.default([]).describe('Tags it removes'),
  comment: z
    .object({
      body: requiredText('required_field', 10_000)
        // A misspelt placeholder would reach the customer as written: only the listed ones.
        .refine(onlyNotePlaceholders, { error: 'note_placeholder_unknown' })
        .describe('Plain text, with placeholders such as `{{ticket.id}}` (only `notePlaceholders`)'),
      is_public: z.boolean({ error: 'field_invalid' }).describe('A public reply, or an internal note'),
    })
    .optional()
    .describe('A comment it writes in the composer'),
});
export type TNoteActions = z.infer<typeof ZNoteActions>;
export type TNoteActionsInput = z.input<typeof ZNoteActions>;

/** A note: shared with every agent, one group's agents, or only its creator (`me`). */
export const ZNote = z.object({
  note_id: z.number().int().describe('The note'),
  title: z.string().describe('Its name'),
  actions: ZNoteActions.describe('What it does to a ticket'),
  share_type: ZViewShareType.describe('Who may use it: every agent (`all`), one group (`group`), its creator (`me`)'),
  group_id: z.number().int().nullable().describe('The group it is shared with, when `share_type` is `group`'),
  owner_id: z.number().int().nullable().describe('Its owner, when `share_type` is `me`'),
  creator_id: z.number().int().nullable().describe('Who added it (null: seeded, or the account is gone)'),
  usage_count: z.number().int().describe('Tickets submitted with this note applied'),
  last_used_ts: z.number().int().nullable().describe('When it was last applied (Unix epoch milliseconds; null: never)'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TNote = z.infer<typeof ZNote>;

export const ZNoteListRequest = ZPaging.extend({ kw: optionalText(100).optional().describe('Part of the title') });
export type TNoteListRequest = z.input<typeof ZNoteListRequest>;
export const ZNoteListResponse = ZPage(ZNote);
export type TNoteListResponse = z.infer<typeof ZNoteListResponse>;
export const ZNoteAllListResponse = z.object({ list: z.array(ZNote).describe('Every note the caller may use') });
export type TNoteAllListResponse = z.infer<typeof ZNoteAllListResponse>;

export const ZNoteGetRequest = z.object({ note_id: ZId.describe('The note') });
export type TNoteGetRequest = z.input<typeof ZNoteGetRequest>;
export const ZNoteGetResponse = ZNote;

const noteInput = z.object({
  title: requiredText('required_note_name', 100).describe('Its name, up to 100 characters'),
  actions: ZNoteActions.default({ add_tags: [], remove_tags: [] }).describe('What it does to a ticket'),
  share_type: ZViewShareType.default('all').describe('Who may use it: `all` (the default), `group` or `me`'),
  group_id: ZId.nullable().default(null).describe('The group, required when `share_type` is `group`'),
});
const groupNamed = (v: { share_type: TViewShareType; group_id: number | null }) =>
  v.share_type !== 'group' || v.group_id !== null;

export const ZNoteAddRequest = noteInput.refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TNoteAddRequest = z.input<typeof ZNoteAddRequest>;
export const ZNoteAddResponse = z.object({ note_id: z.number().int().describe('The new note') });
export type TNoteAddResponse = z.infer<typeof ZNoteAddResponse>;

export const ZNoteEditRequest = noteInput
  .extend({ note_id: ZId.describe('The note') })
  .refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TNoteEditRequest = z.input<typeof ZNoteEditRequest>;

export const ZNoteDeleteRequest = z.object({
  note_ids: z
    .array(ZId, { error: 'must_choose_notes' })
    .min(1, { error: 'must_choose_notes' })
    .max(1000, { error: 'field_too_long' })
    .describe('The notes to delete (1 to 1,000)'),
});
export type TNoteDeleteRequest = z.input<typeof ZNoteDeleteRequest>;

export const ZNotePreviewRequest = z.object({
  note_id: ZId.describe('The note'),
  ticket_id: ZId.describe('The ticket it would be applied to'),
});
export type TNotePreviewRequest = z.input<typeof ZNotePreviewRequest>;

/**
 * What applying a note would change on this ticket, for the ticket page to show in its form and
 * composer: nothing is saved until the agent submits (`ticket.edit` with `note_id`).
 */
export const ZNotePreviewResponse = z.object({
  note_id: z.number().int().describe('The note'),
  title: z.string().describe('Its name'),
  changes: z
    .object({
      submit_as: ZSubmitAs.optional().describe('The status the ticket would be submitted as'),
      priority: ZTicketPriority.optional().describe('The priority it would take'),
      ticket_type: ZTicketType.optional().describe('The type it would take'),
      assignee_id: z.number().int().nullable().optional().describe('The agent it would be assigned to (null: none)'),
      group_id: z.number().int().nullable().optional().describe('The group it would take (null: none)'),
      fields: ZTicketFields.optional().describe(
        'The custom field values the note sets, as the ticket will hold them (null: cleared); a value its field no longer accepts (an option removed since) is left out',
      ),
      tags: z
        .array(z.string())
        .optional()
        .describe("The ticket's whole tag list after the note's additions and removals"),
      comment: z
        .object({
          body: z.string().describe('HTML, placeholders filled in'),
          is_public: z.boolean().describe('A public reply, or an internal note'),
        })
        .optional()
        .describe('The comment it writes in the composer'),
    })
    .describe('What applying it would change; a property left out stays as it is'),
});
export type TNotePreviewResponse = z.infer<typeof ZNotePreviewResponse>;
