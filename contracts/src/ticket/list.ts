import { z } from 'zod';
import { fromDecimal, optionalText, ZId, ZPage, ZPaging } from '../common.js';
import { ZSatisfaction, ZTag, ZTicketPriority, ZTicketSource, ZTicketState, ZTicketType } from './shared.js';

/** Ticket lists: the home list, views, search, a requester's tickets, and the tags in use. */

/** A row of a ticket list. Agents' and groups' names come from `auth.agent.all.list` and `auth.group.list`. */
export const ZTicketListItem = z.object({
  ticket_id: z.number().int().describe('The ticket, also its number'),
  subject: z.string().describe('Its subject'),
  ticket_state: ZTicketState.describe('Its status'),
  ticket_type: ZTicketType.describe('Its type'),
  priority: ZTicketPriority.describe('Its priority'),
  source: ZTicketSource.describe('Where it came from'),
  requester_id: z.number().int().describe('Whom it is for'),
  requester_name: z.string().describe("The requester's name"),
  requester_email: z.string().describe("The requester's email address"),
  assignee_id: z.number().int().nullable().describe('Its agent (null: unassigned)'),
  group_id: z.number().int().nullable().describe('Its group (null: none)'),
  company_id: z.number().int().nullable().describe('Its organization (null: none)'),
  tags: z.array(z.string()).describe('Its tags'),
  fields: z
    .record(z.string(), z.unknown())
    .describe("Custom field values by `field_<id>`, for the list's field columns"),
  satisfaction: ZSatisfaction.describe("The requester's rating"),
  is_deleted: z.boolean().describe('In Deleted tickets'),
  create_ts: z.number().int().describe('When it was created (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it last changed (Unix epoch milliseconds)'),
  solved_ts: z
    .number()
    .int()
    .nullable()
    .describe('When it last entered `solved` (Unix epoch milliseconds; null: never)'),
  sla_due_ts: z
    .number()
    .int()
    .nullable()
    .describe('When its next SLA target breaches (Unix epoch milliseconds; past: overdue; null: no running target)'),
  sla_metric: z
    .string()
    .nullable()
    .describe('Which target that is: first_reply, next_reply, periodic_update, resolution'),
  snippet: z
    .object({
      text: z.string().describe('Up to 200 characters of a comment, plain text'),
      marks: z.array(z.tuple([z.number().int(), z.number().int()])).describe('Matched words as [start, end) offsets'),
    })
    .optional()
    .describe(
      "Searches only: the part of a comment where the search's words occur, to show them highlighted; absent when no comment holds them (the subject or the requester matched)",
    ),
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

/** The longest search a list or search takes, in characters (the box stops typing there). */
export const ticketKwMax = 200;

export const ZTicketListRequest = ZPaging.extend({
  view_id: ZId.optional().describe('A view: its conditions and sort; the other filters narrow it further'),
  kw: optionalText(ticketKwMax)
    .optional()
    .describe(
      'Words of the subject and the comments (Chinese is found by any part of two characters or more, or one); operators (`status:pending`, `tag:vip`, …) and custom fields by name (`product_area:Hardware`, `seats:>5`, `field_12:true`) narrow it',
    ),
  ticket_state: ZTicketState.optional().describe('Only tickets in this status'),
  assignee_id: ZId.optional().describe('Only tickets assigned to this agent'),
  group_id: ZId.optional().describe('Only tickets of this group'),
  requester_id: ZId.optional().describe('Only tickets of this requester'),
  company_id: ZId.optional().describe('Only tickets of this organization'),
  tag: ZTag.optional().describe('Only tickets with this tag'),
  create_ts_from: ZTs.optional().describe('Created at or after (Unix epoch milliseconds)'),
  create_ts_to: ZTs.optional().describe('Created at or before (Unix epoch milliseconds)'),
  update_ts_from: ZTs.optional().describe('Last changed at or after (Unix epoch milliseconds)'),
  update_ts_to: ZTs.optional().describe('Last changed at or before (Unix epoch milliseconds)'),
  sort: ZTicketSort.optional().describe("The order, `-` first for descending (default: the view's, else `-update_ts`)"),
  field_sort: z
    .string()
    .regex(/^-?field_[1-9][0-9]{0,9}$/, { error: 'field_invalid' })
    .optional()
    .describe(
      'Sort by a custom field instead: `field_<id>` (smallest first) or `-field_<id>`; tickets without a value last',
    ),
  field_id: ZId.optional().describe('Only tickets whose custom field `field_id` has `field_value`'),
  field_value: z
    .string()
    .max(200, { error: 'field_too_long' })
    .optional()
    .describe('The value `field_id` must have (a multi-select: must hold)'),
});
export type TTicketListRequest = z.input<typeof ZTicketListRequest>;
export const ZTicketListResponse = ZPage(ZTicketListItem).extend({
  total_estimated: z
    .boolean()
    .describe(
      "`total` is the database's estimate rather than a count: a list of more than 10,000 tickets is counted from statistics so that every page answers fast",
    ),
});
export type TTicketListResponse = z.infer<typeof ZTicketListResponse>;

export const ZTicketRequesterTicketsRequest = ZPaging.extend({
  requester_id: ZId.describe('The requester'),
  except_ticket_id: ZId.optional().describe('Leave this ticket out (the one on screen)'),
});
export type TTicketRequesterTicketsRequest = z.input<typeof ZTicketRequesterTicketsRequest>;
export const ZTicketRequesterTicketsResponse = ZPage(ZTicketListItem);
export type TTicketRequesterTicketsResponse = z.infer<typeof ZTicketRequesterTicketsResponse>;

export const ZTicketTagListRequest = z.object({
  kw: optionalText(80).optional().describe('Start of the tag; empty lists the most recent tags'),
  limit: fromDecimal(z.number({ error: 'field_invalid' }).int({ error: 'field_invalid' }).min(1).max(100))
    .default(20)
    .describe('How many tags, 1 to 100 (20 by default)'),
});
export type TTicketTagListRequest = z.input<typeof ZTicketTagListRequest>;
export const ZTicketTagListResponse = z.object({
  list: z.array(z.string()).describe('Tags starting with kw in alphabetical order; without kw, the most recently used'),
});
export type TTicketTagListResponse = z.infer<typeof ZTicketTagListResponse>;
