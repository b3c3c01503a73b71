import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { optionLabel, type TTicketField } from '@parley/contracts';
import { Button, Flex, Form, Select, Typography } from 'antd';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';

const parentTypes = ['dropdown', 'nested', 'checkbox', 'multiselect'];

/**
 * "When field A is X, show fields B, C": parents are the form's drop-downs and checkboxes (a
 * checkbox's value is edited as the text `true`/`false`: see `conditionsToWire`).
 */
export function ConditionsEditor({ fields, fieldIds }: { fields: TTicketField[]; fieldIds: number[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const inForm = fieldIds
    .map((id) => fields.find((f) => f.field_id === id))
    .filter((f): f is TTicketField => Boolean(f));
  const parents = inForm.filter((f) => parentTypes.includes(f.field_type));
  const conditions = (Form.useWatch('conditions', form) ?? []) as Array<{ parent_field_id?: number }>;
  return (
    <Form.Item label={t('form.conditions')} extra={t('form.conditions_hint')}>
      <Form.List name="conditions">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.map((item, i) => {
              const parent = fields.find((f) => f.field_id === conditions[i]?.parent_field_id);
              const values =
                parent?.field_type === 'checkbox'
                  ? [
                      { value: 'true', label: t('form.checked') },
                      { value: 'false', label: t('form.unchecked') },
                    ]
                  : (parent?.options ?? []).map((o) => ({ value: o.value, label: optionLabel(o.name) }));
              return (
                <Flex key={item.key} gap={8} align="start" wrap>
                  <Typography.Text style={{ lineHeight: '32px' }}>{t('form.when')}</Typography.Text>
                  <Form.Item
                    name={[item.name, 'parent_field_id']}
                    style={{ minWidth: 180, marginBottom: 0 }}
                    rules={[{ required: true, message: t('form.when') }]}
                  >
                    <Select
                      aria-label={`${t('form.when')} ${i + 1}`}
                      options={parents.map((f) => ({ value: f.field_id, label: f.title }))}
                      onChange={() => form.setFieldValue(['conditions', item.name, 'value'], undefined)}
                    />
                  </Form.Item>
                  <Typography.Text style={{ lineHeight: '32px' }}>{t('form.is')}</Typography.Text>
                  <Form.Item
                    name={[item.name, 'value']}
                    style={{ minWidth: 160, marginBottom: 0 }}
                    rules={[{ required: true, message: t('form.is') }]}
                  >
                    <Select aria-label={`${t('form.is')} ${i + 1}`} options={values} />
                  </Form.Item>
                  <Typography.Text style={{ lineHeight: '32px' }}>{t('form.show')}</Typography.Text>
                  <Form.Item
                    name={[item.name, 'child_field_ids']}
                    style={{ minWidth: 220, flex: 1, marginBottom: 0 }}
                    rules={[{ required: true, type: 'array', min: 1, message: translateMessage('must_choose_fields') }]}
                  >
                    <Select
                      aria-label={`${t('form.show')} ${i + 1}`}
                      mode="multiple"
                      options={inForm
                        .filter((f) => f.field_id !== conditions[i]?.parent_field_id)
                        .map((f) => ({ value: f.field_id, label: f.title }))}
                    />
                  </Form.Item>
                  <Button
                    aria-label={`${t('form.condition_remove')} ${i + 1}`}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(item.name)}
                  />
                </Flex>
              );
            })}
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={parents.length === 0}
              onClick={() => add({ child_field_ids: [] })}
              style={{ alignSelf: 'start' }}
            >
              {t('form.condition_add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
