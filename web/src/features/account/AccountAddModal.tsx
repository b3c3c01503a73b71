import type { TUserType } from '@parley/contracts';
import { Divider, Form } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { FormModal } from '../../components/FormModal';
import { useSave } from '../../components/useSave';
import { accountKeys } from '../../pickers/accountQueries';
import { useRoleChoices } from '../role/queries';
import { AccountFields } from './AccountFields';
import { accountRequestOf, accountValuesOf, type TAccountValues } from './accountForm';
import { NewPasswordFields } from './NewPasswordFields';

/** Adds a person. */
export function AccountAddModal({
  open,
  userType,
  onClose,
}: {
  open: boolean;
  userType: TUserType;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TAccountValues>();
  const { save, saving } = useSave({
    form,
    fieldNames: ['real_name', 'email', 'user_type', 'role_ids', 'group_ids', 'company_id', 'password'],
    call: (values: TAccountValues, opts) =>
      accountApi.add({ ...accountRequestOf(values), ...(values.password ? { password: values.password } : {}) }, opts),
    invalidate: [accountKeys.all],
    onSaved: onClose,
  });

  return (
    <FormModal<TAccountValues>
      open={open}
      title={t('people.add')}
      form={form}
      saving={saving}
      width={720}
      initialValues={accountValuesOf(undefined, userType)}
      onFinish={() => save(form.getFieldsValue(true) as TAccountValues)}
      onCancel={onClose}
    >
      <AccountFields autoFocus />
      <NewAccountExtras />
    </FormModal>
  );
}

/**
 * What only a new account has: agents start with the default role chosen (as the server would
 * give it), and agents and admins sign in, so they need a password; end users may have none.
 */
function NewAccountExtras() {
  const form = Form.useFormInstance<TAccountValues>();
  const userType: TUserType = Form.useWatch('user_type', form) ?? form.getFieldValue('user_type');
  const roles = useRoleChoices(userType === 'agent');
  const defaultRoleIds = roles.data?.active.filter((r) => r.is_default).map((r) => r.role_id) ?? [];
  const defaultRoleKey = defaultRoleIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultRoleKey stands for defaultRoleIds
  useEffect(() => {
    const current = form.getFieldValue('role_ids') as number[] | undefined;
    if (defaultRoleIds.length > 0 && !form.isFieldTouched('role_ids') && (!current || current.length === 0)) {
      form.setFieldValue('role_ids', defaultRoleIds);
    }
  }, [defaultRoleKey, form]);

  return (
    <>
      <Divider style={{ marginTop: 0 }} />
      <NewPasswordFields
        required={(get) => get('user_type') !== 'end_user'}
        email={() => form.getFieldValue('email') ?? ''}
      />
    </>
  );
}
