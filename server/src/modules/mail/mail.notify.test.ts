import { randomBytes } from 'node:crypto';
import {
  chatOps,
  chatWidgetOps,
  mailOps,
  type TOp,
  type TOpInput,
  ticketAttachmentPath,
  ticketOps,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callOp } from '../../../test/app.js';
import { randomIp } from '../../../test/chat-kit.js';
import { uploadAs } from '../../../test/images.js';
import { admin, agent, api, db, t, withSettings } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { freePort } from '../../../test/ports.js';
import { queryRows } from '../../db/rows.js';
import { keepRawMail } from './mail.store.js';

const kit = setUpMailTests();
const { customer, rawMail, fetchNow, ticketOf, inboxOf, support } = kit;

const mailsOfTicket = (ticketId: number) =>
  servers.sent.filter((m) => m.raw.includes(`X-Parley-Ticket: ${ticketId}\r\n`));

describe('chat transcripts', () => {
  const post = <T extends TOp>(op: T, input: TOpInput<T>, token?: string) =>
    callOp(t.app, op, input, { token, headers: { 'x-forwarded-for': randomIp() } });
  const startChat = async (email?: string) => {
    const res = await post(chatWidgetOps.start, { real_name: 'Vera Visitor', ...(email ? { email } : {}) });
    expect(res.code).toBe('0000');
    return res.data;
  };

  it('mails the visitor who gave an email one transcript when the chat ends, and nothing per message', async () => {
    const vera = customer('vera');
    const chat = await startChat(vera);
    const helper = await agent({ toolAccess: ['chat'], realName: 'Hal Helper' });
    expect((await post(chatOps.accept, { ticket_id: chat.ticket_id }, helper.token)).code).toBe('0000');
    const say = (body: string, n: number) =>
      post(
        chatOps.messageAdd,
        { ticket_id: chat.ticket_id, body, client_message_id: `a${n}`, file_ids: [] },
        helper.token,
      );
    expect((await say('Hello Vera, how can I help?', 1)).code).toBe('0000');
    expect(
      (
        await post(chatWidgetOps.messageAdd, {
          visitor_token: chat.visitor_token,
          body: 'My parcel 555 is late',
          client_message_id: 'v1',
          file_ids: [],
        })
      ).code,
    ).toBe('0000');
    expect((await say('It leaves the warehouse today.', 2)).code).toBe('0000');
    // While the chat runs, no mail is queued for it.
    await t.app.parley.jobs.drain();
    expect(mailsOfTicket(chat.ticket_id)).toEqual([]);

    expect((await post(chatOps.end, { ticket_id: chat.ticket_id }, helper.token)).code).toBe('0000');
    const inbox = await inboxOf(vera);
    expect(inbox.map((m) => m.parsed.subject)).toEqual([`Your chat with us [#${chat.ticket_id}]`]);
    const text = inbox[0]?.parsed.text ?? '';
    for (const said of ['Hello Vera, how can I help?', 'My parcel 555 is late', 'It leaves the warehouse today.']) {
      expect(text).toContain(said);
    }
    expect(text.indexOf('Hello Vera')).toBeLessThan(text.indexOf('parcel 555'));
    expect(text).toContain('Hal Helper');
    expect(inbox[0]?.parsed.headers.get('auto-submitted')).toBe('auto-generated');
    // Ending twice sends no second transcript.
    await post(chatOps.end, { ticket_id: chat.ticket_id }, helper.token);
    expect(await inboxOf(vera)).toHaveLength(1);
  });

  it("after the chat, the visitor answers the transcript by mail and the agent's reply reaches them by mail", async () => {
    const nina = customer('nina');
    const chat = await startChat(nina);
    const helper = await agent({ toolAccess: ['chat'], realName: 'Hal Helper' });
    expect((await post(chatOps.accept, { ticket_id: chat.ticket_id }, helper.token)).code).toBe('0000');
    expect((await post(chatOps.end, { ticket_id: chat.ticket_id }, helper.token)).code).toBe('0000');
    const [transcript] = await inboxOf(nina);
    const sent = transcript?.parsed.messageId as string;
    expect(sent).toBeTruthy();
    // The customer answers the transcript: it joins the chat's ticket, and its agent hears of it.
    const answer = rawMail({
      from: nina,
      subject: `Re: ${transcript?.parsed.subject}`,
      body: 'One more thing: the parcel number is 777.',
      inReplyTo: sent,
      references: sent,
    });
    await servers.deliver(support, answer.raw);
    await fetchNow();
    expect(await ticketOf(answer.messageId)).toBe(chat.ticket_id);
    const told = await inboxOf(helper.email);
    expect(told.map((m) => m.parsed.text ?? '').join('\n')).toContain('the parcel number is 777');
    // The agent answers on the ticket: the chat is over, so the answer goes by mail.
    const reply = await api(
      ticketOps.edit,
      {
        ticket_id: chat.ticket_id,
        comment: { body: '<p>Thanks, parcel 777 is on its way.</p>', is_public: true, file_ids: [] },
      },
      helper.token,
    );
    expect(reply.code).toBe('0000');
    const inbox = await inboxOf(nina);
    expect(inbox).toHaveLength(2);
    expect(inbox[1]?.parsed.text).toContain('parcel 777 is on its way');
    expect(inbox[1]?.parsed.inReplyTo).toBeTruthy();
  });

  it('sends nothing for an anonymous visitor', async () => {
    const chat = await startChat();
    const helper = await agent({ toolAccess: ['chat'] });
    expect((await post(chatOps.accept, { ticket_id: chat.ticket_id }, helper.token)).code).toBe('0000');
    expect((await post(chatWidgetOps.end, { visitor_token: chat.visitor_token })).code).toBe('0000');
    await t.app.parley.jobs.drain();
    expect(mailsOfTicket(chat.ticket_id)).toEqual([]);
  });
});

