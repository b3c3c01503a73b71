import type { TChatMessage, TChatState, TSystemMessage } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { authApi } from '../../api/auth';
import { openStaffSocket } from '../../api/socket';
import { useSession } from '../../auth/SessionContext';
import { authStore } from '../../auth/storage';
import { useTranslation } from '../../i18n/useTranslation';
import { chatKeys } from './queries';
import { playChime } from './sound';

/** docs/product.md §9: 15 s without mouse or keyboard makes an agent idle (notified with the page in front). */
export const idleMs = 15_000;
/**
 * An agent away from the keyboard this long goes away (not routed new chats), online again on
 * their next input. Not the spec's 15 s of idle detection: away at 15 s took every agent who was
 * reading or watching the queue off the widget, which then sent visitors to leave a message.
 */
export const idleAwayMs = 10 * 60_000;
/** localStorage: the account the idle timer sent away (see `autoAway`). */
const autoAwayKey = 'parley.chat_auto_away';
/** Desktop notifications: at most one every 5 s on a push, every 30 s from the 1-second poll. */
export const pushNotifyEveryMs = 5_000;
export const pollNotifyEveryMs = 30_000;

interface TChatContext {
  socket: Socket | null;
  connected: boolean;
  state: TChatState;
  setState(next: TChatState): Promise<void>;
  /** Unread visitor messages per chat the agent is not looking at. */
  unread: Record<number, number>;
  markRead(ticketId: number): void;
  /** The chat on screen (its messages are not counted as unread). */
  setOpenChat(ticketId: number | null): void;
  waitingCount: number;
  typing: Record<number, boolean>;
}

const ChatContext = createContext<TChatContext | null>(null);

export function useChat(): TChatContext | null {
  return useContext(ChatContext);
}

/** Puts a message into its chat's cached list once (by `message_id`), oldest first. */
export function mergeMessages(list: TChatMessage[], incoming: TChatMessage[]): TChatMessage[] {
  const seen = new Set(list.map((m) => m.message_id));
  const fresh: TChatMessage[] = [];
  for (const m of incoming) {
    if (!seen.has(m.message_id)) {
      seen.add(m.message_id);
      fresh.push(m);
    }
  }
  return fresh.length ? [...list, ...fresh].sort((a, b) => a.message_id - b.message_id) : list;
}

