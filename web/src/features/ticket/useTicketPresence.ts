import type { TTicketPresence, TTicketViewer } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useSession } from '../../auth/SessionContext';
import { authStore } from '../../auth/storage';
import { currentLanguage } from '../../i18n';
import { useChat } from '../chat/ChatContext';

/** Seconds of no input after which the agent no longer counts as typing. */
export const typingIdleMs = 3000;

/**
 * Who else is on this ticket page and who types there (issue 13: so two agents do not answer the
 * same customer). Uses the shell's chat socket when the agent takes chats, else its own.
 * `typed()` marks the agent typing until `typingIdleMs` pass without input.
 */
export function useTicketPresence(ticketId: number): { others: TTicketViewer[]; typed: () => void } {
  const chat = useChat();
  const { user } = useSession();
  const [viewers, setViewers] = useState<TTicketViewer[]>([]);
  const socketRef = useRef<Socket | null>(null);
  const typingTimer = useRef(0);
  const shared = chat?.socket ?? null;

  useEffect(() => {
    let socket = shared;
    let own = false;
    if (!socket) {
      const token = authStore.token();
      if (!token) {
        return;
      }
      socket = io({ path: '/api/socket.io', auth: { token, language: currentLanguage() }, transports: ['websocket'] });
      own = true;
    }
    socketRef.current = socket;
    const s = socket;
    const view = () => {
      s.emit('ticket_view', { ticket_id: ticketId }, (reply: { code: string; data: { viewers: TTicketViewer[] } }) => {
        if (reply?.code === '0000') {
          setViewers(reply.data.viewers);
        }
      });
    };
    const onPresence = (p: TTicketPresence) => {
      if (p.ticket_id === ticketId) {
        setViewers(p.viewers);
      }
    };
    s.on('ticket_presence', onPresence);
    s.on('connect', view);
    if (s.connected) {
      view();
    }
    return () => {
      window.clearTimeout(typingTimer.current);
      typingTimer.current = 0;
      s.off('ticket_presence', onPresence);
      s.off('connect', view);
      if (own) {
        s.close();
      } else {
        s.emit('ticket_leave', { ticket_id: ticketId }, () => {});
      }
      socketRef.current = null;
      setViewers([]);
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

  return { others: viewers.filter((v) => v.account_id !== user?.account_id), typed };
}
