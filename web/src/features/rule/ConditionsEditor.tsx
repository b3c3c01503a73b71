import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  conditionSpecOf,
  isRuleFieldKey,
  ruleConditionFields,
  ruleConditionSpec,
  type TRuleConditionField,
  type TRuleConditionInput,
  type TRuleFieldKey,
  type TRuleOperator,
} from '@parley/contracts';
import { Button, Flex, Input, InputNumber, Select, Space } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { useFocusAdded } from '../../components/useFocusAdded';
import { useTranslation } from '../../i18n/useTranslation';
import { CompanySelect } from '../../pickers/CompanySelect';
import { useSchedules } from '../schedule/queries';
import { RequesterSelect } from '../ticket/shared/RequesterSelect';
import { FieldValueInput } from '../ticket-field/FieldValueInput';
import { useFieldDefs } from '../view/useFieldDefs';
import { usePeoplePickers } from './queries';
import { enumOf } from './ruleEnums';

export type TConditionUse = 'trigger' | 'automation' | 'sla';

/** The value input of one condition, by what its field takes. */
function ValueInput({
  c,
  onChange,
}: {
  c: TRuleConditionInput;
  onChange: (value: TRuleConditionInput['value']) => void;
}) {
  const { t } = useTranslation();
  const pickers = usePeoplePickers();
  const schedules = useSchedules(true);
  const defs = useFieldDefs().data?.list ?? [];
  const enumName = isRuleFieldKey(c.field) ? undefined : enumOf[c.field];
  const enumOptions = useEnum(enumName ?? 'ticket_state').options;
  const spec = conditionSpecOf(c.field);
  const value = c.value ?? null;
  if (c.operator === 'changed') {
    return null;
  }
  const style = { width: 240 };
  switch (spec.value.kind) {
    case 'field': {
      const def = defs.find((f) => `field_${f.field_id}` === c.field);
      return def ? (
        <div style={style}>
          <FieldValueInput
            field={{ ...def, field_type: def.field_type === 'multiselect' ? 'dropdown' : def.field_type }}
            value={value}
            onChange={(v) => onChange(v as TRuleConditionInput['value'])}
          />
        </div>
      ) : null;
    }
    case 'enum': {
      const options = enumName
        ? enumOptions
        : spec.value.values.map((v) => ({ value: v, label: t(`rule.values.${v}`) }));
      return (
        <Select
          style={style}
          value={value as string | null}
          options={options}
          onChange={onChange}
          aria-label={t('rule.value')}
        />
      );
    }
    case 'id': {
      if (c.field === 'group_id' || c.field === 'assignee_id') {
        const options = [
          ...(spec.value.nullable ? [{ value: 0, label: t('rule.nobody') }] : []),
          ...(c.field === 'group_id' ? pickers.groups : pickers.agents),
        ];
        return (
          <Select
            style={style}
            showSearch
            optionFilterProp="label"
            value={value === null ? 0 : (value as number)}
            options={options}
            onChange={(v: number) => onChange(v === 0 ? null : v)}
            aria-label={t('rule.value')}
          />
        );
      }
      // A requester or an organization is found by name or address, as everywhere else.
      return (
        <div style={style}>
          {c.field === 'company_id' ? (
            <CompanySelect
              id={`${c.field}-value`}
              value={value as number | null}
              onChange={onChange}
              placeholder={spec.value.nullable ? t('rule.no_company') : undefined}
            />
          ) : (
            <RequesterSelect id={`${c.field}-value`} value={value as number | null} onChange={onChange} />
          )}
        </div>
      );
    }
    case 'schedule':
      return (
        <Select
          style={style}
          value={value as number | null}
          options={(schedules.data?.list ?? []).map((s) => ({ value: s.schedule_id, label: s.name }))}
          onChange={onChange}
          aria-label={t('rule.value')}
        />
      );
    case 'tags':
      return (
        <Select
          style={style}
          mode="tags"
          open={false}
          value={Array.isArray(value) ? value : []}
          onChange={(v: string[]) => onChange(v)}
          aria-label={t('rule.value')}
        />
      );
    case 'hours':
      return (
        <InputNumber
          style={style}
          min={0}
          value={value as number | null}
          onChange={(v) => onChange(v ?? null)}
          aria-label={t('rule.value')}
        />
      );
    default:
      return (
        <Input
          style={style}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange(e.target.value)}
          aria-label={t('rule.value')}
        />
      );
  }
}

function defaultValue(field: TRuleConditionField | TRuleFieldKey): TRuleConditionInput['value'] {
  const v = conditionSpecOf(field).value;
  if (v.kind === 'enum') {
    return v.values[0] ?? null;
  }
  if (v.kind === 'tags') {
    return [];
  }
  if (v.kind === 'text') {
    return '';
  }
  return v.kind === 'hours' ? 24 : null;
}

/** A list of conditions (the "all" or the "any" group): field, operator, value per row. */
export function ConditionsEditor({
  value = [],
  onChange,
  use,
  testId,
}: {
  value?: TRuleConditionInput[];
  onChange?: (value: TRuleConditionInput[]) => void;
  use: TConditionUse;
  testId: string;
}) {
  const { t } = useTranslation();
  const fields = ruleConditionFields.filter((f) => (ruleConditionSpec[f].use as readonly string[]).includes(use));
  const defs = (useFieldDefs().data?.list ?? []).filter(
    (f) => f.field_state === 'active' || value.some((c) => c.field === `field_${f.field_id}`),
  );
  const set = (i: number, next: TRuleConditionInput) => onChange?.(value.map((c, j) => (j === i ? next : c)));
  const first = fields[0] as TRuleConditionField;
  const { box, added } = useFocusAdded();
  return (
    <Flex vertical gap={6} data-testid={testId} ref={box}>
      {value.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
        <Space key={i} wrap>
          <Select
            style={{ width: 220 }}
            value={c.field}
            showSearch
            optionFilterProp="label"
            options={[
              ...fields.map((f) => ({ value: f, label: t(`rule.fields.${f}`) })),
              ...(defs.length
                ? [
                    {
                      label: t('rule.custom_fields'),
                      options: defs.map((f) => ({ value: `field_${f.field_id}`, label: f.title })),
                    },
                  ]
                : []),
            ]}
            onChange={(f: TRuleConditionField | TRuleFieldKey) =>
              set(i, { field: f, operator: conditionSpecOf(f).operators[0] as TRuleOperator, value: defaultValue(f) })
            }
            aria-label={t('rule.field_label')}
          />
          <Select
            style={{ width: 170 }}
            value={c.operator}
            options={conditionSpecOf(c.field).operators.map((o) => ({ value: o, label: t(`rule.ops.${o}`) }))}
            onChange={(o: TRuleOperator) => set(i, { ...c, operator: o })}
            aria-label={t('rule.operator_label')}
          />
          <ValueInput c={c} onChange={(v) => set(i, { ...c, value: v })} />
          <Button
            icon={<DeleteOutlined aria-hidden />}
            onClick={() => onChange?.(value.filter((_, j) => j !== i))}
            aria-label={t('common.delete')}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined aria-hidden />}
        style={{ width: 'fit-content' }}
        onClick={() => {
          added();
          onChange?.([
            ...value,
            {
              field: first,
              operator: ruleConditionSpec[first].operators[0] as TRuleOperator,
              value: defaultValue(first),
            },
          ]);
        }}
      >
        {t('rule.add_condition')}
      </Button>
    </Flex>
  );
}