/**
 * The agent's chat connection, for the whole shell: one socket, the chat state with idle
 * detection, new-chat sound and desktop notifications, unread counts and the tab title.
 * Mounted only for accounts whose `tool_access` has chat.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const [state, setStateValue] = useState<TChatState>(user?.chat_state ?? 'offline');
  const [unread, setUnread] = useState<Record<number, number>>({});
  const [typing, setTyping] = useState<Record<number, boolean>>({});
  const [waitingCount, setWaitingCount] = useState(0);
  const openChat = useRef<number | null>(null);
  const lastNotified = useRef(0);
  // No mouse or keyboard for `idleMs`: notifications show even while the page is in front.
  const idle = useRef(false);
  // Away because idle, not by choice: the next input brings the agent back online. Kept in this
  // browser across reloads and sign-ins (an agent sent away by the idle timer, then reloading,
  // stayed away for good, and the widget offline for every visitor).
  const autoAway = useRef(user !== null && localStorage.getItem(autoAwayKey) === String(user.account_id));
  const stateRef = useRef(state);
  stateRef.current = state;

  const setState = useCallback(
    async (next: TChatState, idle = false) => {
      await authApi.chatStateEdit({ chat_state: next });
      setStateValue(next);
      autoAway.current = idle;
      if (idle && user) {
        localStorage.setItem(autoAwayKey, String(user.account_id));
      } else {
        localStorage.removeItem(autoAwayKey);
      }
    },
    [user],
  );

  const notify = useCallback(
    (body: string, everyMs: number) => {
      const now = Date.now();
      if (now - lastNotified.current < everyMs) {
        return;
      }
      lastNotified.current = now;
      playChime();
      // In the background, or idle (15 s without input: the agent may not be looking at it).
      if (
        typeof Notification !== 'undefined' &&
        Notification.permission === 'granted' &&
        (document.hidden || idle.current)
      ) {
        new Notification(t('chat.notify_title'), { body, tag: 'parley-chat' });
      }
    },
    [t],
  );

  const refreshQueue = useCallback(async () => {
    const queue = await queryClient.fetchQuery({
      queryKey: chatKeys.queue,
      queryFn: ({ signal }) => import('../../api/chat').then((m) => m.chatApi.queue({ signal, silent: true })),
      staleTime: 0,
    });
    setWaitingCount(queue.waiting.length);
    return queue;
  }, [queryClient]);

  useEffect(() => {
    const token = authStore.token();
    if (!token) {
      return;
    }
    let opened: Socket | null = null;
    let cancelled = false;
    const wire = (s: Socket) => {
      s.on('connect', () => {
        setConnected(true);
        void refreshQueue();
      });
      s.on('disconnect', (reason) => {
        setConnected(false);
        // A server stopping asks its clients to go, and socket.io then stays away: come back (to
        // another process) a moment later; 'connect' catches the queue up.
        if (reason === 'io server disconnect') {
          setTimeout(() => !cancelled && s.connect(), 1000 + Math.random() * 2000);
        }
      });
      s.on('system_message', (m: TSystemMessage) => {
        void refreshQueue();
        if (m.type === 'new_chat_tickets') {
          notify(t('chat.notify_new'), pushNotifyEveryMs);
        } else if (m.type === 'new_message') {
          for (const id of m.ticket_ids) {
            void queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
            // Only the chat on screen sends its messages here (its room is joined while it is
            // open: 'chat_message' counts those). Another of the agent's chats is counted from
            // this: its badge and the tab's title go up, and it chimes.
            if (openChat.current !== id) {
              setUnread((prev) => ({ ...prev, [id]: (prev[id] ?? 0) + 1 }));
              notify(t('chat.notify_message'), pushNotifyEveryMs);
            }
          }
        }
      });
      s.on('chat_message', (m: TChatMessage) => {
        queryClient.setQueryData<{ list: TChatMessage[] }>(chatKeys.messages(m.ticket_id), (old) =>
          old ? { list: mergeMessages(old.list, [m]) } : old,
        );
        if (m.from_visitor) {
          setTyping((prev) => ({ ...prev, [m.ticket_id]: false }));
          if (openChat.current !== m.ticket_id || document.hidden) {
            setUnread((prev) => ({ ...prev, [m.ticket_id]: (prev[m.ticket_id] ?? 0) + 1 }));
            notify(m.real_name, pushNotifyEveryMs);
          }
        }
        if (m.reply_type === 'end_chat') {
          // A received end-chat reply marks that chat solved locally (docs/product.md §4).
          void queryClient.invalidateQueries({ queryKey: chatKeys.queue });
          void queryClient.invalidateQueries({ queryKey: chatKeys.chat(m.ticket_id) });
        }
      });
      s.on('typing', (e: { ticket_id: number; from_visitor: boolean; typing: boolean }) => {
        if (e.from_visitor) {
          setTyping((prev) => ({ ...prev, [e.ticket_id]: e.typing }));
        }
      });
    };
    void openStaffSocket(token).then((s) => {
      if (cancelled) {
        s.close();
        return;
      }
      opened = s;
      wire(s);
      setSocket(s);
    });
    return () => {
      cancelled = true;
      opened?.close();
      setSocket(null);
    };
  }, [notify, queryClient, refreshQueue, t]);

  // The 1-second poll fallback while the socket is down: new chats still chime, at most every 30 s.
  useEffect(() => {
    if (connected) {
      return;
    }
    let known = -1;
    const timer = window.setInterval(() => {
      refreshQueue().then(
        (q) => {
          if (known >= 0 && q.waiting.length > known) {
            notify(t('chat.notify_new'), pollNotifyEveryMs);
          }
          known = q.waiting.length;
        },
        () => {},
      );
    }, 1000);
    return () => window.clearInterval(timer);
  }, [connected, notify, refreshQueue, t]);

  // Idle after 15 s without input (notifications show in front too); online → away after 10
  // minutes of it, back online on the next input.
  useEffect(() => {
    let idleTimer = 0;
    let awayTimer = 0;
    const arm = () => {
      window.clearTimeout(idleTimer);
      window.clearTimeout(awayTimer);
      idle.current = false;
      if (autoAway.current && stateRef.current === 'away') {
        autoAway.current = false;
        void setState('online');
      }
      idleTimer = window.setTimeout(() => {
        idle.current = true;
      }, idleMs);
      awayTimer = window.setTimeout(() => {
        if (stateRef.current === 'online') {
          void setState('away', true);
        }
      }, idleAwayMs);
    };
    const events = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;
    for (const e of events) {
      window.addEventListener(e, arm, { passive: true });
    }
    arm();
    return () => {
      window.clearTimeout(idleTimer);
      window.clearTimeout(awayTimer);
      for (const e of events) {
        window.removeEventListener(e, arm);
      }
    };
  }, [setState]);

  // Unread count in the tab title.
  const totalUnread = Object.values(unread).reduce((a, b) => a + b, 0);
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = totalUnread > 0 ? `(${totalUnread}) ${base}` : base;
  }, [totalUnread]);

  const value = useMemo<TChatContext>(
    () => ({
      socket,
      connected,
      state,
      setState,
      unread,
      markRead: (ticketId) => setUnread((prev) => (prev[ticketId] ? { ...prev, [ticketId]: 0 } : prev)),
      setOpenChat: (ticketId) => {
        openChat.current = ticketId;
      },
      waitingCount,
      typing,
    }),
    [socket, connected, state, setState, unread, waitingCount, typing],
  );
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>;
}
