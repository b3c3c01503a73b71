import { type TSlaPolicy, type TSlaPolicyInput, ZSlaPolicyInput } from '@parley/contracts';
import { Divider, Form, Space, Switch } from 'antd';
import { useNavigate } from 'react-router';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { RuleForm, ScheduleField, useRuleRows } from '../rule/RuleForm';
import { slaKeys, slaPaths } from './queries';
import { TargetsEditor, type TTargets, targetCount, targetsValid, useTargetNames } from './TargetsEditor';

/** An SLA policy: title, hours counted in a schedule or the calendar, pause while pending, active, conditions, targets. */
export function SlaForm({
  policy,
  call,
}: {
  policy?: TSlaPolicy;
  call: (values: TSlaPolicyInput, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TSlaPolicyInput>();
  const fieldRows = useRuleRows();
  const targetName = useTargetNames();
  const { save, saving } = useSave({
    form,
    // A refusal inside a condition or a target goes under its editor, naming the row or the cell.
    fieldRows,
    fieldParts: { targets: targetName },
    call: (values: TSlaPolicyInput, opts) => call(values, opts),
    invalidate: [slaKeys.policies],
    onSaved: () => void navigate(slaPaths.list),
  });
  return (
    <RuleForm<TSlaPolicyInput>
      form={form}
      use="sla"
      titleRule={ZSlaPolicyInput.shape.title}
      conditionsHint={t('sla.conditions_hint')}
      initialValues={{
        title: policy?.title ?? '',
        schedule_id: policy?.schedule_id ?? null,
        pause_pending: policy?.pause_pending ?? true,
        active: policy?.active ?? true,
        conditions: policy?.conditions ?? { all: [], any: [] },
        targets: policy?.targets ?? {},
      }}
      onFinish={save}
      saving={saving}
      cancelTo={slaPaths.list}
      after={
        <>
          <Divider titlePlacement="start">{t('sla.targets')}</Divider>
          <Form.Item
            name="targets"
            extra={t('sla.targets_hint')}
            rules={[
              {
                validator: (_, v: TTargets | undefined) =>
                  targetCount(v ?? {}) > 0 ? Promise.resolve() : Promise.reject(new Error(t('sla.targets_required'))),
              },
              {
                validator: (_, v: TTargets | undefined) =>
                  targetsValid(v ?? {}) ? Promise.resolve() : Promise.reject(new Error(t('sla.target_invalid'))),
              },
            ]}
          >
            <TargetsEditor />
          </Form.Item>
        </>
      }
    >
      <Space wrap align="start">
        <ScheduleField label={t('sla.hours_in')} />
        <Form.Item
          name="pause_pending"
          label={t('sla.pause_pending')}
          valuePropName="checked"
          extra={t('sla.pause_pending_hint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="active" label={t('rule.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </RuleForm>
  );
}
