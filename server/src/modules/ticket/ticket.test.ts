import { randomUUID } from 'node:crypto';
import { companyOps, ticketOps } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildEndUser, buildGroup, buildTicket, uniqueDomain } from '../../../test/factories.js';
import { agent, api, db, setUpApp } from '../../../test/kit.js';
import { commentsOf, eventsOf } from '../../../test/reads.js';
import { ticket } from '../../db/schema/index.js';

setUpApp({ ticketDefaults: true });

describe('ticket.add', () => {
  it('creates for a new requester by email, joined to their organization, with a first comment and events', async () => {
    const domain = uniqueDomain();
    const company = await api(companyOps.add, {
      company_name: 'Acme',
      company_domains: [domain],
    });
    const res = await api(ticketOps.add, {
      requester_email: `new@${domain}`,
      requester_name: 'New Person',
      subject: 'Created by an agent',
      comment: { body: '<p>Hello <b>there</b></p>' },
      priority: 'high',
      tags: ['vip', 'Billing'],
    });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully saved']);
    const got = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
    expect(got.data).toMatchObject({
      subject: 'Created by an agent',
      source: 'web',
      ticket_state: 'new',
      priority: 'high',
      tags: ['vip', 'billing'],
      company_id: company.data.company_id,
      requester: { email: `new@${domain}`, real_name: 'New Person', user_type: 'end_user' },
      first_reply_ts: null,
    });
    const fields = (await eventsOf(res.data.ticket_id)).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['created', 'ticket_state', 'comment', 'priority', 'tags']));
  });

  it('stores awkward text exactly and records the creation events in the order they happened', async () => {
    const requester = await buildEndUser(db());
    const tags = ['say"hi"', 'back\\slash', '{braces}', '发票', "it's"];
    const subject = `Quotes "double" 'single' \\ {x} 打印机 ${randomUUID()}`;
    const body = '<p>a, b; "c" \\ d</p>';
    const res = await api(ticketOps.add, {
      requester_id: requester.accountId,
      subject,
      comment: { body },
      priority: 'urgent',
      ticket_type: 'incident',
      tags,
    });
    expect(res.code).toBe('0000');
    const got = await api(ticketOps.get, { ticket_id: res.data.ticket_id });
    expect(got.data).toMatchObject({ subject, tags, priority: 'urgent', ticket_type: 'incident' });
    expect((await commentsOf(res.data.ticket_id)).map((c) => c.body)).toEqual([body]);
    const events = await eventsOf(res.data.ticket_id);
    expect(events.map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
      ['created', null, { source: 'web', subject }],
      ['ticket_state', null, 'new'],
      ['comment', null, { comment_id: expect.any(Number), is_public: true }],
      ['group_id', null, expect.any(Number)],
      ['priority', 'normal', 'urgent'],
      ['ticket_type', 'question', 'incident'],
      ['tags', [], tags],
    ]);
    const search = await api(ticketOps.list, { kw: '打印机' });
    expect(search.data.list.map((r) => r.ticket_id)).toContain(res.data.ticket_id);
  });

  it('requires a requester and a subject with the spec messages', async () => {
    const res = await api(ticketOps.add, {
      subject: '',
      comment: { body: 'x' },
    });
    expect(res.code).toBe('FFFF');
    expect(res.fields).toMatchObject({ subject: 'Subject is required', requester_id: 'Requester is required' });
    // Without its first comment at all: the same message as an empty one, not "Invalid value".
    const bare = await api(ticketOps.add, { subject: 'Printer', requester_email: 'bare@example.com' } as never);
    expect([bare.code, bare.fields]).toEqual(['FFFF', { comment: 'Description is required' }]);
  });
});

