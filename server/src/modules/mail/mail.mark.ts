import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Endpoint } from './mail.config.js';

/**
 * How far the fetch has read a mailbox: the highest UID imported, under the mailbox's UIDVALIDITY
 * (UIDs mean nothing under another). A fetch reads every mail above the mark whatever its \Seen
 * flag, since someone may have opened it in webmail, Outlook or on a phone first, and the unseen
 * ones below it, as before the mark existed.
 *
 * Where the mark starts: at the mailbox's last UID when a fetch first opens it (or finds its
 * UIDVALIDITY changed). A mailbox with years of read mail is not imported; its unseen mails are,
 * as they always were, and every mail that arrives after, read or not. A mail read in the mailbox
 * before Parley first fetched it (or while the server renumbered it) is taken as handled by whoever
 * read it. Mails are imported once whoever reads them: their Message-ID (mail.in.ts) decides.
 */
export const mailboxKey = (imap: Endpoint, user: string) =>
  `${imap.host.toLowerCase()}:${imap.port}/${user.toLowerCase()}`;

/**
 * The mark of a mailbox under `validity`, started at `lastUid` when it has none under it. Two
 * processes starting it at once: the first one's stands.
 */
export async function openMark(db: DbOrTx, mailbox: string, validity: string, lastUid: number): Promise<number> {
  const now = Date.now();
  await db.execute(
    sql`INSERT INTO mail_fetch_mark (mailbox, uid_validity, last_uid, update_ts)
        VALUES (${mailbox}, ${validity}, ${lastUid}, ${now})
        ON CONFLICT (mailbox) DO UPDATE
          SET uid_validity = EXCLUDED.uid_validity, last_uid = EXCLUDED.last_uid, update_ts = EXCLUDED.update_ts
          WHERE mail_fetch_mark.uid_validity <> EXCLUDED.uid_validity`,
  );
  const [row] = await queryRows<{ last_uid: string | number }>(
    db,
    sql`SELECT last_uid FROM mail_fetch_mark WHERE mailbox = ${mailbox} AND uid_validity = ${validity}`,
  );
  return row ? Number(row.last_uid) : lastUid;
}

/**
 * Moves the mark up to `uid` (every mail up to it is imported or kept raw). Never down: another
 * process may have read further meanwhile, and its mark is as true as this one.
 */
export async function advanceMark(db: DbOrTx, mailbox: string, validity: string, uid: number): Promise<void> {
  await db.execute(
    sql`UPDATE mail_fetch_mark SET last_uid = GREATEST(last_uid, ${uid}), update_ts = ${Date.now()}
        WHERE mailbox = ${mailbox} AND uid_validity = ${validity}`,
  );
}

/**
 * The highest UID the mark may move to: the last of `above` (the mailbox's UIDs over the mark,
 * ascending) before the first one not handled yet.
 */
export function nextMark(mark: number, above: number[], handled: Set<number>): number {
  let next = mark;
  for (const uid of above) {
    if (!handled.has(uid)) {
      break;
    }
    next = uid;
  }
  return next;
}
