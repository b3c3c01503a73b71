import type { TAccount } from '@parley/contracts';
import { Button, Form } from 'antd';
import { accountApi } from '../../api/account';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';
import { NewPasswordFields } from './NewPasswordFields';

interface TResetValues {
  password: string;
  confirm: string;
}

/** Sets a new password for someone else; their sessions end (the server's rule). */
export function PasswordResetForm({ account }: { account: TAccount }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TResetValues>();
  const { save, saving } = useSave({
    form,
    fieldNames: ['password'],
    // Fields left out keep their value (the contract), so the password goes alone.
    call: (values: TResetValues, opts) =>
      accountApi.edit({ account_id: account.account_id, password: values.password }, opts),
    invalidate: [accountKeys.one(account.account_id)],
    onSaved: () => form.resetFields(),
  });

  return (
    <Form<TResetValues> form={form} layout="vertical" onFinish={save} disabled={saving}>
      <NewPasswordFields required email={() => account.email} />
      <Button htmlType="submit" loading={saving}>
        {t('people.reset_password')}
      </Button>
    </Form>
  );
}
