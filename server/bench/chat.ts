/**
 * npm run bench:chat — live chat latency on PostgreSQL + Redis, in one run:
 *   1. floor: a bare socket.io server echoing through the same Redis adapter setup (no database);
 *   2. one Parley process: visitors send with chat.message.add, agents receive chat_message;
 *   3. two Parley processes behind the Redis adapter: visitors on the first, agents on the second.
 * Prints p50/p95/p99 from the send to the receipt on the other side, messages stored exactly once
 * (count check), and server RSS per 1,000 sockets. Sizes come from the environment (defaults fit a
 * small shared machine; the issue's full size is VISITORS=2000 AGENTS=100 CHATS=200 RATE=100 SECONDS=60).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { redisUrl } from '../test/chat-kit.js';
import { api, clusterPrefix, freshDatabase, type ServerProcess, startServer } from '../test/cluster.js';
import { buildAgent, defaultPassword, giveDefaultRole, uniqueEmail } from '../test/factories.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const VISITORS = env('VISITORS', 200);
const AGENTS = env('AGENTS', 20);
const CHATS = Math.min(env('CHATS', 50), VISITORS);
const RATE = env('RATE', 20);
const SECONDS = env('SECONDS', 15);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99) };
}
const fmt = (x: number) => x.toFixed(1);
const connectSocket = (url: string, auth: Record<string, string>): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const s = io(url, { path: '/api/socket.io', auth, transports: ['websocket'], forceNew: true, reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The floor: socket.io with the Redis adapter, one socket sends, another in the room receives. */
async function floor(): Promise<number[]> {
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  const http = createServer();
  const server = new Server(http, {
    path: '/api/socket.io',
    adapter: createAdapter(pub, sub, { key: clusterPrefix() }),
  });
  server.on('connection', (socket) => {
    void socket.join('room');
    socket.on('say', (payload: unknown) => socket.to('room').emit('said', payload));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const a = await connectSocket(url, {});
  const b = await connectSocket(url, {});
  const samples: number[] = [];
  b.on('said', (sent: number) => samples.push(performance.now() - sent));
  const total = RATE * Math.min(SECONDS, 10);
  for (let i = 0; i < total; i++) {
    a.emit('say', performance.now());
    await sleep(1000 / RATE);
  }
  await sleep(500);
  a.close();
  b.close();
  await server.close();
  await Promise.allSettled([pub.quit(), sub.quit()]);
  return samples;
}

interface Setup {
  database: Awaited<ReturnType<typeof openDatabase>>;
  agents: Array<{ token: string; accountId: number }>;
}

async function setUpAgents(database: Setup['database'], server: ServerProcess): Promise<Setup['agents']> {
  const agents: Setup['agents'] = [];
  for (let i = 0; i < AGENTS; i++) {
    const row = await buildAgent(database.db, { toolAccess: ['chat'], chatState: 'online', ticketAccess: 'all' });
    await giveDefaultRole(database.db, row.accountId);
    const login = await api<{ token: string }>(server.url, 'POST', '/api/admin/auth.login', {
      body: { email: row.email, password: defaultPassword, stay_login: false },
    });
    agents.push({ token: login.data.token, accountId: row.accountId });
  }
  return agents;
}

/** One scenario: visitors connect to `front`, agents to `back` (the same process for the one-process run). */
async function scenario(label: string, front: ServerProcess, back: ServerProcess, setup: Setup) {
  const agentSockets = await Promise.all(setup.agents.map((a) => connectSocket(back.url, { token: a.token })));
  const chats: Array<{ ticketId: number; token: string; agent: number }> = [];
  for (let i = 0; i < CHATS; i++) {
    const started = await api<{ ticket_id: number; visitor_token: string }>(front.url, 'POST', '/api/home/chat.start', {
      body: { real_name: `Bench ${i}`, email: uniqueEmail('bench') },
      ip: `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    });
    const agent = i % setup.agents.length;
    const accepted = await api(back.url, 'POST', '/api/admin/chat.accept', {
      token: setup.agents[agent]?.token,
      body: { ticket_id: started.data.ticket_id },
    });
    if (accepted.code !== '0000') {
      throw new Error(`accept failed: ${accepted.msg}`);
    }
    await (agentSockets[agent] as Socket).timeout(5000).emitWithAck('join_chat', { ticket_id: started.data.ticket_id });
    chats.push({ ticketId: started.data.ticket_id, token: started.data.visitor_token, agent });
  }
  // Idle visitor sockets beyond the chatting ones: the connection load of a busy site.
  const visitorSockets: Socket[] = [];
  for (let i = 0; i < VISITORS; i++) {
    const chat = chats[i % chats.length] as (typeof chats)[0];
    visitorSockets.push(await connectSocket(front.url, { visitor_token: chat.token }));
  }
  const sentAt = new Map<string, number>();
  const samples: number[] = [];
  const received = new Set<number>();
  for (const s of agentSockets) {
    s.on('chat_message', (m: { message_id: number; client_message_id: string | null }) => {
      const t0 = m.client_message_id ? sentAt.get(m.client_message_id) : undefined;
      if (t0 !== undefined && !received.has(m.message_id)) {
        received.add(m.message_id);
        samples.push(performance.now() - t0);
      }
    });
  }
  const total = RATE * SECONDS;
  let sent = 0;
  let failed = 0;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const chat = chats[i % chats.length] as (typeof chats)[0];
    const id = `${label}-${i}`;
    sentAt.set(id, performance.now());
    inflight.push(
      api(front.url, 'POST', '/api/home/chat.message.add', {
        body: { visitor_token: chat.token, body: `message ${i}`, client_message_id: id },
        ip: `10.8.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`,
      }).then((r) => {
        if (r.code === '0000') {
          sent++;
        } else {
          failed++;
        }
      }),
    );
    const due = start + ((i + 1) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) {
      await sleep(wait);
    }
  }
  await Promise.all(inflight);
  await sleep(1000);
  const ticketIds = chats.map((c) => c.ticketId);
  const [row] = await queryRows<{ n: number }>(
    setup.database.db,
    sql`SELECT count(*)::int AS n FROM chat_message WHERE client_message_id LIKE ${`${label}-%`}
      AND ticket_id = ANY(${`{${ticketIds.join(',')}}`}::int[])`,
  );
  const stored = Number(row?.n);
  const rss = async (server: ServerProcess) => {
    const status = await import('node:fs/promises').then((fs) =>
      fs.readFile(`/proc/${server.child.pid}/status`, 'utf8').catch(() => ''),
    );
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  const rssFront = await rss(front);
  const rssBack = front === back ? 0 : await rss(back);
  for (const s of [...agentSockets, ...visitorSockets]) {
    s.close();
  }
  return { samples, sent, failed, stored, total, rssMb: rssFront + rssBack, sockets: VISITORS + AGENTS };
}

async function main() {
  console.log(
    `bench:chat  visitors=${VISITORS} agents=${AGENTS} chats=${CHATS} rate=${RATE}/s seconds=${SECONDS} (PostgreSQL + Redis ${redisUrl})`,
  );
  const floorSamples = summary(await floor());
  console.log(
    `floor  raw socket.io via Redis adapter: p50 ${fmt(floorSamples.p50)} ms  p95 ${fmt(floorSamples.p95)} ms  p99 ${fmt(floorSamples.p99)} ms  (n=${floorSamples.n})`,
  );

  const fresh = await freshDatabase();
  const envs = {
    DATABASE_URL: fresh.url,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: clusterPrefix(),
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-pass-1',
    DATABASE_POOL_SIZE: '10',
  };
  const a = await startServer(envs);
  const b = await startServer(envs);
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
  try {
    const setup: Setup = { database, agents: await setUpAgents(database, a) };
    const results: Record<string, ReturnType<typeof summary>> = {};
    for (const [label, front, back] of [
      ['one-process', a, a],
      ['two-processes', a, b],
    ] as const) {
      const r = await scenario(label, front, back, setup);
      const s = summary(r.samples);
      results[label] = s;
      console.log(
        `${label.padEnd(14)} chat.message.add → chat_message: p50 ${fmt(s.p50)} ms  p95 ${fmt(s.p95)} ms  p99 ${fmt(s.p99)} ms  ` +
          `(received ${s.n}/${r.total}, answered 0000 ${r.sent}, failed ${r.failed}, stored ${r.stored}${r.stored === r.sent ? ' = exactly once' : ' ≠ sent!'})  ` +
          `RSS ${fmt(r.rssMb)} MB for ${r.sockets} sockets (${fmt((r.rssMb / r.sockets) * 1000)} MB per 1,000)`,
      );
    }
    const one = results['one-process'] as ReturnType<typeof summary>;
    const two = results['two-processes'] as ReturnType<typeof summary>;
    console.log(
      `ratios  two/one p99 ${(two.p99 / one.p99).toFixed(2)} (goal ≤ 1.5)  one-process/floor p50 ${(one.p50 / floorSamples.p50).toFixed(1)}×  two-processes/floor p50 ${(two.p50 / floorSamples.p50).toFixed(1)}×`,
    );
  } finally {
    await database.close();
    await Promise.allSettled([a.stop(), b.stop()]);
    await fresh.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
