import { ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { agent, api, db, t } from '../../../test/kit.js';
import { servers, setUpMailTests } from '../../../test/mail-kit.js';
import { queryRows } from '../../db/rows.js';
import { ingestMail } from './mail.in.js';

const { customer, rawMail, fetchNow, ticketOf, inboxOf, support, comments } = setUpMailTests();

const addressesOf = (list: ParsedMail['to']) =>
  (Array.isArray(list) ? list : list ? [list] : []).flatMap((l) => l.value.map((v) => v.address));

/**
 * A ticket by mail from `requester` with `ccs` Cc'd (by name), assigned to an agent, and the
 * agent's public reply (to the requester, the CCs copied): the mail everyone answers.
 */
async function ticketWithReply(requester: string, named: Record<string, string>, subject: string) {
  const ccs = Object.values(named);
  const cc = Object.entries(named).map(([name, address]) => `${name} <${address}>`);
  const first = rawMail({ from: requester, cc: cc.join(', '), subject });
  await servers.deliver(support, first.raw);
  expect(await fetchNow()).toEqual({ ticket: 1 });
  const ticketId = Number(await ticketOf(first.messageId));
  await inboxOf(requester); // the "received" mail
  const helper = await agent({ realName: 'Hal Helper' });
  const reply = await api(ticketOps.edit, {
    ticket_id: ticketId,
    assignee_id: helper.accountId,
    comment: { body: '<p>Which order is it?</p>', is_public: true },
  });
  expect(reply.code).toBe('0000');
  const [received, answer] = (await inboxOf(requester)).map((m) => m.parsed);
  expect(answer?.subject).toBe(`Re: [#${ticketId}] ${subject}`);
  expect(addressesOf(answer?.cc)).toEqual(ccs);
  for (const cc of ccs) {
    expect(await inboxOf(cc)).toHaveLength(1);
  }
  return { ticketId, first, received, answer: answer as ParsedMail, helper };
}

describe("a CC's mail on a ticket reaches the requester and the other CCs", () => {
  it('mails it once to whoever its writer did not: the requester and the other CCs, never its writer', async () => {
    const bob = customer('bob');
    const carol = customer('carol');
    const dan = customer('dan');
    const erin = customer('erin');
    const { ticketId, first, received, answer, helper } = await ticketWithReply(
      bob,
      { 'Carol Colleague': carol, Dan: dan, Erin: erin },
      'Invoice 77 is wrong',
    );

    // Carol answers the agent's reply, copying Dan herself (not Bob, not Erin).
    const said = rawMail({
      from: carol,
      cc: dan,
      subject: `Re: ${answer.subject}`,
      body: 'It is order 77-B, the second one.',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    await servers.deliver(support, said.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    const last = (await comments(ticketId)).at(-1);
    expect(last?.is_public).toBe(true);
    expect(last?.body).toContain('order 77-B');

    // Bob (the requester) gets it, Erin copied, in the ticket's thread, with whose words they are.
    const bobMails = (await inboxOf(bob)).map((m) => m.parsed);
    expect(bobMails).toHaveLength(3);
    const passed = bobMails[2] as ParsedMail;
    expect(passed.subject).toBe(`Re: [#${ticketId}] Invoice 77 is wrong`);
    expect(addressesOf(passed.to)).toEqual([bob]);
    expect(addressesOf(passed.cc)).toEqual([erin]);
    expect(passed.text).toContain('Carol Colleague wrote:');
    expect(passed.text).toContain('order 77-B');
    expect(passed.references).toEqual(
      expect.arrayContaining([first.messageId, received?.messageId, answer.messageId, said.messageId]),
    );
    expect(passed.inReplyTo).toBe(said.messageId);
    expect(passed.replyTo?.value[0]?.address).toBe(support);
    // A person's words, not a machine's notice: an auto-responder may answer it.
    expect(passed.headers.get('auto-submitted')).toBeUndefined();
    expect((await inboxOf(erin)).map((m) => m.parsed.messageId)).toEqual([answer.messageId, passed.messageId]);
    // Dan had it from Carol's own mail; Carol wrote it: neither gets a copy from the help desk.
    expect(await inboxOf(dan)).toHaveLength(1);
    expect(await inboxOf(carol)).toHaveLength(1);
    // The assignee hears of it as before.
    const told = (await inboxOf(helper.email)).map((m) => m.parsed);
    const notice = told.filter((m) => m.text?.includes('order 77-B'));
    expect(notice).toHaveLength(1);
    // The notice names who wrote: Carol, not the requester.
    expect(notice[0]?.subject).toBe(`[#${ticketId}] Carol Colleague replied: Invoice 77 is wrong`);

    // The same mail fetched again (delivered twice, unflagged after a crash): nothing more is sent.
    await servers.deliver(support, said.raw);
    expect(await fetchNow()).toEqual({ duplicate: 1 });
    expect(await inboxOf(bob)).toHaveLength(3);
    expect(await inboxOf(erin)).toHaveLength(2);
  });

  it('sends one copy when two processes store the same mail at the same moment, in the language of the requester', async () => {
    const mei = customer('mei');
    const lin = customer('lin');
    const wu = customer('wu');
    const { ticketId, first, answer } = await ticketWithReply(mei, { Lin: lin, 吴: wu }, '发票有误');
    await db().execute(sql`UPDATE account SET default_language = 'zh-cn' WHERE email = ${mei}`);
    const said = rawMail({
      from: lin,
      subject: `Re: ${answer.subject}`,
      body: '是第二张订单。',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    const config = await t.app.mail.config();
    if (!config) {
      throw new Error('the test mail config is missing');
    }
    const outcomes = await Promise.all([1, 2].map(() => ingestMail(t.app.parley, config, Buffer.from(said.raw))));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['comment', 'duplicate']);
    expect(await comments(ticketId)).toHaveLength(3);
    const meiMails = (await inboxOf(mei)).map((m) => m.parsed);
    expect(meiMails).toHaveLength(3);
    expect(meiMails[2]?.text).toContain('Lin 写道：');
    expect(meiMails[2]?.text).toContain('是第二张订单');
    expect(addressesOf(meiMails[2]?.cc)).toEqual([wu]);
    expect(await inboxOf(wu)).toHaveLength(2);
    expect(await inboxOf(lin)).toHaveLength(1);
    const [queued] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM mail_message WHERE ticket_id = ${ticketId} AND direction = 'out'`,
    );
    // "received", the agent's reply, Lin's words passed on.
    expect(queued?.n).toBe(3);
  });

  it("leaves the requester's own answer, and a stranger's, as they were: the assignee hears of them, no customer gets them", async () => {
    const gus = customer('gus');
    const hana = customer('hana');
    const { ticketId, first, answer, helper } = await ticketWithReply(gus, { Hana: hana }, 'Parcel 12 is late');
    const said = rawMail({
      from: gus,
      subject: `Re: ${answer.subject}`,
      body: 'Order 12, sent to Leeds.',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    await servers.deliver(support, said.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect((await comments(ticketId)).at(-1)?.body).toContain('sent to Leeds');
    expect(await inboxOf(gus)).toHaveLength(2);
    expect(await inboxOf(hana)).toHaveLength(1);
    const told = (await inboxOf(helper.email)).map((m) => m.parsed);
    expect(told.filter((m) => m.text?.includes('sent to Leeds'))).toHaveLength(1);
    expect(servers.sent.filter((m) => m.raw.includes('sent to Leeds')).flatMap((m) => m.to)).toEqual([helper.email]);

    // Gus forwarded the agent's mail to Otto, who answers it: on the ticket for the agents, but
    // not passed on to the customers (Otto is no CC of the ticket).
    const otto = customer('otto');
    const byStranger = rawMail({
      from: otto,
      subject: `Re: ${answer.subject}`,
      body: 'I am the courier, it left the depot today.',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    await servers.deliver(support, byStranger.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect((await comments(ticketId)).at(-1)?.body).toContain('left the depot');
    expect(await inboxOf(gus)).toHaveLength(2);
    expect(await inboxOf(hana)).toHaveLength(1);
    expect(servers.sent.filter((m) => m.raw.includes('left the depot')).flatMap((m) => m.to)).toEqual([helper.email]);
  });

  it("an agent's reply by mail and a CC's reach no one twice: not who the mail was to, nor a bounced address", async () => {
    const ida = customer('ida');
    const jay = customer('jay');
    const kim = customer('kim');
    const { ticketId, first, answer, helper } = await ticketWithReply(ida, { Jay: jay, Kim: kim }, 'Screen flickers');
    // The agent answers the reply from their own mail client, to all: Ida and Jay have it from them.
    const byAgent = rawMail({
      from: helper.email,
      cc: `${ida}, ${jay}`,
      subject: `Re: ${answer.subject}`,
      body: 'Please send a photo of the screen.',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    await servers.deliver(support, byAgent.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    expect((await comments(ticketId)).at(-1)?.is_public).toBe(true);
    const toKim = (await inboxOf(kim)).map((m) => m.parsed);
    expect(toKim).toHaveLength(2);
    expect(addressesOf(toKim[1]?.to)).toEqual([kim]);
    expect(toKim[1]?.text).toContain('send a photo');
    // Not a customer's words: no "… wrote:" line.
    expect(toKim[1]?.text).not.toContain('wrote:');
    expect(await inboxOf(ida)).toHaveLength(2);
    expect(await inboxOf(jay)).toHaveLength(1);

    // Kim's mail bounced since: Jay's answer reaches Ida only, and the ticket says whom it did not.
    await db().execute(
      sql`INSERT INTO mail_bounce (address, ticket_id, reason, create_ts) VALUES (${kim}, ${ticketId}, 'gone', ${Date.now()})`,
    );
    const byJay = rawMail({
      from: jay,
      subject: `Re: ${answer.subject}`,
      body: 'Photo attached in the next mail.',
      inReplyTo: answer.messageId as string,
      references: `${first.messageId} ${answer.messageId}`,
    });
    await servers.deliver(support, byJay.raw);
    expect(await fetchNow()).toEqual({ comment: 1 });
    const toIda = (await inboxOf(ida)).map((m) => m.parsed);
    expect(toIda).toHaveLength(3);
    expect(toIda[2]?.text).toContain('Jay wrote:');
    expect(addressesOf(toIda[2]?.cc)).toEqual([]);
    expect(await inboxOf(kim)).toHaveLength(2);
    const notSent = await queryRows<{ to: string[] }>(
      db(),
      sql`SELECT new_value->'to' AS to FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'mail_not_sent'`,
    );
    expect(notSent.map((n) => n.to)).toEqual([[kim]]);
  });
});
