import { randomUUID } from 'node:crypto';
import type { TTicket } from '@parley/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, signInAdmin, type TestApp } from '../../../test/app.js';
import {
  buildAgent,
  buildEndUser,
  buildGroup,
  buildRole,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
  uniqueDomain,
} from '../../../test/factories.js';
import { account, session, ticket, ticketComment, ticketEvent } from '../../db/schema/index.js';
import { ticketSettingDefaults } from '../setting/setting.service.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());
// On PostgreSQL every test file shares one database, and other files change the ticket settings:
// each test here starts from the defaults it is written against.
beforeEach(async () => {
  await call(t.app, 'POST', '/api/admin/settings/ticket.edit', { token: admin, body: ticketSettingDefaults });
});

const db = () => t.database.db;

/** An agent with the default Agent role (ticket work) plus any overrides, signed in. */
async function agent(overrides: Parameters<typeof buildAgent>[1] = {}, groupIds: number[] = []) {
  const a = await buildAgent(db(), overrides);
  await giveDefaultRole(db(), a.accountId);
  for (const groupId of groupIds) {
    await db().execute(sql`INSERT INTO group_account (group_id, account_id) VALUES (${groupId}, ${a.accountId})`);
  }
  return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
}

const get = <T = TTicket>(token: string, path: string, query: Record<string, unknown>) =>
  call<T>(t.app, 'GET', `/api/admin/${path}`, {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const post = <T = TTicket>(token: string, path: string, body: unknown) =>
  call<T>(t.app, 'POST', `/api/admin/${path}`, { token, body });
const edit = (token: string, body: Record<string, unknown>) => post(token, 'ticket.edit', body);
const settings = (body: Record<string, unknown>) => post(admin, 'settings/ticket.edit', body);

async function withSettings(change: Record<string, unknown>, fn: () => Promise<void>) {
  const before = (await get<Record<string, unknown>>(admin, 'settings/ticket.get', {})).data;
  expect((await settings(change)).code).toBe('0000');
  try {
    await fn();
  } finally {
    await settings(before);
  }
}

const eventsOf = (ticketId: number) =>
  db().select().from(ticketEvent).where(eq(ticketEvent.ticketId, ticketId)).orderBy(asc(ticketEvent.eventId));
const commentsOf = (ticketId: number) =>
  db().select().from(ticketComment).where(eq(ticketComment.ticketId, ticketId)).orderBy(asc(ticketComment.commentId));

describe('ticket.add', () => {
  it('creates for a new requester by email, joined to their organization, with a first comment and events', async () => {
    const domain = uniqueDomain();
    const company = await post<{ company_id: number }>(admin, 'settings/company.add', {
      company_name: 'Acme',
      company_domains: [domain],
    });
    const res = await post<{ ticket_id: number }>(admin, 'ticket.add', {
      requester_email: `new@${domain}`,
      requester_name: 'New Person',
      subject: 'Created by an agent',
      comment: { body: '<p>Hello <b>there</b></p>' },
      priority: 'high',
      tags: ['vip', 'Billing'],
    });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully saved']);
    const got = await get(admin, 'ticket.get', { ticket_id: res.data.ticket_id });
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

  it('requires a requester and a subject with the spec messages', async () => {
    const res = await post<{ fields: Record<string, string> }>(admin, 'ticket.add', {
      subject: '',
      comment: { body: 'x' },
    });
    expect(res.code).toBe('FFFF');
    expect(res.data.fields).toMatchObject({ subject: 'Subject is required', requester_id: 'Requester is required' });
  });
});

describe('ticket.edit', () => {
  it('replies, changes properties and state in one call; events say who, what, from and to', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    const res = await edit(a.token, {
      ticket_id: ticketId,
      comment: { body: 'On it', is_public: true },
      submit_as: 'pending',
      priority: 'urgent',
      assignee_id: a.accountId,
    });
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
    const note = await edit(a.token, { ticket_id: ticketId, comment: { body: 'note', is_public: false } });
    expect(note.data.first_reply_ts).toBeNull();
    const solved = await edit(a.token, {
      ticket_id: ticketId,
      comment: { body: 'done', is_public: true },
      submit_as: 'solved',
    });
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
      const res = await edit(admin, {
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
    expect((await edit(admin, { ticket_id: 99_999_999, priority: 'low' })).code).toBe('0404');
    expect((await get(admin, 'ticket.get', { ticket_id: 99_999_999 })).code).toBe('0404');
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
      (
        await get<{ list: Array<{ ticket_id: number }> }>(token, 'ticket.list', { requester_id: requester.accountId })
      ).data.list
        .map((r) => r.ticket_id)
        .sort((x, y) => x - y);
    expect(await visible(everyone.token)).toEqual([inA.ticketId, inB.ticketId, assignedToMine.ticketId]);
    expect(await visible(grouped.token)).toEqual([inA.ticketId]);
    expect(await visible(mine.token)).toEqual([assignedToMine.ticketId]);

    for (const path of ['ticket.get', 'ticket.comment.list', 'ticket.event.list']) {
      expect((await get(grouped.token, path, { ticket_id: inB.ticketId })).code).toBe('0404');
      expect((await get(mine.token, path, { ticket_id: inA.ticketId })).code).toBe('0404');
      expect((await get(grouped.token, path, { ticket_id: inA.ticketId })).code).toBe('0000');
    }
    expect((await edit(mine.token, { ticket_id: inA.ticketId, priority: 'low' })).code).toBe('0404');
    expect(
      (await post(grouped.token, 'ticket.bulk.edit', { ticket_ids: [inA.ticketId, inB.ticketId], submit_as: 'open' }))
        .code,
    ).toBe('0404');
    const [unchanged] = await db().select().from(ticket).where(eq(ticket.ticketId, inA.ticketId));
    expect(unchanged?.ticketState).toBe('new');
    const reqTickets = await get<{ total: number }>(mine.token, 'ticket.requester.tickets', {
      requester_id: requester.accountId,
    });
    expect(reqTickets.data.total).toBe(1);
  });
});

describe('reply_access, can_close_ticket, closed tickets', () => {
  it('an internal-only agent adds notes; a public reply is refused and writes nothing', async () => {
    const a = await agent({ replyAccess: 'internal' });
    const { ticketId } = await buildTicket(db());
    const refused = await edit(a.token, { ticket_id: ticketId, comment: { body: 'hi', is_public: true } });
    expect([refused.code, refused.msg]).toEqual(['FFFF', 'You may only add internal notes']);
    expect(await commentsOf(ticketId)).toHaveLength(1);
    const note = await edit(a.token, { ticket_id: ticketId, comment: { body: 'a note' } });
    expect(note.code).toBe('0000');
    expect((await commentsOf(ticketId)).at(-1)?.isPublic).toBe(false);
  });

  it('an agent without can_close_ticket cannot close; a closed ticket is read-only', async () => {
    const cannot = await agent({ canCloseTicket: false });
    const { ticketId } = await buildTicket(db());
    const refused = await edit(cannot.token, { ticket_id: ticketId, submit_as: 'closed' });
    expect([refused.code, refused.msg]).toEqual(['FFFF', 'You are not allowed to close tickets']);
    expect((await edit(admin, { ticket_id: ticketId, submit_as: 'closed' })).data.ticket_state).toBe('closed');
    const after = await edit(admin, { ticket_id: ticketId, comment: { body: 'more' }, priority: 'high' });
    expect([after.code, after.msg]).toEqual(['FFFF', 'This ticket is closed and can no longer be changed']);
    expect(await commentsOf(ticketId)).toHaveLength(1);
  });
});

describe('CCs, followers and their blocklist', () => {
  it('refuses a CC whose address or domain is blocked, naming it; followers must be staff', async () => {
    const domain = uniqueDomain('blocked');
    const blocked = await buildEndUser(db(), { email: `someone@${domain}` });
    const fine = await buildEndUser(db());
    const helper = await buildAgent(db());
    const { ticketId } = await buildTicket(db());
    await withSettings({ follow_and_ccs_blacklist: `@${domain} nobody@example.org` }, async () => {
      const res = await edit(admin, { ticket_id: ticketId, cc_ids: [fine.accountId, blocked.accountId] });
      expect([res.code, res.msg]).toEqual(['FFFF', `someone@${domain} cannot be added as a CC or follower`]);
      const ok = await edit(admin, { ticket_id: ticketId, cc_ids: [fine.accountId], follower_ids: [helper.accountId] });
      expect([ok.data.cc_ids, ok.data.follower_ids]).toEqual([[fine.accountId], [helper.accountId]]);
      const notStaff = await edit(admin, { ticket_id: ticketId, follower_ids: [fine.accountId] });
      expect(notStaff.msg).toBe('Followers must be agents or administrators');
    });
  });

  it('ignores CCs, followers and tags while their settings are off', async () => {
    const fine = await buildEndUser(db());
    const { ticketId } = await buildTicket(db(), { tags: ['kept'] });
    await withSettings({ enable_ccs: false, enable_follow: false, enable_tag: false }, async () => {
      const res = await edit(admin, { ticket_id: ticketId, cc_ids: [fine.accountId], tags: ['new'], priority: 'low' });
      expect(res.code).toBe('0000');
      expect([res.data.cc_ids, res.data.tags, res.data.priority]).toEqual([[], ['kept'], 'low']);
    });
  });
});

describe('ticket settings at work', () => {
  it('auto_assign gives an unassigned ticket to the first agent who replies publicly', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    await withSettings({ auto_assign: true }, async () => {
      const res = await edit(a.token, { ticket_id: ticketId, comment: { body: 'mine now', is_public: true } });
      expect([res.data.assignee_id, res.data.ticket_state]).toEqual([a.accountId, 'open']);
    });
  });

  it('allow_reassign off: an agent cannot take a ticket assigned to someone else', async () => {
    const owner = await agent();
    const other = await agent();
    const { ticketId } = await buildTicket(db(), { assigneeId: owner.accountId });
    await withSettings({ allow_reassign: false }, async () => {
      const res = await edit(other.token, { ticket_id: ticketId, assignee_id: other.accountId });
      expect([res.code, res.msg]).toEqual([
        'FFFF',
        'This ticket is assigned to another agent and cannot be reassigned',
      ]);
      expect((await edit(admin, { ticket_id: ticketId, assignee_id: other.accountId })).code).toBe('0000');
    });
  });

  it('public_comment off makes comments internal unless asked otherwise', async () => {
    const { ticketId } = await buildTicket(db());
    await withSettings({ public_comment: false }, async () => {
      await edit(admin, { ticket_id: ticketId, comment: { body: 'default visibility' } });
      expect((await commentsOf(ticketId)).at(-1)?.isPublic).toBe(false);
    });
  });

  it('show_hyperlink: bare links become anchors when on, and links are text when off', async () => {
    const { ticketId } = await buildTicket(db());
    await withSettings({ show_hyperlink: true }, async () => {
      await edit(admin, { ticket_id: ticketId, comment: { body: '<p>see https://example.com/a?b=1.</p>' } });
      expect((await commentsOf(ticketId)).at(-1)?.body).toBe(
        '<p>see <a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1</a>.</p>',
      );
    });
    await withSettings({ show_hyperlink: false }, async () => {
      await edit(admin, { ticket_id: ticketId, comment: { body: '<p><a href="https://example.com">site</a></p>' } });
      expect((await commentsOf(ticketId)).at(-1)?.body).toBe('<p>site</p>');
    });
  });
});

describe('bodies are sanitized with an allowlist', () => {
  it('strips scripts, event handlers and javascript: URLs, keeps basic formatting; subjects stay text', async () => {
    const { ticketId } = await buildTicket(db());
    const body =
      '<p onclick="steal()">Hi <b>bold</b> <i>it</i> <u>u</u></p><script>alert(1)</script>' +
      '<ul><li>one</li></ul><a href="javascript:alert(2)">bad</a> <a href="https://ok.example">ok</a>' +
      '<img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe><style>p{}</style>';
    const res = await edit(admin, {
      ticket_id: ticketId,
      comment: { body, is_public: true },
      subject: '<b>subject</b>',
    });
    expect(res.data.subject).toBe('<b>subject</b>');
    const stored = (await commentsOf(ticketId)).at(-1)?.body ?? '';
    expect(stored).toBe(
      '<p>Hi <b>bold</b> <i>it</i> <u>u</u></p><ul><li>one</li></ul><a target="_blank" rel="noopener noreferrer nofollow">bad</a> ' +
        '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(stored).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
  });

  it('refuses a body that is empty once sanitized', async () => {
    const { ticketId } = await buildTicket(db());
    const res = await edit(admin, { ticket_id: ticketId, comment: { body: '<script>x</script>' } });
    expect([res.code, res.msg]).toEqual(['FFFF', 'Description is required']);
  });
});

describe('delete, restore and spam', () => {
  it('delete moves tickets to Deleted tickets and restore brings them back; both are events', async () => {
    const { ticketId } = await buildTicket(db());
    expect((await post(admin, 'ticket.delete', { ticket_ids: [ticketId] })).code).toBe('0000');
    const got = await get(admin, 'ticket.get', { ticket_id: ticketId });
    expect(got.data.is_deleted).toBe(true);
    const refused = await edit(admin, { ticket_id: ticketId, priority: 'low' });
    expect(refused.msg).toBe('This ticket is deleted; restore it first');
    expect((await post(admin, 'ticket.restore', { ticket_ids: [ticketId] })).msg).toBe('Successfully restored');
    expect((await get(admin, 'ticket.get', { ticket_id: ticketId })).data.is_deleted).toBe(false);
    const deletedEvents = (await eventsOf(ticketId)).filter((e) => e.field === 'deleted');
    expect(deletedEvents.map((e) => e.newValue)).toEqual([true, false]);
  });

  it('an agent without the delete node gets 0403', async () => {
    const a = await agent();
    const { ticketId } = await buildTicket(db());
    expect((await post(a.token, 'ticket.delete', { ticket_ids: [ticketId] })).code).toBe('0403');
  });

  it('spam suspends the requester (their sessions end) and deletes their tickets; restoring plus allowing undoes it', async () => {
    const spammer = await buildEndUser(db());
    const spammerToken = await signIn(t.app, spammer.email, defaultPassword);
    const one = await buildTicket(db(), { requesterId: spammer.accountId });
    const two = await buildTicket(db(), { requesterId: spammer.accountId });
    const agentWithSpam = await agent();
    await buildRole(db(), {
      nodes: [
        { type: 'btn', value: 'ticket.spam' },
        { type: 'btn', value: 'ticket.restore' },
      ],
      accountIds: [agentWithSpam.accountId],
    });
    const res = await post<{ requester_id: number; ticket_ids: number[] }>(agentWithSpam.token, 'ticket.spam', {
      ticket_id: one.ticketId,
    });
    expect(res.code).toBe('0000');
    expect(res.data).toEqual({ requester_id: spammer.accountId, ticket_ids: [one.ticketId, two.ticketId] });
    const [who] = await db().select().from(account).where(eq(account.accountId, spammer.accountId));
    expect(who?.accessState).toBe('suspended');
    expect(await db().select().from(session).where(eq(session.accountId, spammer.accountId))).toHaveLength(0);
    expect((await get(spammerToken, 'auth.my.info.get', {})).code).toBe('0401');
    const deleted = await get<{ list: Array<{ ticket_id: number }> }>(admin, 'ticket.list', {
      view_id: await deletedViewId(),
      requester_id: spammer.accountId,
    });
    expect(deleted.data.list.map((r) => r.ticket_id).sort()).toEqual([one.ticketId, two.ticketId].sort());

    await post(agentWithSpam.token, 'ticket.restore', { ticket_ids: [one.ticketId, two.ticketId] });
    await post(admin, 'auth.account.access_state.edit', { account_id: spammer.accountId, access_state: 'allowed' });
    const back = await get<{ total: number }>(admin, 'ticket.list', { requester_id: spammer.accountId });
    expect(back.data.total).toBe(2);
    expect((await signIn(t.app, spammer.email, defaultPassword)).length).toBeGreaterThan(10);
  });

  it('refuses to mark a ticket of an agent as spam', async () => {
    const a = await buildAgent(db());
    const { ticketId } = await buildTicket(db(), { requesterId: a.accountId });
    const res = await post(admin, 'ticket.spam', { ticket_id: ticketId });
    expect(res.code).toBe('FFFF');
  });
});

describe('ticket.bulk.edit', () => {
  it('assigns and changes the state of several tickets in one transaction', async () => {
    const a = await agent();
    const one = await buildTicket(db());
    const two = await buildTicket(db());
    const res = await post<{ ticket_ids: number[] }>(admin, 'ticket.bulk.edit', {
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

  it('changes nothing when one ticket is closed', async () => {
    const open = await buildTicket(db());
    const closed = await buildTicket(db(), { state: 'closed' });
    const res = await post(admin, 'ticket.bulk.edit', {
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
    const res = await get<{ list: string[] }>(admin, 'ticket.tag.list', { kw: tag });
    expect(res.data.list).toEqual([tag, `${tag}-two`]);
  });
});

async function deletedViewId(): Promise<number> {
  const views = await get<{ list: Array<{ view_id: number; title: string }> }>(admin, 'ticket.view.list', {});
  return views.data.list.find((v) => v.title === 'Deleted tickets')?.view_id as number;
}

describe('tickets and the people behind them', () => {
  it('deleting an end user who requested tickets suspends them instead; their tickets show in their history', async () => {
    const user = await buildEndUser(db());
    const { ticketId } = await buildTicket(db(), { requesterId: user.accountId });
    const res = await post(admin, 'auth.account.delete', { account_id: user.accountId });
    expect(res.msg).toBe('The user has tickets, so the account was suspended instead of deleted');
    const [who] = await db().select().from(account).where(eq(account.accountId, user.accountId));
    expect(who?.accessState).toBe('suspended');
    const history = await get<{ list: Array<{ ticket_id: number }>; total: number }>(
      admin,
      'auth.account.ticket.history.list',
      { account_id: user.accountId },
    );
    expect([history.data.total, history.data.list[0]?.ticket_id]).toEqual([1, ticketId]);
  });

  it('deleting an agent puts their unsolved tickets back in the group, unassigned, with an event', async () => {
    const a = await buildAgent(db());
    const group = await buildGroup(db(), [a.accountId]);
    const open = await buildTicket(db(), { assigneeId: a.accountId, groupId: group, state: 'open' });
    expect((await post(admin, 'auth.account.delete', { account_id: a.accountId })).code).toBe('0000');
    const [row] = await db().select().from(ticket).where(eq(ticket.ticketId, open.ticketId));
    expect([row?.assigneeId, row?.groupId]).toEqual([null, group]);
    const last = (await eventsOf(open.ticketId)).at(-1);
    expect([last?.field, last?.oldValue, last?.newValue]).toEqual(['assignee_id', a.accountId, null]);
  });
});
