import { type TRole, type TRoleAddRequest, ZRoleAddRequest } from '@parley/contracts';
import { Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormPage';
import { schemaRule } from '../../components/formRules';
import { type TSaveCallOptions, useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';
import { MemberSelect } from '../../pickers/MemberSelect';
import { PkgChecklist } from './PkgChecklist';
import { roleKeys, rolePaths } from './queries';

interface TRoleValues {
  role_name: string;
  remark: string;
  auth_pkg_ids: number[];
  account_ids: number[];
}

/** A role's name, packages, members and remark; adds one, or edits `role`. */
export function RoleForm({
  role,
  call,
}: {
  role?: TRole;
  call: (values: TRoleAddRequest, opts: TSaveCallOptions) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<TRoleValues>();
  const { save, saving } = useSave({
    form,
    call,
    invalidate: [roleKeys.all, accountKeys.all, ['auth', 'has-node-list']],
    onSaved: () => void navigate(rolePaths.list),
  });
  return (
    <Form<TRoleValues>
      form={form}
      layout="vertical"
      initialValues={{
        role_name: role?.role_name ?? '',
        remark: role?.remark ?? '',
        auth_pkg_ids: role?.auth_pkg_ids ?? [],
        account_ids: role?.account_ids ?? [],
      }}
      onFinish={save}
      disabled={saving}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="role_name" label={t('role.name')} rules={[schemaRule(ZRoleAddRequest.shape.role_name)]} required>
        <Input autoFocus maxLength={100} />
      </Form.Item>
      <Form.Item name="auth_pkg_ids" label={t('role.pkgs')} extra={t('role.pkgs_hint')}>
        <PkgChecklist />
      </Form.Item>
      <Form.Item name="account_ids" label={t('role.members')}>
        <MemberSelect />
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
      </Form.Item>
      <FormActions saving={saving} cancelTo={rolePaths.list} />
    </Form>
  );
}
