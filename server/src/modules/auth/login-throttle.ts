import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginFailure } from '../../db/schema/index.js';
import { throttled } from '../../http/app-error.js';

/** Failed sign-ins allowed per window, per email and per IP address. */
export const throttleWindowMs = 15 * 60 * 1000;
export const maxFailuresPerEmail = 10;
export const maxFailuresPerIp = 50;

const keysOf = (email: string, ip: string) => ({ email: `email:${email}`, ip: `ip:${ip}` });

async function failures(db: DbOrTx, key: string, since: number): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(loginFailure)
    .where(and(eq(loginFailure.throttleKey, key), gte(loginFailure.createTs, since)));
  return Number(rows[0]?.n ?? 0);
}

/** Answers 429 before the password is even checked once either counter is full. */
export async function assertNotThrottled(db: DbOrTx, email: string, ip: string, now: number): Promise<void> {
  const keys = keysOf(email, ip);
  const since = now - throttleWindowMs;
  if ((await failures(db, keys.email, since)) >= maxFailuresPerEmail) {
    throw throttled('too_many_attempts');
  }
  if ((await failures(db, keys.ip, since)) >= maxFailuresPerIp) {
    throw throttled('too_many_attempts');
  }
}

export async function recordFailure(db: DbOrTx, email: string, ip: string, now: number): Promise<void> {
  const keys = keysOf(email, ip);
  await db.delete(loginFailure).where(lt(loginFailure.createTs, now - throttleWindowMs));
  await db.insert(loginFailure).values([
    { throttleKey: keys.email, createTs: now },
    { throttleKey: keys.ip, createTs: now },
  ]);
}

/** A successful sign-in forgives the email's earlier mistakes (not the IP's). */
export async function clearEmailFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailure).where(inArray(loginFailure.throttleKey, [keysOf(email, '').email]));
}
