import { afterAll, beforeAll } from 'vitest';
import { type CallResult, call } from './app.js';
import { adminToken, buildListeningApp, Client, type ListeningApp, randomIp } from './chat-kit.js';

/** The listening app of the current test file and its admin's token (vitest loads this module once per file). */
export let t: ListeningApp;
export let admin: string;
const clients: Client[] = [];

/** One listening app per test file (real socket.io through Redis), its clients closed and the app after it. */
export function setUpChatApp(): void {
  beforeAll(async () => {
    t = await buildListeningApp();
    admin = await adminToken(t);
  });
  afterAll(async () => {
    closeClients();
    await t.close();
  });
}

/** A socket.io client of this file's app, not yet connected; closed with the file or by `closeClients`. */
export function client(auth: Record<string, string>): Client {
  const c = new Client(t.url, auth);
  clients.push(c);
  return c;
}

/** A connected client (see `client`). */
export async function connect(auth: Record<string, string>): Promise<Client> {
  const c = client(auth);
  await c.connected();
  return c;
}

export function closeClients(): void {
  for (const c of clients.splice(0)) {
    c.close();
  }
}

/** A POST from a fresh visitor address each time, so that per-address limits do not join up tests. */
export const post = <T = unknown>(path: string, body: unknown, token?: string): Promise<CallResult<T>> =>
  call<T>(t.app, 'POST', path, { body, ...(token ? { token } : {}), headers: { 'x-forwarded-for': randomIp() } });

export const get = <T = unknown>(
  path: string,
  query: Record<string, string> = {},
  token?: string,
): Promise<CallResult<T>> => call<T>(t.app, 'GET', path, { query, ...(token ? { token } : {}) });
