import { randomUUID } from 'node:crypto';
import {
  type TTicketListItem,
  type TTicketListResponse,
  type TTicketView,
  type TViewConditions,
  type TViewConditionsInput,
  type TViewGroupBy,
  ZViewConditions,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, signInAdmin, type TestApp } from '../../../test/app.js';
import {
  buildAgent,
  buildCompany,
  buildEndUser,
  buildGroup,
  buildTicket,
  defaultPassword,
  giveDefaultRole,
} from '../../../test/factories.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { ticketSettingDefaults } from '../setting/setting.service.js';
import { commentRowsQuery } from '../ticket/ticket.read.js';
import { cappedCountQuery, explain, pageIdsQuery, pageQuery, type Viewer } from './ticket-list.repo.js';
import { deepPageFrom, planList, runList, searchCollectCap } from './ticket-list.service.js';

let t: TestApp;
let admin: string;
let views: TTicketView[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
  views = (await call<{ list: TTicketView[] }>(t.app, 'GET', '/api/admin/ticket.view.list', { token: admin })).data
    .list;
});
afterAll(() => t.close());
// On PostgreSQL every test file shares one database, and other files change the ticket settings:
// each test here starts from the defaults it is written against.
beforeEach(async () => {
  await call(t.app, 'POST', '/api/admin/settings/ticket.edit', { token: admin, body: ticketSettingDefaults });
});

