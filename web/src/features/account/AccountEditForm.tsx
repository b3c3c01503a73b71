import { isAnonymousEmail, type TManagedAccount } from '@parley/contracts';
import { Form } from 'antd';
import { accountApi } from '../../api/account';
import { usePermission } from '../../auth/usePermission';
import { FormActions } from '../../components/FormPage';
import { useSave } from '../../components/useSave';
import { accountKeys } from '../../pickers/accountQueries';
import { AccountFields } from './AccountFields';
import { accountRequestOf, accountValuesOf, type TAccountValues } from './accountForm';
import { peoplePaths } from './paths';

/** Every field an administrator edits on someone's account; read-only without `auth.account.edit`. */
export function AccountEditForm({ account }: { account: TManagedAccount }) {
  const { can } = usePermission();
  // Their own rights allow it, and this account holds no more than they do (the server says which).
  const editable = can('btn', 'auth.account.edit') && account.manageable;
  const [form] = Form.useForm<TAccountValues>();
  const { save, saving } = useSave({
    form,
    fieldNames: [
      'real_name',
      'email',
      'user_type',
      'role_ids',
      'group_ids',
      'company_id',
      'ticket_access',
      'reply_access',
    ],
    call: (values: TAccountValues, opts) =>
      accountApi.edit({ account_id: account.account_id, ...accountRequestOf(values, account) }, opts),
    invalidate: [accountKeys.all],
  });

  return (
    <Form<TAccountValues>
      form={form}
      layout="vertical"
      initialValues={accountValuesOf(account)}
      onFinish={() => {
        if (!saving) {
          save(form.getFieldsValue(true) as TAccountValues);
        }
      }}
      // Not disabled while saving: a disabled field or button drops the keyboard's focus to the
      // page. The save button shows it is busy and a second submit meanwhile is ignored.
      disabled={!editable}
    >
      <AccountFields noEmail={isAnonymousEmail(account.email)} />
      {editable && <FormActions saving={saving} cancelTo={peoplePaths.list} />}
    </Form>
  );
}
