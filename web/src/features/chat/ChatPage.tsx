import type { TChatMessage, TChatSummary, TShortcut } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Input,
  List,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '../../api/account';
import { chatApi } from '../../api/chat';
import { shortcutApi } from '../../api/shortcut';
import { useSession } from '../../auth/SessionContext';
import { PageLoading } from '../../components/PageLoading';
import { useFormatTime } from '../../components/useFormatTime';
import { mergeMessages, useChat } from './ChatContext';
import { chatKeys } from './queries';

/** The agent's chat workspace: the queue, their active chats, the conversation and the visitor. */
export function ChatPage() {
  const { t } = useTranslation();
  const chat = useChat();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('chat')) || null;
  // Pushes refresh it at once; the interval catches chats routed while this agent was away.
  const queue = useQuery({
    queryKey: chatKeys.queue,
    queryFn: ({ signal }) => chatApi.queue({ signal }),
    refetchInterval: 5000,
  });

  useEffect(() => {
    chat?.setOpenChat(selected);
    if (selected) {
      chat?.markRead(selected);
    }
    return () => chat?.setOpenChat(null);
  }, [chat, selected]);

  if (!chat) {
    return <Alert type="info" showIcon message={t('chat.no_tool_access')} />;
  }
  const select = (id: number) => setParams({ chat: String(id) });
  const waiting = queue.data?.waiting ?? [];
  const active = queue.data?.active ?? [];

  return (
    <Flex gap={16} align="stretch" style={{ height: 'calc(100vh - 56px - 48px - 40px)', minHeight: 480 }}>
      <Card size="small" style={{ width: 280, flex: 'none', overflow: 'auto' }} styles={{ body: { padding: 8 } }}>
        {!chat.connected && (
          <Alert type="warning" showIcon message={t('chat.disconnected')} style={{ marginBottom: 8 }} />
        )}
        {queue.isLoading ? (
          <PageLoading />
        ) : queue.isError ? (
          <Alert type="error" showIcon message={t('chat.load_failed')} />
        ) : (
          <Tabs
            size="small"
            defaultActiveKey="waiting"
            items={[
              {
                key: 'waiting',
                label: (
                  <Badge count={waiting.length} size="small" offset={[8, 0]}>
                    {t('chat.waiting')}
                  </Badge>
                ),
                children: (
                  <ChatList chats={waiting} selected={selected} onSelect={select} empty={t('chat.no_waiting')} />
                ),
              },
              {
                key: 'active',
                label: t('chat.active_count', { count: active.length }),
                children: (
                  <ChatList
                    chats={active}
                    selected={selected}
                    onSelect={select}
                    unread={chat.unread}
                    empty={t('chat.no_active')}
                  />
                ),
              },
            ]}
          />
        )}
      </Card>
      {selected ? (
        <Conversation key={selected} ticketId={selected} />
      ) : (
        <Card style={{ flex: 1 }}>
          <Empty description={t('chat.pick_one')} />
        </Card>
      )}
    </Flex>
  );
}