describe('a mail that does not go', () => {
  it('shows in Failed jobs as waiting for another try, with its error, before it used every try', async () => {
    const before = (await api(mailOps.failedJobs, {})).data;
    expect(before.retrying.count).toBe(0);
    const saved = t.app.mail.configOverride as NonNullable<typeof t.app.mail.configOverride>;
    // The SMTP server is down (nothing listens on its port).
    t.app.mail.configOverride = { ...saved, smtp: { ...saved.smtp, port: await freePort() } };
    try {
      const ticket = await api(ticketOps.add, {
        subject: 'Call me back',
        requester_email: customer('ray'),
        comment: { body: '<p>We will call you back today.</p>', is_public: true },
      });
      expect(ticket.code).toBe('0000');
      await t.app.parley.jobs.drain();
      const after = (await api(mailOps.failedJobs, {})).data;
      expect(after.retrying.count).toBeGreaterThanOrEqual(1);
      expect(after.retrying.error).toMatch(/ECONNREFUSED|connect/i);
      expect(after.list).toEqual(before.list);
    } finally {
      t.app.mail.configOverride = saved;
      await t.app.parley.db.execute(sql`DELETE FROM pgboss.job WHERE state = 'retry'`);
    }
  });
});

describe("a public reply's attachments go with the mail", () => {
  const upload = (token: string, name: string, data: Buffer) => uploadAs(t.app, token, data, name);
  const ticketFromMail = async (who: string, subject: string) => {
    const mail = rawMail({ from: who, to: support, subject });
    await servers.deliver(support, mail.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    await inboxOf(who); // the "received" mail
    return Number(await ticketOf(mail.messageId));
  };
  const mb = (n: number) => randomBytes(n * 1024 * 1024);

  it("sends the survey links of the solved mail in the customer's language, so the survey page opens in it", async () => {
    const mei = customer('mei');
    const ticketId = await ticketFromMail(mei, '打印机坏了');
    await db().execute(sql`UPDATE account SET default_language = 'zh-cn' WHERE email = ${mei}`);
    const solved = await api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'solved' });
    expect(solved.code).toBe('0000');
    const html =
      (await inboxOf(mei)).map((m) => String(m.parsed.html || '')).find((h) => h.includes('score=bad')) ?? '';
    expect(html).toContain('您对本次服务满意吗？');
    const links = [...html.matchAll(/href="([^"]*\/home\/satisfaction[^"]*)"/g)].map(
      (m) => new URL((m[1] as string).replace(/&amp;/g, '&')),
    );
    expect(links.map((u) => [u.searchParams.get('score'), u.searchParams.get('lang')])).toEqual([
      ['good', 'zh-cn'],
      ['bad', 'zh-cn'],
    ]);
  });

  it('shows the customer a picture of an earlier reply in the quoted history without a sign-in', async () => {
    const jon = customer('jon');
    const ticketId = await ticketFromMail(jon, 'What does the part look like');
    const picture = Buffer.from('a picture of the part');
    const fileId = await upload(admin, 'part.png', picture);
    const shown = `<p>This one:</p><p><img src="${ticketAttachmentPath(fileId)}"></p>`;
    expect(
      (
        await api(ticketOps.edit, {
          ticket_id: ticketId,
          comment: { body: shown, is_public: true, file_ids: [fileId] },
        })
      ).code,
    ).toBe('0000');
    const next = { body: '<p>Does it fit?</p>', is_public: true };
    expect((await api(ticketOps.edit, { ticket_id: ticketId, comment: next })).code).toBe('0000');
    const html = (await inboxOf(jon)).map((m) => m.parsed.html || '').find((h) => h.includes('Does it fit?')) ?? '';
    expect(html).toContain('This one:');
    // The quoted picture: not Parley's staff address (a customer gets 401 there), a link that opens as is.
    expect(html).not.toContain('ticket.attachment.get');
    const src = /<img[^>]+src="([^"]+)"/.exec(html.slice(html.indexOf('This one:')))?.[1] as string;
    const opened = await t.app.inject({ method: 'GET', url: src.replace(/^https?:\/\/[^/]+/, '') });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(picture)).toBe(true);
  });

  it('attaches files up to 20 MB in all and links the rest; a link opens the file without a sign-in', async () => {
    const ida = customer('ida');
    const ticketId = await ticketFromMail(ida, 'Send me the manuals');
    const small = Buffer.from('the small manual');
    const first = mb(12);
    const second = mb(12);
    const fileIds = [
      await upload(admin, 'small.txt', small),
      await upload(admin, 'first.bin', first),
      await upload(admin, 'second.bin', second),
    ];
    const reply = await api(ticketOps.edit, {
      ticket_id: ticketId,
      // The small file is also shown in the reply, as a pasted image would be.
      comment: {
        body: `<p>Here are the manuals.</p><p><img src="${ticketAttachmentPath(fileIds[0] as string)}"></p>`,
        is_public: true,
        file_ids: fileIds,
      },
    });
    expect(reply.code).toBe('0000');
    const inbox = await inboxOf(ida);
    const answer = inbox[inbox.length - 1]?.parsed;
    expect(answer?.attachments.map((a) => [a.filename, a.size])).toEqual([
      ['small.txt', small.length],
      ['first.bin', first.length],
    ]);
    expect(answer?.attachments[1]?.content.equals(first)).toBe(true);
    // A picture in the reply travels as a part of the mail: the customer cannot open Parley's own address.
    expect(answer?.html).not.toContain('ticket.attachment.get');
    expect(answer?.attachments[0]?.cid).toBe(`${fileIds[0]}@parley`);
    // A file not shown in the reply is an attachment of the mail, not a part of its HTML.
    expect(answer?.attachments[1]?.cid).toBeUndefined();
    expect(answer?.attachments[1]?.related).toBeFalsy();
    const link = /href="([^"]*mail\.attachment\.get\?token=[^"]+)"/.exec(answer?.html || '')?.[1];
    expect(answer?.html).toContain('second.bin');
    expect(link).toBeDefined();
    // Raw: the link the mail carries, a file download.
    const opened = await t.app.inject({ method: 'GET', url: (link as string).replace(/^https?:\/\/[^/]+/, '') });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(second)).toBe(true);
    expect(opened.headers['content-disposition']).toContain('second.bin');
    // A file download, not an operation.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/home/mail.attachment.get?token=AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(forged.json()).toMatchObject({ code: '0404' });
  });

  it('sends only links when notifications do not carry attachments', async () => {
    const jo = customer('jo');
    const ticketId = await ticketFromMail(jo, 'The price list please');
    await withSettings({ include_attach: false }, async () => {
      const fileId = await upload(admin, 'prices.txt', Buffer.from('1 EUR'));
      expect(
        (
          await api(ticketOps.edit, {
            ticket_id: ticketId,
            comment: { body: '<p>Prices.</p>', is_public: true, file_ids: [fileId] },
          })
        ).code,
      ).toBe('0000');
      const inbox = await inboxOf(jo);
      const answer = inbox[inbox.length - 1]?.parsed;
      expect(answer?.attachments).toEqual([]);
      expect(answer?.html).toMatch(/mail\.attachment\.get\?token=.*prices\.txt/s);
    });
  });
});

