import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTicketField } from '@parley/contracts';
import { Button, Flex, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from '../../i18n/useTranslation';
import { FieldValueInput } from '../ticket-field/FieldValueInput';
import { useFieldList } from '../ticket-field/queries';
import type { TNoteFieldRow } from './noteValues';

/**
 * "Set ticket fields" in the note editor: one row per field, its value entered with the input the
 * ticket page uses (an empty value clears the field). Inactive fields are offered only where a
 * note already sets them.
 */
export function NoteFieldActions() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fields = useFieldList(true);
  const rows = (Form.useWatch('fields', form) ?? []) as Array<TNoteFieldRow | undefined>;
  const all = fields.data?.list ?? [];
  const byKey = new Map(all.map((f) => [f.field_key, f]));
  const chosen = new Set(rows.map((r) => r?.key));
  const offered = (f: TTicketField, own: string | undefined) =>
    f.field_key === own || (f.field_state === 'active' && !chosen.has(f.field_key));
  return (
    <Form.Item label={t('note_fields.label')} extra={t('note_fields.hint')}>
      <Form.List name="fields">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.map((item, i) => {
              const own = rows[i]?.key;
              const field = own ? byKey.get(own) : undefined;
              return (
                <Flex key={item.key} gap={8} align="start" data-testid="note-field-row">
                  <Form.Item
                    name={[item.name, 'key']}
                    style={{ flex: 1, marginBottom: 0 }}
                    rules={[{ required: true, message: t('note_fields.choose') }]}
                  >
                    <Select
                      aria-label={`${t('note_fields.field')} ${i + 1}`}
                      placeholder={t('note_fields.choose')}
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={fields.isLoading}
                      onChange={() => form.setFieldValue(['fields', item.name, 'value'], null)}
                      options={all.filter((f) => offered(f, own)).map((f) => ({ value: f.field_key, label: f.title }))}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'value']} style={{ flex: 2, marginBottom: 0 }}>
                    {field ? (
                      <FieldValueInput field={{ ...field, title: `${t('note_fields.value')} ${i + 1}` }} />
                    ) : (
                      <Input disabled aria-label={`${t('note_fields.value')} ${i + 1}`} />
                    )}
                  </Form.Item>
                  <Button
                    aria-label={`${t('note_fields.remove')} ${i + 1}`}
                    icon={<DeleteOutlined aria-hidden />}
                    onClick={() => remove(item.name)}
                  />
                </Flex>
              );
            })}
            {fields.isError && <Typography.Text type="danger">{t('field.load_failed')}</Typography.Text>}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ key: undefined, value: null })}
              disabled={!all.some((f) => offered(f, undefined))}
              style={{ alignSelf: 'start' }}
            >
              {t('note_fields.add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
