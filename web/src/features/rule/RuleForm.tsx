import type { TRuleConditionInput } from '@parley/contracts';
import { Divider, Form, type FormInstance, Input, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormActions } from '../../components/FormPage';
import { schemaRule, type TFieldRows } from '../../components/formRules';
import { useTranslation } from '../../i18n/useTranslation';
import { useSchedules } from '../schedule/queries';
import { ActionsEditor } from './ActionsEditor';
import { ConditionsEditor, type TConditionUse } from './ConditionsEditor';

/** The rows of a rule's editors, for the server's failures inside one ("Action 2: …"). */
export function useRuleRows(): TFieldRows {
  const { t } = useTranslation();
  const condition = (n: number) => t('rule.condition_n', { n });
  return { 'conditions.all': condition, 'conditions.any': condition, actions: (n) => t('rule.action_n', { n }) };
}

type TFormValues = { title: string; conditions?: { all?: TRuleConditionInput[]; any?: TRuleConditionInput[] } };

/**
 * What the trigger, automation and SLA policy forms share: the title, the fields of their own
 * (`children`, under the title), the "all of" and "any of" conditions for their kind of rule,
 * the actions (triggers and automations), what comes after (`after`: an SLA policy's targets),
 * and save or cancel.
 */
export function RuleForm<T extends TFormValues>({
  form,
  initialValues,
  onFinish,
  saving,
  cancelTo,
  use,
  titleRule,
  children,
  after,
  conditionsHint,
}: {
  form: FormInstance<T>;
  initialValues: T;
  onFinish: (values: T) => void;
  saving: boolean;
  cancelTo: string;
  use: TConditionUse;
  titleRule: Parameters<typeof schemaRule>[0];
  children?: ReactNode;
  after?: ReactNode;
  conditionsHint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form<T> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish} disabled={saving}>
      <Form.Item name="title" label={t('rule.title')} rules={[schemaRule(titleRule)]} required>
        <Input autoFocus maxLength={200} />
      </Form.Item>
      {children}
      <Divider titlePlacement="start">{t('rule.conditions_all')}</Divider>
      {conditionsHint && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {conditionsHint}
        </Typography.Paragraph>
      )}
      <Form.Item name={['conditions', 'all']}>
        <ConditionsEditor use={use} testId="conditions-all" />
      </Form.Item>
      <Divider titlePlacement="start">{t('rule.conditions_any')}</Divider>
      <Form.Item name={['conditions', 'any']}>
        <ConditionsEditor use={use} testId="conditions-any" />
      </Form.Item>
      {use !== 'sla' && (
        <>
          <Divider titlePlacement="start">{t('rule.actions')}</Divider>
          <Form.Item name="actions">
            <ActionsEditor />
          </Form.Item>
        </>
      )}
      {after}
      <FormActions saving={saving} cancelTo={cancelTo} />
    </Form>
  );
}

/** "Count hours in": the calendar or one of the schedules (automations, SLA policies). */
export function ScheduleField({ label }: { label?: string }) {
  const { t } = useTranslation();
  const schedules = useSchedules(true);
  return (
    <Form.Item name="schedule_id" label={label ?? t('rule.schedule')} style={{ minWidth: 260 }}>
      <Select
        options={[
          { value: null, label: t('rule.calendar_hours') },
          ...(schedules.data?.list ?? []).map((s) => ({ value: s.schedule_id, label: s.name })),
        ]}
      />
    </Form.Item>
  );
}
