import type { TChatMessage, TChatSummary } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { bodyPreview } from '../ticket/shared/commentHtml';

/** A message's words without its markup (the body is sanitized HTML), on one line, whole. */
const plainText = (html: string) => bodyPreview(html, Number.POSITIVE_INFINITY).replace(/\s+/g, ' ');

/**
 * What a screen reader is told when messages arrive in the chat on screen: the new message (who
 * and what), or how many came at once; not the messages there were when the chat opened, nor the
 * agent's own. The transcript itself is not live (it was read whole on every change).
 */
export function useNewMessageStatus(list: readonly TChatMessage[] | undefined, me: number | undefined): string {
  const { t } = useTranslation();
  const seenUpTo = useRef<number | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!list) {
      return;
    }
    const last = list.at(-1)?.message_id ?? 0;
    const from = seenUpTo.current;
    seenUpTo.current = Math.max(from ?? 0, last);
    if (from === null) {
      return;
    }
    const fresh = list.filter(
      (m) => m.message_id > from && !(m.account_id === me && !m.from_visitor && !m.automatic) && m.body !== '',
    );
    const only = fresh[0];
    if (fresh.length === 1 && only) {
      const name = only.automatic ? t('chat.automatic') : only.real_name;
      setText(t('chat.new_message', { name, text: plainText(only.body) }));
    } else if (fresh.length > 1) {
      setText(t('chat.new_messages', { count: fresh.length }));
    }
  }, [list, me, t]);
  return text;
}

/**
 * What a screen reader is told when a chat starts waiting while the agent is in the workspace:
 * the visitor's name (or how many came at once, with their names). The chats already waiting
 * when the workspace opened are in the list, not news.
 */
export function useNewWaitingStatus(waiting: readonly TChatSummary[] | undefined): string {
  const { t } = useTranslation();
  const known = useRef<Set<number> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!waiting) {
      return;
    }
    const before = known.current;
    // The chats waiting now: one that leaves the queue and comes back (handed back to a group) is news again.
    known.current = new Set(waiting.map((c) => c.ticket_id));
    if (before === null) {
      return;
    }
    const fresh = waiting.filter((c) => !before.has(c.ticket_id));
    const only = fresh[0];
    if (fresh.length === 1 && only) {
      setText(t('chat.new_waiting', { name: only.visitor_name }));
    } else if (fresh.length > 1) {
      setText(t('chat.new_waiting_many', { count: fresh.length, names: fresh.map((c) => c.visitor_name).join(', ') }));
    }
  }, [waiting, t]);
  return text;
}
