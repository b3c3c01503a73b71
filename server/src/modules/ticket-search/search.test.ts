import { randomUUID } from 'node:crypto';
import { fieldOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, signInAdmin, type TestApp } from '../../../test/app.js';
import { buildAgent, buildEndUser, buildTicket } from '../../../test/factories.js';
import { queryRows } from '../../db/rows.js';
import { reindexBatches, searchIndexVersion } from './search-index.js';
import { parseSearch } from './search-query.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const db = () => t.database.db;
const search = (kw: string, lang = 'en') => callOp(t.app, ticketOps.list, { kw }, { token: admin, lang });
const found = async (kw: string) => {
  const answer = await search(kw);
  expect(answer.code, answer.msg).toBe('0000');
  return answer.data.list.map((r) => r.ticket_id).sort((a, b) => a - b);
};
/** A word no other test uses. */
const word = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

describe('the search box', () => {
  it("leaves a ticket's words alone when its priority or assignee changes, and adds a reply's", async () => {
    const w = word();
    const agent = await buildAgent(db(), { email: `words.${w}@example.com` });
    const made = await buildTicket(db(), { subject: `${w} printer`, state: 'open' });
    // The words' row version: rewritten only when the words change (migration 0046).
    const version = async () =>
      (
        await queryRows<{ v: string }>(
          db(),
          sql`SELECT xmin::text AS v FROM ticket_search WHERE ticket_id = ${made.ticketId}`,
        )
      )[0]?.v;
    const before = await version();
    expect(before).toBeDefined();
    const edited = await callOp(
      t.app,
      ticketOps.edit,
      { ticket_id: made.ticketId, priority: 'high', assignee_id: agent.accountId },
      { token: admin },
    );
    expect(edited.code, edited.msg).toBe('0000');
    expect(await version()).toBe(before);
    expect(await found(`${w} priority:high`)).toEqual([made.ticketId]);
    const reply = word();
    const replied = await callOp(
      t.app,
      ticketOps.edit,
      { ticket_id: made.ticketId, comment: { body: `<p>${reply}</p>`, is_public: true } },
      { token: admin },
    );
    expect(replied.code, replied.msg).toBe('0000');
    expect(await version()).not.toBe(before);
    expect(await found(`${w} ${reply}`)).toEqual([made.ticketId]);
  });

  it("finds a requester's tickets by their email or their Chinese name", async () => {
    const w = word();
    const jane = await buildEndUser(db(), { email: `jane.doe.${w}@acme-corp.com`, realName: 'Jane Doe' });
    const wang = await buildEndUser(db(), { email: `${w}@example.cn`, realName: `王伟${w}` });
    const janes = await buildTicket(db(), { requesterId: jane.accountId, subject: 'Invoice' });
    const wangs = await buildTicket(db(), { requesterId: wang.accountId, subject: '发票' });
    expect(await found(`jane.doe.${w}@acme-corp.com`)).toEqual([janes.ticketId]);
    expect(await found(`王伟${w}`)).toEqual([wangs.ticketId]);
    expect(await found(`requester:jane.doe.${w}@acme-corp.com`)).toEqual([janes.ticketId]);
    // By part of the name, through the people search.
    expect(await found(`requester:王伟${w}`)).toEqual([wangs.ticketId]);
  });

  it('narrows by status, tag, priority, type and assignee operators, alone or with words', async () => {
    const w = word();
    const agent = await buildAgent(db(), { email: `agent.${w}@example.com` });
    const pending = await buildTicket(db(), { subject: `${w} pending`, state: 'pending', tags: [`t${w}`] });
    const open = await buildTicket(db(), {
      subject: `${w} open`,
      state: 'open',
      priority: 'urgent',
      assigneeId: agent.accountId,
    });
    expect(await found(`${w} status:pending`)).toEqual([pending.ticketId]);
    expect(await found(`${w} STATE:Open`)).toEqual([open.ticketId]);
    expect(await found(`tag:t${w}`)).toEqual([pending.ticketId]);
    expect(await found(`${w} priority:urgent`)).toEqual([open.ticketId]);
    expect(await found(`${w} type:question`)).toEqual([pending.ticketId, open.ticketId]);
    expect(await found(`${w} assignee:agent.${w}@example.com`)).toEqual([open.ticketId]);
    expect(await found(`${w} assignee:none`)).toEqual([pending.ticketId]);
    // Only words the list does not know as operators are operators: `re:` stays a word.
    expect(parseSearch('re: printer status:open')).toMatchObject({ words: 're: printer', ticket_state: 'open' });
  });

  it('says which operator value it does not know, in the caller’s language', async () => {
    const en = await search('status:finished');
    expect(en.code).toBe('FFFF');
    expect(en.msg).toBe('The search does not know status:finished; use one of: new, open, pending, solved, closed');
    const zh = await search('status:finished', 'zh-cn');
    expect(zh.msg).toBe('搜索无法识别 status:finished，可用的值：new, open, pending, solved, closed');
  });

  it('matches a quoted phrase only as written, in the subject or a comment', async () => {
    const w = word();
    const asWritten = await buildTicket(db(), {
      subject: w,
      body: '<p>The <b>printer is</b> on fire &amp; smoking</p>',
    });
    const shuffled = await buildTicket(db(), { subject: w, body: '<p>The fire is near the printer</p>' });
    expect(await found(w)).toEqual([asWritten.ticketId, shuffled.ticketId]);
    expect(await found(`${w} "printer is on fire"`)).toEqual([asWritten.ticketId]);
    expect(await found(`${w} "fire & smoking"`)).toEqual([asWritten.ticketId]);
    expect(await found(`"${w}"`)).toEqual([asWritten.ticketId, shuffled.ticketId]);
  });

  it('shows where in a comment the words were found, highlighted', async () => {
    const w = word();
    const long = `${'Opening words of a long story. '.repeat(6)}Then the printers jammed on ${w}, again.`;
    const ticket = await buildTicket(db(), { subject: 'Office', body: `<p>${long}</p>` });
    const [row] = (await search(`${w} printer`)).data.list;
    expect(row?.ticket_id).toBe(ticket.ticketId);
    const snippet = row?.snippet;
    expect(snippet?.text.startsWith('… ')).toBe(true);
    expect(snippet?.text).toContain(`Then the printers jammed on ${w}, again.`);
    expect(snippet?.marks.map(([a, b]) => snippet.text.slice(a, b))).toEqual(['printers', w]);
    // A match in the subject alone has nothing to show from the comments.
    const bySubject = await buildTicket(db(), { subject: `Subject ${w}x`, body: '<p>nothing here</p>' });
    const [onlySubject] = (await search(`${w}x`)).data.list;
    expect(onlySubject?.ticket_id).toBe(bySubject.ticketId);
    expect(onlySubject?.snippet).toBeUndefined();
  });

  it('finds other English forms of a word', async () => {
    const w = word();
    const printers = await buildTicket(db(), { subject: `${w} Two printers refunded` });
    const printing = await buildTicket(db(), { subject: `${w} printing a refund` });
    expect(await found(`${w} printer`)).toEqual([printers.ticketId]);
    expect(await found(`${w} printed`)).toEqual([printing.ticketId]);
    expect(await found(`${w} refunds`)).toEqual([printers.ticketId, printing.ticketId]);
  });

  it('finds emoji in a subject or a comment, 👍 with any skin tone, and highlights them', async () => {
    const smile = await buildTicket(db(), { subject: 'Thanks 🙂', body: '<p>All good now</p>' });
    const thumbs = await buildTicket(db(), { subject: 'Feedback', body: '<p>Great job 👍🏽 really</p>' });
    const heart = await buildTicket(db(), { subject: 'Love it', body: '<p>❤️ this help desk</p>' });
    expect(await found('🙂')).toEqual([smile.ticketId]);
    expect(await found('👍')).toEqual([thumbs.ticketId]);
    expect(await found('👍🏽')).toEqual([thumbs.ticketId]);
    // Drawn as text or as emoji, the same heart.
    expect(await found('❤')).toEqual([heart.ticketId]);
    expect(await found('❤️ desk')).toEqual([heart.ticketId]);
    const [row] = (await search('👍')).data.list;
    expect(row?.snippet?.marks.map(([a, b]) => row.snippet?.text.slice(a, b))).toEqual(['👍🏽']);
  });

  it('brings tickets indexed by an older version up to date in the background', async () => {
    const w = word();
    const jane = await buildEndUser(db(), { email: `old.${w}@example.com` });
    const old = await buildTicket(db(), { requesterId: jane.accountId, subject: `${w} printers 🦄` });
    const serial = await callOp(t.app, fieldOps.add, { field_type: 'text', title: `Serial ${w}` }, { token: admin });
    const serialKey = `field_${serial.data.field_id}`;
    await db().execute(
      sql`UPDATE ticket SET fields = jsonb_build_object(${serialKey}::text, 'Tray jam') WHERE ticket_id = ${old.ticketId}`,
    );
    // As version 1 wrote it: the subject's words only.
    await db().execute(
      sql`UPDATE ticket_search SET search_vector = array_to_tsvector(ARRAY[${w}, 'printers']) WHERE ticket_id = ${old.ticketId}`,
    );
    await db().execute(sql`UPDATE search_index_state SET version = 1, cursor = ${old.ticketId - 1}`);
    expect(await found(`${w} printer`)).toEqual([]);
    expect(await found(`old.${w}@example.com`)).toEqual([]);
    expect(await found('🦄')).toEqual([]);

    expect(await reindexBatches(db(), 1000)).toBeNull();
    const [state] = await queryRows<{ version: number }>(db(), sql`SELECT version FROM search_index_state`);
    expect(state?.version).toBe(searchIndexVersion);
    expect(await found(`${w} printer`)).toEqual([old.ticketId]);
    expect(await found(`old.${w}@example.com`)).toEqual([old.ticketId]);
    // Its emoji too (version 3).
    expect(await found('🦄')).toEqual([old.ticketId]);
    // And the words of its custom fields.
    expect(await found(`${serialKey}:"tray jam"`)).toEqual([old.ticketId]);
  });
});
