import { accountOps } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import { account, ticketComment, ticketEvent } from '../src/db/schema/index.js';
import { api, db } from './kit.js';

/** What a test reads back: rows as the database holds them, an account as the API answers it. */

export const accountRow = async (accountId: number) =>
  (await db().select().from(account).where(eq(account.accountId, accountId)))[0];
export const accountByEmail = async (email: string) =>
  (await db().select().from(account).where(eq(account.email, email)))[0];
/** The account as `auth.account.get` answers it, or null when it answers anything else. */
export const getAccount = async (accountId: number) => {
  const res = await api(accountOps.get, { account_id: accountId });
  return res.code === '0000' ? res.data : null;
};

export const eventsOf = (ticketId: number) =>
  db().select().from(ticketEvent).where(eq(ticketEvent.ticketId, ticketId)).orderBy(asc(ticketEvent.eventId));
export const commentsOf = (ticketId: number) =>
  db().select().from(ticketComment).where(eq(ticketComment.ticketId, ticketId)).orderBy(asc(ticketComment.commentId));
