import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnum } from '../../components/enumOptions';
import { CompanySelect } from '../company/CompanySelect';
import { RequesterSelect } from '../ticket/RequesterSelect';
import { useStaffNames } from '../ticket/useNames';
import { conditionOperators, type TConditionField } from './viewLabels';

/** The first operator and an empty value of a field, for a row whose field was just chosen. */
export function freshCondition(field: TConditionField) {
  const operator = conditionOperators[field][0];
  const value = ['ticket_state', 'priority', 'ticket_type', 'satisfaction'].includes(field)
    ? []
    : field === 'deleted'
      ? true
      : field.startsWith('hours_since')
        ? 24
        : undefined;
  return { field, operator, value };
}

const enumOf = {
  ticket_state: 'ticket_state',
  priority: 'ticket_priority',
  ticket_type: 'ticket_type',
  satisfaction: 'satisfaction',
} as const;

/** One condition: a property, how it compares, and the value it is compared with. */
export function ConditionRow({
  listName,
  name,
  onRemove,
  allowDeleted,
}: {
  listName: string[];
  name: number;
  onRemove: () => void;
  allowDeleted: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const field = Form.useWatch([...listName, name, 'field'], form) as TConditionField | undefined;
  const states = useEnum('ticket_state').options;
  const priorities = useEnum('ticket_priority').options;
  const types = useEnum('ticket_type').options;
  const satisfactions = useEnum('satisfaction').options;
  const staff = useStaffNames();
  const options = { ticket_state: states, priority: priorities, ticket_type: types, satisfaction: satisfactions };
  const fields = (Object.keys(conditionOperators) as TConditionField[]).filter((f) => allowDeleted || f !== 'deleted');

  const valueInput = () => {
    switch (field) {
      case 'ticket_state':
      case 'priority':
      case 'ticket_type':
      case 'satisfaction':
        return <Select mode="multiple" options={options[field]} aria-label={t(`view.field.${enumOf[field]}`)} />;
      case 'assignee_id':
        return (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: 'current_user', label: t('view.current_user') },
              { value: 'none', label: t('ticket.unassigned') },
              ...staff.agentOptions,
            ]}
          />
        );
      case 'group_id':
        return (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={[
              { value: 'current_user_groups', label: t('view.current_user_groups') },
              { value: 'none', label: t('ticket.no_group') },
              ...staff.groupOptions,
            ]}
          />
        );
      case 'requester_id':
        return <RequesterSelect />;
      case 'company_id':
        return <CompanySelect />;
      case 'tags':
        return <Input placeholder={t('view.tag_placeholder')} maxLength={80} />;
      case 'hours_since_create':
      case 'hours_since_update':
      case 'hours_since_solved':
        return <InputNumber min={1} max={87_840} addonAfter={t('view.hours')} style={{ width: '100%' }} />;
      default:
        return null;
    }
  };

  return (
    <Flex gap={8} align="flex-start" wrap data-testid="view-condition">
      <Form.Item name={[name, 'field']} style={{ width: 220, marginBottom: 8 }}>
        <Select
          aria-label={t('view.condition_field')}
          options={fields.map((f) => ({ value: f, label: t(`view.field.${f}`) }))}
          onChange={(next: TConditionField) => form.setFieldValue([...listName, name], freshCondition(next))}
        />
      </Form.Item>
      <Form.Item name={[name, 'operator']} style={{ width: 150, marginBottom: 8 }}>
        <Select
          aria-label={t('view.condition_operator')}
          options={(field ? conditionOperators[field] : []).map((o) => ({ value: o, label: t(`view.op.${o}`) }))}
        />
      </Form.Item>
      {field !== undefined && field !== 'deleted' && (
        <Form.Item
          name={[name, 'value']}
          style={{ flex: 1, minWidth: 200, marginBottom: 8 }}
          rules={[{ required: field !== 'company_id', message: t('view.value_required') }]}
        >
          {valueInput()}
        </Form.Item>
      )}
      <Button type="text" icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={onRemove} />
    </Flex>
  );
}
