import { z } from 'zod';
import { requiredText, ZId, ZIdList } from './common.js';
import { ZCustomFieldCondition } from './custom-field-condition.js';
import { enums } from './enums.js';
import { ZTicketSort } from './ticket/list.js';
import { ZTag } from './ticket/shared.js';

const ZHours = z
  .number({ error: 'field_invalid' })
  .positive({ error: 'field_invalid' })
  .max(24 * 366 * 10, { error: 'field_invalid' });
const ZIdOrMe = z.union([ZId, z.literal('current_user'), z.null()], { error: 'field_invalid' });
const ZGroupOrMine = z.union([ZId, z.literal('current_user_groups'), z.null()], { error: 'field_invalid' });
const listOf = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'field_invalid' }).min(1, { error: 'field_invalid' });

/**
 * A view's condition. Values: states for `ticket_state`; an account id, `"current_user"` or
 * null for `assignee_id`; a group id, `"current_user_groups"` or null for `group_id`; an account
 * id for `requester_id`; an organization id or null for `company_id`; a number of hours for the
 * `hours_since_*` fields; true for `deleted`; a tag for `tags`.
 */
const conditionField = 'The ticket property it tests';
const conditionOperator = 'How the property is compared with `value`';
/** One condition's shape: the property, its operators, and what `value` holds for it. */
function condition<F extends z.ZodType, O extends z.ZodType, V extends z.ZodType>(
  field: F,
  operator: O,
  value: V,
  valueText: string,
) {
  return z.object({
    field: field.describe(conditionField),
    operator: operator.describe(conditionOperator),
    value: value.describe(valueText),
  });
}

export const ZViewCondition = z.discriminatedUnion(
  'field',
  [
    condition(
      z.literal('ticket_state'),
      z.enum(['is', 'in', 'not_in'], { error: 'enum_invalid' }),
      listOf(enums.ticket_state.schema),
      'Ticket states',
    ),
    condition(
      z.literal('assignee_id'),
      z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      ZIdOrMe,
      'An agent, `current_user` (the viewer), or null (unassigned)',
    ),
    condition(
      z.literal('group_id'),
      z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      ZGroupOrMine,
      "A group, `current_user_groups` (the viewer's groups), or null (none)",
    ),
    condition(z.literal('requester_id'), z.enum(['is', 'is_not'], { error: 'enum_invalid' }), ZId, 'An account'),
    condition(
      z.literal('company_id'),
      z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      ZId.nullable(),
      'An organization, or null (none)',
    ),
    condition(
      z.literal('priority'),
      z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      z.array(enums.ticket_priority.schema, { error: 'field_invalid' }),
      'Priorities',
    ),
    condition(
      z.literal('ticket_type'),
      z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      z.array(enums.ticket_type.schema, { error: 'field_invalid' }),
      'Ticket types',
    ),
    condition(
      z.literal('satisfaction'),
      z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      listOf(enums.satisfaction.schema),
      'Satisfaction ratings',
    ),
    condition(
      z.literal('tags'),
      z.enum(['includes', 'not_includes'], { error: 'enum_invalid' }).default('includes'),
      ZTag,
      'A tag',
    ),
    condition(
      z.enum(['hours_since_update', 'hours_since_create', 'hours_since_solved']),
      z.enum(['less_than', 'greater_than'], { error: 'enum_invalid' }),
      ZHours,
      'A number of hours',
    ),
    /**
     * Hours until the next SLA breach: `less_than 0` is overdue, `less_than 4` due within four
     * hours (or overdue), `greater_than 24` due in more than a day. Tickets without a running
     * target match neither.
     */
    condition(
      z.literal('hours_until_sla_breach'),
      z.enum(['less_than', 'greater_than'], { error: 'enum_invalid' }),
      z
        .number({ error: 'field_invalid' })
        .min(-24 * 366, { error: 'field_invalid' })
        .max(24 * 366 * 10, { error: 'field_invalid' }),
      'Hours until the next SLA breach (`less_than 0`: overdue); tickets without a running target match neither',
    ),
    condition(z.literal('deleted'), z.literal('is'), z.literal(true), 'True: the ticket is in Deleted tickets'),
    /** A custom field's value (ticket-field.ts: the operators of each type of field). */
    ZCustomFieldCondition,
  ],
  { error: 'field_invalid' },
);
export type TViewCondition = z.infer<typeof ZViewCondition>;
export type TViewConditionField = TViewCondition['field'];

/**
 * Every condition of `all` must hold, and at least one of `any` when it has any. Tickets in
 * Deleted tickets only appear in views that ask for them (`deleted` among `all`).
 */
export const ZViewConditions = z
  .object({
    all: z
      .array(ZViewCondition, { error: 'field_invalid' })
      .max(20, { error: 'field_too_long' })
      .describe('Conditions that must all hold (up to 20)'),
    any: z
      .array(ZViewCondition, { error: 'field_invalid' })
      .max(20, { error: 'field_too_long' })
      .default([])
      .describe('Conditions of which one must hold, when there are any (up to 20)'),
  })
  .refine((c) => !c.any.some((x) => x.field === 'deleted'), { error: 'field_invalid', path: ['any'] });
