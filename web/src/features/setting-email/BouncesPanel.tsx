import { RedoOutlined } from '@ant-design/icons';
import type { TBouncedAddress } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { settingApi } from '../../api/setting';
import { RetryAlert } from '../../components/RetryAlert';
import { useFormatTime } from '../../components/useFormatTime';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';

const bouncesKey = ['settings', 'email', 'bounces'] as const;

/**
 * Addresses whose mail bounced for good: Parley mails them nothing until they write in again or
 * an admin clears them here ("Mail again": a full mailbox emptied, a typo fixed on their side).
 */
export function BouncesPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const list = useQuery({ queryKey: bouncesKey, queryFn: ({ signal }) => settingApi.emailBounces({ signal }) });
  const clear = useSave({
    call: (address: string, opts) => settingApi.emailBounceClear([address], opts),
    invalidate: [bouncesKey],
    successContent: (_, address) => t('email_setting.bounce_cleared', { address }),
  });
  if (list.isError) {
    return <RetryAlert title={(list.error as Error).message} onRetry={list.refetch} />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('email_setting.bounces_intro')}</Typography.Paragraph>
      <Table<TBouncedAddress>
        rowKey="address"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={t('email_setting.no_bounces')} /> }}
        scroll={{ x: 720 }}
        columns={[
          { title: t('email_setting.bounce_address'), dataIndex: 'address', width: 240 },
          {
            title: t('email_setting.bounce_ticket'),
            dataIndex: 'ticket_id',
            width: 90,
            render: (id: number | null) => (id === null ? '' : <Link to={`/wswt/ticket/edit/${id}`}>#{id}</Link>),
          },
          { title: t('email_setting.bounce_report'), dataIndex: 'reason' },
          {
            title: t('email_setting.bounce_time'),
            dataIndex: 'create_ts',
            width: 170,
            render: (ts: number) => formatTime(ts),
          },
          ...(editable
            ? [
                {
                  title: t('common.actions'),
                  key: 'clear',
                  width: 130,
                  render: (_: unknown, row: TBouncedAddress) => (
                    <Button
                      type="link"
                      size="small"
                      icon={<RedoOutlined aria-hidden />}
                      disabled={clear.saving}
                      onClick={() => clear.save(row.address)}
                    >
                      {t('email_setting.bounce_clear')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
