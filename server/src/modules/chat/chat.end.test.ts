import fs from 'node:fs';
import path from 'node:path';
import { chatOps, chatWidgetOps, reportOps, settingOps, slaOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, api, setUpChatApp, t } from '../../../test/chat-app.js';
import { chatAgent, redisAnswers, startChat } from '../../../test/chat-kit.js';
import { migrationsDir } from '../../db/migrate.js';
import { queryRows } from '../../db/rows.js';
import { rebuildBatches, refreshTickets } from '../report/report.rollup.js';

/**
 * Ending a chat writes "The chat has ended" as a public comment under the agent's name: it is not
 * the agent's reply to the reports, the first reply, the SLA's targets or auto-assign.
 */
const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('the end of a chat is not a reply', () => {
  setUpChatApp();

  it('a chat accepted and ended without a word stays unanswered in the reports', async () => {
    const agent = await chatAgent(t);
    const chat = await startChat(t);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, agent.token)).code).toBe('0000');
    expect((await api(chatOps.end, { ticket_id: chat.ticket_id }, agent.token)).code).toBe('0000');
    // The "chat has ended" message is public and under the agent's name: it is not their reply.
    const query = { time_range: '24h', source: 'chat', assignee_id: agent.accountId } as const;
    const efficiency = await api(reportOps.efficiency, query, admin);
    expect(efficiency.data.first_reply.buckets.filter((b) => b.count > 0)).toEqual([{ key: 'no_replies', count: 1 }]);
    const activity = await api(reportOps.assigneeActivity, query, admin);
    expect(activity.data.list.find((r) => r.agent_id === agent.accountId)).toMatchObject({ replies: 0, solved: 1 });
    // Nor the ticket's first reply (an SLA's first-reply target reads it).
    const firstReply = async () =>
      (await api(ticketOps.get, { ticket_id: String(chat.ticket_id) }, admin)).data.first_reply_ts;
    expect(await firstReply()).toBeNull();

    // A chat ended before its history entry said so (the entry as it was written then): its
    // reports counted the message as a reply, until the migration marks it and rebuilds them.
    const db = t.database.db;
    await db.execute(
      sql`UPDATE ticket_event SET new_value = new_value - 'source' WHERE ticket_id = ${chat.ticket_id} AND field = 'comment'`,
    );
    await db.transaction((tx) => refreshTickets(tx, [chat.ticket_id]));
    const before = await api(reportOps.assigneeActivity, query, admin);
    expect(before.data.list.find((r) => r.agent_id === agent.accountId)).toMatchObject({ replies: 1 });
    await db.execute(sql.raw(fs.readFileSync(path.join(migrationsDir, '0064_end_chat_not_a_reply.sql'), 'utf8')));
    const marked = await queryRows<{ source: string | null }>(
      db,
      sql`SELECT new_value->>'source' AS source FROM ticket_event WHERE ticket_id = ${chat.ticket_id} AND field = 'comment'`,
    );
    expect(marked.map((r) => r.source)).toContain('end_chat');
    expect(await rebuildBatches(db, 100)).toBeNull();
    const after = await api(reportOps.assigneeActivity, query, admin);
    expect(after.data.list.find((r) => r.agent_id === agent.accountId)).toMatchObject({ replies: 0, solved: 1 });
    const rebuilt = await api(reportOps.efficiency, query, admin);
    expect(rebuilt.data.first_reply.buckets.filter((b) => b.count > 0)).toEqual([{ key: 'no_replies', count: 1 }]);

    // …and its first reply time was the end of the chat's, until the next migration takes it again.
    await db.execute(
      sql`UPDATE ticket t SET first_reply_ts = c.create_ts FROM chat_message m JOIN ticket_comment c ON c.comment_id = m.comment_id
        WHERE m.reply_type = 'end_chat' AND m.ticket_id = ${chat.ticket_id} AND t.ticket_id = m.ticket_id`,
    );
    expect(await firstReply()).toEqual(expect.any(Number));
    await db.execute(sql.raw(fs.readFileSync(path.join(migrationsDir, '0065_end_chat_not_a_first_reply.sql'), 'utf8')));
    expect(await firstReply()).toBeNull();
  });

  it('the end of a chat is not the agent’s reply to an SLA either: reopened, the visitor’s question is still owed an answer', async () => {
    const agent = await chatAgent(t);
    const chat = await startChat(t);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, agent.token)).code).toBe('0000');
    const say = (body: string, id: string) =>
      api(chatOps.messageAdd, { ticket_id: chat.ticket_id, body, client_message_id: id }, agent.token);
    expect((await say('Hello, how can I help?', 'sla-a1')).code).toBe('0000');
    const asked = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'Where is my order?',
      client_message_id: 'sla-v1',
    });
    expect(asked.code).toBe('0000');
    expect((await api(chatOps.end, { ticket_id: chat.ticket_id }, agent.token)).code).toBe('0000');
    const added = await api(
      slaOps.policyAdd,
      {
        title: 'Chats answered within the hour',
        conditions: { all: [{ field: 'source', operator: 'is', value: 'chat' }] },
        targets: { normal: { next_reply: 60, periodic_update: 600 } },
      },
      admin,
    );
    expect(added.code).toBe('0000');
    try {
      // Reopened (the visitor wrote again by email, say): the target is the answer to the question
      // the chat ended on, due an hour after it, not the periodic update from the chat's end.
      const reopened = await api(ticketOps.edit, { ticket_id: chat.ticket_id, submit_as: 'open' }, admin);
      expect(reopened.code).toBe('0000');
      const [question] = await queryRows<{ create_ts: string }>(
        t.database.db,
        sql`SELECT create_ts FROM ticket_comment WHERE comment_id = ${asked.data.message_id}`,
      );
      const sla = await api(slaOps.ticketGet, { ticket_id: chat.ticket_id }, admin);
      expect(sla.data).toMatchObject({ metric: 'next_reply', due_ts: Number(question?.create_ts) + 60 * 60_000 });
    } finally {
      expect((await api(slaOps.policyDelete, { policy_ids: [added.data.policy_id] }, admin)).code).toBe('0000');
    }
  });

  it('ending a waiting chat does not give it to the admin who ended it (auto-assign takes repliers only)', async () => {
    expect((await api(settingOps.ticketEdit, { auto_assign: true }, admin)).code).toBe('0000');
    try {
      const chat = await startChat(t);
      expect((await api(chatOps.end, { ticket_id: chat.ticket_id }, admin)).code).toBe('0000');
      const ticket = await api(ticketOps.get, { ticket_id: String(chat.ticket_id) }, admin);
      expect(ticket.data).toMatchObject({ ticket_state: 'solved', assignee_id: null, first_reply_ts: null });
    } finally {
      expect((await api(settingOps.ticketEdit, { auto_assign: false }, admin)).code).toBe('0000');
    }
  });
});
