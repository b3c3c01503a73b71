import { accountOps } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db, t } from '../../../test/kit.js';
import { setUpMailTests } from '../../../test/mail-kit.js';
import { linkMailsTo, setPasswordByLink } from '../../../test/password-mail.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { passwordReplaced } from '../auth/account-password.js';
import { hashPassword } from '../auth/password.js';

const { customer } = setUpMailTests();

/** Sessions of this database waiting for a row lock. */
async function rowLockWaiters(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return Number(row?.n);
}

describe('the mail of a set-password link while the account changes', () => {
  // Two sessions at once: PGlite has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'an invitation sent while an admin sets the password is not mailed with a link that no longer works',
    async () => {
      const email = customer('racing');
      const added = await api(accountOps.add, { email, real_name: 'Rita Race', user_type: 'agent', invite: true });
      expect(added.code).toBe('0000');
      const accountId = added.data.account_id;
      const hash = await hashPassword('admin-typed-1');

      // A new password being saved (setAccountPassword): the account's row is written, and its
      // unused links are dropped a statement later. The invitation's mail is built in between.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let updated: () => void = () => undefined;
      const rowWritten = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const saving = db().transaction(async (tx) => {
        await tx.update(account).set({ passwordHash: hash }).where(eq(account.accountId, accountId));
        updated();
        await released;
        await passwordReplaced(tx, accountId);
      });
      let sent = false;
      let draining: Promise<unknown> = Promise.resolve();
      try {
        await rowWritten;
        draining = t.app.parley.jobs.drain().then(() => {
          sent = true;
        });
        // The mail either waits for the account's row, or (as it did) goes out at once.
        await expect.poll(async () => sent || (await rowLockWaiters()) > 0, { timeout: 10_000 }).toBe(true);
      } finally {
        release();
        await saving;
        await draining;
      }

      const mails = await linkMailsTo(email);
      for (const mail of mails) {
        // Whatever was mailed must work; it did say "This link is not valid".
        expect((await setPasswordByLink(mail.token as string, 'from-the-mail-1')).msg).not.toMatch(/not valid/);
      }
      expect(mails).toEqual([]);
    },
    60_000,
  );
});
