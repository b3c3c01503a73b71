import { ArrowLeftOutlined, IdcardOutlined } from '@ant-design/icons';
import type { TChatMessage, TChatSummary } from '@parley/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { accountApi } from '../../api/account';
import { chatApi } from '../../api/chat';
import { groupApi } from '../../api/group';
import { useSession } from '../../auth/SessionContext';
import { useEnum } from '../../components/enumOptions';
import { LiveStatus } from '../../components/LiveStatus';
import { PageLoading } from '../../components/PageLoading';
import { useConfirm } from '../../components/useConfirm';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { ChatBubble } from './ChatBubble';
import { ChatComposer, type ComposerRef } from './ChatComposer';
import { mergeMessages, useChat } from './ChatContext';
import { ChatVisitorPanel } from './ChatVisitorPanel';
import { useNewMessageStatus } from './chatStatus';
import { chatKeys } from './queries';

/** On a phone the conversation and the visitor take the screen in turn, each with a way back. */
export interface TPhoneSteps {
  showVisitor: boolean;
  /** To the list of chats. */
  back: () => void;
  openVisitor: () => void;
  closeVisitor: () => void;
}

/** One chat on screen: accept, transfer, end; the messages (joined live, caught up after a reconnect); the composer. */
export function ChatConversation({
  ticketId,
  onLeave,
  onDone,
  phone,
}: {
  ticketId: number;
  onLeave: () => void;
  /** Nothing left to do on this chat here (ended, or handed on): the keyboard goes to the list. */
  onDone: () => void;
  /** Set on a phone: one column at a time. */
  phone?: TPhoneSteps;
}) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const chat = useChat();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const format = useFormatTime();
  const chatStates = useEnum('chat_state');
  const { confirm } = useConfirm();
  const info = useQuery({
    queryKey: chatKeys.chat(ticketId),
    queryFn: ({ signal }) => chatApi.get(ticketId, { signal }),
  });
  const messages = useQuery({
    queryKey: chatKeys.messages(ticketId),
    queryFn: ({ signal }) => chatApi.messages(ticketId, 0, { signal }),
  });
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const composer = useRef<ComposerRef>(null);
  const agents = useQuery({
    queryKey: ['chat', 'agents'],
    queryFn: ({ signal }) => accountApi.agents(true, { signal, silent: true }),
    staleTime: 60_000,
  });
  const groups = useQuery({
    queryKey: ['chat', 'groups'],
    queryFn: ({ signal }) => groupApi.list({ limit: 100 }, { signal, silent: true }),
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
  const newMessages = useNewMessageStatus(messages.data?.list, user?.account_id);
  useEffect(() => {
    if (count > 0) {
      bottom.current?.scrollIntoView?.({ block: 'end' });
    }
  }, [count]);

  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.queue });
    void queryClient.invalidateQueries({ queryKey: chatKeys.chat(ticketId) });
  };
  const accept = useMutation({
    mutationFn: () => chatApi.accept(ticketId),
    // The chat is the agent's as soon as the server says so: the composer must not wait for the
    // refetch (an Enter in between was dropped while the visitor already saw the agent join).
    onSuccess: () => {
      queryClient.setQueryData<TChatSummary>(chatKeys.chat(ticketId), (old) =>
        old && user ? { ...old, accepted_by: user.account_id } : old,
      );
      invalidate();
      // The Accept button is gone: the keyboard goes on to answering.
      composer.current?.focus();
    },
  });
  const end = useMutation({
    mutationFn: () => chatApi.end(ticketId),
    // Ended as soon as the server says so: the buttons for a running chat go before the dialog does.
    onSuccess: () => {
      queryClient.setQueryData<TChatSummary>(chatKeys.chat(ticketId), (old) => (old ? { ...old, ended: true } : old));
      invalidate();
    },
  });
  const transfer = useMutation({
    mutationFn: (target: string) => {
      const id = Number(target.slice(2));
      return chatApi.transfer(
        target.startsWith('g:') ? { ticket_id: ticketId, group_id: id } : { ticket_id: ticketId, assignee_id: id },
      );
    },
    onSuccess: () => {
      void toast.success(t('chat.transferred'));
      setTransferTo(null);
      invalidate();
      // No longer this agent's chat: nothing is left to do on it here.
      onLeave();
      onDone();
    },
  });

  const backToList = phone && (
    <Button
      type="text"
      icon={<ArrowLeftOutlined aria-hidden />}
      aria-label={t('chat.all_chats')}
      onClick={phone.back}
    />
  );
  if (info.isLoading) {
    return (
      <Card style={{ flex: 1, minWidth: 0 }}>
        {backToList}
        <PageLoading />
      </Card>
    );
  }
  if (info.isError || !info.data) {
    return (
      <Card style={{ flex: 1, minWidth: 0 }}>
        {backToList}
        <Alert type="error" showIcon title={t('chat.load_failed')} />
      </Card>
    );
  }
  const c = info.data;
  const mine = c.accepted_by === user?.account_id;
  const waiting = c.accepted_by === null && !c.ended;
  const transferOptions = [
    {
      label: t('chat.transfer_agents'),
      // Only agents who take chats (the server refuses the others), online ones first, each with its state.
      options: (agents.data?.list ?? [])
        .filter((a) => a.account_id !== user?.account_id && a.tool_access.includes('chat'))
        .sort((a, b) => Number(b.chat_state === 'online') - Number(a.chat_state === 'online'))
        .map((a) => ({
          value: `a:${a.account_id}`,
          label: `${a.alias_name || a.real_name} · ${chatStates.label(a.chat_state)}`,
        })),
    },
    {
      label: t('chat.transfer_groups'),
      options: (groups.data?.list ?? []).map((g) => ({ value: `g:${g.group_id}`, label: g.group_name })),
    },
  ];

  const actionSize = phone ? 'middle' : 'small';
  const actions = (
    <>
      {waiting && (
        <Button type="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
          {t('chat.accept')}
        </Button>
      )}
      {mine && !c.ended && (
        <>
          <Select
            size={actionSize}
            style={{ flex: 1, minWidth: 0, maxWidth: phone ? undefined : 260 }}
            placeholder={t('chat.transfer_to')}
            aria-label={t('chat.transfer_to')}
            value={transferTo}
            onChange={setTransferTo}
            options={transferOptions}
          />
          <Button
            size={actionSize}
            disabled={!transferTo}
            loading={transfer.isPending}
            onClick={() => transferTo && transfer.mutate(transferTo)}
          >
            {t('chat.transfer')}
          </Button>
          <Button
            danger
            size={actionSize}
            loading={end.isPending}
            onClick={() =>
              confirm({
                title: t('chat.end_confirm'),
                content: t('chat.end_confirm_text'),
                okText: t('chat.end'),
                danger: true,
                onOk: () => end.mutateAsync(),
                afterClose: () => {
                  if (queryClient.getQueryData<TChatSummary>(chatKeys.chat(ticketId))?.ended) {
                    onDone();
                  }
                },
              })
            }
          >
            {t('chat.end')}
          </Button>
        </>
      )}
    </>
  );
  const state = c.ended ? <Tag>{t('chat.ended')}</Tag> : waiting ? <Tag color="orange">{t('chat.waiting')}</Tag> : null;
  // The actions get a row of their own under the header: beside the visitor's name they pushed
  // the page wider than a phone's screen, and at 1100px the transfer box covered the name and
  // End chat went under the visitor's panel, out of a click's reach. On a phone the header holds
  // the way back, the visitor's name and the way to their details.
  const actionRow = (waiting || (mine && !c.ended)) && (
    <Flex gap={8} align="center" wrap style={{ padding: '8px 12px', borderBottom: '1px solid #f0f0f0' }}>
      {actions}
    </Flex>
  );

  return (
    <>
      <Card
        size="small"
        style={{
          flex: 1,
          display: phone?.showVisitor ? 'none' : 'flex',
          flexDirection: 'column',
          minWidth: 0,
        }}
        styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, padding: 0 } }}
        title={
          phone ? (
            <Flex align="center" gap={4} style={{ minWidth: 0 }}>
              {backToList}
              <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                {c.visitor_name}
              </Typography.Text>
              {state}
            </Flex>
          ) : (
            <Space>
              {c.visitor_name}
              {state}
            </Space>
          )
        }
        extra={
          phone && (
            <Button
              type="text"
              icon={<IdcardOutlined aria-hidden />}
              aria-label={t('chat.visitor_details')}
              onClick={phone.openVisitor}
            />
          )
        }
      >
        {actionRow}
        {/* The transcript is not live (it was read whole at each message): the new message is said on its own. */}
        <LiveStatus text={newMessages} />
        <div style={{ flex: 1, overflowY: 'auto', padding: 16, background: '#fafafa' }}>
          {messages.isLoading ? (
            <PageLoading />
          ) : messages.isError ? (
            <Alert type="error" showIcon title={t('chat.messages_failed')} />
          ) : count === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.no_messages')} />
          ) : (
            messages.data?.list.map((m) => <ChatBubble key={m.message_id} m={m} time={format(m.create_ts)} />)
          )}
          {chat?.typing[ticketId] && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('chat.visitor_typing')}
            </Typography.Text>
          )}
          <div ref={bottom} />
        </div>
        <ChatComposer ticketId={ticketId} mine={mine} ended={c.ended} inputRef={composer} />
      </Card>
      {/* On a phone the conversation stays behind the visitor's details (hidden, not gone): a reply being written is kept. */}
      {(!phone || phone.showVisitor) && <ChatVisitorPanel chat={c} onBack={phone?.closeVisitor} />}
    </>
  );
}
