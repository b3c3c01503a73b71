import type { TTicketListItem, TViewConditions, TViewConditionsInput, TViewGroupBy } from '@parley/contracts';
import { ZViewConditions } from '@parley/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setUpListTests } from '../../../test/list-kit.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { commentRowsQuery } from '../ticket/ticket.read.js';
import {
  cappedCountQuery,
  collectedPageSql,
  explain,
  pageIdsQuery,
  pageQuery,
  type Viewer,
} from './ticket-list.repo.js';
import {
  bitmapScansOnly,
  deepPageFrom,
  listIndexWalk,
  planList,
  runList,
  searchCollectCap,
} from './ticket-list.service.js';

// The query plans of the ticket list (views, filters, search, deep pages); its routes are in
// ticket-list.test.ts.
const s = setUpListTests();
const db = () => s.t.database.db;

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
        INSERT INTO ticket (subject, ticket_state, source, requester_id, assignee_id, tags, create_ts, update_ts, priority)
        SELECT 'seed ' || g, (ARRAY['new','open','pending','solved','closed'])[1 + g % 5], 'web', ${row?.a}::int,
          CASE WHEN g % 3 = 0 THEN NULL ELSE ${row?.a}::int END,
          CASE WHEN g % 500 = 0 THEN ARRAY['seldom'] ELSE ARRAY['common'] END,
          g, g, CASE WHEN g % 400 = 0 THEN 'urgent' ELSE 'normal' END
        FROM generate_series(1, 20000) g`);
      await tx.execute(sql`
        INSERT INTO ticket_search (ticket_id, search_vector)
        SELECT ticket_id, array_to_tsvector(CASE WHEN create_ts % 4000 = 0 THEN ARRAY['seed', 'rareword'] ELSE ARRAY['seed', 'printer'] END)
        FROM ticket WHERE subject LIKE 'seed %'`);
      return row?.a as number;
    });
    await db().execute(sql`ANALYZE ticket`);
    await db().execute(sql`ANALYZE ticket_search`);
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
        expect(indexesOf(collected), `${kw} ${JSON.stringify(indexesOf(collected))}`).toContain(
          'ticket_search_vector_idx',
        );
      }
    }
    // A common word's page (runSearch) walks the list's own index, each ticket's words read by its key.
    for (const filter of [{ kw: 'printer' }, { kw: 'seed printer', ticket_state: 'open' }]) {
      const walk = await db().transaction(async (tx) => {
        await tx.execute(listIndexWalk);
        const plan = planList(admin1, { offset: 0, limit: 50, ...filter } as never, null);
        return explain(tx, pageQuery(plan.where, plan.order, 0, 50));
      });
      expect(seqScans(walk), JSON.stringify(filter)).toEqual([]);
      // One of the list's own indexes in update order (the unsolved one serves "open" too).
      expect(
        indexesOf(walk).some((name) => /^ticket_\w*update_idx$/.test(name)),
        JSON.stringify(filter),
      ).toBe(true);
      expect(JSON.stringify(walk), JSON.stringify(filter)).toContain('"Index Name":"ticket_search_pkey"');
    }
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
    for (const filter of [{}, { ticket_state: 'pending' }]) {
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
    for (const v of s.views) {
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
          // A search runs as runSearch runs it on so few tickets: its matches collected by bitmap
          // scans only (a common word's walk of the list's index is the test above).
          const queries: Array<readonly [string, SQL, SQL | null]> = filter.kw
            ? [['collected', collectedPageSql(plan.where, plan.order, 0, 50, searchCollectCap), bitmapScansOnly]]
            : [
                ['ids', pageIdsQuery(plan.where, plan.order, plan.offset, plan.limit), null],
                ['page', pageQuery(plan.where, plan.order, plan.offset, plan.limit), null],
                ['count', cappedCountQuery(tx, plan.where, plan.order).getSQL(), null],
              ];
          for (const [what, query, regime] of queries) {
            if (regime) {
              await tx.execute(sql`SAVEPOINT regime`);
              await tx.execute(regime);
            }
            const scans = seqScans(await explain(tx, query));
            if (regime) {
              await tx.execute(sql`ROLLBACK TO SAVEPOINT regime`);
            }
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
