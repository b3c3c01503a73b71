import { authOps, chatOps, chatWidgetOps, type TChatMessage } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, randomIp, redisAnswers, redisUrl } from '../../../test/chat-kit.js';
import {
  callOpAt,
  clusterPrefix,
  freshDatabase,
  postgresAnswers,
  type ServerProcess,
  startServer,
} from '../../../test/cluster.js';
import { buildAgent, defaultPassword, giveDefaultRole, uniqueEmail } from '../../../test/factories.js';
import { type Database, openDatabase } from '../../db/client.js';

const ready = (await redisAnswers()) && (await postgresAnswers());

/**
 * Two server processes (npm start's `src/main.ts`) on one PostgreSQL and one Redis: a visitor on
 * the first, the agent on the second, messages both ways in order, then one process killed.
 */
describe.skipIf(!ready)('two server processes behind the Redis adapter', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let drop: () => Promise<void>;
  const clients: Client[] = [];

  let env: Record<string, string>;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    env = {
      DATABASE_URL: fresh.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: clusterPrefix(),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-pass-1',
      DATABASE_POOL_SIZE: '4',
    };
    a = await startServer(env);
    b = await startServer(env);
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) {
      c.close();
    }
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
  }, 60_000);

  const agentOn = async (server: ServerProcess) => {
    const row = await buildAgent(database.db, { toolAccess: ['chat'], chatState: 'online', ticketAccess: 'all' });
    await giveDefaultRole(database.db, row.accountId);
    const login = await callOpAt(server.url, authOps.login, {
      email: row.email,
      password: defaultPassword,
      stay_login: false,
    });
    expect(login.code).toBe('0000');
    return { ...row, token: login.data.token };
  };
  const connect = async (server: ServerProcess, auth: Record<string, string>) => {
    const c = new Client(server.url, auth);
    clients.push(c);
    await c.connected();
    return c;
  };

  it('lets one of ten agents on two processes accept the same chat', async () => {
    const servers = Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a));
    const agents = await Promise.all(servers.map((server) => agentOn(server)));
    const started = await callOpAt(
      b.url,
      chatWidgetOps.start,
      { real_name: 'Race', email: uniqueEmail('visitor') },
      { ip: randomIp() },
    );
    const results = await Promise.all(
      agents.map((agent, i) =>
        callOpAt(
          (servers[i] as ServerProcess).url,
          chatOps.accept,
          { ticket_id: started.data.ticket_id },
          { token: agent.token },
        ),
      ),
    );
    expect(results.filter((r) => r.code === '0000')).toHaveLength(1);
    expect(results.filter((r) => r.code === 'FFFF')).toHaveLength(9);
  }, 60_000);

  it('stops one process gracefully (SIGTERM) without cutting the sockets of the others', async () => {
    const c = await startServer(env);
    try {
      const agent = await agentOn(b);
      const agentSocket = await connect(b, { token: agent.token });
      const onC = await connect(c, { token: (await agentOn(c)).token });
      await c.stop();
      await eventually('the socket on the stopped process dropped', () => !onC.socket.connected, 10_000);
      // The agent on B is still connected a while later, and still online for the widget.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(agentSocket.socket.connected).toBe(true);
      expect((await callOpAt(b.url, chatWidgetOps.widgetGet, {})).data.online).toBe(true);
      expect((await callOpAt(a.url, chatWidgetOps.widgetGet, {})).data.online).toBe(true);
      agentSocket.close();
    } finally {
      await c.stop();
    }
  }, 90_000);

  it('cuts a signed-out socket on the other process, keeps the same agent’s other session, and presence forgets it', async () => {
    for (const c of clients.splice(0)) {
      c.close();
    }
    const agent = await agentOn(a);
    const second = await callOpAt(a.url, authOps.login, {
      email: agent.email,
      password: defaultPassword,
      stay_login: false,
    });
    const reasons = new Map<Client, string>();
    const watched = async (server: ServerProcess, token: string) => {
      const c = await connect(server, { token });
      c.socket.on('disconnect', (reason) => reasons.set(c, reason));
      return c;
    };
    const onB = await watched(b, agent.token);
    const onA = await watched(a, second.data.token);
    expect((await callOpAt(a.url, chatWidgetOps.widgetGet, {})).data.online).toBe(true);

    // Signed out through A: the socket of that session, connected to B, is cut.
    expect((await callOpAt(a.url, authOps.logout, {}, { token: agent.token })).code).toBe('0000');
    await eventually('the signed-out socket on B cut', () => !onB.socket.connected);
    expect(reasons.get(onB)).toBe('io server disconnect');
    const started = await callOpAt(
      a.url,
      chatWidgetOps.start,
      { real_name: 'After Sign-out', email: uniqueEmail('visitor') },
      { ip: randomIp() },
    );
    await eventually('the chat offered to the session still signed in', () =>
      onA.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(started.data.ticket_id)),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(onB.system.filter((m) => m.type === 'new_chat_tickets')).toEqual([]);
    expect(onA.socket.connected).toBe(true);

    // A new password set through B: the last socket, connected to A, is cut, and nobody is online.
    const edit = await callOpAt(
      b.url,
      authOps.passwordEdit,
      { old_pass: defaultPassword, new_pass: 'brand-new-pass-7' },
      { token: second.data.token },
    );
    expect(edit.code).toBe('0000');
    await eventually('the socket on A cut', () => !onA.socket.connected);
    expect(reasons.get(onA)).toBe('io server disconnect');
    expect((await callOpAt(a.url, chatWidgetOps.widgetGet, {})).data.online).toBe(false);
    expect((await callOpAt(b.url, chatWidgetOps.widgetGet, {})).data.online).toBe(false);
  }, 60_000);

  it('carries a chat between a visitor on one process and an agent on the other, and survives kill -9', async () => {
    const agent = await agentOn(b);
    const agentSocket = await connect(b, { token: agent.token });
    // The widget on A sees the agent connected to B (presence through Redis).
    const widget = await callOpAt(a.url, chatWidgetOps.widgetGet, {});
    expect(widget.data.online).toBe(true);

    const started = await callOpAt(
      a.url,
      chatWidgetOps.start,
      { real_name: 'Cross Process', email: uniqueEmail('visitor'), page_url: 'https://shop.example/' },
      { ip: randomIp() },
    );
    expect(started.code).toBe('0000');
    const { ticket_id: ticketId, visitor_token: visitorToken } = started.data;
    await eventually('new chat routed from A to the agent on B', () =>
      agentSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(ticketId)),
    );
    const visitor = await connect(a, { visitor_token: visitorToken });
    expect((await callOpAt(b.url, chatOps.accept, { ticket_id: ticketId }, { token: agent.token })).code).toBe('0000');
    await eventually('agent joined, heard on A', () => visitor.events.find((e) => e.event === 'chat_event'));
    expect((await agentSocket.ask('join_chat', { ticket_id: ticketId })).code).toBe('0000');

    const n = 15;
    const fromVisitor: number[] = [];
    for (let i = 0; i < n; i++) {
      const sent = await callOpAt(a.url, chatWidgetOps.messageAdd, {
        visitor_token: visitorToken,
        body: `visitor ${i}`,
        client_message_id: `v-${i}`,
      });
      expect(sent.code).toBe('0000');
      fromVisitor.push(sent.data.message_id);
    }
    const fromAgent: number[] = [];
    for (let i = 0; i < n; i++) {
      const sent = await callOpAt(
        b.url,
        chatOps.messageAdd,
        { ticket_id: ticketId, body: `agent ${i}`, client_message_id: `a-${i}` },
        { token: agent.token },
      );
      expect(sent.code).toBe('0000');
      fromAgent.push(sent.data.message_id);
    }
    const ids = (list: TChatMessage[], visitorSide: boolean) =>
      list.filter((m) => m.from_visitor === visitorSide).map((m) => m.message_id);
    await eventually('every visitor message at the agent on B', () => ids(agentSocket.messages, true).length >= n);
    await eventually('every agent message at the visitor on A', () => ids(visitor.messages, false).length >= n);
    // In order, none twice.
    expect(ids(agentSocket.messages, true)).toEqual(fromVisitor);
    expect(ids(visitor.messages, false)).toEqual(fromAgent);
    expect(agentSocket.messages.map((m) => m.body).slice(0, 2)).toEqual(['<p>visitor 0</p>', '<p>visitor 1</p>']);

    // A dies mid-chat: the visitor reconnects to B, and misses nothing acknowledged.
    a.kill9();
    await eventually('the visitor socket on A dropped', () => !visitor.socket.connected, 10_000);
    const again = await connect(b, { visitor_token: visitorToken });
    const history = await callOpAt(b.url, chatWidgetOps.messageList, {
      visitor_token: visitorToken,
      after_message_id: '0',
    });
    expect(history.data.list.map((m) => m.message_id)).toEqual([...fromVisitor, ...fromAgent]);
    const afterKill = await callOpAt(b.url, chatWidgetOps.messageAdd, {
      visitor_token: visitorToken,
      body: 'still there?',
      client_message_id: 'v-after',
    });
    expect(afterKill.code).toBe('0000');
    await eventually('message after the kill at the agent', () =>
      agentSocket.messages.find((m) => m.message_id === afterKill.data.message_id),
    );
    const answer = await callOpAt(
      b.url,
      chatOps.messageAdd,
      { ticket_id: ticketId, body: 'yes', client_message_id: 'a-after' },
      { token: agent.token },
    );
    await eventually('answer at the reconnected visitor', () =>
      again.messages.find((m) => m.message_id === answer.data.message_id),
    );
    // B still routes and answers presence with A gone (the adapter stops waiting for A).
    const online = await callOpAt(b.url, chatWidgetOps.widgetGet, {});
    expect(online.data.online).toBe(true);
  }, 120_000);
});
