import type { TChatSummary } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, Empty, Flex, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { chatApi } from '../../api/chat';
import { LiveStatus } from '../../components/LiveStatus';
import { PageLoading } from '../../components/PageLoading';
import { PlainList } from '../../components/PlainList';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { usePhone } from '../../layout/usePhone';
import { useChat } from './ChatContext';
import { ChatConversation } from './ChatConversation';
import { useNewWaitingStatus } from './chatStatus';
import { NotificationPrompt } from './NotificationPrompt';
import { chatKeys } from './queries';

/** Where a phone's step came from: its back control then goes back in the history, as the phone's own back does. */
interface TPhoneStep {
  chatStep?: 'list' | 'chat';
}

/**
 * The agent's chat workspace: the queue, their active chats, the conversation and the visitor.
 * Side by side on a wider screen; on a phone one at a time (list, conversation, visitor), each
 * step an address of its own, so the phone's back goes where the back control does.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const chat = useChat();
  const phone = usePhone();
  const listBox = useRef<HTMLDivElement>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const cameFrom = (useLocation().state as TPhoneStep | null)?.chatStep;
  const selected = Number(params.get('chat')) || null;
  const showVisitor = phone && params.get('visitor') === '1';
  // Pushes refresh it at once; the interval catches chats routed while this agent was away.
  const queue = useQuery({
    queryKey: chatKeys.queue,
    queryFn: ({ signal }) => chatApi.queue({ signal }),
    refetchInterval: 5000,
  });

  const newWaiting = useNewWaitingStatus(queue.data?.waiting);

  // The list follows the chat on screen: once accepted it is among "My chats".
  const [tab, setTab] = useState<'waiting' | 'active'>('waiting');
  const selectedIsMine = queue.data?.active.some((c) => c.ticket_id === selected) ?? false;
  useEffect(() => {
    if (selectedIsMine) {
      setTab('active');
    }
  }, [selectedIsMine]);

  useEffect(() => {
    chat?.setOpenChat(selected);
    if (selected) {
      chat?.markRead(selected);
    }
    return () => chat?.setOpenChat(null);
  }, [chat, selected]);

  if (!chat) {
    return <Alert type="info" showIcon title={t('chat.no_tool_access')} />;
  }
  const select = (id: number) => setParams({ chat: String(id) }, { state: { chatStep: 'list' } satisfies TPhoneStep });
  /** Back a step on a phone: through the history when the step was taken here, else to the step before. */
  const back = (from: TPhoneStep['chatStep'], to: Record<string, string>) => {
    if (cameFrom === from) {
      void navigate(-1);
    } else {
      setParams(to, { replace: true });
    }
  };
  /** A chat ended or handed on: the keyboard goes to the next chat of the list on screen, else to its tab. */
  const focusNext = (leaving: number) => {
    window.setTimeout(() => {
      const tab = listBox.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]');
      const pane = tab && document.getElementById(tab.getAttribute('aria-controls') ?? '');
      const items = [...(pane?.querySelectorAll<HTMLElement>('[data-chat-id]') ?? [])];
      const at = items.findIndex((b) => Number(b.dataset.chatId) === leaving);
      const others = at < 0 ? items : [...items.slice(at + 1), ...items.slice(0, at).reverse()];
      (others[0] ?? tab)?.focus();
    });
  };
  const waiting = queue.data?.waiting ?? [];
  const active = queue.data?.active ?? [];

  const list = (
    <Card
      ref={listBox}
      size="small"
      style={
        phone
          ? { flex: 1, minWidth: 0, overflow: 'auto' }
          : { width: 'clamp(220px, 22vw, 280px)', flex: 'none', overflow: 'auto' }
      }
      styles={{ body: { padding: 8 } }}
    >
      {!chat.connected && <Alert type="warning" showIcon title={t('chat.disconnected')} style={{ marginBottom: 8 }} />}
      <NotificationPrompt />
      {queue.isLoading ? (
        <PageLoading />
      ) : queue.isError ? (
        <Alert type="error" showIcon title={t('chat.load_failed')} />
      ) : (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as 'waiting' | 'active')}
          items={[
            {
              key: 'waiting',
              label: (
                <Badge count={waiting.length} size="small" offset={[8, 0]}>
                  {t('chat.waiting')}
                </Badge>
              ),
              children: <ChatList chats={waiting} selected={selected} onSelect={select} empty={t('chat.no_waiting')} />,
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
  );

  return (
    <Flex
      gap={16}
      align="stretch"
      // A phone has no header tabs and a 12px padding; its browser's bars come and go (dvh).
      style={
        phone
          ? { height: 'calc(100dvh - 56px - 24px)', minHeight: 400 }
          : { height: 'calc(100vh - 56px - 48px - 40px)', minHeight: 480 }
      }
    >
      {/* Said on a phone too, where the list is not on screen during a chat. */}
      <LiveStatus text={newWaiting} />
      {(!phone || !selected) && list}
      {selected ? (
        <ChatConversation
          key={selected}
          ticketId={selected}
          onLeave={() => setParams({})}
          onDone={() => focusNext(selected)}
          phone={
            phone
              ? {
                  showVisitor,
                  back: () => back('list', {}),
                  openVisitor: () =>
                    setParams(
                      { chat: String(selected), visitor: '1' },
                      { state: { chatStep: 'chat' } satisfies TPhoneStep },
                    ),
                  closeVisitor: () => back('chat', { chat: String(selected) }),
                }
              : undefined
          }
        />
      ) : (
        !phone && (
          <Card style={{ flex: 1 }}>
            <Empty description={t('chat.pick_one')} />
          </Card>
        )
      )}
    </Flex>
  );
}

/** Where a chat was started, short: the page's host and path ("shop.example/cart"), or nothing. */
function pageOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return pathname === '/' ? host : `${host}${pathname}`;
  } catch {
    return '';
  }
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
    <PlainList
      className="plain-list-buttons"
      items={chats}
      itemKey={(c) => c.ticket_id}
      renderItem={(c) => (
        <button
          type="button"
          className="plain-list-button"
          onClick={() => onSelect(c.ticket_id)}
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
            {/* Its number and the page it was started on: four visitors who gave no name are
                four "Visitor" rows of the same minute otherwise. */}
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
              {c.visitor_active ? <Tag color="green">{t('chat.visitor_active')}</Tag> : null}
              {[`#${c.ticket_id}`, pageOf(c.page_url), format(c.create_ts)].filter(Boolean).join(' · ')}
            </Typography.Text>
          </Flex>
        </button>
      )}
    />
  );
}
