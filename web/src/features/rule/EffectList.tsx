import { CheckCircleTwoTone, CloseCircleTwoTone } from '@ant-design/icons';
import type { TConditionResult, TRuleEffect } from '@parley/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldDefs } from '../view/useFieldDefs';
import { usePeoplePickers } from './queries';

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

/** Why: each condition with what the ticket had, matched or not. */
export function ConditionResults({ list }: { list: TConditionResult[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <Flex vertical gap={2}>
      {list.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: results are a fixed list
        <Typography.Text key={i}>
          {c.matched ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <CloseCircleTwoTone twoToneColor="#ff4d4f" />}{' '}
          {label(c.field)} {t(`rule.ops.${c.operator}`)} {c.operator === 'changed' ? '' : <b>{text(c.value)}</b>}{' '}
          <Typography.Text type="secondary">({text(c.actual)})</Typography.Text>
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** What: each change, old → new. */
export function EffectList({ list }: { list: TRuleEffect[] }) {
  const { t } = useTranslation();
  const pickers = usePeoplePickers();
  const label = useFieldLabel();
  const named = (field: string, v: unknown) => {
    const options = field === 'assignee_id' ? pickers.agents : field === 'group_id' ? pickers.groups : null;
    return options?.find((o) => o.value === v)?.label ?? text(v);
  };
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
