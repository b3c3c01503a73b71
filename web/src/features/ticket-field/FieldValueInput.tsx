import { optionLabel, type TFieldType } from '@parley/contracts';
import { Checkbox, Input, InputNumber, Select } from 'antd';

/** What an input needs of a field (a definition, or the public form's view of one). */
export interface TFieldInputShape {
  field_type: TFieldType;
  options: ReadonlyArray<{ name: string; value: string }>;
  title?: string;
}

/**
 * The input of one field value, by type; used inside a `Form.Item` (value and onChange come
 * from it). Dates are `YYYY-MM-DD` (the browser's date input), a checkbox is true or false, a
 * nested drop-down offers its full paths only (a parent alone is no value).
 */
export function FieldValueInput({
  field,
  value,
  onChange,
  id,
  disabled,
}: {
  field: TFieldInputShape;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
}) {
  const change = (v: unknown) => onChange?.(v);
  const label = field.title;
  switch (field.field_type) {
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          aria-label={label}
          autoSize={{ minRows: 2, maxRows: 8 }}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => change(e.target.value)}
          disabled={disabled}
        />
      );
    case 'number':
    case 'decimal':
      return (
        <InputNumber
          id={id}
          aria-label={label}
          style={{ width: '100%' }}
          precision={field.field_type === 'number' ? 0 : undefined}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => change(v ?? null)}
          disabled={disabled}
        />
      );
    case 'date':
      return (
        <Input
          id={id}
          aria-label={label}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => change(e.target.value || null)}
          disabled={disabled}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          id={id}
          aria-label={label}
          checked={value === true}
          onChange={(e) => change(e.target.checked)}
          disabled={disabled}
        >
          {label}
        </Checkbox>
      );
    case 'dropdown':
    case 'nested':
    case 'multiselect':
      return (
        <Select
          id={id}
          aria-label={label}
          mode={field.field_type === 'multiselect' ? 'multiple' : undefined}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={(value as string | string[] | null | undefined) ?? undefined}
          onChange={(v) => change(v ?? null)}
          options={field.options.map((o) => ({ value: o.value, label: optionLabel(o.name) }))}
          disabled={disabled}
        />
      );
    default:
      return (
        <Input
          id={id}
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => change(e.target.value)}
          disabled={disabled}
        />
      );
  }
}