describe('ticket.edit', () => {
  it('replies, changes properties and state in one call; events say who, what, from and to', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    const res = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        comment: { body: 'On it', is_public: true },
        submit_as: 'pending',
        priority: 'urgent',
        assignee_id: a.accountId,
      },
      a.token,
    );
    expect(res.code).toBe('0000');
    expect(res.data).toMatchObject({ ticket_state: 'pending', priority: 'urgent', assignee_id: a.accountId });
    expect(res.data.first_reply_ts).toEqual(expect.any(Number));
    const events = (await eventsOf(ticketId)).filter((e) => e.actorId === a.accountId);
    const byField = Object.fromEntries(events.map((e) => [e.field, [e.oldValue, e.newValue]]));
    expect(byField).toMatchObject({
      ticket_state: ['new', 'pending'],
      priority: ['normal', 'urgent'],
      assignee_id: [null, a.accountId],
    });
    expect(byField.comment?.[1]).toMatchObject({ is_public: true });
  });

  it('stamps solved time when entering solved; the first reply is the first public agent comment', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    const note = await api(
      ticketOps.edit,
      { ticket_id: ticketId, comment: { body: 'note', is_public: false } },
      a.token,
    );
    expect(note.data.first_reply_ts).toBeNull();
    const solved = await api(
      ticketOps.edit,
      {
        ticket_id: ticketId,
        comment: { body: 'done', is_public: true },
        submit_as: 'solved',
      },
      a.token,
    );
    expect(solved.data.ticket_state).toBe('solved');
    expect(solved.data.solved_ts).toEqual(expect.any(Number));
    expect(solved.data.first_reply_ts).toEqual(expect.any(Number));
  });

  it('a failing write leaves no comment, no event and no change', async () => {
    const { ticketId } = await buildTicket(db());
    const before = await eventsOf(ticketId);
    // The database refuses the priority event of this one ticket, after the comment was written.
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION parley_test_refuse() RETURNS trigger AS $$
        BEGIN
          IF NEW.ticket_id = ${ticketId} AND NEW.field = 'priority' THEN RAISE EXCEPTION 'refused by test'; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER parley_test_refuse_${ticketId} BEFORE INSERT ON ticket_event
        FOR EACH ROW EXECUTE FUNCTION parley_test_refuse()`),
    );
    try {
      const res = await api(ticketOps.edit, {
        ticket_id: ticketId,
        comment: { body: 'this reply must vanish', is_public: true },
        priority: 'urgent',
        submit_as: 'open',
      });
      expect([res.status, res.code]).toEqual([500, '0500']);
    } finally {
      await db().execute(sql.raw(`DROP TRIGGER parley_test_refuse_${ticketId} ON ticket_event`));
    }
    expect(await commentsOf(ticketId)).toHaveLength(1);
    expect(await eventsOf(ticketId)).toEqual(before);
    const [row] = await db().select().from(ticket).where(eq(ticket.ticketId, ticketId));
    expect([row?.priority, row?.ticketState]).toEqual(['normal', 'new']);
  });

  it('answers 0404 for an unknown ticket', async () => {
    expect((await api(ticketOps.edit, { ticket_id: 99_999_999, priority: 'low' })).code).toBe('0404');
    expect((await api(ticketOps.get, { ticket_id: 99_999_999 })).code).toBe('0404');
  });
});

describe('ticket_access: all, groups, own', () => {
  it('lists and opens only what the agent may see; anything else is 0404', async () => {
    const groupA = await buildGroup(db());
    const groupB = await buildGroup(db());
    const mine = await agent({ ticketAccess: 'own' }, [groupA]);
    const grouped = await agent({ ticketAccess: 'groups' }, [groupA]);
    const everyone = await agent({ ticketAccess: 'all' });
    const other = await agent({}, [groupB]);
    const requester = await buildEndUser(db());
    const inA = await buildTicket(db(), { requesterId: requester.accountId, groupId: groupA });
    const inB = await buildTicket(db(), {
      requesterId: requester.accountId,
      groupId: groupB,
      assigneeId: other.accountId,
    });
    const assignedToMine = await buildTicket(db(), {
      requesterId: requester.accountId,
      groupId: groupB,
      assigneeId: mine.accountId,
    });
    const visible = async (token: string) =>
      (await api(ticketOps.list, { requester_id: requester.accountId }, token)).data.list
        .map((r) => r.ticket_id)
        .sort((x, y) => x - y);
    expect(await visible(everyone.token)).toEqual([inA.ticketId, inB.ticketId, assignedToMine.ticketId]);
    expect(await visible(grouped.token)).toEqual([inA.ticketId]);
    expect(await visible(mine.token)).toEqual([assignedToMine.ticketId]);

    for (const op of [ticketOps.get, ticketOps.comments, ticketOps.events]) {
      expect((await api(op, { ticket_id: inB.ticketId }, grouped.token)).code).toBe('0404');
      expect((await api(op, { ticket_id: inA.ticketId }, mine.token)).code).toBe('0404');
      expect((await api(op, { ticket_id: inA.ticketId }, grouped.token)).code).toBe('0000');
    }
    expect((await api(ticketOps.edit, { ticket_id: inA.ticketId, priority: 'low' }, mine.token)).code).toBe('0404');
    expect(
      (await api(ticketOps.bulkEdit, { ticket_ids: [inA.ticketId, inB.ticketId], submit_as: 'open' }, grouped.token))
        .code,
    ).toBe('0404');
    const [unchanged] = await db().select().from(ticket).where(eq(ticket.ticketId, inA.ticketId));
    expect(unchanged?.ticketState).toBe('new');
    const reqTickets = await api(
      ticketOps.requesterTickets,
      {
        requester_id: requester.accountId,
      },
      mine.token,
    );
    expect(reqTickets.data.total).toBe(1);
  });
});

describe('reply_access, can_close_ticket, closed tickets', () => {
  it('an internal-only agent adds notes; a public reply is refused and writes nothing', async () => {
    const a = await agent({ replyAccess: 'internal' });
    const { ticketId } = await buildTicket(db());
    const refused = await api(
      ticketOps.edit,
      { ticket_id: ticketId, comment: { body: 'hi', is_public: true } },
      a.token,
    );
    expect([refused.code, refused.msg]).toEqual(['FFFF', 'You may only add internal notes']);
    expect(await commentsOf(ticketId)).toHaveLength(1);
    const note = await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: 'a note' } }, a.token);
    expect(note.code).toBe('0000');
    expect((await commentsOf(ticketId)).at(-1)?.isPublic).toBe(false);
  });

  it('an agent without can_close_ticket cannot close; a closed ticket is read-only', async () => {
    const cannot = await agent({ canCloseTicket: false });
    const { ticketId } = await buildTicket(db());
    const refused = await api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'closed' }, cannot.token);
    expect([refused.code, refused.msg]).toEqual(['FFFF', 'You are not allowed to close tickets']);
    expect((await api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'closed' })).data.ticket_state).toBe('closed');
    const after = await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: 'more' }, priority: 'high' });
    expect([after.code, after.msg]).toEqual(['FFFF', 'This ticket is closed and can no longer be changed']);
    expect(await commentsOf(ticketId)).toHaveLength(1);
  });
});

describe('ticket.bulk.edit', () => {
  it('assigns and changes the state of several tickets in one transaction', async () => {
    const a = await agent();
    const one = await buildTicket(db());
    const two = await buildTicket(db());
    const res = await api(ticketOps.bulkEdit, {
      ticket_ids: [one.ticketId, two.ticketId],
      assignee_id: a.accountId,
      submit_as: 'pending',
    });
    expect(res.data.ticket_ids.sort()).toEqual([one.ticketId, two.ticketId].sort());
    const rows = await db().select().from(ticket).where(sql`${ticket.ticketId} IN (${one.ticketId}, ${two.ticketId})`);
    expect(rows.map((r) => [r.assigneeId, r.ticketState])).toEqual([
      [a.accountId, 'pending'],
      [a.accountId, 'pending'],
    ]);
  });

  it('moves several tickets to a group and sets their priority, with a history entry each', async () => {
    const groupId = await buildGroup(db());
    const one = await buildTicket(db());
    const two = await buildTicket(db());
    const res = await api(ticketOps.bulkEdit, {
      ticket_ids: [one.ticketId, two.ticketId],
      group_id: groupId,
      priority: 'urgent',
    });
    expect(res.data.ticket_ids.sort()).toEqual([one.ticketId, two.ticketId].sort());
    const rows = await db().select().from(ticket).where(sql`${ticket.ticketId} IN (${one.ticketId}, ${two.ticketId})`);
    expect(rows.map((r) => [r.groupId, r.priority])).toEqual([
      [groupId, 'urgent'],
      [groupId, 'urgent'],
    ]);
    const events = await api(ticketOps.events, { ticket_id: one.ticketId });
    expect(events.data.list.filter((e) => e.field === 'priority').map((e) => [e.old_value, e.new_value])).toEqual([
      ['normal', 'urgent'],
    ]);
    const bad = await api(ticketOps.bulkEdit, { ticket_ids: [one.ticketId], priority: 'whenever' } as never);
    expect([bad.code, Object.keys(bad.fields ?? {})]).toEqual(['FFFF', ['priority']]);
  });

  it('changes nothing when one ticket is closed', async () => {
    const open = await buildTicket(db());
    const closed = await buildTicket(db(), { state: 'closed' });
    const res = await api(ticketOps.bulkEdit, {
      ticket_ids: [open.ticketId, closed.ticketId],
      submit_as: 'pending',
    });
    expect(res.code).toBe('FFFF');
    const [row] = await db().select().from(ticket).where(eq(ticket.ticketId, open.ticketId));
    expect(row?.ticketState).toBe('new');
  });
});

describe('ticket.tag.list', () => {
  it('completes tags in use by their start', async () => {
    const tag = `zz-${randomUUID().slice(0, 6)}`;
    await buildTicket(db(), { tags: [tag, `${tag}-two`] });
    const res = await api(ticketOps.tags, { kw: tag });
    expect(res.data.list).toEqual([tag, `${tag}-two`]);
  });

  it('offers an agent limited to its groups only the tags of tickets it may see', async () => {
    const tag = `zq-${randomUUID().slice(0, 6)}`;
    const mine = await buildGroup(db());
    const hidden = await buildGroup(db());
    await buildTicket(db(), { tags: [`${tag}-seen`], groupId: mine });
    await buildTicket(db(), { tags: [`${tag}-secret`], groupId: hidden });
    const limited = await agent({ ticketAccess: 'groups' }, [mine]);
    const own = await agent({ ticketAccess: 'own' });
    expect((await api(ticketOps.tags, { kw: tag }, limited.token)).data.list).toEqual([`${tag}-seen`]);
    expect((await api(ticketOps.tags, { kw: tag }, own.token)).data.list).toEqual([]);
    expect((await api(ticketOps.tags, { kw: tag })).data.list).toEqual([`${tag}-secret`, `${tag}-seen`]);
  });
});
