import { type TAutomation, type TAutomationInput, ZAutomationInput } from '@parley/contracts';
import { Divider, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useSchedules } from '../schedule/queries';
import { ActionsEditor } from './ActionsEditor';
import { AutomationDryRun } from './AutomationDryRun';
import { ConditionsEditor } from './ConditionsEditor';
import { automationPaths, ruleKeys } from './queries';

/** An automation: title, on or off, hours counted in a schedule or the calendar, conditions, actions; its dry run. */
export function AutomationForm({
  automation,
  call,
}: {
  automation?: TAutomation;
  call: (values: TAutomationInput, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TAutomationInput>();
  const schedules = useSchedules(true);
  const { save, saving } = useSave({
    form,
    call: (values: TAutomationInput, opts) => call(values, opts),
    invalidate: [ruleKeys.automations],
    onSaved: () => void navigate(automationPaths.list),
  });
  return (
    <>
      <Form<TAutomationInput>
        form={form}
        layout="vertical"
        initialValues={{
          title: automation?.title ?? '',
          active: automation?.active ?? true,
          schedule_id: automation?.schedule_id ?? null,
          conditions: automation?.conditions ?? {
            all: [{ field: 'hours_since_updated', operator: 'greater_than', value: 24 }],
            any: [],
          },
          actions: automation?.actions ?? [],
        }}
        onFinish={save}
        disabled={saving}
      >
        <Form.Item name="title" label={t('rule.title')} rules={[schemaRule(ZAutomationInput.shape.title)]} required>
          <Input autoFocus maxLength={200} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="schedule_id" label={t('rule.schedule')} style={{ minWidth: 260 }}>
            <Select
              options={[
                { value: null, label: t('rule.calendar_hours') },
                ...(schedules.data?.list ?? []).map((s) => ({ value: s.schedule_id, label: s.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="active" label={t('rule.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Divider titlePlacement="start">{t('rule.conditions_all')}</Divider>
        <Form.Item name={['conditions', 'all']}>
          <ConditionsEditor use="automation" testId="conditions-all" />
        </Form.Item>
        <Divider titlePlacement="start">{t('rule.conditions_any')}</Divider>
        <Form.Item name={['conditions', 'any']}>
          <ConditionsEditor use="automation" testId="conditions-any" />
        </Form.Item>
        <Divider titlePlacement="start">{t('rule.actions')}</Divider>
        <Form.Item name="actions">
          <ActionsEditor />
        </Form.Item>
        <FormActions saving={saving} cancelTo={automationPaths.list} />
      </Form>
      <AutomationDryRun
        draft={() => form.getFieldsValue(true) as TAutomationInput}
        automationId={automation?.automation_id ?? null}
      />
    </>
  );
}
