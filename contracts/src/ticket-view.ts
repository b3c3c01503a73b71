import { z } from 'zod';
import { enums } from './enums.js';
import { ZTicketSort } from './ticket.js';
import { ZCustomFieldCondition } from './ticket-field.js';

/**
 * A view's condition. Values: states for `ticket_state`; an account id, `"current_user"` or
 * null for `assignee_id`; a group id or null for `group_id`; a number of hours for the
 * `hours_since_*` fields; true for `deleted`; a tag for `tags`.
 */
export const ZViewCondition = z.discriminatedUnion('field', [
  z.object({
    field: z.literal('ticket_state'),
    operator: z.enum(['is', 'in']),
    value: z.array(enums.ticket_state.schema).min(1),
  }),
  z.object({
    field: z.literal('assignee_id'),
    operator: z.literal('is'),
    value: z.union([z.number().int().positive(), z.literal('current_user'), z.null()]),
  }),
  z.object({
    field: z.literal('group_id'),
    operator: z.literal('is'),
    value: z.union([z.number().int().positive(), z.literal('current_user_groups'), z.null()]),
  }),
  z.object({ field: z.literal('priority'), operator: z.literal('in'), value: z.array(enums.ticket_priority.schema) }),
  z.object({ field: z.literal('ticket_type'), operator: z.literal('in'), value: z.array(enums.ticket_type.schema) }),
  z.object({ field: z.literal('tags'), operator: z.literal('includes'), value: z.string().min(1).max(80) }),
  z.object({
    field: z.enum(['hours_since_update', 'hours_since_create', 'hours_since_solved']),
    operator: z.literal('less_than'),
    value: z
      .number()
      .positive()
      .max(24 * 366 * 10),
  }),
  z.object({ field: z.literal('deleted'), operator: z.literal('is'), value: z.literal(true) }),
  /** A custom field's value (ticket-field.ts: operators by field type). */
  ZCustomFieldCondition,
]);
export type TViewCondition = z.infer<typeof ZViewCondition>;

/** Every condition must hold; tickets in Deleted tickets only appear in views that ask for them. */
export const ZViewConditions = z.object({ all: z.array(ZViewCondition).max(20) });
export type TViewConditions = z.infer<typeof ZViewConditions>;

export const viewColumns = [
  'ticket_id',
  'subject',
  'requester',
  'company',
  'ticket_state',
  'priority',
  'ticket_type',
  'assignee',
  'group',
  'tags',
  'satisfaction',
  'create_ts',
  'update_ts',
  'solved_ts',
] as const;
export const ZViewColumn = z.enum(viewColumns);
export type TViewColumn = z.infer<typeof ZViewColumn>;
/** Spec: views allow up to 10 columns. */
export const viewColumnsMax = 10;
export const ZViewColumns = z.array(ZViewColumn).min(1).max(viewColumnsMax, { error: 'views_max_columns' });

export const ZTicketView = z.object({
  view_id: z.number().int(),
  title: z.string(),
  conditions: ZViewConditions,
  columns: z.array(ZViewColumn),
  sort: ZTicketSort,
  position: z.number().int(),
  view_state: enums.view_state.schema,
  /** Tickets in the view that the caller may see. */
  count: z.number().int(),
  /** True when `count` is an estimate (views of more than 10,000 tickets). */
  count_estimated: z.boolean(),
});
export type TTicketView = z.infer<typeof ZTicketView>;

export const ZTicketViewListResponse = z.object({ list: z.array(ZTicketView) });
export type TTicketViewListResponse = z.infer<typeof ZTicketViewListResponse>;