describe('mails that made no ticket: download and retry', () => {
  const log = async () => (await api(mailOps.inboxLog, {})).data.list;
  const retry = (logId: number) => api(mailOps.inboxRetry, { log_id: logId });

  it('downloads a kept mail byte for byte; a retry of unreadable mail keeps it listed', async () => {
    const poison = Buffer.from(`\u0000\u0001 not a mail ${kit.run} \r\n\r\n`);
    await servers.deliver(support, poison);
    expect(await fetchNow()).toEqual({ unparseable: 1 });
    const [raw] = await queryRows<{ log_id: number; raw_file: string }>(
      db(),
      sql`SELECT log_id, raw_file FROM mail_inbox_log WHERE raw_file IS NOT NULL ORDER BY log_id DESC LIMIT 1`,
    );
    const logId = Number(raw?.log_id);
    // A file download (message/rfc822), not an operation.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/admin/settings/email.inbox_log.raw?log_id=${logId}`,
      headers: { authorization: admin },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('message/rfc822');
    // As the mail server handed it over (Dovecot may have ended its lines its own way).
    expect(download.rawPayload.equals((await t.app.parley.files.get(String(raw?.raw_file))) as Buffer)).toBe(true);
    expect(download.rawPayload.toString('latin1')).toContain(`not a mail ${kit.run}`);
    expect((await retry(logId)).data).toEqual({ outcome: 'unparseable', ticket_id: null });
    expect((await log()).map((e) => e.log_id)).toContain(logId);
    // The same file download, for a log that does not exist.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/email.inbox_log.raw?log_id=99999999',
      headers: { authorization: admin },
    });
    expect(unknown.json()).toMatchObject({ code: '0404' });
  });

  it('a mail kept because storing it failed becomes its ticket on retry and leaves the list', async () => {
    const kim = customer('kim');
    const mail = rawMail({ from: kim, to: support, subject: `Stored on the second try ${kit.run}` });
    // What the fetch does after storing failed twice (a database outage): keep it raw, flag it.
    await keepRawMail(t.app.parley, Buffer.from(mail.raw), 'connection terminated');
    const [row] = await queryRows<{ log_id: number }>(
      db(),
      sql`SELECT log_id FROM mail_inbox_log WHERE reason = 'could not be stored: connection terminated' ORDER BY log_id DESC LIMIT 1`,
    );
    const logId = Number(row?.log_id);
    expect((await log()).find((e) => e.log_id === logId)).toMatchObject({ outcome: 'unparseable', has_raw: true });
    const again = await retry(logId);
    expect(again.data.outcome).toBe('ticket');
    expect(again.data.ticket_id).toBe(Number(await ticketOf(mail.messageId)));
    expect((await log()).map((e) => e.log_id)).not.toContain(logId);
    // Retrying it once more finds nothing to retry.
    expect((await retry(logId)).code).toBe('0404');
  });
});