const db = () => t.database.db;
const list = (token: string, query: Record<string, unknown>) =>
  call<TTicketListResponse>(t.app, 'GET', '/api/admin/ticket.list', {
    token,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const ids = (rows: TTicketListItem[]) => rows.map((r) => r.ticket_id);
const viewId = (title: string) => views.find((v) => v.title === title)?.view_id as number;
/** A word no other test uses. */
const word = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function agent(overrides: Parameters<typeof buildAgent>[1] = {}) {
  const a = await buildAgent(db(), overrides);
  await giveDefaultRole(db(), a.accountId);
  return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
}

describe('views', () => {
  it('seeds the seven usual views in order, with conditions, at most 10 columns, a sort, and titles in both languages', async () => {
    expect(views.map((v) => v.title)).toEqual([
      'Your unsolved tickets',
      'Unassigned tickets',
      'All unsolved tickets',
      'Recently updated tickets',
      'Pending tickets',
      'Recently solved tickets',
      'Deleted tickets',
    ]);
    for (const v of views) {
      expect(v.columns.length).toBeGreaterThan(0);
      expect(v.columns.length).toBeLessThanOrEqual(10);
      expect(v.view_state).toBe('active');
    }
    const zh = await call<{ list: TTicketView[] }>(t.app, 'GET', '/api/admin/ticket.view.list', {
      token: admin,
      lang: 'zh-cn',
    });
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
    await call(t.app, 'POST', '/api/admin/ticket.delete', {
      token: admin,
      body: { ticket_ids: [mineDeleted.ticketId] },
    });

    const myViews = (
      await call<{ list: TTicketView[] }>(t.app, 'GET', '/api/admin/ticket.view.list', { token: me.token })
    ).data.list;
    const count = (title: string) => myViews.find((v) => v.title === title);
    expect(count('Your unsolved tickets')).toMatchObject({ count: 2, count_estimated: false });
    expect(count('Unassigned tickets')?.count).toBe(0);
    expect(count('Pending tickets')?.count).toBe(1);
    expect(count('Recently solved tickets')?.count).toBe(1);
    expect(count('Deleted tickets')?.count).toBe(1);

    const yours = await list(me.token, { view_id: viewId('Your unsolved tickets') });
    expect(ids(yours.data.list)).toEqual([minePending.ticketId, mineOpen.ticketId]);
    expect([yours.data.total, yours.data.total_estimated]).toEqual([2, false]);
    const byAdmin = await list(admin, { view_id: viewId('Unassigned tickets'), requester_id: requester.accountId });
    expect(ids(byAdmin.data.list)).toEqual([unassigned.ticketId]);
    const deleted = await list(me.token, { view_id: viewId('Deleted tickets') });
    expect(ids(deleted.data.list)).toEqual([mineDeleted.ticketId]);
    expect(deleted.data.list[0]?.is_deleted).toBe(true);
    expect((await list(admin, { view_id: 99_999_999 })).code).toBe('0404');
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
      ids((await list(admin, { ...q, requester_id: requester.accountId })).data.list);
    expect(await of({})).toEqual([second.ticketId, first.ticketId]);
    expect(await of({ ticket_state: 'open' })).toEqual([first.ticketId]);
    expect(await of({ assignee_id: a.accountId })).toEqual([second.ticketId]);
    expect(await of({ group_id: group })).toEqual([second.ticketId]);
    expect(await of({ tag })).toEqual([first.ticketId]);
    expect(ids((await list(admin, { company_id: company.companyId })).data.list)).toEqual([
      second.ticketId,
      first.ticketId,
    ]);
    const [row] = (await list(admin, { requester_id: requester.accountId, sort: 'create_ts' })).data.list;
    expect(row?.ticket_id).toBe(first.ticketId);
    const secondRow = (await list(admin, { requester_id: requester.accountId })).data.list[0] as TTicketListItem;
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
    const page = await list(admin, { requester_id: requester.accountId, offset: 1, limit: 2 });
    expect(ids(page.data.list)).toEqual([made[3], made[2]]);
    expect(page.data.total).toBe(5);
    expect((await list(admin, { limit: 101 })).code).toBe('FFFF');
  });
});

describe('search', () => {
  it('finds subject and comment words, Chinese by any part, and a ticket by its number', async () => {
    const w = word();
    const subject = await buildTicket(db(), { subject: `Printer ${w} jammed`, body: '打印机卡纸了，无法打印文件' });
    const viaComment = await buildTicket(db(), { subject: 'Another' });
    const found = async (kw: string) => ids((await list(admin, { kw })).data.list);
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
    await call(t.app, 'POST', '/api/admin/ticket.edit', {
      token: admin,
      body: { ticket_id: viaComment.ticketId, comment: { body: `<p>try ${later}</p>`, is_public: false } },
    });
    expect(await found(later)).toEqual([viaComment.ticketId]);
    const renamed = word();
    const old = word();
    await call(t.app, 'POST', '/api/admin/ticket.edit', {
      token: admin,
      body: { ticket_id: viaComment.ticketId, subject: old },
    });
    await call(t.app, 'POST', '/api/admin/ticket.edit', {
      token: admin,
      body: { ticket_id: viaComment.ticketId, subject: renamed },
    });
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
    expect(ids((await list(admin, { kw: w, ticket_state: 'solved' })).data.list)).toEqual([solved.ticketId]);
    expect((await list(admin, { kw: w, view_id: viewId('All unsolved tickets') })).data.total).toBe(2);
  });
});

/**
 * Every list and search shape must be served by an index: with sequential scans priced out, a
 * plan that still reads the tickets or comments table from end to end means no index fits.
 */
type ListView = { conditions: TViewConditions; sort: never; groupBy?: TViewGroupBy | null };
/** A view as the editor makes one: conditions, a sort and maybe a grouping. */
const customView = (conditions: TViewConditionsInput, groupBy: TViewGroupBy | null = null): ListView => ({
  conditions: ZViewConditions.parse(conditions),
  sort: '-update_ts' as never,
  groupBy,
});

describe('query plans', () => {
  type Node = {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    'Index Cond'?: string;
    Plans?: Node[];
  };
  /** Sequential scans of the big tables, and whole-table walks of the primary key (no condition). */
  const seqScans = (node: Node): string[] => [
    ...(node['Node Type'] === 'Seq Scan' && ['ticket', 'ticket_comment'].includes(node['Relation Name'] ?? '')
      ? [`seq scan of ${node['Relation Name']}`]
      : []),
    ...(/Index/.test(node['Node Type']) && /_pkey$/.test(node['Index Name'] ?? '') && !node['Index Cond']
      ? [`full scan of ${node['Index Name']}`]
      : []),
    ...(node.Plans ?? []).flatMap(seqScans),
  ];

  /** Index names the plan reads from the tickets table. */
  const indexesOf = (node: Node): string[] => [
    ...(node['Relation Name'] === 'ticket' || node['Node Type'] === 'Bitmap Index Scan'
      ? [node['Index Name'] ?? '']
      : []),
    ...(node.Plans ?? []).flatMap(indexesOf),
  ];

  it('with realistic statistics, selective filters and a rare word are served by their own index', async () => {
    // 20,000 tickets of one requester in five states; the word "rareword" in 5 of them, the tag "seldom" on 40.
    const seeded = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ a: sql<number>`min(${account.accountId})` })
        .from(account)
        .where(eq(account.userType, 'admin'));
      await tx.execute(sql`
        INSERT INTO ticket (subject, ticket_state, source, requester_id, assignee_id, tags, search_vector, create_ts, update_ts, priority)
        SELECT 'seed ' || g, (ARRAY['new','open','pending','solved','closed'])[1 + g % 5], 'web', ${row?.a}::int,
          CASE WHEN g % 3 = 0 THEN NULL ELSE ${row?.a}::int END,
          CASE WHEN g % 500 = 0 THEN ARRAY['seldom'] ELSE ARRAY['common'] END,
          array_to_tsvector(CASE WHEN g % 4000 = 0 THEN ARRAY['seed', 'rareword'] ELSE ARRAY['seed', 'printer'] END),
          g, g, CASE WHEN g % 400 = 0 THEN 'urgent' ELSE 'normal' END
        FROM generate_series(1, 20000) g`);
      return row?.a as number;
    });
    await db().execute(sql`ANALYZE ticket`);
    const admin1: Viewer = { accountId: seeded, userType: 'admin', ticketAccess: 'all', groupIds: [] };
    const plansOf = async (filter: Record<string, unknown>, view: ListView | null = null) => {
      const plan = planList(admin1, { offset: 0, limit: 50, ...filter } as never, view);
      const ids = await explain(db(), pageIdsQuery(plan.where, plan.order, 0, 50));
      const count = await explain(db(), cappedCountQuery(db(), plan.where, plan.order).getSQL());
      return {
        ids,
        count,
        all: [...indexesOf(ids), ...indexesOf(count)],
        scans: [...seqScans(ids), ...seqScans(count)],
      };
    };
    // A search collects its matches with bitmap scans only (runSearch): the search index must serve it.
    for (const kw of ['rareword', 'printer']) {
      const plan = planList(admin1, { offset: 0, limit: 50, kw } as never, null);
      const collected = await db().transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_indexscan = off`);
        await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
        return explain(tx, sql`SELECT ticket_id FROM ticket WHERE ${plan.where} LIMIT ${searchCollectCap + 1}`);
      });
      expect(seqScans(collected), kw).toEqual([]);
      // A rare word is found through the search index. A word in nearly every ticket may instead be
      // collected by walking any index over the live tickets and checking the words (the rules'
      // partial indexes on live tickets offer one): no cheaper way exists, and no seq scan either.
      if (kw === 'rareword') {
        expect(indexesOf(collected), `${kw} ${JSON.stringify(indexesOf(collected))}`).toContain('ticket_search_idx');
      }
    }
    const rare = await plansOf({ kw: 'rareword' });
    expect(rare.scans).toEqual([]);
    expect(rare.all).toContain('ticket_search_idx');
    const tag = await plansOf({ tag: 'seldom' });
    expect(tag.scans).toEqual([]);
    expect(tag.all).toContain('ticket_tags_idx');
    // Custom views: a selective property reads its own index; "any of" combines indexes; a grouped view walks its group's index.
    const urgent = await plansOf({}, customView({ all: [{ field: 'priority', operator: 'in', value: ['urgent'] }] }));
    expect(urgent.scans).toEqual([]);
    expect(urgent.all).toContain('ticket_priority_update_idx');
    const either = await plansOf(
      {},
      customView({
        all: [],
        any: [
          { field: 'priority', operator: 'in', value: ['urgent'] },
          { field: 'tags', operator: 'includes', value: 'seldom' },
        ],
      }),
    );
    expect(either.scans).toEqual([]);
    // Sorted by the next SLA breach, or filtered by it: the SLA order index, walked in order.
    const bySla = await plansOf({ sort: 'sla_due_ts' });
    expect(bySla.scans).toEqual([]);
    expect(indexesOf(bySla.ids)).toContain('ticket_sla_order_idx');
    const dueSoon = await plansOf(
      {},
      customView({ all: [{ field: 'hours_until_sla_breach', operator: 'less_than', value: 4 }] }),
    );
    expect(dueSoon.all).toContain('ticket_sla_order_idx');
    const grouped = await plansOf({}, customView({ all: [] }, 'ticket_state'));
    expect(grouped.scans).toEqual([]);
    const nodeTypes = (node: Node): string[] => [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)];
    expect(nodeTypes(grouped.ids)).not.toContain('Sort');
    expect(indexesOf(grouped.ids)).toContain('ticket_state_update_idx');
    for (const filter of [
      {},
      { ticket_state: 'pending' },
      { kw: 'printer' },
      { kw: 'seed printer', ticket_state: 'open' },
    ]) {
      expect((await plansOf(filter)).scans, JSON.stringify(filter)).toEqual([]);
    }
    // A common word (more than the collect cap) pages in list order with an estimated total; a rare one is exact.
    const common = await runList(db(), planList(admin1, { offset: 0, limit: 50, kw: 'printer' } as never, null));
    expect(common.total_estimated).toBe(true);
    expect(common.total).toBeGreaterThan(searchCollectCap);
    const updated = common.list.map((r) => r.update_ts);
    expect(common.list).toHaveLength(50);
    expect(updated).toEqual([...updated].sort((x, y) => y - x));
    const few = await runList(db(), planList(admin1, { offset: 0, limit: 50, kw: 'rareword' } as never, null));
    expect([few.total, few.total_estimated, few.list.length]).toEqual([5, false, 5]);
    // A deep page (from a snapshot of the order) holds what the plain index walk holds; a ticket
    // deleted since the snapshot is left out, not shown.
    const deepPlan = planList(admin1, { offset: deepPageFrom + 7, limit: 50, requester_id: seeded } as never, null);
    const walked = await queryRows<TTicketListItem>(
      db(),
      pageQuery(deepPlan.where, deepPlan.order, deepPlan.offset, deepPlan.limit),
    );
    const deep = await runList(db(), deepPlan);
    expect(deep.list.map((r) => r.ticket_id)).toEqual(walked.map((r) => r.ticket_id));
    await db().execute(sql`UPDATE ticket SET deleted_ts = 1 WHERE ticket_id = ${walked[0]?.ticket_id ?? 0}`);
    const again = await runList(db(), deepPlan);
    expect(again.list.map((r) => r.ticket_id)).toEqual(walked.slice(1).map((r) => r.ticket_id));
    await db().execute(sql`DELETE FROM ticket WHERE subject LIKE 'seed %' AND requester_id = ${seeded}`);
  });

  it('no list, view, filter or search query scans tickets or comments sequentially', async () => {
    const viewer = (over: Partial<Viewer> = {}): Viewer => ({
      accountId: 1,
      userType: 'agent',
      ticketAccess: 'all',
      groupIds: [1],
      ...over,
    });
    const viewers = [
      viewer({ userType: 'admin' }),
      viewer({ ticketAccess: 'own' }),
      viewer({ ticketAccess: 'groups', groupIds: [1, 2] }),
    ];
    const cases: Array<[string, Record<string, unknown>, ListView | null]> = [];
    for (const v of views) {
      cases.push([`view ${v.title}`, {}, { conditions: v.conditions, sort: v.sort as never }]);
    }
    // Views the editor makes: every condition field and operator, "any of", grouping.
    const custom: Array<[string, TViewConditionsInput, TViewGroupBy | null]> = [
      ['priority', { all: [{ field: 'priority', operator: 'in', value: ['urgent', 'high'] }] }, null],
      ['not priority', { all: [{ field: 'priority', operator: 'not_in', value: ['low'] }] }, null],
      ['type', { all: [{ field: 'ticket_type', operator: 'in', value: ['incident'] }] }, 'ticket_type'],
      ['satisfaction', { all: [{ field: 'satisfaction', operator: 'in', value: ['bad'] }] }, null],
      ['requester', { all: [{ field: 'requester_id', operator: 'is', value: 3 }] }, null],
      ['company', { all: [{ field: 'company_id', operator: 'is', value: 1 }] }, 'company'],
      ['no company', { all: [{ field: 'company_id', operator: 'is', value: null }] }, null],
      ['tag', { all: [{ field: 'tags', operator: 'includes', value: 'vip' }] }, null],
      ['not tag', { all: [{ field: 'tags', operator: 'not_includes', value: 'vip' }] }, 'assignee'],
      ['old', { all: [{ field: 'hours_since_create', operator: 'greater_than', value: 24 }] }, null],
      ['solved lately', { all: [{ field: 'hours_since_solved', operator: 'less_than', value: 24 }] }, 'group'],
      ['stale', { all: [{ field: 'hours_since_update', operator: 'greater_than', value: 72 }] }, 'priority'],
      ['not mine', { all: [{ field: 'assignee_id', operator: 'is_not', value: 'current_user' }] }, null],
      ['SLA due soon', { all: [{ field: 'hours_until_sla_breach', operator: 'less_than', value: 4 }] }, null],
      ['SLA far', { all: [{ field: 'hours_until_sla_breach', operator: 'greater_than', value: 24 }] }, 'group'],
      ['other groups', { all: [{ field: 'group_id', operator: 'is_not', value: 'current_user_groups' }] }, null],
      [
        'any of',
        {
          all: [{ field: 'ticket_state', operator: 'not_in', value: ['closed'] }],
          any: [
            { field: 'priority', operator: 'in', value: ['urgent'] },
            { field: 'tags', operator: 'includes', value: 'vip' },
            { field: 'requester_id', operator: 'is', value: 3 },
          ],
        },
        'ticket_state',
      ],
    ];
    for (const [name, conditions, groupBy] of custom) {
      cases.push([`custom view ${name}`, {}, customView(conditions, groupBy)]);
    }
    const filters: Array<Record<string, unknown>> = [
      {},
      { ticket_state: 'pending' },
      { assignee_id: 2 },
      { group_id: 1 },
      { requester_id: 3 },
      { company_id: 1 },
      { tag: 'vip' },
      { kw: 'printer' },
      { kw: '打印机' },
      { kw: 'printer', ticket_state: 'open' },
      { kw: '#12' },
      { kw: 'printer "paper jam"' },
      { kw: 'requester:jane@acme.com' },
      { kw: 'requester:王伟' },
      { kw: 'status:pending tag:vip assignee:none' },
      { create_ts_from: 1, create_ts_to: 2 },
      { update_ts_from: 1, update_ts_to: 2 },
      { sort: 'create_ts' },
      { sort: '-solved_ts' },
      { sort: 'sla_due_ts' },
      { sort: 'sla_due_ts', ticket_state: 'open' },
    ];
    for (const f of filters) {
      cases.push([`filter ${JSON.stringify(f)}`, f, null]);
    }
    const offending: string[] = [];
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      for (const v of viewers) {
        for (const [name, filter, view] of cases) {
          const plan = planList(v, { offset: 5000, limit: 50, ...filter } as never, view);
          for (const [what, query] of [
            ['ids', pageIdsQuery(plan.where, plan.order, plan.offset, plan.limit)],
            ['page', pageQuery(plan.where, plan.order, plan.offset, plan.limit)],
            ['count', cappedCountQuery(tx, plan.where, plan.order)],
          ] as const) {
            const scans = seqScans(await explain(tx, query.getSQL()));
            if (scans.length) {
              offending.push(`${v.ticketAccess}/${v.userType} ${name} ${what}: ${scans.join(', ')}`);
            }
          }
        }
      }
      const comments = seqScans(await explain(tx, commentRowsQuery(tx, 1).getSQL()));
      if (comments.length) {
        offending.push(`comment list: ${comments.join(', ')}`);
      }
    });
    expect(offending).toEqual([]);
  });
});