export type TViewConditions = z.infer<typeof ZViewConditions>;
export type TViewConditionsInput = z.input<typeof ZViewConditions>;

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
  'sla_due',
] as const;
export type TViewBaseColumn = (typeof viewColumns)[number];
/** A custom field's column: `field_<field_id>`, the key of its value in a ticket's `fields`. */
export const isFieldColumn = (column: string): column is `field_${number}` => /^field_[1-9][0-9]{0,9}$/.test(column);
export const ZViewFieldColumn = z.templateLiteral(['field_', z.number().int().positive()]).refine(isFieldColumn);
export const ZViewColumn = z.union([z.enum(viewColumns), ZViewFieldColumn], { error: 'enum_invalid' });
export type TViewColumn = z.infer<typeof ZViewColumn>;
/** Spec: views allow up to 10 columns. */
export const viewColumnsMax = 10;
export const ZViewColumns = z
  .array(ZViewColumn, { error: 'field_invalid' })
  .min(1, { error: 'required_field' })
  .max(viewColumnsMax, { error: 'views_max_columns' });

/** Rows of a view may be grouped by one property: the list is ordered by it first, then by the sort. */
export const viewGroupBys = ['ticket_state', 'priority', 'ticket_type', 'assignee', 'group', 'company'] as const;
export const ZViewGroupBy = z.enum(viewGroupBys, { error: 'enum_invalid' });
export type TViewGroupBy = z.infer<typeof ZViewGroupBy>;

/** Who sees a view: every agent, the agents of one group, or only its creator. */
export const viewShareTypes = ['all', 'group', 'me'] as const;
export const ZViewShareType = z.enum(viewShareTypes, { error: 'enum_invalid' });
export type TViewShareType = z.infer<typeof ZViewShareType>;

const viewShape = {
  view_id: z.number().int().describe('The view'),
  title: z.string().describe('Its title'),
  conditions: ZViewConditions.describe('Which tickets it shows'),
  columns: z.array(ZViewColumn).describe('Its columns in order: a property, or `field_<id>` for a custom field'),
  sort: ZTicketSort.describe('Its order: a column, `-` first for descending'),
  group_by: ZViewGroupBy.nullable().describe('The property its rows are grouped by (null: none)'),
  position: z.number().int().describe('Its place in the sidebar, from 1'),
  view_state: enums.view_state.schema.describe('`active`, or `inactive`: not in the sidebar'),
  share_type: ZViewShareType.describe('Who sees it: every agent (`all`), one group (`group`), its creator (`me`)'),
  group_id: z.number().int().nullable().describe('The group of a `group` view'),
};

/** A view as the sidebar lists it. */
export const ZTicketView = z.object({
  ...viewShape,
  count: z.number().int().describe('Tickets in the view that the caller may see'),
  count_estimated: z.boolean().describe('`count` is an estimate (views of more than 10,000 tickets)'),
});
export type TTicketView = z.infer<typeof ZTicketView>;

export const ZTicketViewListResponse = z.object({ list: z.array(ZTicketView).describe('The views of the sidebar') });
export type TTicketViewListResponse = z.infer<typeof ZTicketViewListResponse>;

/** A view as the views editor shows it. */
export const ZViewSetting = z.object({
  ...viewShape,
  owner_id: z.number().int().nullable().describe('Its creator, for a `me` view'),
  create_ts: z.number().int().describe('When it was added (Unix epoch milliseconds)'),
  update_ts: z.number().int().describe('When it was last changed (Unix epoch milliseconds)'),
});
export type TViewSetting = z.infer<typeof ZViewSetting>;

export const ZViewAllListResponse = z.object({
  list: z.array(ZViewSetting).describe("Every shared view and the caller's own, in order"),
});
export type TViewAllListResponse = z.infer<typeof ZViewAllListResponse>;

export const ZViewGetRequest = z.object({ view_id: ZId.describe('The view') });
export type TViewGetRequest = z.input<typeof ZViewGetRequest>;
export const ZViewGetResponse = ZViewSetting;

const viewInput = z.object({
  title: requiredText('required_view_title', 100).describe('Its title, up to 100 characters'),
  conditions: ZViewConditions.default({ all: [], any: [] }).describe('Which tickets it shows (none: every ticket)'),
  columns: ZViewColumns.describe('Its columns in order, 1 to 10'),
  sort: ZTicketSort.default('-update_ts').describe('Its order (`-update_ts` by default)'),
  group_by: ZViewGroupBy.nullable().default(null).describe('The property its rows are grouped by (none by default)'),
  view_state: enums.view_state.schema.default('active').describe('`active` (the default) or `inactive`'),
  share_type: ZViewShareType.default('all').describe('Who sees it: `all` (the default), `group` or `me`'),
  group_id: ZId.nullable().default(null).describe('The group, required when `share_type` is `group`'),
});
const groupNamed = (v: { share_type: TViewShareType; group_id: number | null }) =>
  v.share_type !== 'group' || v.group_id !== null;

export const ZViewAddRequest = viewInput.refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TViewAddRequest = z.input<typeof ZViewAddRequest>;
export const ZViewAddResponse = z.object({ view_id: z.number().int().describe('The new view') });
export type TViewAddResponse = z.infer<typeof ZViewAddResponse>;

export const ZViewEditRequest = viewInput
  .extend({ view_id: ZId.describe('The view') })
  .refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TViewEditRequest = z.input<typeof ZViewEditRequest>;

export const ZViewDeleteRequest = z.object({
  view_ids: ZIdList.min(1, { error: 'required_field' }).describe('The views to delete'),
});
export type TViewDeleteRequest = z.input<typeof ZViewDeleteRequest>;

/** The views in their new order (as dragged): each gets its place; views not sent keep theirs. */
export const ZViewSortRequest = z.object({
  view_ids: ZIdList.min(1, { error: 'required_field' })
    .max(500, { error: 'field_too_long' })
    .describe('The views in their new order; views not sent keep their place'),
});
export type TViewSortRequest = z.input<typeof ZViewSortRequest>;
