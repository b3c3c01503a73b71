import { parseLanguage, translate } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { emit, transact } from '../../events/transact.js';
import { addAutomaticMessage, lockChat } from './chat.message.js';
import { sessionByTicket } from './chat.repo.js';
import { getChatSetting } from './chat.setting.js';

export const missedQueue = 'chat-missed';

interface MissedJob {
  ticketId: number;
}

/** Anonymous visitors get an address under `.invalid` (chatStart): nobody can answer them by mail. */
const anonymous = (email: string) => email.endsWith('.invalid');

/**
 * Chats nobody takes. When a chat starts waiting (it starts, or a transfer hands it back to the
 * queue), a job is queued for Settings › Chats' "missed after" minutes, in the same transaction
 * (pg-boss: a restart loses none, several servers run it once). If the chat still waits then (no
 * agent took it since), it ends as missed: the visitor reads why, in their language, and if they
 * gave an email that the answer comes by mail (the transcript goes out as for any ended chat); the
 * ticket stays open, where it was, for an agent to answer by mail. Without this a chat waited in
 * every agent's queue for ever, and its visitor in front of a chat nobody would take.
 */
export function registerMissedChats(ctx: AppContext): void {
  ctx.jobs.define<MissedJob>(missedQueue, {
    attempts: 3,
    retryDelay: 5,
    handler: ({ ticketId }) => transact(ctx, (tx) => endIfMissed(ctx, tx, ticketId)),
  });
  const queueCheck = async (tx: Tx, ticketId: number) => {
    const minutes = (await getChatSetting(tx)).missed_after_minutes;
    const waitingTs = minutes > 0 ? (await sessionByTicket(tx, ticketId))?.waitingTs : null;
    if (waitingTs != null) {
      await checkAt(ctx, tx, ticketId, waitingTs + minutes * 60_000);
    }
  };
  ctx.events.beforeCommit('chat.started', ({ ticketId }, tx) => queueCheck(tx, ticketId));
  ctx.events.beforeCommit('chat.queued', ({ ticketId }, tx) => queueCheck(tx, ticketId));
}

/** One check per chat and moment it would be missed (a second send of the same is ignored). */
function checkAt(ctx: AppContext, tx: Tx, ticketId: number, dueTs: number) {
  return ctx.jobs.send<MissedJob>(
    missedQueue,
    { ticketId },
    { tx, key: `${ticketId}:${dueTs}`, startAfterSeconds: Math.max(1, Math.ceil((dueTs - Date.now()) / 1000)) },
  );
}

async function endIfMissed(ctx: AppContext, tx: Tx, ticketId: number): Promise<void> {
  const minutes = (await getChatSetting(tx)).missed_after_minutes;
  if (minutes === 0) {
    return;
  }
  const { row, session } = await lockChat(tx, ticketId).catch(() => ({ row: null, session: null }));
  if (!row || !session || session.endedTs !== null) {
    return;
  }
  if (session.waitingTs === null) {
    return; // an agent has it
  }
  const dueTs = session.waitingTs + minutes * 60_000;
  if (Date.now() < dueTs) {
    // The wait was made longer since it was queued: look again when the new one is over.
    await checkAt(ctx, tx, ticketId, dueTs);
    return;
  }
  const [visitor] = await queryRows<{ email: string; default_language: string }>(
    tx,
    sql`SELECT email, default_language FROM account WHERE account_id = ${session.visitorId}`,
  );
  const email = visitor?.email ?? '';
  // The language the widget spoke to them in this chat (an account made on an earlier visit may say another).
  const lang = parseLanguage(session.lang || visitor?.default_language);
  const body = anonymous(email)
    ? translate('chat_missed_anonymous', lang)
    : translate('chat_missed_email', lang, { email });
  await addAutomaticMessage(tx, row, body, `missed:${ticketId}`, 'end_chat');
  await tx.execute(
    sql`UPDATE chat_session SET ended_ts = ${Date.now()}, waiting_ts = NULL WHERE ticket_id = ${ticketId}`,
  );
  emit(tx, { type: 'chat.ended', ticketId });
}
