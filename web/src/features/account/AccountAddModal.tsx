import type { TUserType } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Divider, Form } from 'antd';
import { useEffect } from 'react';
import { accountApi } from '../../api/account';
import { FormModal } from '../../components/FormModal';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
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
    fieldNames: ['real_name', 'email', 'user_type', 'role_ids', 'group_ids', 'company_id', 'password', 'invite'],
    call: (values: TAccountValues, opts) =>
      accountApi.add(
        isInvited(values)
          ? { ...accountRequestOf(values), invite: true }
          : { ...accountRequestOf(values), ...(values.password ? { password: values.password } : {}) },
        opts,
      ),
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

/** An admin or agent mailed an invitation to set their own password (instead of a typed one). */
const isInvited = (values: Pick<TAccountValues, 'user_type' | 'invite'>) =>
  values.user_type !== 'end_user' && values.invite === true;

/**
 * What only a new account has: agents start with the default role chosen (as the server would
 * give it), and agents and admins sign in: they are mailed an invitation to set their own
 * password (the default when the email channel is set up), or need one typed here; end users
 * may have none.
 */
function NewAccountExtras() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<TAccountValues>();
  const userType: TUserType = Form.useWatch('user_type', form) ?? form.getFieldValue('user_type');
  const invite: boolean | undefined = Form.useWatch('invite', form);
  const inviteState = useQuery({
    queryKey: [...accountKeys.all, 'invite_state'],
    queryFn: ({ signal }) => accountApi.inviteState({ signal }),
  });
  const canMail = inviteState.data?.can_mail;
  useEffect(() => {
    if (canMail !== undefined && !form.isFieldTouched('invite')) {
      form.setFieldValue('invite', canMail);
    }
  }, [canMail, form]);
  const staff = userType !== 'end_user';
  const invited = staff && invite === true;
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
      {staff && (
        <Form.Item
          name="invite"
          valuePropName="checked"
          extra={canMail === false ? t('people.invite_needs_email') : t('people.invite_hint')}
        >
          <Checkbox disabled={canMail === false}>{t('people.invite')}</Checkbox>
        </Form.Item>
      )}
      {!invited && (
        <NewPasswordFields
          required={(get) => get('user_type') !== 'end_user' && get('invite') !== true}
          email={() => form.getFieldValue('email') ?? ''}
        />
      )}
    </>
  );
}
