import type { TChatMessage } from '@parley/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from '../../i18n/useTranslation';
import { AttachmentList } from '../ticket/composer/AttachmentList';
import './chat.css';

/** One message of the conversation: the visitor's on the left, agents' on the right, notes in yellow. */
export function ChatBubble({ m, time }: { m: TChatMessage; time: string }) {
  const { t } = useTranslation();
  if (m.reply_type === 'end_chat') {
    const ended = (
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
        {t('chat.ended')} · {time}
      </Typography.Paragraph>
    );
    // A chat nobody took ends with what the visitor was told (where the answer will come): the agent reads it too.
    return m.automatic ? (
      <>
        <Bubble m={m} time={time} />
        {ended}
      </>
    ) : (
      ended
    );
  }
  return <Bubble m={m} time={time} />;
}

function Bubble({ m, time }: { m: TChatMessage; time: string }) {
  const { t } = useTranslation();
  const fromAgent = !m.from_visitor;
  return (
    <Flex justify={fromAgent ? 'flex-end' : 'flex-start'} style={{ margin: '6px 0' }} data-message-id={m.message_id}>
      <div
        style={{
          maxWidth: '75%',
          padding: '6px 10px',
          borderRadius: 10,
          background: !m.is_public ? '#fffbe6' : fromAgent ? '#e6f4ff' : '#fff',
          border: !m.is_public ? '1px solid #ffe58f' : '1px solid #f0f0f0',
        }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {m.automatic ? t('chat.automatic') : m.real_name} · {time}
          {!m.is_public && ` · ${t('chat.internal_note')}`}
        </Typography.Text>
        <div
          className="chat-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the contracts say `body` is HTML sanitized by the server with an allowlist
          dangerouslySetInnerHTML={{ __html: m.body }}
        />
        {m.files.length > 0 && (
          <div style={{ marginTop: 4 }}>
            <AttachmentList files={m.files} />
          </div>
        )}
        {m.quick_replies.length > 0 && (
          <Flex gap={4} wrap style={{ marginTop: 4 }} aria-label={t('chat.quick_replies')}>
            {m.quick_replies.map((q) => (
              <Tag key={q} color="blue">
                {q}
              </Tag>
            ))}
          </Flex>
        )}
      </div>
    </Flex>
  );
}
