import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { nestedSeparator, type TFieldType } from '@parley/contracts';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { checkRule } from '../../components/formRules';
import { useTranslation } from '../../i18n/useTranslation';

const levelsNamed = (value: unknown) =>
  typeof value !== 'string' || value.split(nestedSeparator).every((level) => level.trim() !== '');

/**
 * The values of a drop-down, multi-select or nested drop-down: a name as people read it and the
 * value stored (made from the name when left empty). A nested value names every level
 * (`Hardware::Printer`); a missing parent says "Parent value is required" as the server does.
 */
export function OptionsEditor({ type }: { type: TFieldType }) {
  const { t } = useTranslation();
  const nested = type === 'nested';
  return (
    <Form.Item label={t('field.options')} extra={nested ? t('field.options_nested_hint') : undefined} required>
      <Form.List name="options">
        {(items, { add, remove }) => (
          <Flex vertical gap={8}>
            {items.map((item, i) => (
              <Flex key={item.key} gap={8} align="start">
                <Form.Item
                  name={[item.name, 'name']}
                  noStyle={false}
                  style={{ flex: 2, marginBottom: 0 }}
                  rules={[
                    // "Name is required" (the bare word "Name" read as a label, not as what is wrong).
                    checkRule((v) => typeof v === 'string' && v.trim() !== '', 'required_name'),
                    ...(nested ? [checkRule(levelsNamed, 'parent_required')] : []),
                  ]}
                >
                  <Input
                    aria-label={`${t('field.option_name')} ${i + 1}`}
                    placeholder={nested ? 'Hardware::Printer' : t('field.option_name')}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'value']} style={{ flex: 1, marginBottom: 0 }}>
                  <Input aria-label={`${t('field.option_value')} ${i + 1}`} placeholder={t('field.option_value')} />
                </Form.Item>
                <Button
                  aria-label={`${t('field.option_remove')} ${i + 1}`}
                  icon={<DeleteOutlined aria-hidden />}
                  onClick={() => remove(item.name)}
                />
              </Flex>
            ))}
            {items.length === 0 && <Typography.Text type="secondary">{t('field.none')}</Typography.Text>}
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => add({ name: '', value: '' })}
              style={{ alignSelf: 'start' }}
            >
              {t('field.option_add')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
