import { type TFormAddRequest, type TFormCondition, type TTicketForm, ZFormAddRequest } from '@parley/contracts';
import { Alert, Form, Input, Switch } from 'antd';
import { EditorForm, useEditorSave } from '../../components/EditorForm';
import { checkRule, schemaRule } from '../../components/formRules';
import type { TSaveCallOptions } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { useFieldList } from '../ticket-field/queries';
import { ConditionsEditor } from './ConditionsEditor';
import { FieldOrderList } from './FieldOrderList';
import { formKeys, formPaths } from './queries';

type TConditionValues = Array<Omit<TFormCondition, 'value'> & { value: string }>;

interface TFormValues {
  form_name: string;
  customer_title: string;
  field_ids: number[];
  conditions: TConditionValues;
  active: boolean;
  is_default: boolean;
}

/** Add or edit a ticket form: its fields in order, conditions among them, active, default. */
export function FormForm({
  ticketForm,
  call,
}: {
  ticketForm?: TTicketForm;
  call: (body: TFormAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFormValues>();
  const fields = useFieldList();
  const checkboxIds = new Set(
    (fields.data?.list ?? []).filter((f) => f.field_type === 'checkbox').map((f) => f.field_id),
  );
  const fieldIds = (Form.useWatch('field_ids', form) ?? ticketForm?.field_ids ?? []) as number[];
  const { save, saving } = useEditorSave({
    form,
    fieldNames: ['form_name', 'customer_title', 'field_ids', 'is_default', 'active'],
    call: (values, state, opts) =>
      call({ ...values, conditions: conditionsToWire(values.conditions ?? [], checkboxIds), form_state: state }, opts),
    invalidate: [formKeys.all],
    listPath: formPaths.list,
  });
  if (fields.isError) {
    return <Alert type="error" showIcon title={t('field.load_failed')} />;
  }
  return (
    <EditorForm<TFormValues>
      form={form}
      save={save}
      saving={saving}
      activeLabel={t('form.state')}
      cancelTo={formPaths.list}
      initialValues={{
        form_name: ticketForm?.form_name ?? '',
        customer_title: ticketForm?.customer_title ?? '',
        field_ids: ticketForm?.field_ids ?? [],
        conditions: (ticketForm?.conditions ?? []).map((c) => ({ ...c, value: String(c.value) })),
        active: (ticketForm?.form_state ?? 'active') === 'active',
        is_default: ticketForm?.is_default ?? false,
      }}
    >
      <Form.Item name="form_name" label={t('form.name')} rules={[schemaRule(ZFormAddRequest.shape.form_name)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="customer_title" label={t('form.customer_title')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="field_ids"
        label={t('form.fields')}
        required
        rules={[checkRule((v) => Array.isArray(v) && v.length > 0, 'must_choose_fields')]}
      >
        <FieldOrderList fields={fields.data?.list ?? []} />
      </Form.Item>
      <ConditionsEditor fields={fields.data?.list ?? []} fieldIds={fieldIds} />
      <Form.Item name="is_default" valuePropName="checked" label={t('form.default')}>
        <Switch disabled={ticketForm?.is_default === true} />
      </Form.Item>
    </EditorForm>
  );
}

/** A checkbox parent's value is edited as `true`/`false` text (a select holds no booleans). */
function conditionsToWire(conditions: TConditionValues, checkboxIds: Set<number>): TFormCondition[] {
  return conditions.map((c) => ({
    ...c,
    value: checkboxIds.has(c.parent_field_id) ? c.value === 'true' : c.value,
  }));
}
