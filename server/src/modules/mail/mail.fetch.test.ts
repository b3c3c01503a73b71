import { mailOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const {
  customer,
  rawMail,
  dsnMail,
  fetchNow,
  ticketOf: ticketOfMessage,
  inboxOf,
  support,
  ticketCount,
} = setUpMailTests();

describe('mail in: what makes no ticket, and a fetch that stops', () => {
  it('never makes a ticket of an auto-reply or a bounce; a bounce stops mail to that address', async () => {
    const frank = customer('frank');
    const first = rawMail({ from: frank, subject: 'Question about invoices' });
    await servers.deliver(support, first.raw);
    await fetchNow();
    const ticketId = Number(await ticketOfMessage(first.messageId));
    const [received] = await inboxOf(frank);
    const before = await ticketCount();

    const away = rawMail({
      from: frank,
      subject: `Out of office: [#${ticketId}]`,
      headers: ['Auto-Submitted: auto-replied', 'X-Autoreply: yes'],
      inReplyTo: received?.parsed.messageId as string,
    });
    const bulk = rawMail({ from: customer('news'), subject: 'Our newsletter', headers: ['Precedence: bulk'] });
    // Exchange's out-of-office to the internet: no Auto-Submitted, only its own header and subject.
    const exchange = rawMail({
      from: customer('exchange'),
      subject: 'Automatic reply: Question about invoices',
      headers: ['X-Auto-Response-Suppress: All'],
    });
    // The same header on a person's mail (Outlook sets it on some) still makes a ticket.
    const person = rawMail({
      from: customer('outlook'),
      subject: 'A real question',
      headers: ['X-Auto-Response-Suppress: All'],
    });
    const bounce = dsnMail({
      to: frank,
      action: 'failed',
      status: '5.1.1',
      quotes: received?.parsed.messageId as string,
      subject: 'Undelivered Mail Returned to Sender',
    });
    await servers.deliver(support, away.raw);
    await servers.deliver(support, bulk.raw);
    await servers.deliver(support, bounce);
    await servers.deliver(support, exchange.raw);
    await servers.deliver(support, person.raw);
    expect(await fetchNow()).toEqual({ auto_reply: 3, bounce: 1, ticket: 1 });
    expect(await ticketCount()).toBe(before + 1);
    expect(await ticketOfMessage(person.messageId)).toBeDefined();
    const [event] = await queryRows<{ new_value: unknown }>(
      db(),
      sql`SELECT new_value FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'delivery_failed'`,
    );
    expect(event?.new_value).toEqual({ address: frank });
    // No answer to the auto-reply, and no more mail to the address that bounced.
    await t.app.parley.jobs.drain(); // the person's new ticket is answered first
    const sentBefore = servers.sent.length;
    await api(ticketOps.edit, {
      ticket_id: ticketId,
      comment: { body: '<p>Here is your invoice.</p>', is_public: true },
    });
    await t.app.parley.jobs.drain();
    expect(servers.sent.length).toBe(sentBefore);
    const log = await api(mailOps.inboxLog, {});
    expect(log.data.list.map((l) => l.outcome)).toEqual(expect.arrayContaining(['bounce', 'auto_reply']));
    // Why, as a code the web translates and its detail, beside the English words API readers had.
    const why = (subject: string) => {
      const entry = log.data.list.find((l) => l.subject === subject);
      return [entry?.reason_code, entry?.reason_detail, entry?.reason];
    };
    expect(why(`Out of office: [#${ticketId}]`)).toEqual([
      'auto_submitted',
      'auto-replied',
      'Auto-Submitted: auto-replied',
    ]);
    expect(why('Our newsletter')).toEqual(['precedence', 'bulk', 'Precedence: bulk']);
    expect(why('Automatic reply: Question about invoices')).toEqual([
      'out_of_office',
      '',
      'x-auto-response-suppress with an out-of-office subject',
    ]);
    expect(why('Undelivered Mail Returned to Sender')).toEqual(['undeliverable', frank, frank]);
  });

  it('keeps a poison mail raw for the admin and stores the good mails after it', async () => {
    const gina = customer('gina');
    const poison = Buffer.from('\u0000\u0001 this is not a mail at all \r\n\r\n');
    const good1 = rawMail({ from: gina, subject: 'After the poison, one' });
    const good2 = rawMail({ from: gina, subject: 'After the poison, two' });
    await servers.deliver(support, poison);
    await servers.deliver(support, good1.raw);
    await servers.deliver(support, good2.raw);
    expect(await fetchNow()).toEqual({ unparseable: 1, ticket: 2 });
    expect(await ticketOfMessage(good2.messageId)).toBeTypeOf('number');
    const log = await api(mailOps.inboxLog, {});
    expect(log.data.list).toContainEqual(
      expect.objectContaining({ outcome: 'unparseable', has_raw: true, reason_code: 'unreadable' }),
    );
  });

  it('files a mail without a Message-ID once when it arrives twice by different routes', async () => {
    const ida = customer('ida');
    // A web form's mail: no Message-ID. The same mail delivered twice (a backup MX, two of our
    // mailboxes) differs only in what the servers on the way wrote above it.
    const mail = [
      `From: ${ida}`,
      `To: ${support}`,
      'Subject: Sent from the contact form',
      'Date: Mon, 3 Mar 2025 10:00:00 +0000',
      'DKIM-Signature: v=1; a=rsa-sha256; d=customer.test; s=mail; bh=abc; b=def',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please call me back about my order.',
      '',
    ].join('\r\n');
    const via = (mx: string, at: string) =>
      [
        `Return-Path: <${ida}>`,
        `Delivered-To: ${support}`,
        `Received: from ${mx}.customer.test (${mx}.customer.test [192.0.2.${at}])`,
        `\tby mx.support.test with ESMTPS id ${mx}${at}; Mon, 3 Mar 2025 10:00:0${at} +0000`,
        `Authentication-Results: mx.support.test; dkim=pass header.d=customer.test; spf=pass smtp.mailfrom=${mx}`,
        `X-Spam-Status: No, score=-0.${at}`,
        mail,
      ].join('\r\n');
    const before = await ticketCount();
    await servers.deliver(support, via('mx1', '1'));
    await servers.deliver(support, via('backup', '7'));
    expect(await fetchNow()).toEqual({ ticket: 1, duplicate: 1 });
    expect(await ticketCount()).toBe(before + 1);
  });

  it('stops a fetch between mails when the process stops, and the next fetch reads the rest', async () => {
    const hal = customer('hal');
    const mail = (n: number) => rawMail({ from: hal, subject: `Before the shutdown, ${n}` });
    const [one, two, three] = [mail(1), mail(2), mail(3)];
    for (const m of [one, two, three]) {
      await servers.deliver(support, m.raw);
    }
    const stopping = new AbortController();
    const first = await t.app.mail.fetchNow({ signal: stopping.signal, onMail: () => stopping.abort() });
    expect(first?.outcomes).toEqual({ ticket: 1 });
    expect(await ticketOfMessage(one.messageId)).toBeTypeOf('number');
    expect(await fetchNow()).toEqual({ ticket: 2 });
    expect(await ticketOfMessage(three.messageId)).toBeTypeOf('number');
  });
});
