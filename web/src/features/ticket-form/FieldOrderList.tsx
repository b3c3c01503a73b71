import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import type { TTicketField } from '@parley/contracts';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { PlainList } from '../../components/PlainList';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * The fields of a form in their order: pick one to add it at the end, move it up or down with
 * the buttons (keyboard: Tab to a button, Enter), remove it.
 */
export function FieldOrderList({
  fields,
  value = [],
  onChange,
  id,
}: {
  fields: TTicketField[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const byId = new Map(fields.map((f) => [f.field_id, f]));
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item as number);
    onChange?.(next);
  };
  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        aria-label={t('form.fields')}
        placeholder={t('form.fields_hint')}
        value={null}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(fieldId: number) => onChange?.([...value, fieldId])}
        options={fields
          .filter((f) => !value.includes(f.field_id))
          .map((f) => ({ value: f.field_id, label: `${f.title} (${t(`field.type_${f.field_type}`)})` }))}
      />
      <PlainList
        bordered
        items={value}
        itemKey={(fieldId) => fieldId}
        empty={t('form.fields_hint')}
        renderItem={(fieldId, i) => {
          const f = byId.get(fieldId);
          return (
            <>
              <Flex gap={8} align="center">
                <Typography.Text>{f?.title ?? `#${fieldId}`}</Typography.Text>
                {f && <Tag>{t(`field.type_${f.field_type}`)}</Tag>}
                {f?.field_state === 'inactive' && <Tag>{t('field.state_inactive')}</Tag>}
              </Flex>
              <Flex gap={8}>
                <Button
                  size="small"
                  aria-label={t('form.move_up')}
                  icon={<ArrowUpOutlined aria-hidden />}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  size="small"
                  aria-label={t('form.move_down')}
                  icon={<ArrowDownOutlined aria-hidden />}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  size="small"
                  aria-label={t('form.remove_field')}
                  icon={<CloseOutlined aria-hidden />}
                  onClick={() => onChange?.(value.filter((x) => x !== fieldId))}
                />
              </Flex>
            </>
          );
        }}
      />
    </Flex>
  );
}
