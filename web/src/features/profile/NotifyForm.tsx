import type { TMyInfoResponse, TNotifyNew } from '@parley/contracts';
import { Form, Radio, Switch } from 'antd';
import { accountApi } from '../../api/account';
import { useReloadMyInfo } from '../../auth/useReloadMyInfo';
import { useEnum } from '../../components/enumOptions';
import { FormActions } from '../../components/FormPage';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';

interface TNotifyValues {
  notify_new: TNotifyNew;
  notify_replied: boolean;
  notify_assigned: boolean;
}

/**
 * The caller's own choice of notification mails (`auth.account.info.edit`, these fields only).
 * Drawn again only when these choices change on the account, so that saving the profile beside
 * it keeps what is chosen here and not yet saved.
 */
export function NotifyForm({ user }: { user: TMyInfoResponse }) {
  const saved: TNotifyValues = {
    notify_new: user.notify_new,
    notify_replied: user.notify_replied,
    notify_assigned: user.notify_assigned,
  };
  return <NotifyFields key={JSON.stringify(saved)} saved={saved} />;
}

function NotifyFields({ saved }: { saved: TNotifyValues }) {
  const { t } = useTranslation();
  const reloadMyInfo = useReloadMyInfo();
  const [form] = Form.useForm<TNotifyValues>();
  const choices = useEnum('notify_new');

  const { save, saving } = useSave({
    form,
    call: (values: TNotifyValues, opts) => accountApi.infoEdit(values, opts),
    onSaved: reloadMyInfo,
  });

  return (
    <Form<TNotifyValues> form={form} layout="vertical" disabled={saving} initialValues={saved} onFinish={save}>
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
