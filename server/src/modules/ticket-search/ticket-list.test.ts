import { randomUUID } from 'node:crypto';
import { type TOpInput, type TTicketListItem, ticketOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { callOp, signIn } from '../../../test/app.js';
import {
  buildAgent,
  buildCompany,
  buildEndUser,
  buildGroup,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
} from '../../../test/factories.js';
import { setUpListTests } from '../../../test/list-kit.js';

const s = setUpListTests();
const db = () => s.t.database.db;
const list = (token: string, query: TOpInput<typeof ticketOps.list>) =>
  callOp(s.t.app, ticketOps.list, query, { token });
const ids = (rows: TTicketListItem[]) => rows.map((r) => r.ticket_id);
const viewId = (title: string) => s.views.find((v) => v.title === title)?.view_id as number;
/** A word no other test uses. */
const word = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function agent(overrides: Parameters<typeof buildAgent>[1] = {}) {
  const a = await buildAgent(db(), overrides);
  await giveDefaultRole(db(), a.accountId);
  return { ...a, token: await signIn(s.t.app, a.email, defaultPassword) };
}

describe('views', () => {
  it('seeds the seven usual views in order, with conditions, at most 10 columns, a sort, and titles in both languages', async () => {
    expect(s.views.map((v) => v.title)).toEqual([
      'Your unsolved tickets',
      'Unassigned tickets',
      'All unsolved tickets',
      'Recently updated tickets',
      'Pending tickets',
      'Recently solved tickets',
      'Deleted tickets',
    ]);
    for (const v of s.views) {
      expect(v.columns.length).toBeGreaterThan(0);
      expect(v.columns.length).toBeLessThanOrEqual(10);
      expect(v.view_state).toBe('active');
    }
    const zh = await callOp(s.t.app, ticketOps.views, {}, { token: s.admin, lang: 'zh-cn' });
    expect(zh.data.list[0]?.title).toBe('您未解决的工单');
  });

  it("counts and lists each view's tickets as the caller may see them", async () => {
    const me = await agent({ ticketAccess: 'own' });
    const requester = await buildEndUser(db());
    const mineOpen = await buildTicket(db(), {
      requesterId: requester.accountId,
      assigneeId: me.accountId,
      state: 'open',
    });
    const minePending = await buildTicket(db(), {
      requesterId: requester.accountId,
      assigneeId: me.accountId,
      state: 'pending',
    });
    await buildTicket(db(), { requesterId: requester.accountId, assigneeId: me.accountId, state: 'solved' });
    const unassigned = await buildTicket(db(), { requesterId: requester.accountId });
    const mineDeleted = await buildTicket(db(), { requesterId: requester.accountId, assigneeId: me.accountId });
    await callOp(s.t.app, ticketOps.delete, { ticket_ids: [mineDeleted.ticketId] }, { token: s.admin });

    const myViews = (await callOp(s.t.app, ticketOps.views, {}, { token: me.token })).data.list;
    const count = (title: string) => myViews.find((v) => v.title === title);
    expect(count('Your unsolved tickets')).toMatchObject({ count: 2, count_estimated: false });
    expect(count('Unassigned tickets')?.count).toBe(0);
    expect(count('Pending tickets')?.count).toBe(1);
    expect(count('Recently solved tickets')?.count).toBe(1);
    expect(count('Deleted tickets')?.count).toBe(1);

    const yours = await list(me.token, { view_id: viewId('Your unsolved tickets') });
    expect(ids(yours.data.list)).toEqual([minePending.ticketId, mineOpen.ticketId]);
    expect([yours.data.total, yours.data.total_estimated]).toEqual([2, false]);
    const byAdmin = await list(s.admin, { view_id: viewId('Unassigned tickets'), requester_id: requester.accountId });
    expect(ids(byAdmin.data.list)).toEqual([unassigned.ticketId]);
    const deleted = await list(me.token, { view_id: viewId('Deleted tickets') });
    expect(ids(deleted.data.list)).toEqual([mineDeleted.ticketId]);
    expect(deleted.data.list[0]?.is_deleted).toBe(true);
    expect((await list(s.admin, { view_id: 99_999_999 })).code).toBe('0404');
  });
});

describe('ticket.list filters, sort and paging', () => {
  it('filters by state, assignee, group, requester, company, tag and time ranges', async () => {
    const a = await agent();
    const group = await buildGroup(db(), [a.accountId]);
    const company = await buildCompany(db());
    const requester = await buildEndUser(db(), { companyId: company.companyId });
    const tag = word();
    const first = await buildTicket(db(), { requesterId: requester.accountId, tags: [tag], state: 'open' });
    const second = await buildTicket(db(), {
      requesterId: requester.accountId,
      assigneeId: a.accountId,
      groupId: group,
      state: 'pending',
    });
    const of = async (q: Record<string, unknown>) =>
      ids((await list(s.admin, { ...q, requester_id: requester.accountId })).data.list);
    expect(await of({})).toEqual([second.ticketId, first.ticketId]);
    expect(await of({ ticket_state: 'open' })).toEqual([first.ticketId]);
    expect(await of({ assignee_id: a.accountId })).toEqual([second.ticketId]);
    expect(await of({ group_id: group })).toEqual([second.ticketId]);
    expect(await of({ tag })).toEqual([first.ticketId]);
    expect(ids((await list(s.admin, { company_id: company.companyId })).data.list)).toEqual([
      second.ticketId,
      first.ticketId,
    ]);
    const [row] = (await list(s.admin, { requester_id: requester.accountId, sort: 'create_ts' })).data.list;
    expect(row?.ticket_id).toBe(first.ticketId);
    const secondRow = (await list(s.admin, { requester_id: requester.accountId })).data.list[0] as TTicketListItem;
    expect(await of({ create_ts_from: secondRow.create_ts })).toEqual([second.ticketId]);
    expect(await of({ update_ts_to: secondRow.update_ts })).toEqual([first.ticketId]);
    expect(secondRow).toMatchObject({ requester_name: requester.realName, requester_email: requester.email });
  });

  it('pages with offset and limit (at most 100) and counts all matches', async () => {
    const requester = await buildEndUser(db());
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push((await buildTicket(db(), { requesterId: requester.accountId })).ticketId);
    }
    const page = await list(s.admin, { requester_id: requester.accountId, offset: 1, limit: 2 });
    expect(ids(page.data.list)).toEqual([made[3], made[2]]);
    expect(page.data.total).toBe(5);
    expect((await list(s.admin, { limit: 101 })).code).toBe('FFFF');
  });
});

