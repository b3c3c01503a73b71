import { accountOps, authOps, chatOps, chatWidgetOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api, connect, setUpChatApp, t } from '../../../test/chat-app.js';
import { chatAgent, eventually, redisAnswers, sleep, startChat } from '../../../test/chat-kit.js';
import { buildGroup } from '../../../test/factories.js';

const hasRedis = await redisAnswers();

/** Handing a chat on: to an agent, to a group's queue, who hears of it as new; its agent leaving. */
describe.skipIf(!hasRedis)('chat transfer over socket.io (real Redis)', () => {
  setUpChatApp();

  it('transfers a chat to an agent who takes chats, and says so of one who does not', async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const bob = await chatAgent(t, { realName: 'Bob Agent' });
    const noChat = await chatAgent(t, { realName: 'Nora Nochat', toolAccess: [] });
    // The agent list says who takes chats, so the transfer list can offer only them.
    const agents = await api(accountOps.agentAllList, { need_admin: true }, alice.token);
    const toolsOf = (id: number) => agents.data.list.find((a) => a.account_id === id)?.tool_access;
    expect([toolsOf(bob.accountId), toolsOf(noChat.accountId)]).toEqual([['chat'], []]);

    const chat = await startChat(t);
    const visitor = await connect({ visitor_token: chat.visitor_token });
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    const refused = await api(
      chatOps.transfer,
      { ticket_id: chat.ticket_id, assignee_id: noChat.accountId },
      alice.token,
    );
    expect(refused).toMatchObject({
      code: 'FFFF',
      msg: 'This agent does not take chats: choose one who does, or a group',
    });
    const moved = await api(chatOps.transfer, { ticket_id: chat.ticket_id, assignee_id: bob.accountId }, alice.token);
    expect(moved.code).toBe('0000');
    await eventually('visitor told Bob joined', () =>
      visitor.events.find(
        (e) => e.event === 'chat_event' && (e.payload as { agent_name?: string }).agent_name === 'Bob Agent',
      ),
    );
    expect((await api(chatOps.get, { ticket_id: String(chat.ticket_id) }, bob.token)).data.accepted_by).toBe(
      bob.accountId,
    );
  });

  it('tells the visitor a chat transferred to a group waits again, then names the agent who takes it', async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const carl = await chatAgent(t, { realName: 'Carl Agent' });
    const groupId = await buildGroup(t.database.db, [carl.accountId]);
    const chat = await startChat(t);
    const visitor = await connect({ visitor_token: chat.visitor_token });
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    await eventually('visitor told Alice joined', () => visitor.events.find((e) => e.event === 'chat_event'));
    const moved = await api(chatOps.transfer, { ticket_id: chat.ticket_id, group_id: groupId }, alice.token);
    expect(moved.code).toBe('0000');
    const queued = await eventually('visitor told the chat waits again', () =>
      visitor.events.find((e) => e.event === 'chat_event' && (e.payload as { type: string }).type === 'queued'),
    );
    expect(queued.payload).toEqual({ type: 'queued', ticket_id: chat.ticket_id });
    // A widget that loads now names nobody either.
    const info = await api(chatWidgetOps.get, { visitor_token: chat.visitor_token });
    expect(info.data.agent_name).toBeNull();
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, carl.token)).code).toBe('0000');
    const events = () => visitor.events.filter((e) => e.event === 'chat_event').map((e) => e.payload);
    await eventually('visitor told Carl joined', () =>
      events().find((p) => (p as { agent_name?: string }).agent_name === 'Carl Agent'),
    );
    expect(events().map((p) => (p as { type: string }).type)).toEqual(['agent_joined', 'queued', 'agent_joined']);
  });

  it('tells the agent who accepts a chat nothing new of it; an agent it is transferred to hears of it as new', async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const bob = await chatAgent(t, { realName: 'Bob Agent' });
    const aliceSocket = await connect({ token: alice.token });
    const bobSocket = await connect({ token: bob.token });
    const heard = (c: typeof aliceSocket, type: string, ticketId: number) =>
      c.system.filter((m) => m.type === type && m.ticket_ids.includes(ticketId)).length;

    const chat = await startChat(t);
    await eventually('the new chat offered to Alice', () => heard(aliceSocket, 'new_chat_tickets', chat.ticket_id));
    await eventually('the new chat offered to Bob', () => heard(bobSocket, 'new_chat_tickets', chat.ticket_id));
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    // Everyone's lists refresh (received_chat_tickets), Alice's other tabs too; nobody hears "new".
    await eventually('Bob told it was taken', () => heard(bobSocket, 'received_chat_tickets', chat.ticket_id));
    await eventually('Alice told it was taken', () => heard(aliceSocket, 'received_chat_tickets', chat.ticket_id));
    await sleep(300);
    expect(heard(aliceSocket, 'new_chat_tickets', chat.ticket_id)).toBe(1);
    expect(heard(bobSocket, 'new_chat_tickets', chat.ticket_id)).toBe(1);

    // Handed to Bob: it is new to him (his workspace chimes), not to Alice.
    expect(
      (await api(chatOps.transfer, { ticket_id: chat.ticket_id, assignee_id: bob.accountId }, alice.token)).code,
    ).toBe('0000');
    await eventually(
      'Bob told the transferred chat is his',
      () => heard(bobSocket, 'new_chat_tickets', chat.ticket_id) === 2,
    );
    await sleep(300);
    expect(heard(aliceSocket, 'new_chat_tickets', chat.ticket_id)).toBe(1);
  });
  it("tells the visitor their agent went offline and came back, but not the idle timer's away", async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const chat = await startChat(t);
    const visitor = await connect({ visitor_token: chat.visitor_token });
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    const types = () =>
      visitor.events.filter((e) => e.event === 'chat_event').map((e) => (e.payload as { type: string }).type);
    await eventually('visitor told Alice joined', () => types().includes('agent_joined'));
    const state = (chat_state: 'online' | 'away' | 'offline') =>
      api(authOps.myChatStateEdit, { chat_state }, alice.token).then((r) => expect(r.code).toBe('0000'));

    // Away (what the idle timer sets) then offline: only the second is the visitor's business.
    await state('away');
    await state('offline');
    const gone = await eventually('visitor told Alice went offline', () =>
      visitor.events.find((e) => e.event === 'chat_event' && (e.payload as { type: string }).type === 'agent_offline'),
    );
    expect(gone.payload).toEqual({
      type: 'agent_offline',
      ticket_id: chat.ticket_id,
      account_id: alice.accountId,
      agent_name: 'Alice Agent',
    });
    // A widget opened meanwhile knows too; the chat stays Alice's.
    const info = await api(chatWidgetOps.get, { visitor_token: chat.visitor_token });
    expect([info.data.agent_name, info.data.agent_offline]).toEqual(['Alice Agent', true]);
    // When Alice took it: a reopened widget puts "joined the chat" there among the messages.
    expect(info.data.accepted_ts).toBeGreaterThan(Date.now() - 60_000);
    await state('offline');
    await state('online');
    await eventually('visitor told Alice is back', () => types().includes('agent_online'));
    expect(types()).toEqual(['agent_joined', 'agent_offline', 'agent_online']);
    expect((await api(chatWidgetOps.get, { visitor_token: chat.visitor_token })).data.agent_offline).toBe(false);
  });
});
