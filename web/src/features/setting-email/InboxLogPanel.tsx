import { DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { TInboxLogEntry } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { settingApi } from '../../api/setting';
import { authStore } from '../../auth/storage';
import { RetryAlert } from '../../components/RetryAlert';
import { useFormatTime } from '../../components/useFormatTime';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { inboxReason } from './inboxReason';

const outcomeColor: Record<string, string> = {
  unparseable: 'red',
  bounce: 'orange',
  delivery_report: 'gold',
  auto_reply: 'blue',
  banned: 'default',
};

const inboxKey = ['settings', 'email', 'inbox-log'] as const;

/**
 * Downloads a kept raw mail: the call needs the session's Authorization header, which a plain
 * link cannot send, so it is fetched and handed to the browser as a file. False when refused.
 */
async function downloadRaw(logId: number): Promise<boolean> {
  const token = authStore.token();
  try {
    const res = await fetch(settingApi.emailInboxRawPath(logId), { headers: token ? { Authorization: token } : {} });
    if (!res.ok || (res.headers.get('content-type') ?? '').startsWith('application/json')) {
      return false;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `mail-${logId}.eml`;
    link.rel = 'noopener';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return true;
  } catch {
    return false;
  }
}

/** Incoming mails that made no ticket: unparseable (raw kept: download, retry), bounces, auto-replies, banned. */
export function InboxLogPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formatTime = useFormatTime();
  const log = useQuery({ queryKey: inboxKey, queryFn: ({ signal }) => settingApi.emailInboxLog({ signal }) });
  const retry = useSave({
    call: (logId: number, opts) => settingApi.emailInboxRetry(logId, opts),
    invalidate: [inboxKey],
    successContent: (result) =>
      result.ticket_id !== null
        ? t('email_setting.retry_ticket', { id: result.ticket_id })
        : t(`email_setting.retry_${result.outcome === 'unparseable' ? 'still_unreadable' : 'done'}`),
  });
  if (log.isError) {
    return <RetryAlert title={(log.error as Error).message} onRetry={log.refetch} />;
  }
  return (
    <Table<TInboxLogEntry>
      rowKey="log_id"
      size="small"
      loading={log.isLoading}
      dataSource={log.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('email_setting.no_inbox_log')} /> }}
      // Fits the settings pages' card (880px less its padding) whole; a narrower screen scrolls it.
      scroll={{ x: 820 }}
      columns={[
        {
          title: t('email_setting.log_outcome'),
          dataIndex: 'outcome',
          width: 130,
          render: (o: string) => (
            <Tag color={outcomeColor[o] ?? 'default'}>{t(`email_setting.outcome_${o}`, { defaultValue: o })}</Tag>
          ),
        },
        { title: t('email_setting.log_from'), dataIndex: 'from_address', width: 200 },
        { title: t('email_setting.log_subject'), dataIndex: 'subject' },
        {
          title: t('email_setting.log_reason'),
          dataIndex: 'reason',
          render: (_: string, row) => (
            <>
              {inboxReason(row, t)}
              {row.has_raw && (
                <Typography.Text type="secondary">
                  {' '}
                  · {t('email_setting.raw_kept', { size: Math.ceil(row.raw_size / 1024) })}
                </Typography.Text>
              )}
            </>
          ),
        },
        {
          title: t('email_setting.job_time'),
          dataIndex: 'create_ts',
          width: 170,
          render: (ts: number) => formatTime(ts),
        },
        {
          title: t('common.actions'),
          key: 'raw',
          width: 200,
          render: (_, row) =>
            row.has_raw && (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined aria-hidden />}
                  onClick={() =>
                    void downloadRaw(row.log_id).then(
                      (ok) => ok || void message.error(t('email_setting.raw_download_failed')),
                    )
                  }
                >
                  {t('email_setting.raw_download')}
                </Button>
                {editable && (
                  <Button
                    type="link"
                    size="small"
                    icon={<RedoOutlined aria-hidden />}
                    onClick={() => retry.save(row.log_id)}
                  >
                    {t('email_setting.raw_retry')}
                  </Button>
                )}
              </Space>
            ),
        },
      ]}
    />
  );
}
