import { chatOps, chatSettingOps, chatWidgetOps, type TChatMessage, type TOpInput, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { admin, api, connect, setUpChatApp, t } from '../../../test/chat-app.js';
import { chatAgent, eventually, randomIp, redisAnswers, startChat } from '../../../test/chat-kit.js';
import { queryRows } from '../../db/rows.js';
import { missedQueue } from './chat.missed.js';

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('chats nobody takes (Settings › Chats: missed after)', () => {
  setUpChatApp();

  const setMissedAfter = async (minutes: number) => {
    const current = (await api(chatSettingOps.get, {}, admin)).data;
    expect((await api(chatSettingOps.edit, { ...current, missed_after_minutes: minutes }, admin)).code).toBe('0000');
  };
  afterEach(() => setMissedAfter(10));

  /** The missed-chat checks queued for a chat, and when they are due (seconds from now). */
  const checks = (ticketId: number) =>
    queryRows<{ due: number }>(
      t.app.parley.db,
      sql`SELECT extract(epoch FROM start_after - now())::int AS due FROM pgboss.job
        WHERE name LIKE ${`%${missedQueue}`} AND data->>'ticketId' = ${String(ticketId)} AND state = 'created'`,
    );
  /** Time passes for a chat: it has waited `minutes` longer, and the checks due by then run. */
  const waitOver = async (ticketId: number, minutes: number) => {
    const ms = minutes * 60_000;
    await t.app.parley.db.execute(
      sql`UPDATE chat_session SET create_ts = create_ts - ${ms}, waiting_ts = waiting_ts - ${ms}
        WHERE ticket_id = ${ticketId}`,
    );
    await t.app.parley.db.execute(
      sql`UPDATE pgboss.job SET start_after = start_after - make_interval(mins => ${minutes})
        WHERE name LIKE ${`%${missedQueue}`} AND data->>'ticketId' = ${String(ticketId)} AND state = 'created'`,
    );
    await t.app.parley.jobs.drain();
  };
  const ended = async (visitorToken: string) =>
    (await api(chatWidgetOps.get, { visitor_token: visitorToken })).data.ended;
  /** A chat started from a widget in Chinese that nobody takes: what its visitor is told when it ends. */
  const missedInChinese = async (input: TOpInput<typeof chatWidgetOps.start>) => {
    const res = await callOp(t.app, chatWidgetOps.start, input, {
      headers: { 'x-forwarded-for': randomIp(), language: 'zh-cn' },
    });
    expect(res.code).toBe('0000');
    const visitor = await connect({ visitor_token: res.data.visitor_token });
    await waitOver(res.data.ticket_id, 1);
    return eventually('the visitor told', () =>
      visitor.messages.find((m: TChatMessage) => m.reply_type === 'end_chat'),
    );
  };
  const queued = async (token: string) =>
    (await api(chatOps.queueList, {}, token)).data.waiting.map((w) => w.ticket_id);

  it('ends a chat nobody took in time: the visitor reads that the answer comes by mail, the agents’ queue drops it, the ticket stays open', async () => {
    await setMissedAfter(3);
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const aliceSocket = await connect({ token: alice.token });
    const chat = await startChat(t, { email: 'mia-missed@customer.test' });
    const visitor = await connect({ visitor_token: chat.visitor_token });
    expect(
      await api(chatWidgetOps.messageAdd, {
        visitor_token: chat.visitor_token,
        body: 'Is anyone there?',
        client_message_id: 'm1',
      }),
    ).toMatchObject({ code: '0000' });
    expect(await queued(alice.token)).toContain(chat.ticket_id);
    // One check, due when the three minutes are over.
    const [check] = await checks(chat.ticket_id);
    expect(check?.due).toBeGreaterThan(170);
    expect(check?.due).toBeLessThanOrEqual(180);

    await waitOver(chat.ticket_id, 2);
    expect(await ended(chat.visitor_token)).toBe(false);
    await waitOver(chat.ticket_id, 1);
    const end = await eventually('the visitor told the chat was missed', () =>
      visitor.messages.find((m: TChatMessage) => m.reply_type === 'end_chat'),
    );
    expect(end.automatic).toBe(true);
    expect(end.body).toContain('no one was free to take your chat');
    expect(end.body).toContain('mia-missed@customer.test');
    await eventually('Alice’s queue told to refresh', () =>
      aliceSocket.system.find((m) => m.type === 'received_chat_tickets' && m.ticket_ids.includes(chat.ticket_id)),
    );
    expect(await queued(alice.token)).not.toContain(chat.ticket_id);
    expect(await ended(chat.visitor_token)).toBe(true);
    const ticket = (await api(ticketOps.get, { ticket_id: chat.ticket_id }, admin)).data;
    expect(['new', 'open']).toContain(ticket.ticket_state);
    // The visitor cannot write into the ended chat; nothing more is queued for it.
    const late = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'Hello?',
      client_message_id: 'm2',
    });
    expect(late.code).toBe('FFFF');
    expect(await checks(chat.ticket_id)).toEqual([]);
  });

  it('tells an anonymous visitor in their language to try again later', async () => {
    await setMissedAfter(1);
    const end = await missedInChinese({ real_name: '' });
    expect(end.body).toContain('抱歉，暂时没有客服可以接入您的对话，请稍后再试。');
  });

  it('speaks the language of the widget the chat began in, whatever the returning visitor’s account says', async () => {
    await setMissedAfter(1);
    const email = `lin-${Date.now()}@customer.test`;
    await startChat(t, { email }); // an earlier visit, in English
    const end = await missedInChinese({ real_name: 'Lin', email });
    expect(end.body).toContain(`抱歉，暂时没有客服可以接入您的对话。我们已收到您的消息，会通过邮件回复至 ${email}。`);
  });

  it('leaves a chat an agent took, and counts a chat handed back to the queue from then', async () => {
    await setMissedAfter(5);
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const chat = await startChat(t);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    await waitOver(chat.ticket_id, 10);
    expect(await ended(chat.visitor_token)).toBe(false);
    // Back in the queue (transferred to its group): it waits from then.
    const groupId = (await api(ticketOps.get, { ticket_id: chat.ticket_id }, admin)).data.group_id as number;
    expect((await api(chatOps.transfer, { ticket_id: chat.ticket_id, group_id: groupId }, alice.token)).code).toBe(
      '0000',
    );
    await waitOver(chat.ticket_id, 3);
    expect(await ended(chat.visitor_token)).toBe(false);
    await waitOver(chat.ticket_id, 3);
    expect(await ended(chat.visitor_token)).toBe(true);
  });

  it('queues nothing when chats may wait until taken (0), and a longer wait set meanwhile is kept', async () => {
    await setMissedAfter(0);
    const waits = await startChat(t);
    expect(await checks(waits.ticket_id)).toEqual([]);

    await setMissedAfter(1);
    const chat = await startChat(t);
    await setMissedAfter(30);
    await waitOver(chat.ticket_id, 2);
    expect(await ended(chat.visitor_token)).toBe(false);
    const [later] = await checks(chat.ticket_id);
    expect(later?.due).toBeGreaterThan(27 * 60);
    expect(later?.due).toBeLessThanOrEqual(28 * 60);
  });
});
