import { z } from 'zod';
import {
  fromDecimal,
  optionalText,
  requiredOr,
  requiredText,
  ZEmail,
  ZFlag,
  ZId,
  ZIdList,
  ZPage,
  ZPaging,
} from './common.js';
import { enums, ZAccessState, ZUserType } from './enums.js';
import { commentBodyMax, commentFilesMax, satisfactionTokenPattern } from './plain.js';

export const ZTicketState = enums.ticket_state.schema;
export type TTicketState = z.infer<typeof ZTicketState>;
export const ZSubmitAs = enums.submit_as.schema;
export type TSubmitAs = z.infer<typeof ZSubmitAs>;
export const ZTicketType = enums.ticket_type.schema;
export type TTicketType = z.infer<typeof ZTicketType>;
export const ZTicketSource = enums.ticket_source.schema;
export type TTicketSource = z.infer<typeof ZTicketSource>;
export const ZTicketPriority = enums.ticket_priority.schema;
export type TTicketPriority = z.infer<typeof ZTicketPriority>;
export const ZSatisfaction = enums.satisfaction.schema;
export type TSatisfaction = z.infer<typeof ZSatisfaction>;

/** States a ticket is still being worked on in ("unsolved" in the views). */
export const unsolvedStates = ['new', 'open', 'pending'] as const satisfies readonly TTicketState[];

/** A tag: lower-case letters, digits, `_`, `-`, `.`, `:` or any CJK text, no spaces (as typed, trimmed and lower-cased). */
export const ZTag = z
  .string({ error: 'field_invalid' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'field_invalid' })
  .max(80, { error: 'field_too_long' })
  .regex(/^[^\s,，]+$/u, { error: 'tag_invalid' });
export const ZTagList = z.array(ZTag, { error: 'field_invalid' }).max(50, { error: 'field_too_long' });

/** An attachment's id: random and unguessable (it is the only key to a public upload). */
export const ZFileId = z.string({ error: 'field_invalid' }).regex(/^[A-Za-z0-9_-]{22}$/, { error: 'field_invalid' });
export const ZFileIdList = z
  .array(ZFileId, { error: 'field_invalid' })
  .max(commentFilesMax, { error: 'field_too_long' });

/** Values of the ticket fields (`fields`), by field key; the fields editor comes later. */
export const ZTicketFields = z
  .record(
    z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'field_invalid' }),
    z.union([z.string().max(5000), z.number(), z.boolean(), z.null(), z.array(z.string().max(500)).max(100)]),
    { error: 'field_invalid' },
  )
  .refine((v) => Object.keys(v).length <= 100, { error: 'field_too_long' });
export type TTicketFields = z.infer<typeof ZTicketFields>;

// ---------------------------------------------------------------------------------------------
// Uploads and attachments

/** What `home/upload` and `ticket.upload` answer; pass `file_id` in `file_ids` to attach it. */
export const ZAttachment = z.object({
  file_id: z.string().describe('The file'),
  file_name: z.string().describe('Its name'),
  size: z.number().int().describe('Its size in bytes'),
  content_type: z.string().describe('Its media type'),
});
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZTicketUploadResponse = ZAttachment;
export type TTicketUploadResponse = TAttachment;

export const ZTicketAttachmentGetRequest = z.object({ file_id: ZFileId });
export type TTicketAttachmentGetRequest = z.input<typeof ZTicketAttachmentGetRequest>;
/** Path of an attachment for agents (also the `src` of images pasted into a comment). */
export const ticketAttachmentPath = (fileId: string) => `/api/admin/ticket.attachment.get?file_id=${fileId}`;

// ---------------------------------------------------------------------------------------------
// Tickets

/** The person a ticket is for, as the ticket page shows them. */
export const ZTicketPerson = z.object({
  account_id: z.number().int(),
  email: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  user_type: ZUserType,
  access_state: ZAccessState,
  company_id: z.number().int().nullable(),
});
export type TTicketPerson = z.infer<typeof ZTicketPerson>;

/**
 * What the caller may do with this ticket, computed by the same policy functions the server
 * enforces: the screens offer exactly these actions.
 */
