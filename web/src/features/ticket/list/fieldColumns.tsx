import { optionLabel, type TTicketField, type TTicketListItem } from '@parley/contracts';
import { Text } from '../../../components/Text';
import type { TListColumn } from './ListTable';

const dash = <Text type="secondary">—</Text>;

/** A custom field's value as a list cell: an option's name, a list of them, yes or no, or the text. */
export function fieldText(field: TTicketField | undefined, value: unknown, yes: string, no: string): string | null {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return null;
  }
  const name = (v: unknown) => {
    const option = field?.options.find((o) => o.value === v);
    return option ? optionLabel(option.name) : String(v);
  };
  if (Array.isArray(value)) {
    return value.map(name).join(', ');
  }
  if (typeof value === 'boolean') {
    return value ? yes : no;
  }
  return name(value);
}

/** The column of a view's `field_<id>`: titled by the field, its value from the row's `fields`. */
export function fieldColumn(
  key: `field_${number}`,
  field: TTicketField | undefined,
  yesNo: [string, string],
): TListColumn<TTicketListItem> {
  return {
    title: field?.title ?? key,
    key,
    render: (row: TTicketListItem) => {
      const text = fieldText(field, (row as { fields?: Record<string, unknown> }).fields?.[key], ...yesNo);
      return text === null ? dash : text;
    },
  };
}
