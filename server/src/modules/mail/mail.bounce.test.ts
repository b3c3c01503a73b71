import { mailOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { customer, rawMail, dsnMail: dsn, fetchNow, ticketOf, inboxOf, support } = setUpMailTests();

/** A new ticket by mail from `address`; its id and the Message-ID of the "received" mail. */
async function ticketFrom(address: string, subject: string) {
  const first = rawMail({ from: address, subject });
  await servers.deliver(support, first.raw);
  await fetchNow();
  const ticketId = Number(await ticketOf(first.messageId));
  const received = (await inboxOf(address)).at(-1)?.parsed.messageId as string;
  return { ticketId, received };
}

const reply = (ticketId: number, body: string) =>
  api(ticketOps.edit, { ticket_id: ticketId, comment: { body: `<p>${body}</p>`, is_public: true } });

/** Whether the customer's mailbox got a mail carrying `text`. */
const got = async (address: string, text: string) => (await inboxOf(address)).some((m) => m.source.includes(text));

const events = (ticketId: number, field: string) =>
  queryRows<{ new_value: Record<string, unknown> }>(
    db(),
    sql`SELECT new_value FROM ticket_event WHERE ticket_id = ${ticketId} AND field = ${field} ORDER BY event_id`,
  );

describe('bounces: only a permanent failure stops mail, and never silently', () => {
  it('logs a "delivery delayed" report (4.4.1) and keeps mailing the customer', async () => {
    const gina = customer('gina');
    const { ticketId, received } = await ticketFrom(gina, 'Where is my refund');
    await servers.deliver(support, dsn({ to: gina, action: 'delayed', status: '4.4.1', quotes: received }));
    // A failure "for now" (a 4.x.x status) is no bounce either.
    await servers.deliver(support, dsn({ to: gina, action: 'failed', status: '4.2.2', quotes: received }));
    expect(await fetchNow()).toEqual({ delivery_report: 2 });
    expect(await events(ticketId, 'delivery_failed')).toEqual([]);
    const bounces = await api(mailOps.bounceList, {});
    expect(bounces.data.list.map((b) => b.address)).not.toContain(gina);

    expect((await reply(ticketId, 'Your refund left today.')).code).toBe('0000');
    expect(await got(gina, 'Your refund left today.')).toBe(true);

    const log = (await api(mailOps.inboxLog, {})).data.list.filter((l) => l.from_address.startsWith('mailer-daemon'));
    expect(log.map((l) => [l.outcome, l.reason_code, l.reason_detail]).sort()).toEqual([
      ['delivery_report', 'delivery_delayed', `${gina} (delayed 4.4.1)`],
      ['delivery_report', 'delivery_notice', `${gina} (failed 4.2.2)`],
    ]);
  });

  it('a permanent failure stops mail to the address: the ticket says so, even when the report quotes none of our mails', async () => {
    const hank = customer('hank');
    const { ticketId } = await ticketFrom(hank, 'Broken charger');
    // The report names the address but quotes nothing of ours (as some servers send it).
    await servers.deliver(support, dsn({ to: hank, action: 'failed', status: '5.1.1' }));
    expect(await fetchNow()).toEqual({ bounce: 1 });
    expect((await events(ticketId, 'delivery_failed')).map((e) => e.new_value)).toEqual([{ address: hank }]);

    // The agent's reply is not mailed, and the ticket's history says so and why.
    const answer = await reply(ticketId, 'A new charger is on its way.');
    expect(answer.code).toBe('0000');
    expect(await got(hank, 'A new charger is on its way.')).toBe(false);
    const [notSent] = await events(ticketId, 'mail_not_sent');
    expect(notSent?.new_value).toMatchObject({ to: [hank], reason: 'bounced' });

    // Settings › Emails lists the address; an admin clears it and the next reply goes out.
    const listed = (await api(mailOps.bounceList, {})).data.list.find((b) => b.address === hank);
    expect(listed).toMatchObject({ ticket_id: ticketId, reason: 'Delivery Status Notification (failed)' });
    expect((await api(mailOps.bounceClear, { addresses: [hank] })).code).toBe('0000');
    expect((await api(mailOps.bounceList, {})).data.list.map((b) => b.address)).not.toContain(hank);
    await reply(ticketId, 'Tracking number 42.');
    expect(await got(hank, 'Tracking number 42.')).toBe(true);
  });

  it('a new mail from a bounced address clears its bounce', async () => {
    const ivy = customer('ivy');
    const { ticketId, received } = await ticketFrom(ivy, 'Mailbox full');
    await servers.deliver(support, dsn({ to: ivy, action: 'failed', status: '5.2.2', quotes: received }));
    expect(await fetchNow()).toEqual({ bounce: 1 });
    expect((await api(mailOps.bounceList, {})).data.list.map((b) => b.address)).toContain(ivy);

    const again = rawMail({ from: ivy, subject: `Re: [#${ticketId}] Mailbox full`, body: 'I made room now.' });
    await servers.deliver(support, again.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect((await api(mailOps.bounceList, {})).data.list.map((b) => b.address)).not.toContain(ivy);
    await reply(ticketId, 'Thanks, here is the answer.');
    expect(await got(ivy, 'Thanks, here is the answer.')).toBe(true);
  });
});