function ChatList({
  chats,
  selected,
  onSelect,
  unread,
  empty,
}: {
  chats: TChatSummary[];
  selected: number | null;
  onSelect: (id: number) => void;
  unread?: Record<number, number>;
  empty: string;
}) {
  const { t } = useTranslation();
  const format = useFormatTime();
  if (chats.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  }
  return (
    <List
      size="small"
      dataSource={chats}
      renderItem={(c) => (
        <List.Item
          onClick={() => onSelect(c.ticket_id)}
          style={{
            cursor: 'pointer',
            padding: '8px 10px',
            borderRadius: 6,
            background: c.ticket_id === selected ? '#e6f4ff' : undefined,
          }}
          aria-current={c.ticket_id === selected ? 'true' : undefined}
          data-chat-id={c.ticket_id}
        >
          <Flex vertical style={{ minWidth: 0, flex: 1 }}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong ellipsis>
                {c.visitor_name}
              </Typography.Text>
              <Badge count={unread?.[c.ticket_id] ?? 0} size="small" />
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {c.visitor_active ? <Tag color="green">{t('chat.visitor_active')}</Tag> : null}
              {format(c.create_ts)}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

function newClientId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

function Conversation({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const chat = useChat();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const format = useFormatTime();
  const info = useQuery({
    queryKey: chatKeys.chat(ticketId),
    queryFn: ({ signal }) => chatApi.get(ticketId, { signal }),
  });
  const messages = useQuery({
    queryKey: chatKeys.messages(ticketId),
    queryFn: ({ signal }) => chatApi.messages(ticketId, 0, { signal }),
  });
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const shortcuts = useQuery({
    queryKey: ['chat', 'shortcuts'],
    queryFn: ({ signal }) => shortcutApi.list({ limit: 100 }, { signal, silent: true }),
    staleTime: 60_000,
  });
  const agents = useQuery({
    queryKey: ['chat', 'agents'],
    queryFn: ({ signal }) => accountApi.agents(true, { signal, silent: true }),
    staleTime: 60_000,
  });

  // Join the chat's channel; after a reconnect, ask for what was missed.
  useEffect(() => {
    const socket = chat?.socket;
    if (!socket) {
      return;
    }
    const join = () => {
      socket.emit('join_chat', { ticket_id: ticketId }, () => {});
      const list = queryClient.getQueryData<{ list: TChatMessage[] }>(chatKeys.messages(ticketId))?.list ?? [];
      const last = list.at(-1)?.message_id ?? 0;
      chatApi.messages(ticketId, last, { silent: true }).then(
        (d) =>
          queryClient.setQueryData<{ list: TChatMessage[] }>(chatKeys.messages(ticketId), (old) => ({
            list: mergeMessages(old?.list ?? [], d.list),
          })),
        () => {},
      );
    };
    if (socket.connected) {
      join();
    }
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('leave_chat', { ticket_id: ticketId }, () => {});
    };
  }, [chat?.socket, queryClient, ticketId]);

  const count = messages.data?.list.length ?? 0;
  useEffect(() => {
    if (count > 0) {
      bottom.current?.scrollIntoView({ block: 'end' });
    }
  }, [count]);

  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.queue });
    void queryClient.invalidateQueries({ queryKey: chatKeys.chat(ticketId) });
  };
  const accept = useMutation({ mutationFn: () => chatApi.accept(ticketId), onSuccess: invalidate });
  const end = useMutation({ mutationFn: () => chatApi.end(ticketId), onSuccess: invalidate });
  const transfer = useMutation({
    mutationFn: (assigneeId: number) => chatApi.transfer({ ticket_id: ticketId, assignee_id: assigneeId }),
    onSuccess: () => {
      void toast.success(t('chat.transferred'));
      invalidate();
    },
  });
  const send = useMutation({
    mutationFn: (vars: { body: string; isPublic: boolean }) =>
      chatApi.send({
        ticket_id: ticketId,
        body: vars.body,
        client_message_id: newClientId(),
        is_public: vars.isPublic,
      }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(ticketId) });
    },
  });

  const typingTimer = useRef(0);
  const onType = (value: string) => {
    setText(value);
    const socket = chat?.socket;
    if (socket && !typingTimer.current) {
      socket.emit('typing', { ticket_id: ticketId, typing: true }, () => {});
      typingTimer.current = window.setTimeout(() => {
        socket.emit('typing', { ticket_id: ticketId, typing: false }, () => {});
        typingTimer.current = 0;
      }, 2000);
    }
  };

  const picker = useMemo(() => {
    if (!text.startsWith('/')) {
      return [];
    }
    const kw = text.slice(1).toLowerCase();
    return (shortcuts.data?.list ?? []).filter((s) => s.title.toLowerCase().includes(kw)).slice(0, 8);
  }, [shortcuts.data, text]);
  const [quickReplies, setQuickReplies] = useState<string[]>([]);
  const pickShortcut = (s: TShortcut) => {
    setText(s.message);
    setQuickReplies(s.choice_list);
  };

  if (info.isLoading) {
    return (
      <Card style={{ flex: 1 }}>
        <PageLoading />
      </Card>
    );
  }
  if (info.isError || !info.data) {
    return (
      <Card style={{ flex: 1 }}>
        <Alert type="error" showIcon message={t('chat.load_failed')} />
      </Card>
    );
  }
  const c = info.data;
  const mine = c.accepted_by === user?.account_id;
  const waiting = c.accepted_by === null && !c.ended;
  const canWrite = !c.ended && (mine || internal);
  const submit = () => {
    if (text.trim() && !send.isPending) {
      send.mutate({
        body: quickReplies.length ? `${text}\n${quickReplies.map((q) => `• ${q}`).join('\n')}` : text,
        isPublic: !internal,
      });
      setQuickReplies([]);
    }
  };

  return (
    <>
      <Card
        size="small"
        style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}
        styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, padding: 0 } }}
        title={
          <Space>
            {c.visitor_name}
            {c.ended ? <Tag>{t('chat.ended')}</Tag> : waiting ? <Tag color="orange">{t('chat.waiting')}</Tag> : null}
          </Space>
        }
        extra={
          <Space>
            {waiting && (
              <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
                {t('chat.accept')}
              </Button>
            )}
            {mine && !c.ended && (
              <>
                <Select
                  size="small"
                  style={{ width: 160 }}
                  placeholder={t('chat.transfer_to')}
                  aria-label={t('chat.transfer_to')}
                  value={transferTo}
                  onChange={setTransferTo}
                  options={(agents.data?.list ?? [])
                    .filter((a) => a.account_id !== user?.account_id)
                    .map((a) => ({ value: a.account_id, label: a.alias_name || a.real_name }))}
                />
                <Button
                  size="small"
                  disabled={!transferTo}
                  loading={transfer.isPending}
                  onClick={() => transferTo && transfer.mutate(transferTo)}
                >
                  {t('chat.transfer')}
                </Button>
                <Button danger size="small" loading={end.isPending} onClick={() => end.mutate()}>
                  {t('chat.end')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        <div style={{ flex: 1, overflowY: 'auto', padding: 16, background: '#fafafa' }} aria-live="polite">
          {messages.isLoading ? (
            <PageLoading />
          ) : (messages.data?.list.length ?? 0) === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.no_messages')} />
          ) : (
            messages.data?.list.map((m) => <Bubble key={m.message_id} m={m} time={format(m.create_ts)} />)
          )}
          {chat?.typing[ticketId] && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('chat.visitor_typing')}
            </Typography.Text>
          )}
          <div ref={bottom} />
        </div>
        <div style={{ borderTop: '1px solid #f0f0f0', padding: 12, position: 'relative' }}>
          {picker.length > 0 && (
            <Card
              size="small"
              style={{ position: 'absolute', bottom: '100%', left: 12, right: 12, zIndex: 5 }}
              styles={{ body: { padding: 4 } }}
            >
              <List
                size="small"
                dataSource={picker}
                renderItem={(s) => (
                  <List.Item style={{ cursor: 'pointer', padding: '4px 8px' }} onClick={() => pickShortcut(s)}>
                    <Typography.Text strong>{s.title}</Typography.Text>
                    <Typography.Text type="secondary" ellipsis style={{ marginLeft: 8, maxWidth: 360 }}>
                      {s.message}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          )}
          {quickReplies.length > 0 && (
            <Space wrap style={{ marginBottom: 6 }}>
              <Typography.Text type="secondary">{t('chat.quick_replies')}</Typography.Text>
              {quickReplies.map((q) => (
                <Tag key={q}>{q}</Tag>
              ))}
            </Space>
          )}
          <Input.TextArea
            value={text}
            onChange={(e) => onType(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={c.ended ? t('chat.ended') : mine ? t('chat.composer_hint') : t('chat.accept_first')}
            aria-label={t('chat.composer_label')}
            disabled={c.ended}
          />
          <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
            <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} disabled={c.ended}>
              {t('chat.internal_note')}
            </Checkbox>
            <Button type="primary" onClick={submit} loading={send.isPending} disabled={!canWrite || !text.trim()}>
              {internal ? t('chat.add_note') : t('chat.send')}
            </Button>
          </Flex>
        </div>
      </Card>
      <Card size="small" title={t('chat.visitor')} style={{ width: 300, flex: 'none', overflow: 'auto' }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('chat.name')}>{c.visitor_name}</Descriptions.Item>
          <Descriptions.Item label={t('chat.email')}>{c.visitor_email}</Descriptions.Item>
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
            {c.visitor_active ? (
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
      </Card>
    </>
  );
}

function Bubble({ m, time }: { m: TChatMessage; time: string }) {
  const { t } = useTranslation();
  if (m.reply_type === 'end_chat') {
    return (
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
        {t('chat.ended')} · {time}
      </Typography.Paragraph>
    );
  }
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
          {m.real_name} · {time}
          {!m.is_public && ` · ${t('chat.internal_note')}`}
        </Typography.Text>
        <div
          className="chat-body"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the contracts say `body` is HTML sanitized by the server with an allowlist
          dangerouslySetInnerHTML={{ __html: m.body }}
        />
      </div>
    </Flex>
  );
}
