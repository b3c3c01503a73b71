import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chatWidgetOps, type TChatMessage, type TOpInput, type TSystemMessage } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import { callOp, openTestDatabase, signIn, signInAdmin, type TestApp } from './app.js';
import { buildAgent, defaultPassword, giveDefaultRole, uniqueEmail } from './factories.js';

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers; the chat tests that need one skip only where none does. */
export async function redisAnswers(): Promise<boolean> {
  const client = createClient({ url: redisUrl, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

export interface ListeningApp extends TestApp {
  url: string;
}

/** The app listening on a free port with socket.io through the real Redis (its own channel and limit prefixes). */
export async function buildListeningApp(): Promise<ListeningApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-chat-'));
  const app = await buildApp({
    database,
    webDist: '/nonexistent-web-dist',
    dataDir,
    redisUrl,
    redisKey: `parley-test-${randomUUID()}`,
    jobPrefix: `c${process.pid}_${randomUUID().slice(0, 8)}_`,
    // Tests pick a visitor's address with X-Forwarded-For (inject and sockets come from loopback),
    // and their limit counters in Redis are their own, not the last run's.
    trustedProxies: ['loopback'],
    limitPrefix: `parley-test-${randomUUID()}`,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    dataDir,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A socket.io client that records every event it receives. */
export class Client {
  readonly socket: Socket;
  readonly messages: TChatMessage[] = [];
  readonly system: TSystemMessage[] = [];
  readonly events: Array<{ event: string; payload: unknown }> = [];

  constructor(url: string, auth: Record<string, string>) {
    this.socket = io(url, {
      path: '/api/socket.io',
      auth,
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    this.socket.onAny((event: string, payload: unknown) => {
      this.events.push({ event, payload });
      if (event === 'chat_message') {
        this.messages.push(payload as TChatMessage);
      } else if (event === 'system_message') {
        this.system.push(payload as TSystemMessage);
      }
    });
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) {
        resolve();
        return;
      }
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
    });
  }

  /** Emits with an ack and answers the server's envelope. */
  ask<T = unknown>(event: string, payload?: unknown): Promise<{ code: string; msg: string; data: T }> {
    return this.socket.timeout(5000).emitWithAck(event, payload);
  }

  close() {
    this.socket.close();
  }
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function eventually<T>(what: string, check: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) {
      return value;
    }
    if (Date.now() > end) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A chat agent: default Agent role, `tool_access` chat, state online, signed in. */
export async function chatAgent(t: TestApp, overrides: Parameters<typeof buildAgent>[1] = {}) {
  const db: Db = t.database.db;
  const agent = await buildAgent(db, { toolAccess: ['chat'], chatState: 'online', ticketAccess: 'all', ...overrides });
  await giveDefaultRole(db, agent.accountId);
  return { ...agent, token: await signIn(t.app, agent.email, defaultPassword) };
}

export async function adminToken(t: TestApp) {
  return signInAdmin(t.app);
}

export async function startChat(t: TestApp, overrides: TOpInput<typeof chatWidgetOps.start> = {}) {
  const res = await callOp(
    t.app,
    chatWidgetOps.start,
    { real_name: 'Vera Visitor', email: uniqueEmail('visitor'), page_url: 'https://shop.example/cart', ...overrides },
    { headers: { 'x-forwarded-for': randomIp() } },
  );
  if (res.code !== '0000') {
    throw new Error(`chat.start answered ${res.code} ${res.msg}`);
  }
  return res.data;
}

export const messageCount = async (db: Db, ticketId: number) => {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM chat_message WHERE ticket_id = ${ticketId}`,
  )) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
  return Number(rows[0]?.n);
};

/** A different visitor address each time, so that the per-address limits do not join up tests. */
export const randomIp = () => `10.${rnd()}.${rnd()}.${rnd()}`;
const rnd = () => Math.floor(Math.random() * 250) + 1;