export const ZTicketAbilities = z.object({
  /** Change properties and add notes (`ticket.edit`); false on a deleted ticket. */
  edit: z.boolean(),
  /** Reply publicly; false for `reply_access` internal (notes only). */
  reply_publicly: z.boolean(),
  /** Submit as Closed. */
  close: z.boolean(),
  /** Give the ticket to another assignee (`allow_reassign` off: only its assignee or an admin). */
  reassign: z.boolean(),
  delete: z.boolean(),
  restore: z.boolean(),
  /** Mark as spam: the requester must be an end user. */
  spam: z.boolean(),
});
export type TTicketAbilities = z.infer<typeof ZTicketAbilities>;

export const ZTicket = z.object({
  /** Also the ticket's number, shown as `#ticket_id`. */
  ticket_id: z.number().int(),
  subject: z.string(),
  ticket_state: ZTicketState,
  ticket_type: ZTicketType,
  priority: ZTicketPriority,
  source: ZTicketSource,
  requester_id: z.number().int(),
  requester: ZTicketPerson,
  /** Who created the ticket: the requester on the public form, the agent in the back office. */
  submitter_id: z.number().int().nullable(),
  assignee_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  tags: z.array(z.string()),
  cc_ids: z.array(z.number().int()),
  follower_ids: z.array(z.number().int()),
  fields: z.record(z.string(), z.unknown()),
  /** The ticket form it was submitted with; null for none (the default form's fields apply). */
  form_id: z.number().int().nullable(),
  satisfaction: ZSatisfaction,
  satisfaction_comment: z.string(),
  /**
   * The survey link (a path: `/home/satisfaction?token=...`) once the ticket was solved with
   * scoring allowed; null while it was never offered. Until email exists, agents copy it.
   */
  satisfaction_url: z.string().nullable(),
  /** True while the ticket is in the Deleted tickets view. */
  is_deleted: z.boolean(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
  /** First public reply of an agent. */
  first_reply_ts: z.number().int().nullable(),
  /** Last time the ticket entered `solved`. */
  solved_ts: z.number().int().nullable(),
  deleted_ts: z.number().int().nullable(),
  abilities: ZTicketAbilities,
});
export type TTicket = z.infer<typeof ZTicket>;

/** A row of a ticket list. Agents' and groups' names come from `auth.agent.all.list` and `auth.group.list`. */
export const ZTicketListItem = z.object({
  ticket_id: z.number().int(),
  subject: z.string(),
  ticket_state: ZTicketState,
  ticket_type: ZTicketType,
  priority: ZTicketPriority,
  source: ZTicketSource,
  requester_id: z.number().int(),
  requester_name: z.string(),
  requester_email: z.string(),
  assignee_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  tags: z.array(z.string()),
  /** Custom field values by `field_<id>`, for the list's field columns. */
  fields: z.record(z.string(), z.unknown()),
  satisfaction: ZSatisfaction,
  is_deleted: z.boolean(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
  solved_ts: z.number().int().nullable(),
  /** When the ticket's next SLA target breaches (past: overdue); null without a running target. */
  sla_due_ts: z.number().int().nullable(),
  /** Which target that is: first_reply, next_reply, periodic_update, resolution. */
  sla_metric: z.string().nullable(),
  /**
   * Searches only: the part of a comment where the search's words occur, and where in it they are
   * (`[start, end)` character offsets), for the list to show them highlighted. Absent when no
   * comment holds them (the subject or the requester matched).
   */
  snippet: z
    .object({
      text: z.string().describe('Up to 200 characters of a comment, plain text'),
      marks: z.array(z.tuple([z.number().int(), z.number().int()])).describe('Matched words as [start, end) offsets'),
    })
    .optional(),
});
export type TTicketListItem = z.infer<typeof ZTicketListItem>;
export type TTicketSnippet = NonNullable<TTicketListItem['snippet']>;

/** Sort keys of ticket lists; a leading `-` sorts newest (largest) first. */
export const ticketSorts = [
  '-update_ts',
  'update_ts',
  '-create_ts',
  'create_ts',
  '-solved_ts',
  'solved_ts',
  '-ticket_id',
  'ticket_id',
  /** Next SLA breach, soonest (or most overdue) first; tickets without a target last. */
  'sla_due_ts',
] as const;
export const ZTicketSort = z.enum(ticketSorts, { error: 'enum_invalid' });
export type TTicketSort = z.infer<typeof ZTicketSort>;

const ZTs = fromDecimal(
  z.number({ error: 'field_invalid' }).int({ error: 'field_invalid' }).min(0, { error: 'field_invalid' }),
);

export const ZTicketListRequest = ZPaging.extend({
  /** A view's conditions and sort; the other filters narrow it further. */
  view_id: ZId.optional(),
  /**
   * Words of the subject and the comments; Chinese is found by any part of two characters or more, or one.
   * Operators (`status:pending`, `tag:vip`, …) and custom fields by name (`product_area:Hardware`,
   * `seats:>5`, `field_12:true`) narrow it: README, the ticket list.
   */
  kw: optionalText(200).optional(),
  ticket_state: ZTicketState.optional(),
  assignee_id: ZId.optional(),
  group_id: ZId.optional(),
  requester_id: ZId.optional(),
  company_id: ZId.optional(),
  tag: ZTag.optional(),
  create_ts_from: ZTs.optional(),
  create_ts_to: ZTs.optional(),
  update_ts_from: ZTs.optional(),
  update_ts_to: ZTs.optional(),
  /** Defaults to the view's sort, else `-update_ts`. */
  sort: ZTicketSort.optional(),
  /** Sort by a custom field instead: `field_<id>` (smallest first) or `-field_<id>`; tickets without a value last. */
  field_sort: z
    .string()
    .regex(/^-?field_[1-9][0-9]{0,9}$/, { error: 'field_invalid' })
    .optional(),
  /** Only tickets whose custom field `field_id` has `field_value` (a multi-select: holds it). */
  field_id: ZId.optional(),
  field_value: z.string().max(200, { error: 'field_too_long' }).optional(),
});
export type TTicketListRequest = z.input<typeof ZTicketListRequest>;
export const ZTicketListResponse = ZPage(ZTicketListItem).extend({
  /**
   * True when `total` is the database's estimate rather than a count: a list of more than
   * 10,000 tickets is counted from statistics so that every page answers fast.
   */
  total_estimated: z.boolean(),
});
export type TTicketListResponse = z.infer<typeof ZTicketListResponse>;

export const ZTicketGetRequest = z.object({ ticket_id: ZId });
export type TTicketGetRequest = z.input<typeof ZTicketGetRequest>;
export const ZTicketGetResponse = ZTicket;
export type TTicketGetResponse = TTicket;

// ---------------------------------------------------------------------------------------------
// Comments and events

export const ZTicketComment = z.object({
  comment_id: z.number().int(),
  ticket_id: z.number().int(),
  author_id: z.number().int().nullable(),
  author_name: z.string(),
  author_type: ZUserType.nullable(),
  /** Sanitized HTML. */
  body: z.string(),
  /** False for an internal note, which the requester never sees. */
  is_public: z.boolean(),
  file_ids: z.array(z.string()),
  attachments: z.array(ZAttachment),
  create_ts: z.number().int(),
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

export const ZTicketCommentListRequest = z.object({ ticket_id: ZId });
export type TTicketCommentListRequest = z.input<typeof ZTicketCommentListRequest>;
/** Oldest first. */
export const ZTicketCommentListResponse = z.object({ list: z.array(ZTicketComment) });
export type TTicketCommentListResponse = z.infer<typeof ZTicketCommentListResponse>;

/**
 * One change of a ticket: who, when, which field, from what, to what. `field` is a property
 * name (`ticket_state`, `assignee_id`, `tags`, ...) or one of `created`, `comment`, `deleted`,
 * `satisfaction`, `satisfaction_offered`. `actor_id` is null for the system and the public form
 * before the requester exists.
 */
export const ZTicketEvent = z.object({
  event_id: z.number().int(),
  ticket_id: z.number().int(),
  actor_id: z.number().int().nullable(),
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  create_ts: z.number().int(),
});
export type TTicketEvent = z.infer<typeof ZTicketEvent>;
export const ZTicketEventListRequest = z.object({ ticket_id: ZId });
export type TTicketEventListRequest = z.input<typeof ZTicketEventListRequest>;
/** Oldest first. */
export const ZTicketEventListResponse = z.object({ list: z.array(ZTicketEvent) });
export type TTicketEventListResponse = z.infer<typeof ZTicketEventListResponse>;

// ---------------------------------------------------------------------------------------------
// Writes

export const ZCommentInput = z.object({
  /** HTML from the composer; sanitized on the server with an allowlist. */
  body: z.string({ error: requiredOr('required_description') }).max(commentBodyMax, { error: 'field_too_long' }),
  /** Public reply or internal note; the ticket setting `public_comment` decides when left out. */
  is_public: ZFlag.optional(),
  file_ids: ZFileIdList.default([]),
});
export type TCommentInput = z.input<typeof ZCommentInput>;

/** Properties an agent sets on a ticket; anything left out keeps its value. */
const ticketProperties = {
  /** null unassigns. */
  assignee_id: ZId.nullable().optional(),
  group_id: ZId.nullable().optional(),
  priority: ZTicketPriority.optional(),
  ticket_type: ZTicketType.optional(),
  /** The whole tag list; ignored while the setting `enable_tag` is off. */
  tags: ZTagList.optional(),
  /** The whole CC list (any accounts); ignored while `enable_ccs` is off. */
  cc_ids: ZIdList.max(50, { error: 'field_too_long' }).optional(),
  /** The whole follower list (agents); ignored while `enable_follow` is off. */
  follower_ids: ZIdList.max(50, { error: 'field_too_long' }).optional(),
  fields: ZTicketFields.optional(),
  /** The ticket form (an active one); null for none. */
  form_id: ZId.nullable().optional(),
};

export const ZTicketAddRequest = z
  .object({
    requester_id: ZId.optional(),
    /** A new requester is made (an end user joined to the organization of the email's domain). */
    requester_email: ZEmail.optional(),
    requester_name: optionalText(100).optional(),
    subject: requiredText('required_subject', 250),
    comment: ZCommentInput,
    submit_as: ZSubmitAs.optional(),
    ...ticketProperties,
  })
  .refine((v) => v.requester_id !== undefined || v.requester_email !== undefined, {
    error: 'required_requester',
    path: ['requester_id'],
  });
export type TTicketAddRequest = z.input<typeof ZTicketAddRequest>;
export const ZTicketAddResponse = z.object({ ticket_id: z.number().int() });
export type TTicketAddResponse = z.infer<typeof ZTicketAddResponse>;

export const ZTicketEditRequest = z.object({
  ticket_id: ZId,
  subject: requiredText('required_subject', 250).optional(),
  /** A reply or note added in the same transaction as the property changes. */
  comment: ZCommentInput.optional(),
  /** The state after this update; left out keeps it. */
  submit_as: ZSubmitAs.optional(),
  /** The note (macro) the agent applied before submitting: its use is counted and recorded. */
  note_id: ZId.optional(),
  ...ticketProperties,
});
export type TTicketEditRequest = z.input<typeof ZTicketEditRequest>;
export const ZTicketEditResponse = ZTicket;
export type TTicketEditResponse = TTicket;

export const ZTicketIdsRequest = z.object({ ticket_ids: ZIdList.min(1, { error: 'required_field' }).max(100) });
export type TTicketIdsRequest = z.input<typeof ZTicketIdsRequest>;
export const ZTicketDeleteRequest = ZTicketIdsRequest;
export type TTicketDeleteRequest = TTicketIdsRequest;
export const ZTicketRestoreRequest = ZTicketIdsRequest;
export type TTicketRestoreRequest = TTicketIdsRequest;

export const ZTicketSpamRequest = z.object({ ticket_id: ZId });
export type TTicketSpamRequest = z.input<typeof ZTicketSpamRequest>;
export const ZTicketSpamResponse = z.object({
  /** The requester, now suspended. */
  requester_id: z.number().int(),
  /** Their tickets moved to Deleted tickets (this one included): only those the caller may see. */
  ticket_ids: z.array(z.number().int()),
  /** Their open tickets the caller may not see, left as they are for someone who may. */
  other_ticket_count: z.number().int(),
});
export type TTicketSpamResponse = z.infer<typeof ZTicketSpamResponse>;

/** The list screen's bulk actions: assign and change state of up to 100 tickets in one transaction. */
export const ZTicketBulkEditRequest = ZTicketIdsRequest.extend({
  assignee_id: ZId.nullable().optional(),
  group_id: ZId.nullable().optional(),
  submit_as: ZSubmitAs.optional(),
});
export type TTicketBulkEditRequest = z.input<typeof ZTicketBulkEditRequest>;
export const ZTicketBulkEditResponse = z.object({ ticket_ids: z.array(z.number().int()) });
export type TTicketBulkEditResponse = z.infer<typeof ZTicketBulkEditResponse>;

export const ZTicketRequesterTicketsRequest = ZPaging.extend({
  requester_id: ZId,
  /** Leave this ticket out (the one on screen). */
  except_ticket_id: ZId.optional(),
});
export type TTicketRequesterTicketsRequest = z.input<typeof ZTicketRequesterTicketsRequest>;
export const ZTicketRequesterTicketsResponse = ZPage(ZTicketListItem);
export type TTicketRequesterTicketsResponse = z.infer<typeof ZTicketRequesterTicketsResponse>;

export const ZTicketTagListRequest = z.object({
  /** Start of the tag; empty lists the most recent tags. */
  kw: optionalText(80).optional(),
  limit: fromDecimal(z.number({ error: 'field_invalid' }).int({ error: 'field_invalid' }).min(1).max(100)).default(20),
});
export type TTicketTagListRequest = z.input<typeof ZTicketTagListRequest>;
export const ZTicketTagListResponse = z.object({ list: z.array(z.string()) });
export type TTicketTagListResponse = z.infer<typeof ZTicketTagListResponse>;

// ---------------------------------------------------------------------------------------------
// Public: the home form and the satisfaction survey

export const ZHomeTicketAddRequest = z.object({
  email: ZEmail,
  real_name: requiredText('required_name', 100),
  subject: requiredText('required_subject', 250),
  /** Plain text or HTML; sanitized like any comment. */
  description: z
    .string({ error: requiredOr('required_description') })
    .trim()
    .min(1, { error: 'required_description' })
    .max(commentBodyMax, { error: 'field_too_long' }),
  file_ids: ZFileIdList.default([]),
  /** The form the visitor filled (the default form when left out) and its customer fields' values. */
  form_id: ZId.optional(),
  fields: ZTicketFields.default({}),
});
export type THomeTicketAddRequest = z.input<typeof ZHomeTicketAddRequest>;
export const ZHomeTicketAddResponse = z.object({ ticket_id: z.number().int() });
export type THomeTicketAddResponse = z.infer<typeof ZHomeTicketAddResponse>;

export const ZSatisfactionToken = z
  .string({ error: requiredOr('required_field') })
  .regex(satisfactionTokenPattern, { error: 'field_invalid' });

export const ZSatisfactionGetRequest = z.object({ token: ZSatisfactionToken });
export type TSatisfactionGetRequest = z.input<typeof ZSatisfactionGetRequest>;
export const ZSatisfactionGetResponse = z.object({
  ticket_id: z.number().int(),
  subject: z.string(),
  satisfaction: ZSatisfaction,
  satisfaction_comment: z.string(),
});
export type TSatisfactionGetResponse = z.infer<typeof ZSatisfactionGetResponse>;

export const ZSatisfactionAddRequest = z.object({
  token: ZSatisfactionToken,
  satisfaction: z.enum(['good', 'bad'], { error: 'enum_invalid' }),
  comment: optionalText(2000).default(''),
});
export type TSatisfactionAddRequest = z.input<typeof ZSatisfactionAddRequest>;
