import {
  choiceFieldTypes,
  fieldTypes,
  optionValueOf,
  type TFieldAddRequest,
  type TFieldType,
  type TFieldValue,
  type TTicketField,
  ZFieldAddRequest,
} from '@parley/contracts';
import { Checkbox, Form, Input, Select, Switch } from 'antd';
import { EditorForm, useEditorSave } from '../../components/EditorForm';
import { checkRule, schemaRule } from '../../components/formRules';
import type { TSaveCallOptions } from '../../components/useSave';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { FieldValueInput } from './FieldValueInput';
import { OptionsEditor } from './OptionsEditor';
import { fieldKeys, fieldPaths } from './queries';

interface TFieldValues {
  field_type: TFieldType;
  title: string;
  customer_title: string;
  description: string;
  customer_visible: boolean;
  customer_editable: boolean;
  required_to_submit: boolean;
  required_to_solve: boolean;
  has_default: boolean;
  default_value: TFieldValue;
  options: Array<{ name: string; value: string }>;
  regex_pattern: string | null;
  active: boolean;
}

/** Add or edit a ticket field: the options editor follows the type; the type of a saved field is fixed. */
export function FieldForm({
  field,
  call,
}: {
  field?: TTicketField;
  call: (body: TFieldAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TFieldValues>();
  const type = Form.useWatch('field_type', form) ?? field?.field_type ?? 'text';
  const hasDefault = Form.useWatch('has_default', form) ?? false;
  const editable = Form.useWatch('customer_editable', form) ?? false;
  const options = (Form.useWatch('options', form) ?? []) as TFieldValues['options'];
  const choice = choiceFieldTypes.includes(type);
  const { save, saving } = useEditorSave({
    form,
    fieldNames: ['field_type', 'title', 'customer_title', 'description', 'default_value', 'options', 'regex_pattern'],
    call: (values, state, opts) =>
      call(
        {
          ...values,
          field_state: state,
          options: choice ? values.options : [],
          regex_pattern: type === 'regex' ? values.regex_pattern : null,
          default_value: values.has_default ? (values.default_value ?? null) : null,
        },
        opts,
      ),
    invalidate: [fieldKeys.all],
    listPath: fieldPaths.list,
  });
  const shape = ZFieldAddRequest.shape;
  const defaultOptions = options
    .filter((o) => o?.name?.trim())
    .map((o) => ({ name: o.name, value: o.value?.trim() || optionValueOf(o.name) }));

  return (
    <EditorForm<TFieldValues>
      form={form}
      save={save}
      saving={saving}
      activeLabel={t('field.active')}
      cancelTo={fieldPaths.list}
      initialValues={{
        field_type: field?.field_type ?? 'text',
        title: field?.title ?? '',
        customer_title: field?.customer_title ?? '',
        description: field?.description ?? '',
        customer_visible: field?.customer_visible ?? false,
        customer_editable: field?.customer_editable ?? false,
        required_to_submit: field?.required_to_submit ?? false,
        required_to_solve: field?.required_to_solve ?? false,
        has_default: field?.has_default ?? false,
        default_value: field?.default_value ?? null,
        options: field?.options ?? [],
        regex_pattern: field?.regex_pattern ?? null,
        active: (field?.field_state ?? 'active') === 'active',
      }}
    >
      <Form.Item name="field_type" label={t('field.type')} required>
        <Select
          disabled={field !== undefined}
          options={fieldTypes.map((v) => ({ value: v, label: t(`field.type_${v}`) }))}
          onChange={(v: TFieldType) => {
            form.setFieldValue('default_value', null);
            if (choiceFieldTypes.includes(v) && (form.getFieldValue('options') ?? []).length === 0) {
              form.setFieldValue('options', [{ name: '', value: '' }]);
            }
          }}
        />
      </Form.Item>
      <Form.Item name="title" label={t('field.title')} rules={[schemaRule(shape.title)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="customer_title" label={t('field.customer_title')} extra={t('field.customer_title_hint')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
      </Form.Item>
      {choice && <OptionsEditor type={type} />}
      {type === 'regex' && (
        <Form.Item
          name="regex_pattern"
          label={t('field.regex_pattern')}
          extra={t('field.regex_hint')}
          required
          rules={[checkRule((v) => typeof v === 'string' && isPattern(v), 'regex_invalid')]}
        >
          <Input maxLength={500} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
      <Form.Item label={t('field.customers')}>
        <Form.Item name="customer_visible" valuePropName="checked" noStyle>
          <Checkbox disabled={editable}>{t('field.customer_visible')}</Checkbox>
        </Form.Item>
        <Form.Item name="customer_editable" valuePropName="checked" noStyle>
          <Checkbox
            onChange={(e) => {
              if (e.target.checked) {
                form.setFieldValue('customer_visible', true);
              } else {
                form.setFieldValue('required_to_submit', false);
              }
            }}
          >
            {t('field.customer_editable')}
          </Checkbox>
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('field.rules')}>
        <Form.Item name="required_to_submit" valuePropName="checked" noStyle>
          <Checkbox disabled={!editable}>{t('field.required_to_submit')}</Checkbox>
        </Form.Item>
        <Form.Item name="required_to_solve" valuePropName="checked" noStyle>
          <Checkbox>{t('field.required_to_solve')}</Checkbox>
        </Form.Item>
      </Form.Item>
      <Form.Item name="has_default" valuePropName="checked" label={t('field.has_default')}>
        <Switch />
      </Form.Item>
      {hasDefault && (
        <Form.Item
          name="default_value"
          label={t('field.default_value')}
          required
          // A rule that is not "required" is skipped for an empty value: this one must not be.
          rules={[{ required: true, whitespace: true, message: translateMessage('null_default') }]}
        >
          <FieldValueInput field={{ field_type: type, options: defaultOptions, title: t('field.default_value') }} />
        </Form.Item>
      )}
    </EditorForm>
  );
}

function isPattern(pattern: string) {
  try {
    new RegExp(pattern, 'u');
    return pattern.trim() !== '';
  } catch {
    return false;
  }
}
