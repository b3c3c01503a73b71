import type { TMyInfoResponse, TNotifyNew } from '@parley/contracts';
import { Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '../../api/account';
import { authApi } from '../../api/auth';
import { useSession } from '../../auth/SessionContext';
import { useEnum } from '../../components/enumOptions';
import { FormActions } from '../../components/FormPage';
import { useSave } from '../../components/useSave';

interface TNotifyValues {
  notify_new: TNotifyNew;
  notify_replied: boolean;
  notify_assigned: boolean;
}

/** The caller's own choice of notification mails (`auth.account.info.edit`, these fields only). */
export function NotifyForm({ user }: { user: TMyInfoResponse }) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const [form] = Form.useForm<TNotifyValues>();
  const choices = useEnum('notify_new');

  const { save, saving } = useSave({
    form,
    call: (values: TNotifyValues, opts) => accountApi.infoEdit(values, opts),
    onSaved: async () => {
      const info = await authApi.myInfo({ silent: true }).catch(() => null);
      if (info) {
        setUser(info, info.timezone);
      }
    },
  });

  return (
    <Form<TNotifyValues>
      form={form}
      layout="vertical"
      disabled={saving}
      initialValues={{
        notify_new: user.notify_new,
        notify_replied: user.notify_replied,
        notify_assigned: user.notify_assigned,
      }}
      onFinish={save}
    >
      <Form.Item name="notify_new" label={t('profile.notify_new')} extra={t('profile.notify_new_hint')}>
        <Radio.Group options={choices.options} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} />
      </Form.Item>
      <Form.Item name="notify_replied" valuePropName="checked" label={t('profile.notify_replied')}>
        <Switch />
      </Form.Item>
      <Form.Item name="notify_assigned" valuePropName="checked" label={t('profile.notify_assigned')}>
        <Switch />
      </Form.Item>
      <FormActions saving={saving} />
    </Form>
  );
}
