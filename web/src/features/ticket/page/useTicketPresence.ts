import type { TTicketPresence, TTicketUpdated, TTicketViewer } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { openStaffSocket } from '../../../api/socket';
import { useSession } from '../../../auth/SessionContext';
import { authStore } from '../../../auth/storage';
import { useChat } from '../../chat/ChatContext';

/** Seconds of no input after which the agent no longer counts as typing. */
export const typingIdleMs = 3000;

const nobody: TTicketViewer[] = [];

/** The same people in the same order, typing or not alike. */
function sameViewers(a: TTicketViewer[], b: TTicketViewer[]): boolean {
  return (
    a.length === b.length &&
    a.every((v, i) => v.account_id === b[i]?.account_id && v.typing === b[i]?.typing && v.real_name === b[i]?.real_name)
  );
}

/**
 * Who else is on this ticket page and who types there (issue 13: so two agents do not answer the
 * same customer). Uses the shell's chat socket when the agent takes chats, else its own.
 * `typed()` marks the agent typing until `typingIdleMs` pass without input. `onUpdated`: someone
 * else saved the ticket (`ticket_updated`), the page fetches it again.
 */
export function useTicketPresence(
  ticketId: number,
  onUpdated: (update: TTicketUpdated) => void,
): { others: TTicketViewer[]; typed: () => void } {
  const chat = useChat();
  const { user } = useSession();
  // The others on the page. Kept as they were when an answer names the same people (the agent's own
  // arrival is announced to the agent too): the page does not render again for nothing (issue 15:
  // twice on each ticket opened, before its panels rendered).
  const [others, setOthers] = useState<TTicketViewer[]>(nobody);
  // The latest callback and account, read when an update arrives: no new subscription per render.
  const updated = useRef(onUpdated);
  updated.current = onUpdated;
  const me = useRef(user?.account_id);
  me.current = user?.account_id;
  const socketRef = useRef<Socket | null>(null);
  const typingTimer = useRef(0);
  const shared = chat?.socket ?? null;

  useEffect(() => {
    const setViewers = (viewers: TTicketViewer[]) => {
      const next = viewers.filter((v) => v.account_id !== me.current);
      setOthers((shown) => (sameViewers(shown, next) ? shown : next));
    };
    let socket: Socket | null = null;
    let own = false;
    let cancelled = false;
    const view = () => {
      socket?.emit(
        'ticket_view',
        { ticket_id: ticketId },
        (reply: { code?: string; data?: { viewers?: TTicketViewer[] } | null } | null) => {
          // Anything but the expected answer leaves the banner as it is: presence is a hint, never a crash.
          const viewers = reply?.code === '0000' ? reply.data?.viewers : undefined;
          if (Array.isArray(viewers)) {
            setViewers(viewers);
          }
        },
      );
    };
    const onPresence = (p: TTicketPresence) => {
      if (p.ticket_id === ticketId) {
        setViewers(p.viewers);
      }
    };
    const onTicketUpdated = (u: TTicketUpdated) => {
      // The agent's own save is on the page already.
      if (u.ticket_id === ticketId && u.account_id !== me.current) {
        updated.current(u);
      }
    };
    const attach = (s: Socket) => {
      socket = s;
      socketRef.current = s;
      s.on('ticket_presence', onPresence);
      s.on('ticket_updated', onTicketUpdated);
      s.on('connect', view);
      if (s.connected) {
        view();
      }
    };
    if (shared) {
      attach(shared);
    } else {
      const token = authStore.token();
      if (!token) {
        return;
      }
      own = true;
      void openStaffSocket(token).then((s) => {
        if (cancelled) {
          s.close();
        } else {
          attach(s);
        }
      });
    }
    return () => {
      cancelled = true;
      window.clearTimeout(typingTimer.current);
      typingTimer.current = 0;
      const s = socket;
      if (s) {
        s.off('ticket_presence', onPresence);
        s.off('ticket_updated', onTicketUpdated);
        s.off('connect', view);
        if (own) {
          s.close();
        } else {
          s.emit('ticket_leave', { ticket_id: ticketId }, () => {});
        }
      }
      socketRef.current = null;
      setOthers(nobody);
    };
  }, [shared, ticketId]);

  const typed = useCallback(() => {
    const s = socketRef.current;
    if (!s) {
      return;
    }
    if (!typingTimer.current) {
      s.emit('ticket_typing', { ticket_id: ticketId, typing: true }, () => {});
    }
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => {
      typingTimer.current = 0;
      s.emit('ticket_typing', { ticket_id: ticketId, typing: false }, () => {});
    }, typingIdleMs);
  }, [ticketId]);

  return { others, typed };
}
