import { z } from 'zod';
import { requiredText, ZId, ZIdList } from './common.js';
import { ZCustomFieldCondition } from './custom-field-condition.js';
import { enums } from './enums.js';
import { ZTag, ZTicketSort } from './ticket.js';

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
export const ZViewCondition = z.discriminatedUnion(
  'field',
  [
    z.object({
      field: z.literal('ticket_state'),
      operator: z.enum(['is', 'in', 'not_in'], { error: 'enum_invalid' }),
      value: listOf(enums.ticket_state.schema),
    }),
    z.object({
      field: z.literal('assignee_id'),
      operator: z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      value: ZIdOrMe,
    }),
    z.object({
      field: z.literal('group_id'),
      operator: z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      value: ZGroupOrMine,
    }),
    z.object({
      field: z.literal('requester_id'),
      operator: z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      value: ZId,
    }),
    z.object({
      field: z.literal('company_id'),
      operator: z.enum(['is', 'is_not'], { error: 'enum_invalid' }),
      value: ZId.nullable(),
    }),
    z.object({
      field: z.literal('priority'),
      operator: z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      value: z.array(enums.ticket_priority.schema, { error: 'field_invalid' }),
    }),
    z.object({
      field: z.literal('ticket_type'),
      operator: z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      value: z.array(enums.ticket_type.schema, { error: 'field_invalid' }),
    }),
    z.object({
      field: z.literal('satisfaction'),
      operator: z.enum(['in', 'not_in'], { error: 'enum_invalid' }),
      value: listOf(enums.satisfaction.schema),
    }),
    z.object({
      field: z.literal('tags'),
      operator: z.enum(['includes', 'not_includes'], { error: 'enum_invalid' }).default('includes'),
      value: ZTag,
    }),
    z.object({
      field: z.enum(['hours_since_update', 'hours_since_create', 'hours_since_solved']),
      operator: z.enum(['less_than', 'greater_than'], { error: 'enum_invalid' }),
      value: ZHours,
    }),
    /**
     * Hours until the next SLA breach: `less_than 0` is overdue, `less_than 4` due within four
     * hours (or overdue), `greater_than 24` due in more than a day. Tickets without a running
     * target match neither.
     */
    z.object({
      field: z.literal('hours_until_sla_breach'),
      operator: z.enum(['less_than', 'greater_than'], { error: 'enum_invalid' }),
      value: z
        .number({ error: 'field_invalid' })
        .min(-24 * 366, { error: 'field_invalid' })
        .max(24 * 366 * 10, { error: 'field_invalid' }),
    }),
    z.object({ field: z.literal('deleted'), operator: z.literal('is'), value: z.literal(true) }),
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
    all: z.array(ZViewCondition, { error: 'field_invalid' }).max(20, { error: 'field_too_long' }),
    any: z.array(ZViewCondition, { error: 'field_invalid' }).max(20, { error: 'field_too_long' }).default([]),
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
  view_id: z.number().int(),
  title: z.string(),
  conditions: ZViewConditions,
  columns: z.array(ZViewColumn),
  sort: ZTicketSort,
  group_by: ZViewGroupBy.nullable(),
  position: z.number().int(),
  view_state: enums.view_state.schema,
  share_type: ZViewShareType,
  /** The group of a `group` view. */
  group_id: z.number().int().nullable(),
};

/** A view as the sidebar lists it. */
export const ZTicketView = z.object({
  ...viewShape,
  /** Tickets in the view that the caller may see. */
  count: z.number().int(),
  /** True when `count` is an estimate (views of more than 10,000 tickets). */
  count_estimated: z.boolean(),
});
export type TTicketView = z.infer<typeof ZTicketView>;

export const ZTicketViewListResponse = z.object({ list: z.array(ZTicketView) });
export type TTicketViewListResponse = z.infer<typeof ZTicketViewListResponse>;

/** A view as the views editor shows it. */
export const ZViewSetting = z.object({
  ...viewShape,
  owner_id: z.number().int().nullable(),
  create_ts: z.number().int(),
  update_ts: z.number().int(),
});
export type TViewSetting = z.infer<typeof ZViewSetting>;

export const ZViewAllListResponse = z.object({ list: z.array(ZViewSetting) });
export type TViewAllListResponse = z.infer<typeof ZViewAllListResponse>;

export const ZViewGetRequest = z.object({ view_id: ZId });
export type TViewGetRequest = z.input<typeof ZViewGetRequest>;
export const ZViewGetResponse = ZViewSetting;

const viewInput = z.object({
  title: requiredText('required_view_title', 100),
  conditions: ZViewConditions.default({ all: [], any: [] }),
  columns: ZViewColumns,
  sort: ZTicketSort.default('-update_ts'),
  group_by: ZViewGroupBy.nullable().default(null),
  view_state: enums.view_state.schema.default('active'),
  share_type: ZViewShareType.default('all'),
  group_id: ZId.nullable().default(null),
});
const groupNamed = (v: { share_type: TViewShareType; group_id: number | null }) =>
  v.share_type !== 'group' || v.group_id !== null;

export const ZViewAddRequest = viewInput.refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TViewAddRequest = z.input<typeof ZViewAddRequest>;
export const ZViewAddResponse = z.object({ view_id: z.number().int() });
export type TViewAddResponse = z.infer<typeof ZViewAddResponse>;

export const ZViewEditRequest = viewInput
  .extend({ view_id: ZId })
  .refine(groupNamed, { error: 'required_field', path: ['group_id'] });
export type TViewEditRequest = z.input<typeof ZViewEditRequest>;

export const ZViewDeleteRequest = z.object({ view_ids: ZIdList.min(1, { error: 'required_field' }) });
export type TViewDeleteRequest = z.input<typeof ZViewDeleteRequest>;

/** The views in their new order (as dragged): each gets its place; views not sent keep theirs. */
export const ZViewSortRequest = z.object({
  view_ids: ZIdList.min(1, { error: 'required_field' }).max(500, { error: 'field_too_long' }),
});
export type TViewSortRequest = z.input<typeof ZViewSortRequest>;
