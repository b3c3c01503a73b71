import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { TTicketViewer } from '@parley/contracts';
import { Alert, Space, Tag } from 'antd';
import { useTranslation } from '../../../i18n/useTranslation';

/** "Also on this ticket": the other agents viewing it, and who of them is typing a reply. */
export function TicketPresence({ others }: { others: TTicketViewer[] }) {
  const { t } = useTranslation();
  if (others.length === 0) {
    return null;
  }
  const typing = others.filter((v) => v.typing);
  return (
    <Alert
      type={typing.length ? 'warning' : 'info'}
      showIcon
      icon={typing.length ? <EditOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
      role="status"
      aria-label={t('ticket.presence_label')}
      title={
        typing.length
          ? t('ticket.presence_typing', { names: typing.map((v) => v.real_name).join(', '), count: typing.length })
          : t('ticket.presence_viewing', { count: others.length })
      }
      description={
        <Space wrap size={4}>
          {others.map((v) => (
            <Tag key={v.account_id} color={v.typing ? 'orange' : 'blue'}>
              {v.real_name}
              {v.typing ? ` · ${t('ticket.presence_is_typing')}` : ''}
            </Tag>
          ))}
        </Space>
      }
    />
  );
}
