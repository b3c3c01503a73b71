import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { account } from '../../db/schema/index.js';
import { emit } from '../../events/transact.js';
import { dropUnusedLinks } from '../password-link/password-link.repo.js';
import type { AuthCache } from './auth-cache.js';
import { deleteAccountSessions } from './session.repo.js';

/**
 * What follows a new password, in the caller's transaction, whoever set it (the owner, an admin, a
 * link): whoever held the old one is signed out everywhere, and set-password links sent before
 * stop working (one mailed to an address since corrected must not take the account over).
 */
export async function passwordReplaced(tx: DbOrTx, accountId: number): Promise<void> {
  await deleteAccountSessions(tx, accountId);
  await dropUnusedLinks(tx, accountId);
}

/**
 * Sets an account's password (already hashed) and does what follows it; every process forgets the
 * cached account, and after commit its sockets are cut. In a `transact`.
 */
export async function setAccountPassword(
  tx: DbOrTx,
  authCache: AuthCache,
  accountId: number,
  passwordHash: string,
): Promise<void> {
  // A password of the account's own, or one someone gave it: no longer the printed one-time password.
  await tx
    .update(account)
    .set({ passwordHash, passwordTemporary: false, updateTs: Date.now() })
    .where(eq(account.accountId, accountId));
  await passwordReplaced(tx, accountId);
  await authCache.changed(tx, accountId);
  emit(tx, { type: 'account.sessions_ended', accountId });
}
