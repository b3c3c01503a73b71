import { accountSettingOps, mailOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildCompany, buildEndUser, uniqueDomain } from '../../../test/factories.js';
import { agent, api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { run, customer, rawMail, fetchNow, ticketOf: ticketOfMessage, inboxOf, support } = setUpMailTests();

const comments = (ticketId: number) =>
  queryRows<{ body: string; is_public: boolean; author_id: number }>(
    db(),
    sql`SELECT body, is_public, author_id FROM ticket_comment WHERE ticket_id = ${ticketId} ORDER BY comment_id`,
  );
const ticketCount = async () =>
  Number((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ticket`))[0]?.n);

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

  it('joins a sender who wrote before their organization had their domain to it, with the new ticket', async () => {
    const domain = uniqueDomain('newco');
    const zhang = await buildEndUser(db(), { email: `zhang1@${domain}` });
    const company = await buildCompany(db(), { companyDomains: [domain] });
    const mail = rawMail({ from: `Zhang <${zhang.email}>`, subject: 'Invoice copy' });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOfMessage(mail.messageId));
    const [row] = await queryRows<{ ticket_company: number; person_company: number }>(
      db(),
      sql`SELECT t.company_id AS ticket_company, a.company_id AS person_company
          FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
    );
    expect(row).toEqual({ ticket_company: company.companyId, person_company: company.companyId });
  });

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
    const bounce = [
      'From: Mail Delivery System <MAILER-DAEMON@customer.test>',
      `To: ${support}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <bounce.${run}@customer.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Your mail could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.customer.test',
      '',
      `Final-Recipient: rfc822; ${frank}`,
      'Action: failed',
      'Status: 5.1.1',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${received?.parsed.messageId}`,
      '--b1--',
      '',
    ].join('\r\n');
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

  it('reads Chinese and Japanese charsets: GB2312, Big5, ISO-2022-JP and a quoted-printable subject', async () => {
    const hana = customer('hana');
    const iconvMails: Array<[string, string, string]> = [
      ['gb2312', '订单没有到', Buffer.from('b6a9b5a5c3bbd3d0b5bd', 'hex').toString('base64')],
      ['big5', '訂單沒有到', Buffer.from('ad71b3e6a853a6b3a8ec', 'hex').toString('base64')],
    ];
    for (const [charset, words, b64] of iconvMails) {
      const raw = [
        `From: ${hana}`,
        `To: ${support}`,
        `Subject: =?${charset}?B?${b64}?=`,
        `Message-ID: <${charset}.${run}@customer.test>`,
        'MIME-Version: 1.0',
        `Content-Type: text/plain; charset=${charset}`,
        'Content-Transfer-Encoding: base64',
        '',
        b64,
        '',
      ].join('\r\n');
      await servers.deliver(support, raw);
      expect(await fetchNow()).toEqual({ ticket: 1 });
      const id = Number(await ticketOfMessage(`<${charset}.${run}@customer.test>`));
      const [row] = await queryRows<{ subject: string }>(db(), sql`SELECT subject FROM ticket WHERE ticket_id = ${id}`);
      expect(row?.subject).toBe(words);
      expect((await comments(id))[0]?.body).toContain(words);
    }
    // ISO-2022-JP: "お問い合わせ" (escape sequences, 7 bit).
    const jis = Buffer.from('1b2442242a4c6424243967246f243b1b2842', 'hex');
    const jp = [
      `From: ${hana}`,
      `To: ${support}`,
      `Subject: =?ISO-2022-JP?B?${jis.toString('base64')}?=`,
      `Message-ID: <jis.${run}@customer.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=ISO-2022-JP',
      'Content-Transfer-Encoding: 7bit',
      '',
      jis.toString('latin1'),
      '',
    ].join('\r\n');
    await servers.deliver(support, Buffer.from(jp, 'latin1'));
    // Quoted-printable UTF-8 Chinese subject.
    const qp = rawMail({
      from: hana,
      subject: '=?UTF-8?Q?=E9=80=80=E6=AC=BE=E7=94=B3=E8=AF=B7?=',
      messageId: `<qp.${run}@customer.test>`,
    });
    await servers.deliver(support, qp.raw);
    expect(await fetchNow()).toEqual({ ticket: 2 });
    const subjects = await queryRows<{ subject: string }>(
      db(),
      sql`SELECT t.subject FROM ticket t JOIN mail_message m ON m.ticket_id = t.ticket_id WHERE m.message_id IN (${`<jis.${run}@customer.test>`}, ${`<qp.${run}@customer.test>`}) ORDER BY t.ticket_id`,
    );
    expect(subjects.map((s) => s.subject)).toEqual(['お問い合わせ', '退款申请']);
    // A new customer who writes Chinese is answered in Chinese.
    const acknowledged = await inboxOf(hana);
    expect(String(acknowledged[0]?.parsed.html)).toContain('我们已收到您的工单');
  });

  /** A mail with a 1 KB file and a file of `bigMb` MB. */
  const twoFiles = (from: string, messageId: string, bigMb: number) => {
    const small = Buffer.alloc(1024, 7);
    const big = Buffer.alloc(bigMb * 1024 * 1024, 1);
    return [
      `From: ${from}`,
      `To: ${support}`,
      'Subject: Logs attached',
      `Message-ID: ${messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="zz"',
      '',
      '--zz',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Two files.',
      '--zz',
      'Content-Type: application/octet-stream; name="small.log"',
      'Content-Disposition: attachment; filename="small.log"',
      'Content-Transfer-Encoding: base64',
      '',
      small.toString('base64'),
      '--zz',
      'Content-Type: application/octet-stream; name="huge.bin"',
      'Content-Disposition: attachment; filename="huge.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      big.toString('base64').replace(/.{76}/g, '$&\r\n'),
      '--zz--',
      '',
    ].join('\r\n');
  };

  it('stores attachments up to 20 MB and drops a 25 MB one with a note on the ticket', async () => {
    await servers.deliver(support, twoFiles(customer('ivan'), `<att.${run}@customer.test>`, 25));
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const id = Number(await ticketOfMessage(`<att.${run}@customer.test>`));
    const files = await queryRows<{ file_name: string; size: number }>(
      db(),
      sql`SELECT file_name, size FROM ticket_attachment WHERE ticket_id = ${id}`,
    );
    expect(files).toEqual([{ file_name: 'small.log', size: 1024 }]);
    expect((await comments(id))[0]?.body).toContain('huge.bin (25.0 MB) was not kept');
  }, 120_000);

  it("writes the note of a dropped file in the help desk's default language", async () => {
    const localization = (await api(accountSettingOps.localizationGet, {})).data;
    expect((await api(accountSettingOps.localizationEdit, { ...localization, default_language: 'zh-cn' })).code).toBe(
      '0000',
    );
    try {
      await servers.deliver(support, twoFiles(customer('jun'), `<att-zh.${run}@customer.test>`, 21));
      expect(await fetchNow()).toEqual({ ticket: 1 });
      const id = Number(await ticketOfMessage(`<att-zh.${run}@customer.test>`));
      const body = (await comments(id))[0]?.body ?? '';
      expect(body).toContain('huge.bin（21.0 MB）未保存：超过 20 MB 的附件会被丢弃。');
      expect(body).not.toContain('was not kept');
    } finally {
      await api(accountSettingOps.localizationEdit, localization);
    }
  }, 120_000);

  it('takes the Reply-To of a mail sent for someone (a web shop’s contact form) as the requester, and answers there', async () => {
    const kim = customer('kim');
    const shop = customer('noreply-shop');
    const mail = rawMail({
      from: `Webform <${shop}>`,
      subject: 'Contact form: refund please',
      headers: [`Reply-To: Kim Customer <${kim}>`],
    });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOfMessage(mail.messageId));
    const [row] = await queryRows<{ email: string; real_name: string }>(
      db(),
      sql`SELECT a.email, a.real_name FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
    );
    expect(row).toEqual({ email: kim, real_name: 'Kim Customer' });
    expect((await inboxOf(kim)).map((m) => m.parsed.subject)).toEqual([`[#${ticketId}] Contact form: refund please`]);
    expect(await inboxOf(shop)).toEqual([]);
  });
});
