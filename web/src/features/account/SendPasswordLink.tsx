import type { TAccount } from '@parley/contracts';
import { Button, Typography } from 'antd';
import { accountApi } from '../../api/account';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * Mails an admin or agent a link to set their own password (7 days): the invitation again for one
 * who never signed in, else a link to choose a new one. Their password stays until they use it.
 */
export function SendPasswordLink({ account }: { account: TAccount }) {
  const { t } = useTranslation();
  const send = useSave({
    call: (_: undefined, opts) => accountApi.inviteSend(account.account_id, opts),
    successKey: 'invite_sent',
  });
  return (
    <div>
      <Typography.Title level={5}>{t('people.send_link')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('people.send_link_note', { email: account.email })}
      </Typography.Paragraph>
      <Button loading={send.saving} onClick={() => send.save(undefined)}>
        {t('people.send_link_button')}
      </Button>
    </div>
  );
}
