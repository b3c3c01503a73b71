import { fieldValueProblem, optionLabel, type TPublicField } from '@parley/contracts';
import { useState } from 'react';
import { Checkbox, TextArea, TextInput } from '../../components/light/inputs';
import { Select } from '../../components/light/Select';

/**
 * The input of one ticket field on the public form, by type (features/ticket-field's
 * FieldValueInput without Ant Design): dates are `YYYY-MM-DD` (the browser's date input), a
 * checkbox is true or false, a number is a number or null (or the text typed, while it is not one),
 * a nested drop-down offers its full paths only (a parent alone is no value).
 */
export function FieldInput({
  id,
  field,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  field: TPublicField;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const aria = {
    id,
    'aria-label': field.title,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  } as const;
  switch (field.field_type) {
    case 'textarea':
      return (
        <TextArea
          {...aria}
          minRows={2}
          maxRows={8}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
    case 'decimal':
      return <NumberInput aria={aria} field={field} value={value} onChange={onChange} />;
    case 'date':
      return (
        <TextInput
          {...aria}
          type="date"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value || null)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox {...aria} required={field.required} checked={value === true} onChange={onChange}>
          {field.title}
        </Checkbox>
      );
    case 'dropdown':
    case 'nested':
    case 'multiselect':
      return (
        <Select
          id={id}
          label={field.title}
          multiple={field.field_type === 'multiselect'}
          invalid={invalid}
          describedBy={describedBy}
          value={(value as string | string[] | null | undefined) ?? null}
          onChange={(v) => onChange(Array.isArray(v) && v.length === 0 ? null : v)}
          options={field.options.map((o) => ({ value: o.value, label: optionLabel(o.name) }))}
        />
      );
    default:
      return (
        <TextInput
          {...aria}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/**
 * A number as typed (a half-typed "1." stays in the box): the value is the number, null when the
 * box is empty, or the text itself when the field cannot hold it ("abc", 12.5 in a whole-number
 * field), for the form's check to point out; turned into null or rounded, it would be lost unseen.
 */
function NumberInput({
  aria,
  field,
  value,
  onChange,
}: {
  aria: Record<string, unknown>;
  field: TPublicField;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const parse = (text: string) => {
    if (text.trim() === '') {
      return null;
    }
    const n = Number(text);
    // Plain decimal text only: Number() would also take "0x1A", "1e3" or "Infinity".
    return /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(text) && fieldValueProblem(field, n) === null ? n : text;
  };
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // A value set from outside (a default) replaces what the box shows.
  const shown = parse(text) === (value ?? null) ? text : String(value ?? '');
  return (
    <TextInput
      {...aria}
      inputMode={field.field_type === 'number' ? 'numeric' : 'decimal'}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }}
    />
  );
}
