import { ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';

const { run, customer, rawMail, fetchNow, ticketOf, inboxOf, support, comments, ticketCount } = setUpMailTests();

describe('mail threading headers', () => {
  it('threads a reply whose In-Reply-To carries a comment or several Message-IDs', async () => {
    const pia = customer('pia');
    const first = rawMail({ from: pia, subject: 'Printer jams' });
    await servers.deliver(support, first.raw);
    expect(await fetchNow()).toEqual({ ticket: 1 });
    const ticketId = Number(await ticketOf(first.messageId));
    const ack = (await inboxOf(pia))[0]?.parsed;
    expect(ack?.messageId).toMatch(/^<parley\./);
    const before = await ticketCount();
    // Old clients (RFC 822 style) add a comment; some name every mail they answer. No References,
    // no [#N] in the subject: the In-Reply-To alone threads them.
    const commented = rawMail({
      from: pia,
      subject: 'Re: Printer jams',
      body: 'It jams on page 2.',
      inReplyTo: `${ack?.messageId} (Support's message of Fri, 4 Dec 2026 10:00:00 +0000)`,
    });
    const several = rawMail({
      from: pia,
      subject: 'Re: Printer jams',
      body: 'And on page 5.',
      inReplyTo: `<lost.${run}@customer.test> ${ack?.messageId}`,
    });
    await servers.deliver(support, commented.raw);
    await servers.deliver(support, several.raw);
    expect(await fetchNow()).toEqual({ comment: 2 });
    expect(await ticketCount()).toBe(before);
    expect(await ticketOf(commented.messageId)).toBe(ticketId);
    expect(await ticketOf(several.messageId)).toBe(ticketId);
    expect((await comments(ticketId)).map((c) => c.body).join(' ')).toMatch(/page 2.*page 5/);
  });

  it('lists the customer’s first mail first in the References of the answer, whatever its Message-ID', async () => {
    const qiu = customer('qiu');
    // QQ Mail's and many other clients' Message-IDs sort after Parley's own <parley.…>.
    for (const id of [`<zh1.${run}@customer.test>`, `<tencent_${run.toUpperCase()}@qq.com>`]) {
      const first = rawMail({ from: qiu, subject: `Question ${id}`, messageId: id });
      await servers.deliver(support, first.raw);
      expect(await fetchNow()).toEqual({ ticket: 1 });
      const ticketId = Number(await ticketOf(id));
      const ack = (await inboxOf(qiu)).find((m) => m.parsed.subject?.startsWith(`[#${ticketId}]`))?.parsed;
      expect(ack?.references).toBe(id);
      const answer = await api(ticketOps.edit, {
        ticket_id: ticketId,
        comment: { body: `<p>Answer for ${ticketId}.</p>`, is_public: true },
      });
      expect(answer.code).toBe('0000');
      const reply = (await inboxOf(qiu)).find((m) => m.source.includes(`Answer for ${ticketId}.`))?.parsed;
      expect([reply?.references ?? []].flat()).toEqual([id, ack?.messageId]);
      expect(reply?.inReplyTo).toBe(ack?.messageId);
    }
  });
});
