import { matchesPattern, type TPublicForm, visibleFieldIds } from '@parley/contracts';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../components/formRules';
import { translateMessage } from '../../i18n';
import { FieldValueInput } from './FieldValueInput';

const hasValue = (v: unknown) =>
  !(
    v === null ||
    v === undefined ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );

/**
 * The chosen form's fields on the public form, in its order, under `fields.field_<id>` of the
 * surrounding form: the customers' titles, their defaults filled in, a field hidden while its
 * condition does not hold, "required to submit" and a pattern checked as the server checks them.
 * Loaded only when a form has fields, so the public page stays small without them.
 */
export function PublicFieldItems({
  forms,
  form: ticketForm,
  onChoose,
}: {
  forms: ReadonlyArray<{ form_id: number; form_name: string }>;
  form: TPublicForm | null;
  onChoose: (formId: number) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const values = (Form.useWatch('fields', form) ?? {}) as Record<string, unknown>;
  useEffect(() => {
    if (!ticketForm) {
      return;
    }
    const current = (form.getFieldValue('fields') ?? {}) as Record<string, unknown>;
    const defaults = Object.fromEntries(
      ticketForm.fields
        .filter((f) => hasValue(f.default_value) && !hasValue(current[f.field_key]))
        .map((f) => [f.field_key, f.default_value]),
    );
    if (Object.keys(defaults).length) {
      form.setFieldsValue({ fields: { ...current, ...defaults } });
    }
  }, [ticketForm, form]);
  const visible = visibleFieldIds(
    { field_ids: ticketForm?.fields.map((f) => f.field_id) ?? [], conditions: ticketForm?.conditions ?? [] },
    values,
  );
  return (
    <>
      {forms.length > 1 && (
        <Form.Item label={t('home.form_choose')}>
          <Select
            aria-label={t('home.form_choose')}
            value={ticketForm?.form_id}
            onChange={(id: number) => onChoose(id)}
            options={forms.map((f) => ({ value: f.form_id, label: f.form_name }))}
          />
        </Form.Item>
      )}
      {(ticketForm?.fields ?? [])
        .filter((f) => visible.has(f.field_id))
        .map((f) => (
          <Form.Item
            key={f.field_id}
            name={['fields', f.field_key]}
            label={f.field_type === 'checkbox' ? undefined : f.title}
            extra={f.description || undefined}
            required={f.required}
            rules={[
              ...(f.required
                ? [{ required: true, whitespace: true, message: translateMessage('required_field') }]
                : []),
              ...(f.field_type === 'regex' && f.regex_pattern
                ? [
                    checkRule(
                      (v) => !hasValue(v) || matchesPattern(f.regex_pattern as string, String(v)),
                      'field_pattern',
                    ),
                  ]
                : []),
            ]}
          >
            <FieldValueInput field={f} />
          </Form.Item>
        ))}
    </>
  );
}
