import { authOps, chatOps, chatSettingOps, chatWidgetOps, ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { admin, api, client, closeClients, connect, setUpChatApp, t } from '../../../test/chat-app.js';
import {
  chatAgent,
  eventually,
  messageCount,
  randomIp,
  redisAnswers,
  sleep,
  startChat,
} from '../../../test/chat-kit.js';
import { buildEndUser, buildGroup, leftoverSession } from '../../../test/factories.js';
import { multipart, png } from '../../../test/images.js';

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('live chat over socket.io (real Redis)', () => {
  setUpChatApp();

  it('routes a new chat to online agents; the first accept wins and the visitor and agent talk both ways', async () => {
    const alice = await chatAgent(t, { realName: 'Alice Agent' });
    const bob = await chatAgent(t, { realName: 'Bob Agent' });
    const aliceSocket = await connect({ token: alice.token });
    const bobSocket = await connect({ token: bob.token });
    expect((await api(chatWidgetOps.widgetGet, {})).data.online).toBe(true);

    const chat = await startChat(t);
    await eventually('new chat offered to Alice', () =>
      aliceSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(chat.ticket_id)),
    );
    await eventually('new chat offered to Bob', () =>
      bobSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(chat.ticket_id)),
    );
    const visitor = await connect({ visitor_token: chat.visitor_token });

    const accept = await api(chatOps.accept, { ticket_id: chat.ticket_id }, alice.token);
    expect(accept.code).toBe('0000');
    const late = await api(chatOps.accept, { ticket_id: chat.ticket_id }, bob.token);
    expect(late.code).toBe('FFFF');
    expect(late.msg).toBe('Another agent has already accepted this chat');
    await eventually('Bob told the chat was taken', () =>
      bobSocket.system.find((m) => m.type === 'received_chat_tickets' && m.ticket_ids.includes(chat.ticket_id)),
    );
    const joined = await eventually('visitor told the agent joined', () =>
      visitor.events.find((e) => e.event === 'chat_event'),
    );
    expect(joined.payload).toMatchObject({ type: 'agent_joined', agent_name: 'Alice Agent' });

    expect((await aliceSocket.ask('join_chat', { ticket_id: chat.ticket_id })).code).toBe('0000');
    const sent = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'My order <b>#42</b> is late',
      client_message_id: 'v-1',
    });
    expect(sent.code).toBe('0000');
    const atAgent = await eventually('visitor message at the agent', () =>
      aliceSocket.messages.find((m) => m.message_id === sent.data.message_id),
    );
    expect(atAgent).toMatchObject({
      from_visitor: true,
      is_public: true,
      type: 'ticket_reply',
      ticket_id: chat.ticket_id,
    });
    expect(atAgent.body).toContain('&lt;b&gt;#42&lt;/b&gt;');
    // A separate emit to the agent's own room: through the Redis adapter it may come after the message.
    await eventually('the agent told of a new message', () =>
      aliceSocket.system.find((m) => m.type === 'new_message' && m.ticket_ids.includes(chat.ticket_id)),
    );

    const reply = await api(
      chatOps.messageAdd,
      { ticket_id: chat.ticket_id, body: 'Let me check that for you', client_message_id: 'a-1' },
      alice.token,
    );
    expect(reply.code).toBe('0000');
    const atVisitor = await eventually('agent reply at the visitor', () =>
      visitor.messages.find((m) => m.message_id === reply.data.message_id),
    );
    expect(atVisitor).toMatchObject({
      from_visitor: false,
      account_id: alice.accountId,
      real_name: 'Alice Agent',
      quick_replies: [],
    });

    // A file the visitor uploads goes with a message, and the agent sees its name and type.
    const pic = multipart(png(4, 4), 'broken-bell.png', 'image/png');
    // A multipart upload: no operation (operations take JSON).
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/home/upload',
      payload: pic.payload,
      headers: { ...pic.headers, 'x-forwarded-for': randomIp() },
    });
    const fileId = (up.json() as { data: { file_id: string } }).data.file_id;
    const withFile = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      file_ids: [fileId],
      client_message_id: 'v-file',
    });
    expect(withFile.code).toBe('0000');
    const fileAtAgent = await eventually('visitor file at the agent', () =>
      aliceSocket.messages.find((m) => m.message_id === withFile.data.message_id),
    );
    expect(fileAtAgent.files).toEqual([
      { file_id: fileId, file_name: 'broken-bell.png', size: expect.any(Number), content_type: 'image/png' },
    ]);

    // A shortcut's choice list goes with the reply as answers the visitor can click.
    const ask = await api(
      chatOps.messageAdd,
      {
        ticket_id: chat.ticket_id,
        body: 'Which order is it?',
        client_message_id: 'a-q',
        quick_replies: ['#42', '#43'],
      },
      alice.token,
    );
    const asked = await eventually('quick replies at the visitor', () =>
      visitor.messages.find((m) => m.message_id === ask.data.message_id),
    );
    expect(asked.quick_replies).toEqual(['#42', '#43']);
    const tooMany = await api(
      chatOps.messageAdd,
      { ticket_id: chat.ticket_id, body: 'x', client_message_id: 'a-q2', quick_replies: Array(11).fill('a') },
      alice.token,
    );
    expect(Object.keys(tooMany.fields)).toEqual(['quick_replies']);

    // An internal note stays with the agents.
    const note = await api(
      chatOps.messageAdd,
      { ticket_id: chat.ticket_id, body: 'VIP customer', client_message_id: 'a-2', is_public: false },
      alice.token,
    );
    await eventually('note at the agent', () =>
      aliceSocket.messages.find((m) => m.message_id === note.data.message_id),
    );
    await sleep(200);
    expect(visitor.messages.map((m) => m.message_id)).not.toContain(note.data.message_id);

    // A retry stores one message and answers the same id.
    const retry = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'My order <b>#42</b> is late',
      client_message_id: 'v-1',
    });
    expect(retry.data.message_id).toBe(sent.data.message_id);
    expect(await messageCount(t.database.db, chat.ticket_id)).toBe(5);

    // A reconnecting visitor asks for what it missed: public messages only, after its last id.
    const missed = await api(chatWidgetOps.messageList, {
      visitor_token: chat.visitor_token,
      after_message_id: String(sent.data.message_id),
    });
    expect(missed.data.list.map((m) => m.message_id)).toEqual([
      reply.data.message_id,
      withFile.data.message_id,
      ask.data.message_id,
    ]);

    // Typing reaches the other side.
    visitor.socket.emit('typing', { typing: true });
    await eventually('visitor typing at the agent', () =>
      aliceSocket.events.find((e) => e.event === 'typing' && (e.payload as { from_visitor: boolean }).from_visitor),
    );

    // End: an end_chat message, the ticket solved, a visitor message refused.
    expect((await api(chatOps.end, { ticket_id: chat.ticket_id }, alice.token)).code).toBe('0000');
    const end = await eventually('end_chat at the visitor', () =>
      visitor.messages.find((m) => m.reply_type === 'end_chat'),
    );
    expect(end.body).toBe('<p>The chat has ended</p>');
    const ticket = await api(ticketOps.get, { ticket_id: String(chat.ticket_id) }, admin);
    expect(ticket.data).toMatchObject({ ticket_state: 'solved', ticket_type: 'chat', source: 'chat' });
    const after = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'hello?',
      client_message_id: 'v-2',
    });
    expect(after.msg).toBe('This chat has ended');
  });

  it('publishes nothing before the transaction commits, and nothing at all when it rolls back', async () => {
    const agent = await chatAgent(t);
    const agentSocket = await connect({ token: agent.token });
    const chat = await startChat(t);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, agent.token)).code).toBe('0000');
    expect((await agentSocket.ask('join_chat', { ticket_id: chat.ticket_id })).code).toBe('0000');

    let seenInsideTransaction = -1;
    const offCheck = t.app.parley.events.beforeCommit('chat.message', async () => {
      await sleep(150);
      seenInsideTransaction = agentSocket.messages.filter((m) => m.ticket_id === chat.ticket_id).length;
    });
    const ok = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'first',
      client_message_id: 'c-1',
    });
    offCheck();
    expect(seenInsideTransaction).toBe(0);
    await eventually('committed message delivered', () =>
      agentSocket.messages.find((m) => m.message_id === ok.data.message_id),
    );

    const offFail = t.app.parley.events.beforeCommit('chat.message', async () => {
      throw new Error('database went away');
    });
    const failed = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'never stored',
      client_message_id: 'c-2',
    });
    offFail();
    expect(failed.code).toBe('0500');
    await sleep(300);
    expect(agentSocket.messages.filter((m) => m.ticket_id === chat.ticket_id).map((m) => m.body)).toEqual([
      '<p>first</p>',
    ]);
    expect(await messageCount(t.database.db, chat.ticket_id)).toBe(1);
  });

  it('answers bad socket events with an error envelope and keeps the connection', async () => {
    const agent = await chatAgent(t);
    const s = await connect({ token: agent.token });
    const bad = await s.ask<{ fields: Record<string, string> }>('join_chat', { ticket_id: 'abc' });
    // As an HTTP call answers: the field's message as msg, never a validator's own English.
    expect([bad.code, bad.msg, bad.data]).toEqual([
      'FFFF',
      'Invalid value',
      { fields: { ticket_id: 'Invalid value' } },
    ]);
    expect((await s.ask('join_chat', 'not even an object')).code).toBe('FFFF');
    const zh = await connect({ token: agent.token, language: 'zh-cn' });
    const zhBad = await zh.ask<{ fields: Record<string, string> }>('join_chat', 'abc');
    expect(zhBad.data.fields).toEqual({ _: zhBad.msg });
    expect(zhBad.msg).toBe('值无效');
    expect((await s.ask('no_such_event', { x: 1 })).msg).toBe('Unknown event');
    s.socket.emit('typing', { typing: 'yes' });
    const error = await eventually('error_message without an ack', () =>
      s.events.find((e) => e.event === 'error_message'),
    );
    expect(error.payload).toMatchObject({ code: 'FFFF', event: 'typing' });
    // Typing into a chat not joined is refused; the socket still answers.
    expect((await s.ask('typing', { ticket_id: 999999, typing: true })).code).toBe('0404');
    expect(s.socket.connected).toBe(true);
    expect((await s.ask('join_chat', { ticket_id: 999999 })).code).toBe('0404');
  });

  it('lets a socket reach only what its token allows', async () => {
    const rejected = client({ token: 'not-a-token' });
    const refusal = (await rejected.connected().catch((e: unknown) => e)) as Error & { data?: { code: string } };
    expect(refusal.data?.code).toBe('0401');

    const endUser = await buildEndUser(t.database.db);
    // End users cannot sign in; a session left from before is no session.
    const endUserToken = await leftoverSession(t.database.db, endUser.accountId);
    const customer = client({ token: endUserToken });
    expect(((await customer.connected().catch((e: unknown) => e)) as { data?: { code: string } }).data?.code).toBe(
      '0401',
    );

    const first = await startChat(t);
    const second = await startChat(t);
    const visitor = await connect({ visitor_token: first.visitor_token });
    expect((await visitor.ask('join_chat', { ticket_id: second.ticket_id })).code).toBe('0404');
    const agent = await chatAgent(t);
    expect((await api(chatOps.accept, { ticket_id: second.ticket_id }, agent.token)).code).toBe('0000');
    const other = await api(
      chatOps.messageAdd,
      { ticket_id: second.ticket_id, body: 'for the second visitor only', client_message_id: 'x-1' },
      agent.token,
    );
    expect(other.code).toBe('0000');
    await sleep(300);
    expect(visitor.messages).toEqual([]);
    const otherVisitorList = await api(chatWidgetOps.messageList, { visitor_token: 'x'.repeat(40) });
    expect(otherVisitorList.code).toBe('0401');
    // A missing or malformed key is the same "Please sign in" as an unknown one (no probing by shape).
    for (const body of [{}, { visitor_token: 'x' }, { visitor_token: 7 }, { visitor_token: 'x'.repeat(500) }]) {
      for (const op of [chatWidgetOps.messageList, chatWidgetOps.get, chatWidgetOps.end]) {
        const res = await api(op, body as { visitor_token: string });
        expect([res.code, res.msg, res.data], JSON.stringify(body)).toEqual(['0401', 'Please sign in', null]);
      }
    }

    // An agent who may see only their own tickets cannot join someone else's chat.
    const ownOnly = await chatAgent(t, { ticketAccess: 'own' });
    const ownSocket = await connect({ token: ownOnly.token });
    expect((await ownSocket.ask('join_chat', { ticket_id: second.ticket_id })).code).toBe('0404');
    expect((await api(chatOps.messageList, { ticket_id: String(second.ticket_id) }, ownOnly.token)).code).toBe('0404');
    // Answering needs the chat accepted; taking chats needs tool_access chat.
    const noChat = await chatAgent(t, { toolAccess: [] });
    const refused = await api(chatOps.accept, { ticket_id: first.ticket_id }, noChat.token);
    expect(refused.msg).toBe('Your account does not take chats');
    const notYours = await api(
      chatOps.messageAdd,
      { ticket_id: second.ticket_id, body: 'hi', client_message_id: 'y-1' },
      (await chatAgent(t)).token,
    );
    expect(notYours.msg).toBe('Accept this chat before answering it');
  });

  it('tells only the agents who may open a chat of it: not one limited to other groups', async () => {
    const everyone = await chatAgent(t, { realName: 'All Access' });
    const elsewhere = await chatAgent(t, { realName: 'Sales Only', ticketAccess: 'groups' });
    await buildGroup(t.database.db, [elsewhere.accountId]);
    const allSocket = await connect({ token: everyone.token });
    const salesSocket = await connect({ token: elsewhere.token });

    const chat = await startChat(t);
    await eventually('offered to the agent who sees every ticket', () =>
      allSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(chat.ticket_id)),
    );
    const sent = await api(chatWidgetOps.messageAdd, {
      visitor_token: chat.visitor_token,
      body: 'Anyone there?',
      client_message_id: 'g-1',
    });
    expect(sent.code).toBe('0000');
    await eventually("the waiting chat's message announced", () =>
      allSocket.system.find((m) => m.type === 'new_message' && m.ticket_ids.includes(chat.ticket_id)),
    );
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, everyone.token)).code).toBe('0000');
    await sleep(300);
    // The other agent could neither open nor accept it: nothing about it reached them.
    expect(salesSocket.system.filter((m) => m.ticket_ids.includes(chat.ticket_id))).toEqual([]);
    expect((await api(chatOps.accept, { ticket_id: chat.ticket_id }, elsewhere.token)).code).toBe('0404');
  });

  it('gives a chat to one of ten agents accepting at once', async () => {
    const agents = await Promise.all(Array.from({ length: 10 }, () => chatAgent(t)));
    const chat = await startChat(t);
    const results = await Promise.all(agents.map((a) => api(chatOps.accept, { ticket_id: chat.ticket_id }, a.token)));
    expect(results.filter((r) => r.code === '0000')).toHaveLength(1);
    expect(results.filter((r) => r.msg === 'Another agent has already accepted this chat')).toHaveLength(9);
  });

  it('auto-assigns to the online agent with the fewest open chats, within the limit', async () => {
    const saved = await api(chatSettingOps.get, {}, admin);
    expect(
      (await api(chatSettingOps.edit, { ...saved.data, auto_assign: true, agent_chat_limit: 1 }, admin)).code,
    ).toBe('0000');
    try {
      // Only this agent is connected now (the others' sockets are closed).
      closeClients();
      const agent = await chatAgent(t);
      const s = await connect({ token: agent.token });
      const first = await startChat(t);
      await eventually('first chat assigned', () =>
        s.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(first.ticket_id)),
      );
      const queue = await api(chatOps.queueList, {}, agent.token);
      expect(queue.data.active.map((c) => c.ticket_id)).toEqual([first.ticket_id]);
      // At the limit: the next chat waits in the queue.
      const second = await startChat(t);
      await eventually('second chat offered, not assigned', () =>
        s.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(second.ticket_id)),
      );
      const after = await api(chatOps.queueList, {}, agent.token);
      expect(after.data.active).toHaveLength(1);
      expect(after.data.waiting.map((c) => c.ticket_id)).toContain(second.ticket_id);
      // Away: nobody is online for the widget.
      expect((await api(authOps.myChatStateEdit, { chat_state: 'away' }, agent.token)).code).toBe('0000');
      expect((await api(chatWidgetOps.widgetGet, {})).data.online).toBe(false);
    } finally {
      await api(chatSettingOps.edit, saved.data, admin);
    }
  });
});
