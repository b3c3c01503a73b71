import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';

const { customer, rawMail, fetchNow, ticketOf, support } = setUpMailTests();

const comments = (ticketId: number) =>
  queryRows<{ body: string; is_public: boolean }>(
    db(),
    sql`SELECT body, is_public FROM ticket_comment WHERE ticket_id = ${ticketId} ORDER BY comment_id`,
  );

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
});
