import { sql } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { mailPassword } from '../../../test/mail-servers.js';
import { queryRows } from '../../db/rows.js';
import type { Mailbox } from './mail.fetch.js';

const { customer, ours, rawMail, fetchNow, ticketOf, support, ticketCount } = setUpMailTests();

/** Another mailbox on this file's Dovecot, fetched as the main one is. */
const mailboxOf = (user: string): Mailbox => ({
  imap: { host: '127.0.0.1', port: servers.imapPort, secure: false },
  user,
  pass: mailPassword,
  address: null,
});

/** Takes \Seen off every mail of a mailbox (someone marks them unread, a restored mailbox). */
async function markAllUnread(user: string): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: servers.imapPort,
    secure: false,
    auth: { user, pass: mailPassword },
    logger: false,
  });
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    await client.messageFlagsRemove('1:*', ['\\Seen']);
  } finally {
    await client.logout();
  }
}

const markOf = async () =>
  queryRows<{ mailbox: string; last_uid: string; uid_validity: string }>(
    db(),
    sql`SELECT mailbox, last_uid, uid_validity FROM mail_fetch_mark ORDER BY mailbox`,
  );

describe('mail in: a mail someone opened in the mailbox first', () => {
  it('imports a mail read in webmail before Parley fetched it, and the unread one beside it, once each', async () => {
    // Parley reads the mailbox from the start (it is empty).
    expect(await fetchNow()).toEqual({});
    const read = rawMail({ from: customer('ada'), subject: 'Opened on a phone first' });
    const unread = rawMail({ from: customer('ben'), subject: 'Nobody opened this one' });
    await servers.deliver(support, read.raw, { seen: true });
    await servers.deliver(support, unread.raw);
    expect(await fetchNow()).toEqual({ ticket: 2 });
    expect(await ticketOf(read.messageId)).toBeTypeOf('number');
    expect(await ticketOf(unread.messageId)).toBeTypeOf('number');
    expect((await servers.read(support)).every((m) => m.seen)).toBe(true);
    // The next fetch reads nothing: neither mail is fetched again.
    const again = await t.app.mail.fetchNow();
    expect(again).toEqual({ fetched: 0, outcomes: {}, leftOver: 0 });
    const uids = (await servers.read(support)).map((m) => m.uid);
    expect((await markOf()).map((m) => Number(m.last_uid))).toEqual([Math.max(...uids)]);
  });

  it('imports every mail once when several fetches read the mailbox at once, read or unread', async () => {
    const before = await ticketCount();
    const mails = Array.from({ length: 12 }, (_, i) =>
      rawMail({ from: customer(`crowd${i}`), subject: `Busy morning ${i}` }),
    );
    for (const [i, m] of mails.entries()) {
      await servers.deliver(support, m.raw, { seen: i % 2 === 0 });
    }
    // Several server processes (or IDLE and the timer) fetch the same mailbox side by side.
    const reports = await Promise.all([1, 2, 3, 4].map(() => t.app.mail.fetchNow({ batch: 3 })));
    expect(reports.reduce((n, r) => n + (r?.outcomes.ticket ?? 0), 0)).toBe(12);
    expect(await ticketCount()).toBe(before + 12);
    for (const m of mails) {
      expect(await ticketOf(m.messageId)).toBeTypeOf('number');
    }
    expect(await fetchNow()).toEqual({});
  });

  it('starts a new mailbox at its unread mails, not its years of read ones, and reads on from there', async () => {
    const box = mailboxOf(ours('archive'));
    const old = [1, 2, 3].map((i) => rawMail({ from: customer('old'), subject: `Answered in 2016, ${i}` }));
    for (const m of old) {
      await servers.deliver(box.user, m.raw, { seen: true });
    }
    const waiting = rawMail({ from: customer('dora'), subject: 'Still waiting for an answer' });
    await servers.deliver(box.user, waiting.raw);
    expect((await t.app.mail.fetchNow({ mailbox: box }))?.outcomes).toEqual({ ticket: 1 });
    expect(await ticketOf(waiting.messageId)).toBeTypeOf('number');
    for (const m of old) {
      expect(await ticketOf(m.messageId)).toBeUndefined();
    }
    // From now on a mail is read whoever opened it first.
    const later = rawMail({ from: customer('dora'), subject: 'Opened in Outlook, then fetched' });
    await servers.deliver(box.user, later.raw, { seen: true });
    expect((await t.app.mail.fetchNow({ mailbox: box }))?.outcomes).toEqual({ ticket: 1 });
    expect(await ticketOf(later.messageId)).toBeTypeOf('number');
  });

  it('falls back to the unread mails when the mailbox was renumbered (UIDVALIDITY changed), and files none twice', async () => {
    const before = await ticketCount();
    // The server renumbered the mailbox: the mark kept is of another UIDVALIDITY, far above
    // the new UIDs. A restored mailbox shows every mail unread again.
    await db().execute(sql`UPDATE mail_fetch_mark SET uid_validity = uid_validity + 1, last_uid = 1000000`);
    await markAllUnread(support);
    const unread = rawMail({ from: customer('eli'), subject: 'Sent while the server moved' });
    await servers.deliver(support, unread.raw);
    expect(await fetchNow()).toEqual({ duplicate: 14, ticket: 1 });
    expect(await ticketCount()).toBe(before + 1);
    // The mark starts again under the new UIDVALIDITY: a mail read first is imported.
    const read = rawMail({ from: customer('eli'), subject: 'Read on a phone after the move' });
    await servers.deliver(support, read.raw, { seen: true });
    expect(await fetchNow()).toEqual({ ticket: 1 });
    expect(await ticketOf(read.messageId)).toBeTypeOf('number');
  });
});
