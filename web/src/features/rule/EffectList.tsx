import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import {
  conditionSpecOf,
  isRuleFieldKey,
  optionLabel,
  type TConditionResult,
  type TRuleConditionField,
  type TRuleEffect,
} from '@parley/contracts';
import { Flex, Typography } from 'antd';
import { enumLabel } from '../../components/enumOptions';
import { useTranslation } from '../../i18n/useTranslation';
import { useSchedules } from '../schedule/queries';
import { useFieldDefs } from '../view/useFieldDefs';
import { usePeoplePickers } from './queries';
import { enumOf } from './ruleEnums';

/** A condition's or change's field as read: a property's name, or a custom field's title. */
function useFieldLabel() {
  const { t } = useTranslation();
  const defs = useFieldDefs().data?.list ?? [];
  return (field: string) =>
    defs.find((f) => `field_${f.field_id}` === field)?.title ?? t(`rule.fields.${field}`, { defaultValue: field });
}

const text = (v: unknown): string => {
  if (v === null || v === undefined) {
    return '—';
  }
  if (Array.isArray(v)) {
    return v.map(text).join(', ') || '—';
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return String(o.title ?? o.url ?? (Array.isArray(o.to) ? (o.to as string[]).join(', ') : JSON.stringify(v)));
  }
  return String(v);
};

/**
 * A condition's or change's value as the editor offers it: a state, priority, type or channel by
 * its label in the interface language, a group or agent by name, a schedule by name, a custom
 * field's option by its label, yes / no — never the stored key or id.
 */
function useValueText() {
  const { t } = useTranslation();
  const pickers = usePeoplePickers();
  const schedules = useSchedules(true).data?.list ?? [];
  const defs = useFieldDefs().data?.list ?? [];
  const one = (field: string, v: unknown): string => {
    if (typeof v === 'boolean') {
      return t(v ? 'rule.values.yes' : 'rule.values.no');
    }
    if (field === 'assignee_id' || field === 'group_id') {
      const options = field === 'assignee_id' ? pickers.agents : pickers.groups;
      return options.find((o) => o.value === v)?.label ?? text(v);
    }
    if (field === 'within_schedule') {
      return schedules.find((x) => x.schedule_id === v)?.name ?? text(v);
    }
    if (typeof v !== 'string') {
      return text(v);
    }
    if (isRuleFieldKey(field)) {
      const def = defs.find((f) => `field_${f.field_id}` === field);
      return def && ['dropdown', 'multiselect'].includes(def.field_type) ? optionLabel(v) : v;
    }
    const enumName = enumOf[field as keyof typeof enumOf];
    if (enumName) {
      return enumLabel(enumName, v);
    }
    // A change's field (tags, a comment…) has no condition spec.
    const spec = conditionSpecOf(field as TRuleConditionField) as ReturnType<typeof conditionSpecOf> | undefined;
    return spec?.value.kind === 'enum' ? t(`rule.values.${v}`, { defaultValue: v }) : v;
  };
  return (field: string, v: unknown): string => {
    if ((v === null || v === undefined) && (field === 'assignee_id' || field === 'group_id')) {
      return t('rule.nobody');
    }
    return Array.isArray(v) ? v.map((x) => one(field, x)).join(', ') || '—' : v == null ? '—' : one(field, v);
  };
}

/** Why: each condition with what the ticket had, matched or not. */
export function ConditionResults({ list }: { list: TConditionResult[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const valueText = useValueText();
  return (
    <Flex vertical gap={2}>
      {list.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: results are a fixed list
        <Typography.Text key={i}>
          {/* Whether it was met is said in words (the icons' own names are English file names). */}
          {c.matched ? (
            <CheckCircleTwoTone aria-label={t('rule.condition_met')} twoToneColor="#52c41a" />
          ) : (
            <CloseCircleTwoTone aria-label={t('rule.condition_not_met')} twoToneColor="#ff4d4f" />
          )}{' '}
          {label(c.field)} {t(`rule.ops.${c.operator}`)}{' '}
          {c.operator === 'changed' ? '' : <b>{valueText(c.field, c.value)}</b>}{' '}
          <Typography.Text type="secondary">({valueText(c.field, c.actual)})</Typography.Text>
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** What: each change, old → new. */
export function EffectList({ list }: { list: TRuleEffect[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const named = useValueText();
  const shown = list.filter((e) => e.field !== 'rule');
  if (shown.length === 0) {
    return <Typography.Text type="secondary">{t('rule.no_changes')}</Typography.Text>;
  }
  return (
    <Flex vertical gap={2}>
      {shown.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: effects are a fixed list
        <Typography.Text key={i}>
          {label(e.field)}: {e.old !== undefined && e.old !== null ? `${named(e.field, e.old)} → ` : ''}
          <b>{named(e.field, e.new)}</b>
        </Typography.Text>
      ))}
    </Flex>
  );
}