describe('agents hear of the customer', () => {
  it('mails the assignee and the followers when the customer answers, each in their language, never the author', async () => {
    const ivy = customer('ivy');
    const owner = await agent({ email: customer('owner'), realName: 'Olga Owner', defaultLanguage: 'zh-cn' });
    const watcher = await agent({ email: customer('watcher'), realName: 'Walt Watcher' });
    const first = rawMail({ from: `Ivy <${ivy}>`, subject: 'Cannot log in' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    const edit = await api(ticketOps.edit, {
      ticket_id: ticketId,
      assignee_id: owner.accountId,
      follower_ids: [watcher.accountId],
      comment: { body: '<p>Which browser?</p>', is_public: true },
      submit_as: 'pending',
    });
    expect(edit.code).toBe('0000');
    const asked = (await inboxOf(ivy)).find((m) => m.parsed.html && String(m.parsed.html).includes('Which browser'));
    const seenBefore = { owner: (await inboxOf(owner.email)).length, watcher: (await inboxOf(watcher.email)).length };
    const answer = rawMail({
      from: ivy,
      subject: `Re: ${asked?.parsed.subject}`,
      body: 'Firefox 140 on Linux.',
      inReplyTo: asked?.parsed.messageId as string,
    });
    await servers.deliver(support, answer.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    const toOwner = (await inboxOf(owner.email)).slice(seenBefore.owner).map((m) => m.parsed);
    const toWatcher = (await inboxOf(watcher.email)).slice(seenBefore.watcher).map((m) => m.parsed);
    expect(toOwner.map((m) => m.subject)).toEqual([`[#${ticketId}] Ivy 回复了：Cannot log in`]);
    expect(toWatcher.map((m) => m.subject)).toEqual([`[#${ticketId}] Ivy replied: Cannot log in`]);
    expect(String(toWatcher[0]?.html)).toContain('Firefox 140 on Linux.');
    expect(String(toWatcher[0]?.html)).toContain(`/wswt/ticket/edit/${ticketId}`);
    // The customer is not told of their own mail; an agent's own reply tells no agent.
    expect((await inboxOf(ivy)).filter((m) => String(m.parsed.html).includes('Firefox 140'))).toEqual([]);
    const ownerCount = (await inboxOf(owner.email)).length;
    await api(
      ticketOps.edit,
      { ticket_id: ticketId, comment: { body: '<p>Thanks, fixed.</p>', is_public: true } },
      owner.token,
    );
    expect(await inboxOf(owner.email)).toHaveLength(ownerCount);
  });
});
