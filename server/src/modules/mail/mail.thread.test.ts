import { ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agent, api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { freePort } from '../../../test/ports.js';
import { queryRows } from '../../db/rows.js';

const { customer, rawMail, fetchNow, ticketOf, inboxOf, support, comments } = setUpMailTests();

describe('mail in: replies thread onto their ticket', () => {
  it('files a burst of replies to one ticket, read by several fetches at once, as its comments: none lost, none kept raw', async () => {
    const carol = customer('carol');
    const first = rawMail({ from: carol, subject: 'Printer broken' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    const replies = 24;
    for (let i = 0; i < replies; i++) {
      const reply = rawMail({
        from: carol,
        subject: `Re: [#${ticketId}] Printer broken`,
        body: `Follow-up number ${i}`,
        inReplyTo: first.messageId,
        references: first.messageId,
      });
      await servers.deliver(support, reply.raw);
    }
    // Several server processes (or IDLE and the timer) fetch the same unread mails at once.
    await Promise.all([1, 2, 3, 4].map(() => t.app.mail.fetchNow({ batch: 8 })));
    const list = await comments(ticketId);
    expect(list).toHaveLength(replies + 1);
    for (let i = 0; i < replies; i++) {
      expect(
        list.filter((c) => c.body.includes(`Follow-up number ${i}<`) || c.body.endsWith(`Follow-up number ${i}`)),
      ).toHaveLength(1);
    }
    const kept = await queryRows(db(), sql`SELECT 1 FROM mail_inbox_log WHERE raw_file IS NOT NULL`);
    expect(kept).toHaveLength(0);
    expect((await servers.read(support)).every((m) => m.seen)).toBe(true);
  });

  it('files an agent’s answer to a notice only agents got as an internal note, never mailed to the customer', async () => {
    const dan = customer('dan');
    const colleague = await agent({ email: customer('colleague') });
    const first = rawMail({ from: dan, subject: 'Refund please' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    const notice = (await inboxOf(colleague.email)).find((m) => m.parsed.subject?.includes('new ticket'))?.parsed;
    expect(notice?.subject).toBe(`[#${ticketId}] new ticket: Refund please`);
    // As a mail client answers: the notice's own References (the customer's mail) and the notice.
    const earlier = [notice?.references ?? []].flat();
    expect(earlier).toContain(first.messageId);
    const answer = rawMail({
      from: colleague.email,
      subject: `Re: ${notice?.subject}`,
      body: 'Internal: Dan asked for three refunds this month.',
      inReplyTo: notice?.messageId as string,
      references: [...earlier, notice?.messageId].join(' '),
    });
    await servers.deliver(support, answer.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    const list = await comments(ticketId);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ is_public: false });
    expect(list[1]?.body).toContain('three refunds');
    const toDan = await inboxOf(dan);
    expect(toDan.map((m) => m.parsed.subject)).toEqual([`[#${ticketId}] Refund please`]);
    expect(toDan.some((m) => m.source.includes('three refunds'))).toBe(false);
  });

  it('opens a follow-up when the customer answers a closed ticket: its group, a note naming it, and its own thread', async () => {
    const eve = customer('eve');
    const first = rawMail({ from: eve, subject: 'Delivered twice' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const closedId = Number(await ticketOf(first.messageId));
    expect((await api(ticketOps.edit, { ticket_id: closedId, submit_as: 'closed' })).code).toBe('0000');
    const received = (await inboxOf(eve))[0]?.parsed;
    const back = rawMail({
      from: eve,
      subject: `Re: ${received?.subject}`,
      body: 'Why closed? The problem is back.',
      inReplyTo: received?.messageId as string,
      references: `${first.messageId} ${received?.messageId}`,
    });
    await servers.deliver(support, back.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const followId = Number(await ticketOf(back.messageId));
    expect(followId).not.toBe(closedId);
    const rows = await queryRows<{ ticket_id: number; ticket_state: string; source: string; group_id: number }>(
      db(),
      sql`SELECT ticket_id, ticket_state, source, group_id FROM ticket WHERE ticket_id IN (${closedId}, ${followId}) ORDER BY ticket_id`,
    );
    expect(rows.map((r) => [r.ticket_state, r.source])).toEqual([
      ['closed', 'email'],
      ['new', 'close_ticket'],
    ]);
    expect(rows[1]?.group_id).toBe(rows[0]?.group_id);
    // The closed ticket is left as it was.
    expect(await comments(closedId)).toHaveLength(1);
    const follow = await comments(followId);
    expect(follow.map((c) => c.is_public)).toEqual([true, false]);
    expect(follow[0]?.body).toContain('The problem is back');
    expect(follow[1]?.body).toContain(`Follow-up of closed ticket #${closedId}`);
    // Eve hears it was received, under the new number, and her answer to that stays on it.
    const ack = (await inboxOf(eve)).find((m) => m.parsed.subject?.startsWith(`[#${followId}]`))?.parsed;
    expect(ack?.subject).toBe(`[#${followId}] Re: [#${closedId}] Delivered twice`);
    const more = rawMail({
      from: eve,
      subject: `Re: ${ack?.subject}`,
      body: 'Photos attached later.',
      inReplyTo: ack?.messageId as string,
      references: `${first.messageId} ${received?.messageId} ${back.messageId} ${ack?.messageId}`,
    });
    await servers.deliver(support, more.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect(await ticketOf(more.messageId)).toBe(followId);
  });

  it('folds away the quoted history of Gmail and Outlook replies written in HTML', async () => {
    const fay = customer('fay');
    const first = rawMail({ from: fay, subject: 'Scanner offline' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    const htmlMail = (id: string, html: string) =>
      rawMail({
        from: fay,
        subject: `Re: [#${ticketId}] Scanner offline`,
        messageId: `<${id}@customer.test>`,
        inReplyTo: first.messageId,
        html,
      }).raw;
    await servers.deliver(
      support,
      htmlMail(
        `gmail.${ticketId}`,
        '<div dir="ltr">Still offline after the restart.</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Thu, Dec 3, 2026 at 10:00 AM Support &lt;help@support.test&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">Please restart the scanner.</blockquote></div>',
      ),
    );
    await servers.deliver(
      support,
      htmlMail(
        `outlook.${ticketId}`,
        '<div>The light is red now.</div><hr style="display:inline-block;width:98%"><div id="divRplyFwdMsg" dir="ltr"><b>From:</b> Support<br><b>Sent:</b> Thursday<br><b>Subject:</b> Scanner offline</div><div>Please restart the scanner.</div>',
      ),
    );
    // A forward keeps what it forwards, though Gmail puts it in the same marks as a quote.
    const forward = [
      `From: ${fay}`,
      `To: ${support}`,
      'Subject: Fwd: Invoice 77',
      `Message-ID: <fwd.${ticketId}@customer.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<div dir="ltr">See below.<br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: Billing</div><div>Invoice 77 is due on Friday.</div></div></div>',
      '',
    ].join('\r\n');
    await servers.deliver(support, forward);
    expect(await fetchNow()).toEqual({ comment: 2, ticket: 1 });
    const forwarded = Number(await ticketOf(`<fwd.${ticketId}@customer.test>`));
    expect((await comments(forwarded))[0]?.body).toContain('Invoice 77 is due on Friday.');
    const [, gmail, outlook] = await comments(ticketId);
    expect(gmail?.body).toContain('Still offline after the restart.');
    expect(outlook?.body).toContain('The light is red now.');
    for (const c of [gmail, outlook]) {
      expect(c?.body).not.toContain('Please restart the scanner');
      expect(c?.body).not.toMatch(/wrote:|Sent:/);
    }
  });

  it('threads an answer on the latest mail of a long ticket, and a reply that solves never points at its own solved mail', async () => {
    const gus = customer('gus');
    const first = rawMail({ from: gus, subject: 'Long story' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    // Sixty mails came and went on this ticket since the first.
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 60; i++) {
      await db().execute(
        sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, create_ts)
            VALUES (${`<old.${i}.${ticketId}@customer.test>`}, 'in', ${ticketId}, NULL, ${gus}, ${start + i * 1000})`,
      );
    }
    await db().execute(sql`UPDATE mail_message SET create_ts = ${start - 1000} WHERE message_id = ${first.messageId}`);
    const latest = rawMail({
      from: gus,
      subject: `Re: [#${ticketId}] Long story`,
      body: 'And one more thing.',
      inReplyTo: first.messageId,
    });
    await servers.deliver(support, latest.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    await inboxOf(gus); // the "received" mail, sent before the answer
    const before = (await servers.read(gus)).length;
    const answer = await api(ticketOps.edit, {
      ticket_id: ticketId,
      comment: { body: '<p>Fixed it for you.</p>', is_public: true },
      submit_as: 'solved',
    });
    expect(answer.code).toBe('0000');
    const mails = (await inboxOf(gus)).slice(before).map((m) => m.parsed);
    const reply = mails.find((m) => m.html?.toString().includes('Fixed it for you'));
    const solved = mails.find((m) => m.subject?.endsWith('(solved)'));
    expect(reply?.inReplyTo).toBe(latest.messageId);
    const refs = (m: typeof reply) => [m?.references ?? []].flat();
    expect(refs(reply)[0]).toBe(first.messageId);
    expect(refs(reply)).toHaveLength(50);
    // The two mails of one change do not answer each other.
    expect(refs(reply)).not.toContain(solved?.messageId);
    expect(refs(solved)).not.toContain(reply?.messageId);
  });

  it('"Submit as Solved" with a public reply: the customer gets the reply first, then the "solved" mail', async () => {
    // Several tickets: two mails queued by one change used to leave in any order (half the time).
    const tickets: Array<{ id: number; to: string }> = [];
    for (let i = 0; i < 6; i++) {
      const to = customer(`order${i}`);
      const first = rawMail({ from: to, subject: `Lamp ${i} flickers` });
      await servers.deliver(support, first.raw);
      await fetchNow();
      tickets.push({ id: Number(await ticketOf(first.messageId)), to });
    }
    await t.app.parley.jobs.drain(); // the "received" mails
    for (const { id } of tickets) {
      const answer = await api(ticketOps.edit, {
        ticket_id: id,
        comment: { body: '<p>Swap the bulb.</p>', is_public: true },
        submit_as: 'solved',
      });
      expect(answer.code).toBe('0000');
    }
    const before = servers.sent.length;
    await t.app.parley.jobs.drain();
    const received = servers.sent.slice(before);
    for (const { id, to } of tickets) {
      // What the customer's mail server received, in the order it received it.
      const subjects = received
        .filter((m) => m.to.includes(to))
        .map((m) => (m.raw.includes('Swap the bulb') ? 'reply' : /\(solved\)/.test(m.raw) ? 'solved' : 'other'));
      expect({ ticket: id, subjects }).toEqual({ ticket: id, subjects: ['reply', 'solved'] });
    }
  });

  it('the "solved" mail waits while the SMTP server refuses the reply for now, in whatever order their tries come due', async () => {
    const to = customer('later');
    const first = rawMail({ from: to, subject: 'Kettle will not boil' });
    await servers.deliver(support, first.raw);
    await fetchNow();
    const ticketId = Number(await ticketOf(first.messageId));
    await t.app.parley.jobs.drain(); // the "received" mail
    const saved = t.app.mail.configOverride as NonNullable<typeof t.app.mail.configOverride>;
    const jobsOf = (kind: string) =>
      sql`data->>'kind' = ${kind} AND (data->>'ticketId')::int = ${ticketId} AND state IN ('created', 'retry')`;
    const dueNow = (kind: string) => db().execute(sql`UPDATE pgboss.job SET start_after = now() WHERE ${jobsOf(kind)}`);
    const sentTo = () =>
      servers.sent
        .filter((m) => m.to.includes(to))
        .map((m) => (m.raw.includes('Descale it') ? 'reply' : /\(solved\)/.test(m.raw) ? 'solved' : 'other'));
    const before = sentTo();
    // The SMTP server is down while the agent solves with a reply: both wait for another try.
    t.app.mail.configOverride = { ...saved, smtp: { ...saved.smtp, port: await freePort() } };
    try {
      const answer = await api(ticketOps.edit, {
        ticket_id: ticketId,
        comment: { body: '<p>Descale it.</p>', is_public: true },
        submit_as: 'solved',
      });
      expect(answer.code).toBe('0000');
      await t.app.parley.jobs.drain();
    } finally {
      t.app.mail.configOverride = saved;
    }
    // The server is back; the notice's next try comes due first (another process, a shorter back-off).
    await db().execute(
      sql`UPDATE pgboss.job SET start_after = now() + interval '1 hour' WHERE ${jobsOf('public_reply')}`,
    );
    await dueNow('ticket_solved');
    await t.app.parley.jobs.drain();
    expect(sentTo()).toEqual(before);
    await dueNow('public_reply');
    await t.app.parley.jobs.drain();
    await dueNow('ticket_solved');
    await t.app.parley.jobs.drain();
    expect(sentTo().slice(before.length)).toEqual(['reply', 'solved']);
  });
});
