import type { TTicket } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ticketComment, ticketEvent } from '../src/db/schema/index.js';
import { call } from './app.js';
import { admin, agent, db, setUpApp, t } from './kit.js';

export { admin, agent, db, t };

/**
 * One app per test file, and every test starting from the default ticket settings (kit.ts's
 * `setUpApp({ ticketDefaults: true })`).
 */
export function setUpTicketTests(): void {
  setUpApp({ ticketDefaults: true });
}

export const get = <T = TTicket>(token: string, path: string, query: Record<string, unknown>) =>
  call<T>(t.app, 'GET', `/api/admin/${path}`, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
export const post = <T = TTicket>(token: string, path: string, body: unknown) =>
  call<T>(t.app, 'POST', `/api/admin/${path}`, { token, body });
export const edit = (token: string, body: Record<string, unknown>) => post(token, 'ticket.edit', body);
export const settings = (body: Record<string, unknown>) => post(admin, 'settings/ticket.edit', body);

/** Runs `fn` with some ticket settings changed, then puts them back. */
export async function withSettings(change: Record<string, unknown>, fn: () => Promise<void>) {
  const before = (await get<Record<string, unknown>>(admin, 'settings/ticket.get', {})).data;
  expect((await settings(change)).code).toBe('0000');
  try {
    await fn();
  } finally {
    await settings(before);
  }
}

export const eventsOf = (ticketId: number) =>
  db().select().from(ticketEvent).where(eq(ticketEvent.ticketId, ticketId)).orderBy(asc(ticketEvent.eventId));
export const commentsOf = (ticketId: number) =>
  db().select().from(ticketComment).where(eq(ticketComment.ticketId, ticketId)).orderBy(asc(ticketComment.commentId));
