import { type TGroup, type TGroupAddRequest, ZGroupAddRequest } from '@parley/contracts';
import { Checkbox, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';
import { MemberSelect } from '../../pickers/MemberSelect';
import { groupKeys, groupPaths } from './queries';

/** A group's name, members, default flag and remark; adds one, or edits `group`. */
export function GroupForm({
  group,
  call,
}: {
  group?: TGroup;
  call: (values: TGroupAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TGroupAddRequest>();
  const { save, saving } = useSave({
    form,
    call,
    invalidate: [groupKeys.all, accountKeys.all],
    onSaved: () => void navigate(groupPaths.list),
  });
  return (
    <Form<TGroupAddRequest>
      form={form}
      layout="vertical"
      initialValues={{
        group_name: group?.group_name ?? '',
        is_default: group?.is_default ?? false,
        account_ids: group?.account_ids ?? [],
        remark: group?.remark ?? '',
      }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="group_name"
        label={t('group.name')}
        rules={[schemaRule(ZGroupAddRequest.shape.group_name)]}
        required
      >
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="account_ids" label={t('group.members')}>
        <MemberSelect />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked" extra={t('group.default_hint')}>
        <Checkbox>{t('group.is_default')}</Checkbox>
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
      </Form.Item>
      <FormActions saving={saving} cancelTo={groupPaths.list} />
    </Form>
  );
}
