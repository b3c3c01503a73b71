import { fieldKey, type TTicketField, type TTicketForm, visibleFieldIds } from '@parley/contracts';
import { Divider, Form, Select } from 'antd';
import { isApiError } from '../../api/errors';
import { Text } from '../../components/Text';
import { useTranslation } from '../../i18n/useTranslation';
import { useFormList } from '../ticket-form/queries';
import { FieldValueInput } from './FieldValueInput';
import { useFieldList } from './queries';

/**
 * The fields a ticket shows: those of its form (the default form while it has none) in the
 * form's order, hidden while a condition says so; without any form, every active field. Each
 * value is `fields.field_<id>` of the surrounding form; the form itself is `form_id`.
 */
export function fieldsToShow(
  fields: TTicketField[],
  form: TTicketForm | undefined,
  values: Record<string, unknown>,
): TTicketField[] {
  const byId = new Map(fields.map((f) => [f.field_id, f]));
  if (!form) {
    return fields.filter((f) => f.field_state === 'active');
  }
  const visible = visibleFieldIds(form, values);
  return form.field_ids
    .filter((id) => visible.has(id))
    .map((id) => byId.get(id))
    .filter(
      (f): f is TTicketField => f !== undefined && (f.field_state === 'active' || values[fieldKey(f.field_id)] != null),
    );
}

/** The ticket form and field inputs, inside the ticket's properties form or the new-ticket form. */
export function TicketFieldItems({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fields = useFieldList(true);
  const forms = useFormList(true);
  const formId = Form.useWatch('form_id', form) as number | null | undefined;
  const values = (Form.useWatch('fields', form) ?? {}) as Record<string, unknown>;
  const all = forms.data?.list ?? [];
  const chosen = all.find((f) => f.form_id === formId) ?? all.find((f) => f.is_default);
  const shown = fieldsToShow(fields.data?.list ?? [], chosen, values);
  if (fields.isError || forms.isError) {
    const absent = [fields.error, forms.error].every((e) => !e || (isApiError(e) && ['0403', '0404'].includes(e.code)));
    return absent ? null : <Text type="danger">{t('field.load_failed')}</Text>;
  }
  if (all.length === 0 && shown.length === 0) {
    return null;
  }
  return (
    <>
      <Divider plain titlePlacement="start" style={{ margin: '8px 0' }}>
        {t('field.panel')}
      </Divider>
      {all.length > 0 && (
        <Form.Item name="form_id" label={t('field.form')}>
          <Select
            disabled={disabled}
            placeholder={chosen?.form_name}
            options={all
              .filter((f) => f.form_state === 'active' || f.form_id === formId)
              .map((f) => ({ value: f.form_id, label: f.form_name }))}
          />
        </Form.Item>
      )}
      {shown.map((f) =>
        f.field_type === 'checkbox' ? (
          <Form.Item key={f.field_id} name={['fields', fieldKey(f.field_id)]} extra={f.description || undefined}>
            <FieldValueInput field={f} disabled={disabled} />
          </Form.Item>
        ) : (
          <Form.Item
            key={f.field_id}
            name={['fields', fieldKey(f.field_id)]}
            label={f.title}
            extra={f.description || undefined}
            required={f.required_to_solve}
          >
            <FieldValueInput field={{ ...f, title: f.title }} disabled={disabled} />
          </Form.Item>
        ),
      )}
    </>
  );
}
