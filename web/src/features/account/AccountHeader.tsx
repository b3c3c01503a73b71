import { StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { shownEmail, type TManagedAccount } from '@parley/contracts';
import { Alert, Avatar, Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../../auth/SessionContext';
import { Can } from '../../components/Can';
import { PageHeader } from '../../components/PageHeader';
import { translateMessage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { initialOf } from './AccountName';
import { AccessTag, UserTypeTag } from './AccountTags';
import type { useAccountActions } from './useAccountActions';

/**
 * The top of an account's page (in People and seen from a ticket): avatar, name, email, type and
 * access, suspend or allow (never one's own account), the screen's own `extra` actions, and the
 * suspension notice.
 */
export function AccountHeader({
  account,
  backTo,
  actions,
  extra,
}: {
  account: TManagedAccount;
  backTo: string;
  actions: ReturnType<typeof useAccountActions>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const self = user?.account_id === account.account_id;
  const suspended = account.access_state === 'suspended';
  const name = account.real_name || account.email;
  return (
    <>
      <PageHeader
        backTo={backTo}
        icon={
          <Avatar size={44} src={account.avatar || undefined} style={{ background: '#1668dc', flex: 'none' }}>
            {initialOf(name)}
          </Avatar>
        }
        title={name}
        subtitle={
          <Space size={8} wrap>
            {shownEmail(account.email) && <span>{account.email}</span>}
            <UserTypeTag type={account.user_type} />
            <AccessTag state={account.access_state} />
          </Space>
        }
        actions={
          <>
            {!self && account.manageable && (
              <Can btn="auth.account.access_state.edit">
                {suspended ? (
                  <Button icon={<UnlockOutlined aria-hidden />} onClick={() => actions.allow(account)}>
                    {t('people.allow')}
                  </Button>
                ) : (
                  <Button danger icon={<StopOutlined aria-hidden />} onClick={() => actions.suspend(account)}>
                    {t('people.suspend')}
                  </Button>
                )}
              </Can>
            )}
            {extra}
          </>
        }
      />
      {suspended && (
        <Alert
          type="warning"
          showIcon
          title={translateMessage('user_suspended')}
          description={t('people.suspended_text')}
        />
      )}
    </>
  );
}
