import { matchesPattern, type TPublicField, type TPublicForm, visibleFieldIds } from '@parley/contracts';
import { type RefObject, useEffect } from 'react';
import { Field } from '../../components/light/form';
import { Select } from '../../components/light/Select';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { FieldInput } from './FieldInput';

const hasValue = (v: unknown) =>
  !(
    v === null ||
    v === undefined ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );

/**
 * "Required to submit" and a pattern, checked as the server checks them, and a number input's
 * text that is no number the field holds; null when the value passes.
 */
function problemOf(field: TPublicField, value: unknown): string | null {
  // A checkbox's false is a value (as on the server).
  if (field.required && !hasValue(value)) {
    return translateMessage('required_field');
  }
  if ((field.field_type === 'number' || field.field_type === 'decimal') && typeof value === 'string') {
    return translateMessage(field.field_type === 'number' ? 'field_whole_number' : 'field_number');
  }
  if (field.field_type === 'regex' && field.regex_pattern && hasValue(value)) {
    return matchesPattern(field.regex_pattern, String(value)) ? null : translateMessage('field_pattern');
  }
  return null;
}

/**
 * The chosen ticket form's fields on the public form, in its order, under `field_<id>`: the
 * customers' titles, their defaults filled in, a field hidden while its condition does not hold,
 * "required to submit" and a pattern checked as the server checks them. Loaded only when a form
 * has fields; built without Ant Design like the rest of the public form.
 */
export function PublicFields({
  forms,
  form,
  onChoose,
  values,
  onChange,
  errors,
  checkRef,
}: {
  forms: ReadonlyArray<{ form_id: number; form_name: string }>;
  form: TPublicForm | null;
  onChoose: (formId: number) => void;
  values: Record<string, unknown>;
  onChange: (values: Record<string, unknown>, changed: string) => void;
  errors: Record<string, string>;
  /** Set to the check of the visible fields: their messages by `field_<id>`. */
  checkRef: RefObject<() => Record<string, string>>;
}) {
  const { t } = useTranslation();
  // The form's defaults, where the visitor has typed nothing yet: once per chosen form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: not again when values change
  useEffect(() => {
    if (!form) {
      return;
    }
    const defaults = Object.fromEntries(
      form.fields
        .filter((f) => hasValue(f.default_value) && !hasValue(values[f.field_key]))
        .map((f) => [f.field_key, f.default_value]),
    );
    if (Object.keys(defaults).length) {
      onChange({ ...values, ...defaults }, '');
    }
  }, [form]);
  const visible = visibleFieldIds(
    { field_ids: form?.fields.map((f) => f.field_id) ?? [], conditions: form?.conditions ?? [] },
    values,
  );
  const shown = (form?.fields ?? []).filter((f) => visible.has(f.field_id));
  checkRef.current = () =>
    Object.fromEntries(
      shown.flatMap((f) => {
        const problem = problemOf(f, values[f.field_key]);
        return problem ? [[f.field_key, problem]] : [];
      }),
    );

  return (
    <>
      {forms.length > 1 && (
        <Field id="home-form-choice" label={t('home.form_choose')}>
          <Select
            id="home-form-choice"
            label={t('home.form_choose')}
            value={form ? String(form.form_id) : null}
            onChange={(id) => typeof id === 'string' && onChoose(Number(id))}
            options={forms.map((f) => ({ value: String(f.form_id), label: f.form_name }))}
          />
        </Field>
      )}
      {shown.map((f) => {
        const id = `home-${f.field_key}`;
        const error = errors[f.field_key];
        return (
          <Field
            key={f.field_id}
            id={id}
            label={f.title}
            labelled={f.field_type !== 'checkbox'}
            required={f.required}
            error={error}
            extra={f.description || undefined}
          >
            <FieldInput
              id={id}
              field={f}
              invalid={Boolean(error)}
              describedBy={error || f.description ? `${id}-help` : undefined}
              value={values[f.field_key]}
              onChange={(v) => onChange({ ...values, [f.field_key]: v }, f.field_key)}
            />
          </Field>
        );
      })}
    </>
  );
}
