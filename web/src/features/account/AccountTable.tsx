import { DeleteOutlined, EditOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import type { TManagedAccount } from '@parley/contracts';
import { Button, Space, Table, type TablePaginationConfig } from 'antd';
import { useSession } from '../../auth/SessionContext';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { tableEmpty } from '../../components/tableEmpty';
import { useTranslation } from '../../i18n/useTranslation';
import { AccountName } from './AccountName';
import { AccessTag, UserTypeTag } from './AccountTags';
import { peoplePaths } from './paths';
import { useAccountActions } from './useAccountActions';

/** Accounts with their type and access, and (for those allowed) edit, suspend, allow, delete. */
export function AccountTable({
  rows,
  loading,
  pagination,
  filtered,
  emptyText,
  onDeleted,
}: {
  rows: TManagedAccount[] | undefined;
  loading: boolean;
  pagination: TablePaginationConfig | false;
  filtered: boolean;
  emptyText?: string;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const actions = useAccountActions({ onDeleted });
  const { can } = usePermission();
  const canOpen = can('menu', '/wswt/account/:account_id');
  return (
    <Table<TManagedAccount>
      rowKey="account_id"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      locale={tableEmpty(t, filtered, emptyText)}
      scroll={{ x: 760 }}
      columns={[
        {
          title: t('people.name'),
          key: 'name',
          // A link only for those who may open an account (else it led to "Access denied").
          render: (_, account) => <AccountName account={account} link={canOpen} />,
        },
        {
          title: t('people.user_type'),
          dataIndex: 'user_type',
          width: 150,
          render: (type: TManagedAccount['user_type'], account) => (
            <Space size={4} wrap>
              <UserTypeTag type={type} />
              <AccessTag state={account.access_state} />
            </Space>
          ),
        },
        {
          title: t('common.actions'),
          key: 'actions',
          width: 300,
          render: (_, account) => {
            const self = account.account_id === user?.account_id;
            return (
              <Space size={0} wrap>
                <Can btn="auth.account.edit">
                  <LinkButton
                    type="link"
                    icon={<EditOutlined aria-hidden />}
                    to={peoplePaths.account(account.account_id)}
                  >
                    {t('common.edit')}
                  </LinkButton>
                </Can>
                {!self && account.manageable && (
                  <Can btn="auth.account.access_state.edit">
                    {account.access_state === 'suspended' ? (
                      <Button type="link" icon={<UnlockOutlined aria-hidden />} onClick={() => actions.allow(account)}>
                        {t('people.allow')}
                      </Button>
                    ) : (
                      <Button
                        type="link"
                        danger
                        icon={<StopOutlined aria-hidden />}
                        onClick={() => actions.suspend(account)}
                      >
                        {t('people.suspend')}
                      </Button>
                    )}
                  </Can>
                )}
                {!self && account.manageable && (
                  <Can btn="auth.account.delete">
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      onClick={() => actions.remove(account)}
                    >
                      {t('common.delete')}
                    </Button>
                  </Can>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
