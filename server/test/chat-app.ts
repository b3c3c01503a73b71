import type { TOp, TOpInput } from '@parley/contracts';
import { afterAll, beforeAll } from 'vitest';
import { callOp, type OpResult } from './app.js';
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

/**
 * Makes an operation of contracts on this file's app (signed out unless a token is given), from a
 * fresh visitor address each time, so that per-address limits do not join up tests. The path and
 * the types come from the operation, and a success is checked against its output schema.
 */
export const api = <T extends TOp>(op: T, input: TOpInput<T>, token?: string): Promise<OpResult<T>> =>
  callOp(t.app, op, input, { token, headers: { 'x-forwarded-for': randomIp() } });
