import { type TTrigger, type TTriggerInput, ZTriggerInput } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { triggerApi } from '../../api/rule';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ruleKeys, triggerPaths, useTriggers } from './queries';
import { RuleForm, useRuleRows } from './RuleForm';
import { TriggerDryRun } from './TriggerDryRun';

/** A trigger: title, category, on or off, conditions (all / any), actions; and the dry run. */
export function TriggerForm({
  trigger,
  call,
}: {
  trigger?: TTrigger;
  call: (values: TTriggerInput, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TTriggerInput>();
  const list = useTriggers();
  const [category, setCategory] = useState('');
  const fieldRows = useRuleRows();
  const { save, saving } = useSave({
    form,
    fieldRows,
    call: (values: TTriggerInput, opts) => call(values, opts),
    invalidate: [ruleKeys.triggers],
    onSaved: () => void navigate(triggerPaths.list),
  });
  /** Adds the category typed and picks it; one of that name already there is picked instead. */
  const addCategory = async () => {
    const name = category.trim();
    if (!name) {
      return;
    }
    const same = list.data?.categories.find((c) => c.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    const categoryId = same ? same.category_id : (await triggerApi.categoryAdd(name)).category_id;
    if (!same) {
      await queryClient.invalidateQueries({ queryKey: ruleKeys.triggers });
    }
    form.setFieldValue('category_id', categoryId);
    setCategory('');
  };
  return (
    <>
      <RuleForm<TTriggerInput>
        form={form}
        use="trigger"
        titleRule={ZTriggerInput.shape.title}
        initialValues={{
          title: trigger?.title ?? '',
          category_id: trigger?.category_id ?? null,
          active: trigger?.active ?? true,
          conditions: trigger?.conditions ?? { all: [], any: [] },
          actions: trigger?.actions ?? [],
        }}
        onFinish={save}
        saving={saving}
        cancelTo={triggerPaths.list}
      >
        <Space align="end" wrap>
          <Form.Item name="category_id" label={t('rule.category')} style={{ minWidth: 240 }}>
            <Select
              options={[
                { value: null, label: t('rule.no_category') },
                ...(list.data?.categories ?? []).map((c) => ({ value: c.category_id, label: c.name })),
              ]}
            />
          </Form.Item>
          <Form.Item label={t('rule.new_category')}>
            <Space.Compact>
              <Input
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                placeholder={t('rule.category_name')}
                maxLength={100}
                onPressEnter={(e) => {
                  // Enter adds the category, as the button beside it does; it does not save the trigger.
                  e.preventDefault();
                  void addCategory();
                }}
              />
              <Button onClick={() => void addCategory()}>{t('rule.add_category')}</Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item name="active" label={t('rule.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </RuleForm>
      <TriggerDryRun draft={() => form.getFieldsValue(true) as TTriggerInput} triggerId={trigger?.trigger_id ?? null} />
    </>
  );
}
