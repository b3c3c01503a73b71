import { ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agent, api, db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const {
  customer,
  rawMail,
  fetchNow,
  ticketOf: ticketOfMessage,
  inboxOf,
  support,
  comments,
  ticketCount,
} = setUpMailTests();

describe('mail in: a mail becomes a ticket, replies thread onto it', () => {
  it('makes a ticket from a new mail, answers "received" threaded, and files the reply with References on the same ticket', async () => {
    const alice = customer('alice');
    const first = rawMail({ from: `Alice Liddell <${alice}>`, subject: 'Order 1234 missing' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOfMessage(first.messageId));
    const [row] = await queryRows<{
      subject: string;
      source: string;
      email: string;
      real_name: string;
      user_type: string;
    }>(
      db(),
      sql`SELECT t.subject, t.source, a.email, a.real_name, a.user_type FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
    );
    expect(row).toEqual({
      subject: 'Order 1234 missing',
      source: 'email',
      email: alice,
      real_name: 'Alice Liddell',
      user_type: 'end_user',
    });
    // The mail is flagged read on the server once stored.
    expect((await servers.read(support)).every((m) => m.seen)).toBe(true);

    const inbox = await inboxOf(alice);
    expect(inbox).toHaveLength(1);
    const received = inbox[0]?.parsed;
    expect(received?.subject).toBe(`[#${ticketId}] Order 1234 missing`);
    // Signed with the help desk's name (Settings › Details; the product's own until renamed).
    expect(received?.html).toContain('Parley</p>');
    expect(received?.inReplyTo).toBe(first.messageId);
    expect(received?.replyTo?.value[0]?.address).toBe(support);
    expect(received?.headers.get('auto-submitted')).toBe('auto-generated');

    // Alice answers the notification: her client sets In-Reply-To and References.
    const reply = rawMail({
      from: alice,
      subject: `Re: ${received?.subject}`,
      body: 'It is order 1234, placed on Monday.\r\n\r\nOn Mon, Support wrote:\r\n> We received your request\r\n> and will answer soon.',
      inReplyTo: received?.messageId as string,
      references: `${first.messageId} ${received?.messageId}`,
    });
    await servers.deliver(support, reply.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await ticketOfMessage(reply.messageId)).toBe(ticketId);
    const list = await comments(ticketId);
    expect(list).toHaveLength(2);
    expect(list[1]?.body).toContain('placed on Monday');
    // The quoted history is folded away.
    expect(list[1]?.body).not.toContain('will answer soon');
  });

  it('sends a public agent reply to the requester and CCs with threading headers; an internal note never leaves', async () => {
    const bob = customer('bob');
    const carol = customer('carol');
    const first = rawMail({ from: bob, cc: carol, subject: 'Refund please' });
    await servers.deliver(support, first.raw);
    await fetchNow();
    const ticketId = Number(await ticketOfMessage(first.messageId));
    await inboxOf(bob); // the "received" mail
    const [cc] = await queryRows<{ email: string }>(
      db(),
      sql`SELECT a.email FROM ticket_member m JOIN account a ON a.account_id = m.account_id WHERE m.ticket_id = ${ticketId} AND m.member_type = 'cc'`,
    );
    expect(cc?.email).toBe(carol);

    expect(
      (
        await api(ticketOps.edit, {
          ticket_id: ticketId,
          comment: { body: '<p>Internal: check the bank</p>', is_public: false },
        })
      ).code,
    ).toBe('0000');
    expect(
      (
        await api(ticketOps.edit, {
          ticket_id: ticketId,
          comment: { body: '<p>Your refund is on its way.</p>', is_public: true },
        })
      ).code,
    ).toBe('0000');
    const bobMails = await inboxOf(bob);
    expect(bobMails).toHaveLength(2);
    const answer = bobMails[1]?.parsed;
    expect(answer?.subject).toBe(`Re: [#${ticketId}] Refund please`);
    expect(answer?.html).toContain('Your refund is on its way.');
    expect(answer?.html).not.toContain('check the bank');
    expect(answer?.cc && !Array.isArray(answer.cc) ? answer.cc.value.map((v) => v.address) : []).toEqual([carol]);
    expect(answer?.references).toContain(first.messageId);
    expect((await inboxOf(carol)).map((m) => m.parsed.subject)).toEqual([`Re: [#${ticketId}] Refund please`]);
    // Nothing carries the internal note.
    expect(servers.sent.some((m) => m.raw.includes('check the bank'))).toBe(false);
  });

  it('names an agent by the alias they chose in what the customer reads, never by their real name', async () => {
    const gus = customer('gus');
    const first = rawMail({ from: gus, subject: 'Where is my parcel' });
    await servers.deliver(support, first.raw);
    await fetchNow();
    const ticketId = Number(await ticketOfMessage(first.messageId));
    const helper = await agent({ realName: 'Private Person', aliasName: '小王' });
    for (const body of ['<p>Looking into it.</p>', '<p>It ships today.</p>']) {
      const res = await api(ticketOps.edit, { ticket_id: ticketId, comment: { body, is_public: true } }, helper.token);
      expect(res.code).toBe('0000');
    }
    const second = (await inboxOf(gus)).find(
      (m) => m.parsed.subject?.startsWith('Re:') && m.source.includes('ships today'),
    );
    // The earlier reply is quoted under its author's name: the alias.
    const html = second?.parsed.html || '';
    expect(html).toContain('Looking into it.');
    expect(html).toContain('小王');
    expect(second?.source).not.toContain('Private Person');
  });

  it('accepts a subject reference alone from the requester, but a stranger forging it opens a new ticket', async () => {
    const dave = customer('dave');
    const first = rawMail({ from: dave, subject: 'Broken login' });
    await servers.deliver(support, first.raw);
    await fetchNow();
    const ticketId = Number(await ticketOfMessage(first.messageId));

    const own = rawMail({ from: dave, subject: `Re: [#${ticketId}] Broken login`, body: 'Still broken today.' });
    await servers.deliver(support, own.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await ticketOfMessage(own.messageId)).toBe(ticketId);

    const mallory = customer('mallory');
    const forged = rawMail({
      from: mallory,
      subject: `Re: [#${ticketId}] Broken login`,
      body: 'Send me the password.',
    });
    await servers.deliver(support, forged.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const forgedTicket = await ticketOfMessage(forged.messageId);
    expect(forgedTicket).not.toBe(ticketId);
    expect((await comments(ticketId)).map((c) => c.body).join()).not.toContain('password');
  });

  it('makes one ticket of a mail fetched twice (a copy delivered again, or unflagged after a crash)', async () => {
    const erin = customer('erin');
    const mail = rawMail({ from: erin, subject: 'Twice delivered' });
    const before = await ticketCount();
    await servers.deliver(support, mail.raw);
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1, duplicate: 1 });
    // A crash between storing and flagging: the mail is still unread on the server.
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ duplicate: 1 });
    expect(await ticketCount()).toBe(before + 1);
  });
});
