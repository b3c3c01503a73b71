import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
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
 * Every writer of an account's links locks the account's row first (a new link, a mail making a
 * link's token, a link being used; a new password updates the row): they take turns, in one order.
 */
export async function lockLinkAccount(tx: DbOrTx, accountId: number): Promise<void> {
  await tx.select({ id: account.accountId }).from(account).where(eq(account.accountId, accountId)).for('update');
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
  await lockLinkAccount(tx, accountId);
  await dropUnusedLinks(tx, accountId);
  const [row] = await tx
    .insert(passwordLink)
    .values({ accountId, purpose, createTs: now, expiresTs: now + validMs })
    .returning({ linkId: passwordLink.linkId });
  return row?.linkId as number;
}

/** What the mail of a link says (claimLinkToken). */
export interface ClaimedLink {
  purpose: LinkPurpose;
  validMs: number;
  email: string;
  realName: string;
  defaultLanguage: string;
}

/**
 * Gives a link that still works the token of the mail being built (only its hash is written: a
 * retry makes a new one, so only the last mail's link works), and answers what the mail says.
 * Null when the link was used, replaced or expired, or its account may no longer sign in. The
 * account's row is locked first (lockLinkAccount): a mail built while a newer link is being made,
 * or a new password set, waits for it and then finds its link gone, instead of mailing a dead one.
 */
export function claimLinkToken(db: Db, linkId: number, tokenHash: string, now = Date.now()) {
  return db.transaction(async (tx): Promise<ClaimedLink | null> => {
    const [owner] = await queryRows<{ account_id: number }>(
      tx,
      sql`SELECT account_id FROM password_link WHERE link_id = ${linkId}`,
    );
    if (!owner) {
      return null;
    }
    await lockLinkAccount(tx, Number(owner.account_id));
    const [row] = await queryRows<{
      purpose: LinkPurpose;
      valid_ms: string | number;
      email: string;
      real_name: string;
      default_language: string;
    }>(
      tx,
      sql`UPDATE password_link l SET token_hash = ${tokenHash}
          FROM account a
          WHERE l.link_id = ${linkId} AND l.used_ts IS NULL AND l.expires_ts > ${now}
            AND a.account_id = l.account_id AND a.user_type IN ('admin', 'agent') AND a.access_state = 'allowed'
          RETURNING l.purpose, l.expires_ts - l.create_ts AS valid_ms, a.email, a.real_name, a.default_language`,
    );
    if (!row) {
      return null;
    }
    return {
      purpose: row.purpose,
      validMs: Number(row.valid_ms),
      email: row.email,
      realName: row.real_name,
      defaultLanguage: row.default_language,
    };
  });
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
