import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { account, accountVisit, passwordLink } from '../../db/schema/index.js';
import { hashToken } from '../auth/token.js';

export type LinkPurpose = 'invite' | 'reset';

/** An invitation, or a link an admin sends from People: 7 days. */
export const inviteValidMs = 7 * 24 * 60 * 60 * 1000;
/** "Forgot password?": 1 hour. */
export const forgotValidMs = 60 * 60 * 1000;

/** The account's links that were never used stop working. */
export async function dropUnusedLinks(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.delete(passwordLink).where(and(eq(passwordLink.accountId, accountId), isNull(passwordLink.usedTs)));
}

/**
 * A new link of the account; its earlier links that were never used stop working. The account's
 * row is locked first, so that two sends at once (a double click, two admins) take turns and leave
 * one working link, not two.
 */
export async function insertLink(
  tx: DbOrTx,
  accountId: number,
  purpose: LinkPurpose,
  validMs: number,
  now = Date.now(),
): Promise<number> {
  await tx.select({ id: account.accountId }).from(account).where(eq(account.accountId, accountId)).for('update');
  await dropUnusedLinks(tx, accountId);
  const [row] = await tx
    .insert(passwordLink)
    .values({ accountId, purpose, createTs: now, expiresTs: now + validMs })
    .returning({ linkId: passwordLink.linkId });
  return row?.linkId as number;
}

/** The link of a token with its account, locked for the transaction when `lock`. */
export async function findLink(db: DbOrTx, token: string, lock = false) {
  const query = db
    .select({
      linkId: passwordLink.linkId,
      purpose: passwordLink.purpose,
      expiresTs: passwordLink.expiresTs,
      usedTs: passwordLink.usedTs,
      accountId: account.accountId,
      email: account.email,
      realName: account.realName,
      userType: account.userType,
      accessState: account.accessState,
    })
    .from(passwordLink)
    .innerJoin(account, eq(account.accountId, passwordLink.accountId))
    .where(eq(passwordLink.tokenHash, hashToken(token)))
    .limit(1);
  const rows = lock ? await query.for('update', { of: passwordLink }) : await query;
  return rows[0] ?? null;
}

/** The link is used; the account's other links that were never used stop working. */
export async function useLink(tx: DbOrTx, linkId: number, accountId: number, now = Date.now()): Promise<void> {
  await tx.update(passwordLink).set({ usedTs: now }).where(eq(passwordLink.linkId, linkId));
  await tx
    .delete(passwordLink)
    .where(and(eq(passwordLink.accountId, accountId), isNull(passwordLink.usedTs), ne(passwordLink.linkId, linkId)));
}

/** Has the account ever signed in? (An invitation is for one that never did.) */
export async function hasSignedIn(db: DbOrTx, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ id: accountVisit.visitId })
    .from(accountVisit)
    .where(eq(accountVisit.accountId, accountId))
    .limit(1);
  return rows.length > 0;
}
