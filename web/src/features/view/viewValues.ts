import type {
  TTicketSort,
  TViewAddRequest,
  TViewColumn,
  TViewCondition,
  TViewGroupBy,
  TViewSetting,
  TViewShareType,
} from '@parley/contracts';

/** A condition row as the form holds it: "none" stands for null, which a select cannot hold. */
export interface TConditionRow {
  field: TViewCondition['field'];
  field_id?: number;
  operator: string;
  value: unknown;
}

export interface TViewValues {
  title: string;
  active: boolean;
  share_type: TViewShareType;
  group_id?: number | null;
  all: TConditionRow[];
  any: TConditionRow[];
  columns: TViewColumn[];
  sort: TTicketSort;
  group_by: TViewGroupBy | 'none';
}

const toRow = (c: TViewCondition): TConditionRow => ({
  field: c.field,
  ...(c.field === 'custom_field' ? { field_id: c.field_id } : {}),
  operator: c.operator,
  value: (c.field === 'assignee_id' || c.field === 'group_id') && c.value === null ? 'none' : c.value,
});

const fromRow = (row: TConditionRow): TViewCondition =>
  ({
    field: row.field,
    ...(row.field === 'custom_field' ? { field_id: Number(row.field_id) } : {}),
    operator: row.operator,
    value:
      row.operator === 'present' || row.operator === 'not_present'
        ? null
        : row.value === 'none' || (row.field === 'company_id' && row.value === undefined)
          ? null
          : row.field === 'deleted'
            ? true
            : row.value,
  }) as TViewCondition;

export function valuesOf(view?: TViewSetting): TViewValues {
  return {
    title: view?.title ?? '',
    active: (view?.view_state ?? 'active') === 'active',
    share_type: view?.share_type ?? 'all',
    group_id: view?.group_id ?? null,
    all: view
      ? view.conditions.all.map(toRow)
      : [{ field: 'ticket_state', operator: 'in', value: ['new', 'open', 'pending'] }],
    any: view ? view.conditions.any.map(toRow) : [],
    columns: view?.columns ?? [
      'ticket_id',
      'subject',
      'requester',
      'ticket_state',
      'priority',
      'assignee',
      'update_ts',
    ],
    sort: view?.sort ?? '-update_ts',
    group_by: view?.group_by ?? 'none',
  };
}

export function requestOf(values: TViewValues): TViewAddRequest {
  return {
    title: values.title,
    view_state: values.active ? 'active' : 'inactive',
    share_type: values.share_type,
    group_id: values.share_type === 'group' ? (values.group_id ?? null) : null,
    conditions: { all: (values.all ?? []).map(fromRow), any: (values.any ?? []).map(fromRow) },
    columns: values.columns,
    sort: values.sort,
    group_by: values.group_by === 'none' ? null : values.group_by,
  };
}
