import { type TAutomation, type TAutomationInput, ZAutomationInput } from '@parley/contracts';
import { Form, Space, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { AutomationDryRun } from './AutomationDryRun';
import { automationPaths, ruleKeys } from './queries';
import { RuleForm, ScheduleField, useRuleRows } from './RuleForm';

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
  const fieldRows = useRuleRows();
  const { save, saving } = useSave({
    form,
    fieldRows,
    call: (values: TAutomationInput, opts) => call(values, opts),
    invalidate: [ruleKeys.automations],
    onSaved: () => void navigate(automationPaths.list),
  });
  return (
    <>
      <RuleForm<TAutomationInput>
        form={form}
        use="automation"
        titleRule={ZAutomationInput.shape.title}
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
        saving={saving}
        cancelTo={automationPaths.list}
      >
        <Space wrap>
          <ScheduleField />
          <Form.Item name="active" label={t('rule.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </RuleForm>
      <AutomationDryRun
        draft={() => form.getFieldsValue(true) as TAutomationInput}
        automationId={automation?.automation_id ?? null}
      />
    </>
  );
}
