import { MessageOutlined } from '@ant-design/icons';
import type { TChatState } from '@parley/contracts';
import { Badge, Select, Space, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { useChat } from './ChatContext';

const colors: Record<TChatState, string> = {
  online: '#52c41a',
  away: '#faad14',
  invisible: '#8c8c8c',
  offline: '#d9d9d9',
};
const states: TChatState[] = ['online', 'away', 'invisible', 'offline'];

const dot = (state: TChatState) => (
  <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: colors[state] }} />
);

/** A finger needs more than the icon (14 × 16): the compact link is a 40px square round it. */
const fingerSized = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: 40,
  minHeight: 40,
} as const;

/**
 * The shell header's chat state, with the number of chats waiting (a link to the workspace).
 * `compact` (a phone): an icon for the link and the state's colour alone (the names stay in the
 * labels and the list).
 */
export function ChatStateSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const chat = useChat();
  if (!chat) {
    return null;
  }
  return (
    <Space size={compact ? 4 : 12}>
      <Tooltip title={t('chat.waiting_badge', { count: chat.waitingCount })}>
        <Link
          to="/wswt/chat"
          aria-label={t('chat.waiting_badge', { count: chat.waitingCount })}
          style={compact ? fingerSized : undefined}
        >
          <Badge count={chat.waitingCount} size="small" offset={[6, -2]}>
            {compact ? <MessageOutlined aria-hidden /> : <span style={{ color: 'inherit' }}>{t('route.chat')}</span>}
          </Badge>
        </Link>
      </Tooltip>
      <Select<TChatState>
        size="small"
        aria-label={t('chat.state_label')}
        value={chat.state}
        style={{ width: compact ? 52 : 118 }}
        popupMatchSelectWidth={!compact}
        labelRender={compact ? ({ value }) => dot(value as TChatState) : undefined}
        onChange={(value) => void chat.setState(value)}
        options={states.map((s) => ({
          value: s,
          label: (
            <Space size={6}>
              {dot(s)}
              {t(`chat.state.${s}`)}
            </Space>
          ),
        }))}
      />
    </Space>
  );
}
