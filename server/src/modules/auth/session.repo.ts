import { and, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { account, session } from '../../db/schema/index.js';
import type { AccountWithLinks } from '../account/account.presenter.js';
import { timezoneInForce } from '../account-setting/account-setting.repo.js';

export interface SessionWithAccount {
  sessionId: number;
  stayLogin: boolean;
  lastUsedTs: number;
  expiresTs: number;
  account: AccountWithLinks;
}

const roleIds = sql<
  number[]
>`ARRAY(SELECT ar.role_id FROM account_role ar WHERE ar.account_id = "account"."account_id" ORDER BY 1)`;
const groupIds = sql<
  number[]
>`ARRAY(SELECT ga.group_id FROM group_account ga WHERE ga.account_id = "account"."account_id" ORDER BY 1)`;

/** One round trip: the session, its account and the account's role and group ids. */
export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<SessionWithAccount | null> {
  const rows = await db
    .select({
      sessionId: session.sessionId,
      stayLogin: session.stayLogin,
      lastUsedTs: session.lastUsedTs,
      expiresTs: session.expiresTs,
      account: { ...getTableColumns(account), roleIds, groupIds, timezoneInForce },
    })
    .from(session)
    .innerJoin(account, eq(account.accountId, session.accountId))
    .where(eq(session.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertSession(
  db: DbOrTx,
  values: { accountId: number; tokenHash: string; stayLogin: boolean; now: number; expiresTs: number },
): Promise<void> {
  await db.insert(session).values({
    accountId: values.accountId,
    tokenHash: values.tokenHash,
    stayLogin: values.stayLogin,
    createTs: values.now,
    lastUsedTs: values.now,
    expiresTs: values.expiresTs,
  });
}

export async function touchSession(db: DbOrTx, sessionId: number, now: number, expiresTs: number): Promise<void> {
  await db.update(session).set({ lastUsedTs: now, expiresTs }).where(eq(session.sessionId, sessionId));
}

export async function deleteSessionById(db: DbOrTx, sessionId: number): Promise<void> {
  await db.delete(session).where(eq(session.sessionId, sessionId));
}

/** Ends every session of an account: password change, suspension, deletion. */
export async function deleteAccountSessions(db: DbOrTx, accountId: number): Promise<void> {
  await db.delete(session).where(eq(session.accountId, accountId));
}

export async function findAccountWithLinks(db: DbOrTx, accountId: number): Promise<AccountWithLinks | null> {
  const rows = await db
    .select({ ...getTableColumns(account), roleIds, groupIds, timezoneInForce })
    .from(account)
    .where(eq(account.accountId, accountId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Of these token hashes, the ones whose session still signs in (what `authenticateToken` lets
 * through: not expired, its account allowed and staff), each with its account. Read from the
 * database, never the cache: it must answer rightly the moment a sign-out commits.
 */
export async function workingSessions(db: DbOrTx, tokenHashes: string[], now: number): Promise<Map<string, number>> {
  if (tokenHashes.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ tokenHash: session.tokenHash, accountId: session.accountId })
    .from(session)
    .innerJoin(account, eq(account.accountId, session.accountId))
    .where(
      and(
        inArray(session.tokenHash, [...new Set(tokenHashes)]),
        gt(session.expiresTs, now),
        eq(account.accessState, 'allowed'),
        inArray(account.userType, ['admin', 'agent']),
      ),
    );
  return new Map(rows.map((r) => [r.tokenHash, r.accountId]));
}
