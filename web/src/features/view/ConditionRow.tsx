import { DeleteOutlined } from '@ant-design/icons';
import { choiceFieldTypes, fieldOperatorsOf, isFieldColumn, optionLabel, type TTicketField } from '@parley/contracts';
import { Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { NumberWithUnit } from '../../components/NumberWithUnit';
import { useTranslation } from '../../i18n/useTranslation';
import { CompanySelect } from '../../pickers/CompanySelect';
import { RequesterSelect } from '../ticket/shared/RequesterSelect';
import { useStaffNames } from '../ticket/shared/useNames';
import { useFieldDefs } from './useFieldDefs';
import { conditionOperators, type TConditionField } from './viewLabels';

/** A row for a custom field: its first operator, no value yet. */
export function freshFieldCondition(field: TTicketField) {
  return {
    field: 'custom_field',
    field_id: field.field_id,
    operator: fieldOperatorsOf(field.field_type)[0],
    value: null,
  };
}

/** The value input of a custom field's condition, by the field's type. */
function FieldValueInput({
  field,
  ...props
}: {
  field: TTicketField;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation();
  if (choiceFieldTypes.includes(field.field_type)) {
    return <Select {...props} options={field.options.map((o) => ({ value: o.value, label: optionLabel(o.name) }))} />;
  }
  if (field.field_type === 'checkbox') {
    return (
      <Select
        {...props}
        options={[
          { value: true, label: t('view.yes') },
          { value: false, label: t('view.no') },
        ]}
      />
    );
  }
  if (field.field_type === 'number' || field.field_type === 'decimal') {
    return <InputNumber {...(props as object)} style={{ width: '100%' }} />;
  }
  return <Input {...(props as object)} placeholder={field.field_type === 'date' ? 'YYYY-MM-DD' : undefined} />;
}

/** The first operator and an empty value of a field, for a row whose field was just chosen. */
export function freshCondition(field: TConditionField) {
  const operator = conditionOperators[field][0];
  const value = ['ticket_state', 'priority', 'ticket_type', 'satisfaction'].includes(field)
    ? []
    : field === 'deleted'
      ? true
      : field.startsWith('hours_')
        ? field === 'hours_until_sla_breach'
          ? 4
          : 24
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
  const field = Form.useWatch([...listName, name, 'field'], form) as TConditionField | 'custom_field' | undefined;
  const fieldId = Form.useWatch([...listName, name, 'field_id'], form) as number | undefined;
  const operator = Form.useWatch([...listName, name, 'operator'], form) as string | undefined;
  const defs = useFieldDefs().data?.list ?? [];
  const custom = field === 'custom_field' ? defs.find((f) => f.field_id === fieldId) : undefined;
  const states = useEnum('ticket_state').options;
  const priorities = useEnum('ticket_priority').options;
  const types = useEnum('ticket_type').options;
  const satisfactions = useEnum('satisfaction').options;
  const staff = useStaffNames();
  const options = { ticket_state: states, priority: priorities, ticket_type: types, satisfaction: satisfactions };
  const fields = (Object.keys(conditionOperators) as TConditionField[]).filter((f) => allowDeleted || f !== 'deleted');
  const active = defs.filter((f) => f.field_state === 'active' || f.field_id === fieldId);
  const operators = custom
    ? fieldOperatorsOf(custom.field_type)
    : field && field !== 'custom_field'
      ? conditionOperators[field]
      : [];
  const needsValue = field !== undefined && field !== 'deleted' && operator !== 'present' && operator !== 'not_present';

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
        return <NumberWithUnit min={1} max={87_840} unit={t('view.hours')} style={{ width: '100%' }} />;
      case 'hours_until_sla_breach':
        return (
          <NumberWithUnit
            min={-8_784}
            max={87_840}
            unit={t('view.hours')}
            style={{ width: '100%' }}
            aria-label={t('view.field.hours_until_sla_breach')}
          />
        );
      case 'custom_field':
        return custom ? <FieldValueInput field={custom} /> : null;
      default:
        return null;
    }
  };

  return (
    <Flex gap={8} align="flex-start" wrap data-testid="view-condition">
      <Form.Item name={[name, 'field']} hidden>
        <Input />
      </Form.Item>
      <Form.Item name={[name, 'field_id']} hidden>
        <Input />
      </Form.Item>
      <Form.Item style={{ width: 220, marginBottom: 8 }}>
        <Select
          aria-label={t('view.condition_field')}
          showSearch={{ optionFilterProp: 'label' }}
          value={field === 'custom_field' ? `field_${fieldId}` : field}
          options={[
            ...fields.map((f) => ({ value: f, label: t(`view.field.${f}`) })),
            ...(active.length
              ? [
                  {
                    label: t('view.custom_fields'),
                    options: active.map((f) => ({ value: `field_${f.field_id}`, label: f.title })),
                  },
                ]
              : []),
          ]}
          onChange={(next: string) => {
            const def = isFieldColumn(next) ? defs.find((f) => `field_${f.field_id}` === next) : undefined;
            form.setFieldValue(
              [...listName, name],
              def ? freshFieldCondition(def) : freshCondition(next as TConditionField),
            );
          }}
        />
      </Form.Item>
      <Form.Item name={[name, 'operator']} style={{ width: 150, marginBottom: 8 }}>
        <Select
          aria-label={t('view.condition_operator')}
          options={operators.map((o) => ({ value: o, label: t(`view.op.${o}`) }))}
        />
      </Form.Item>
      {needsValue && (
        <Form.Item
          name={[name, 'value']}
          style={{ flex: 1, minWidth: 200, marginBottom: 8 }}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (field !== 'company_id' && (value === undefined || value === null || value === '')) {
                  throw new Error(t('view.value_required'));
                }
              },
            },
          ]}
        >
          {valueInput()}
        </Form.Item>
      )}
      <Button type="text" icon={<DeleteOutlined aria-hidden />} aria-label={t('common.delete')} onClick={onRemove} />
    </Flex>
  );
}
