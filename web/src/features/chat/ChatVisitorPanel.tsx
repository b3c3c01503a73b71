import { ArrowLeftOutlined } from '@ant-design/icons';
import { shownEmail, type TChatSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ticketApi } from '../../api/ticket';
import { PlainList } from '../../components/PlainList';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';

/**
 * Who the agent talks to: name, email, page, whether they are active, pre-chat answers, other tickets.
 * A column beside the conversation; on a phone the screen in its place, with `onBack` to return to it.
 */
export function ChatVisitorPanel({ chat: c, onBack }: { chat: TChatSummary; onBack?: () => void }) {
  const { t } = useTranslation();
  const format = useFormatTime();
  const others = useQuery({
    queryKey: ['chat', 'requester-tickets', c.requester_id, c.ticket_id],
    queryFn: ({ signal }) =>
      ticketApi.requesterTickets(
        { requester_id: c.requester_id, except_ticket_id: c.ticket_id, limit: 5 },
        { signal, silent: true },
      ),
  });
  return (
    <Card
      size="small"
      title={
        onBack ? (
          <Flex align="center" gap={4}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined aria-hidden />}
              aria-label={t('chat.back_to_chat')}
              onClick={onBack}
            />
            {t('chat.visitor')}
          </Flex>
        ) : (
          t('chat.visitor')
        )
      }
      style={
        onBack
          ? { flex: 1, minWidth: 0, overflow: 'auto' }
          : { width: 'clamp(240px, 24vw, 300px)', flex: 'none', overflow: 'auto' }
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('chat.name')}>{c.visitor_name}</Descriptions.Item>
        {/* A visitor who gave none has a made-up address (it receives nothing): not shown as theirs. */}
        <Descriptions.Item label={t('chat.email')}>{shownEmail(c.visitor_email ?? '') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('chat.page')}>
          {c.page_url ? (
            <Typography.Link href={c.page_url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 180 }}>
              {c.page_url}
            </Typography.Link>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('chat.status')}>
          {c.ended ? (
            <Tag>{t('chat.ended')}</Tag>
          ) : c.visitor_active ? (
            <Tag color="green">{t('chat.visitor_active')}</Tag>
          ) : (
            <Tag>{t('chat.visitor_idle')}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('chat.ticket')}>
          <Link to={`/wswt/ticket/edit/${c.ticket_id}`}>#{c.ticket_id}</Link>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('chat.answers')}
      </Typography.Title>
      {c.answers.length === 0 ? (
        <Typography.Text type="secondary">{t('chat.no_answers')}</Typography.Text>
      ) : (
        <Descriptions column={1} size="small" layout="vertical">
          {c.answers.map((a) => (
            <Descriptions.Item key={a.question_id} label={a.title}>
              {a.answer}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {t('chat.other_tickets')}
      </Typography.Title>
      {others.isError ? (
        <Typography.Text type="secondary">{t('chat.other_tickets_failed')}</Typography.Text>
      ) : (
        <PlainList
          loading={others.isLoading}
          items={others.data?.list ?? []}
          itemKey={(x) => x.ticket_id}
          empty={t('chat.no_other_tickets')}
          itemProps={() => ({ style: { padding: '4px 0' } })}
          renderItem={(x) => (
            <>
              <Link to={`/wswt/ticket/edit/${x.ticket_id}`}>
                #{x.ticket_id} {x.subject}
              </Link>
              <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
                {format(x.update_ts)}
              </Typography.Text>
            </>
          )}
        />
      )}
    </Card>
  );
}