describe('search', () => {
  it('finds subject and comment words, Chinese by any part, and a ticket by its number', async () => {
    const w = word();
    const subject = await buildTicket(db(), { subject: `Printer ${w} jammed`, body: '打印机卡纸了，无法打印文件' });
    const viaComment = await buildTicket(db(), { subject: 'Another' });
    const found = async (kw: string) => ids((await list(s.admin, { kw })).data.list);
    expect(await found(w)).toEqual([subject.ticketId]);
    expect(await found('PRINTER')).toContain(subject.ticketId);
    expect(await found(`${w} printer`)).toEqual([subject.ticketId]);
    expect(await found(`${w} nosuchword`)).toEqual([]);
    expect(await found(`#${viaComment.ticketId}`)).toEqual([viaComment.ticketId]);

    const zh = `${w}卡纸`;
    // Two characters, four, and one.
    await buildTicket(db(), { subject: 'zh', body: `无法打印${zh}` });
    expect(await found('卡纸')).toContain(subject.ticketId);
    expect(await found('无法打印')).toContain(subject.ticketId);
    expect(await found('纸')).toContain(subject.ticketId);
    expect(await found('打卡')).not.toContain(subject.ticketId);

    // A reply is searchable at once (same transaction), and so is the new subject; the old one is gone.
    const later = word();
    await callOp(
      s.t.app,
      ticketOps.edit,
      { ticket_id: viaComment.ticketId, comment: { body: `<p>try ${later}</p>`, is_public: false } },
      { token: s.admin },
    );
    expect(await found(later)).toEqual([viaComment.ticketId]);
    const renamed = word();
    const old = word();
    await callOp(s.t.app, ticketOps.edit, { ticket_id: viaComment.ticketId, subject: old }, { token: s.admin });
    await callOp(s.t.app, ticketOps.edit, { ticket_id: viaComment.ticketId, subject: renamed }, { token: s.admin });
    expect(await found(renamed)).toEqual([viaComment.ticketId]);
    expect(await found(old)).toEqual([]);
    expect(await found(later)).toEqual([viaComment.ticketId]);
    expect(await found('!!!')).toEqual([]);
  });

  it('combines the keyword with filters and access', async () => {
    const w = word();
    const me = await agent({ ticketAccess: 'own' });
    const mine = await buildTicket(db(), { subject: w, assigneeId: me.accountId, state: 'open' });
    await buildTicket(db(), { subject: w, state: 'open' });
    const solved = await buildTicket(db(), { subject: w, state: 'solved' });
    expect(ids((await list(me.token, { kw: w })).data.list)).toEqual([mine.ticketId]);
    expect(ids((await list(s.admin, { kw: w, ticket_state: 'solved' })).data.list)).toEqual([solved.ticketId]);
    expect((await list(s.admin, { kw: w, view_id: viewId('All unsolved tickets') })).data.total).toBe(2);
  });
});
