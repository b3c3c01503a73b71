import {
  fieldOps,
  type TFieldOperator,
  type TOpInput,
  type TTicketListItem,
  type TViewCondition,
  type TViewConditions,
  ticketOps,
  viewOps,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, setUpApp, t } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { candidateProbes, cheaperWay, mergedSourcesQuery, mergeJoinsOnly, probesOnly } from './field-merge.js';
import { explain, pageQuery, type Viewer } from './ticket-list.repo.js';
import { type ListPlan, planList, runFieldConditions, runList, searchCollectCap } from './ticket-list.service.js';

// Views (and searches) with two or more custom field conditions take their own way
// (`runFieldConditions`): expected few, collected from the value indexes; else, when two or more
// name one value each, their stretches of the value index merged in ticket order.
// Whatever way a list takes, it must hold what the plain query holds, in the same order.

setUpApp();
const db = () => t.database.db;

let area: number;
let plan: number;
let seats: number;
let viewer: Viewer;
let agent: Viewer;
const tickets = 6000;

beforeAll(async () => {
  const add = async (body: TOpInput<typeof fieldOps.add>) => (await api(fieldOps.add, body)).data.field_id;
  area = await add({
    field_type: 'nested',
    title: 'Conditions area',
    options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Scanner' }, { name: 'Software' }],
  });
  plan = await add({
    field_type: 'dropdown',
    title: 'Conditions plan',
    options: [{ name: 'Enterprise' }, { name: 'Team' }],
  });
  seats = await add({ field_type: 'number', title: 'Conditions seats' });
  // By n, the ticket's rank: printer on n % 100 < 30, scanner < 50, software < 80, none above;
  // enterprise on 30 <= n % 100 < 80 and on n % 1000 = 17 (so printer and enterprise together on
  // one ticket in a thousand, while each alone is common), team elsewhere on every other;
  // seats n % 7 on two tickets in three.
  const seeded = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ a: sql<number>`min(${account.accountId})` })
      .from(account)
      .where(eq(account.userType, 'admin'));
    await tx.execute(sql`
      INSERT INTO ticket (subject, ticket_state, priority, source, requester_id, assignee_id, tags, fields, create_ts, update_ts)
      SELECT 'fcond ' || g, (ARRAY['new','open','pending','solved','closed'])[1 + g % 5],
        (ARRAY['low','normal','high','urgent'])[1 + g % 4], 'web', ${row?.a}::int, CASE WHEN g % 3 = 0 THEN ${row?.a}::int END,
        ARRAY[]::text[], '{}'::jsonb, 1000 + (g * 7919) % ${tickets}, 1000 + (g * 104729) % ${tickets}
      FROM generate_series(1, ${tickets}) g`);
    await tx.execute(sql`INSERT INTO ticket_search (ticket_id, search_vector)
      SELECT ticket_id, array_to_tsvector(ARRAY['fcond']) FROM ticket WHERE subject LIKE 'fcond %'`);
    const ranked = sql`(SELECT ticket_id, row_number() OVER (ORDER BY ticket_id) AS n FROM ticket WHERE subject LIKE 'fcond %') s`;
    await tx.execute(sql`
      INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
      SELECT ticket_id, ${area}::int, CASE WHEN n % 100 < 30 THEN 'hardware::printer' WHEN n % 100 < 50 THEN 'hardware::scanner' ELSE 'software' END
      FROM ${ranked} WHERE n % 100 < 80`);
    await tx.execute(sql`
      INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
      SELECT ticket_id, ${plan}::int, CASE WHEN (n % 100 >= 30 AND n % 100 < 80) OR n % 1000 = 17 THEN 'enterprise' ELSE 'team' END
      FROM ${ranked} WHERE (n % 100 >= 30 AND n % 100 < 80) OR n % 1000 = 17 OR n % 2 = 0`);
    await tx.execute(sql`
      INSERT INTO ticket_field_value (ticket_id, field_id, value_num)
      SELECT ticket_id, ${seats}::int, (n % 7)::numeric FROM ${ranked} WHERE n % 3 <> 0`);
    return row?.a as number;
  });
  await db().execute(sql`ANALYZE ticket`);
  await db().execute(sql`ANALYZE ticket_search`);
  await db().execute(sql`ANALYZE ticket_field_value`);
  viewer = { accountId: seeded, userType: 'admin', ticketAccess: 'all', groupIds: [] };
  agent = { accountId: seeded, userType: 'agent', ticketAccess: 'own', groupIds: [] };
}, 120_000);

const ours = sql`subject LIKE 'fcond %'`;
const unsolved: TViewCondition = { field: 'ticket_state', operator: 'in', value: ['new', 'open', 'pending'] };
const cf = (field_id: () => number, operator: TFieldOperator, value: string | number | null) => (): TViewCondition => ({
  field: 'custom_field',
  field_id: field_id(),
  operator,
  value,
});

/** The views of the test: sparse, dense, three conditions with a negative one, and with "any". */
const views: Array<[string, () => TViewConditions]> = [
  [
    'printer and enterprise (each common, together 1 in 1,000)',
    () => ({
      all: [unsolved, cf(() => area, 'is', 'hardware::printer')(), cf(() => plan, 'is', 'enterprise')()],
      any: [],
    }),
  ],
  [
    'under hardware and fewer than 3 seats (dense)',
    () => ({
      all: [cf(() => area, 'under', 'hardware')(), cf(() => seats, 'less_than', 3)()],
      any: [],
    }),
  ],
  [
    'software and enterprise (one inside the other)',
    () => ({
      all: [unsolved, cf(() => area, 'is', 'software')(), cf(() => plan, 'is', 'enterprise')()],
      any: [],
    }),
  ],
  [
    'area present, plan not team, more than 4 seats',
    () => ({
      all: [
        cf(() => area, 'present', null)(),
        cf(() => plan, 'is_not', 'team')(),
        cf(() => seats, 'greater_than', 4)(),
      ],
      any: [],
    }),
  ],
  [
    'printer and enterprise, urgent or high',
    () => ({
      all: [cf(() => area, 'is', 'hardware::printer')(), cf(() => plan, 'is', 'enterprise')()],
      any: [
        { field: 'priority', operator: 'in', value: ['urgent'] },
        { field: 'priority', operator: 'in', value: ['high'] },
      ],
    }),
  ],
];

const ids = (rows: Array<{ ticket_id: number }>) => rows.map((r) => Number(r.ticket_id));

/** The plain query's page and the exact number of matches: what every way must answer. */
async function plain(p: ListPlan) {
  const rows = await queryRows<TTicketListItem>(
    db(),
    pageQuery(sql`${p.where} AND ${ours}`, p.order, p.offset, p.limit),
  );
  const [n] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM ticket WHERE ${p.where} AND ${ours}`,
  );
  return { ids: ids(rows), total: Number(n?.n) };
}

/** The view's plan, limited to this file's tickets (other files share the database). */
function planOf(v: Viewer, conditions: TViewConditions, offset: number, sort = '-update_ts') {
  const p = planList(v, { offset, limit: 50 } as never, { conditions, sort } as never);
  const fieldMerge = p.fieldMerge && { ...p.fieldMerge, rest: sql`${p.fieldMerge.rest} AND ${ours}` };
  return { ...p, where: sql`${p.where} AND ${ours}`, fieldMerge };
}

describe('lists with two or more custom field conditions', () => {
  it("answer the plain query's page and total whichever way they take (collected or the list's own)", async () => {
    const ways = {
      collected: { few: Number.POSITIVE_INFINITY, collect: 5000, candidates: 10_000 },
      // Expected many, or more than the collection holds: merged where two conditions name one
      // value each (views 1, 3 and 5), else null and the list's own way answers.
      'expected many': { few: 0, collect: 5000, candidates: 10_000 },
      'more than collected': { few: Number.POSITIVE_INFINITY, collect: 20, candidates: 10_000 },
      // More tickets hold the values than the merge keeps: null, the list's own way.
      'more candidates than kept': { few: 0, collect: 5000, candidates: 2 },
      // Each of the two ways whatever the statistics say (the default picks one: cheaperWay).
      merged: { few: 0, collect: 5000, candidates: 10_000, way: 'merge' as const },
      walked: { few: 0, collect: 5000, candidates: 10_000, way: 'walk' as const },
      'walked, more matches than kept': { few: 0, collect: 5000, candidates: 2, way: 'walk' as const },
    };
    const mismatches: string[] = [];
    for (const [name, conditions] of views) {
      for (const v of [viewer, agent]) {
        for (const [offset, sort] of [
          [0, '-update_ts'],
          [50, '-update_ts'],
          [0, 'create_ts'],
          [300, 'ticket_id'],
        ] as const) {
          const p = planOf(v, conditions(), offset, sort);
          expect(p.fieldTerms, name).toBeGreaterThanOrEqual(2);
          const want = await plain(p);
          for (const [way, limits] of Object.entries(ways)) {
            const got = (await runFieldConditions(db(), p, limits)) ?? (await runList(db(), { ...p, fieldTerms: 0 }));
            const label = `${name} (${v.userType}, offset ${offset}, ${sort}) ${way}`;
            if (JSON.stringify(ids(got.list)) !== JSON.stringify(want.ids)) {
              mismatches.push(`${label}: ${ids(got.list).join()} instead of ${want.ids.join()}`);
            }
            if (got.total !== want.total || got.total_estimated) {
              mismatches.push(`${label}: total ${got.total} instead of ${want.total}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The sparse view is collected (few expected), the small collection gives up.
    const sparse = planOf(viewer, (views[0] as [string, () => TViewConditions])[1](), 0);
    expect((await plain(sparse)).total).toBeGreaterThan(0);
    expect(await runFieldConditions(db(), sparse)).not.toBeNull();
    // Expected many (or more than collected), it is merged; more tickets hold both values (6)
    // than the merge keeps: the list's own way.
    expect(sparse.fieldMerge?.sources).toHaveLength(2);
    const merged = await runFieldConditions(db(), sparse, { few: 0, collect: 5000, candidates: 6 });
    expect(merged?.total).toBe((await plain(sparse)).total);
    expect(
      await runFieldConditions(db(), sparse, { few: Number.POSITIVE_INFINITY, collect: 1, candidates: 6 }),
    ).not.toBeNull();
    expect(await runFieldConditions(db(), sparse, { few: 0, collect: 5000, candidates: 5 })).toBeNull();
    expect(
      await runFieldConditions(db(), sparse, { few: Number.POSITIVE_INFINITY, collect: 1, candidates: 5 }),
    ).toBeNull();
  }, 240_000);

  it('through the API: a view with two field conditions lists what the plain query lists', async () => {
    const conditions = (views[0] as [string, () => TViewConditions])[1]();
    const res = await api(viewOps.add, {
      title: 'Two conditions',
      conditions,
      columns: ['ticket_id', 'subject'],
      sort: '-update_ts',
    });
    expect(res.code, res.msg).toBe('0000');
    const listed = await api(ticketOps.list, { view_id: res.data.view_id, limit: 50 });
    const p = planList(viewer, { offset: 0, limit: 50 } as never, { conditions, sort: '-update_ts' } as never);
    const rows = await queryRows<TTicketListItem>(db(), pageQuery(p.where, p.order, 0, 50));
    expect(ids(listed.data.list)).toEqual(ids(rows));
    expect(ids(listed.data.list).length).toBeGreaterThan(0);
    // The search box's operators take the same way.
    const fields = await allFields(db());
    const kw = `field_${area}:Hardware field_${plan}:Enterprise`;
    const searched = planList(viewer, { offset: 0, limit: 50, kw } as never, null, { fields });
    expect(searched.fieldTerms).toBe(2);
    const viaApi = await api(ticketOps.list, { kw, limit: 50 });
    const direct = await queryRows<TTicketListItem>(db(), pageQuery(searched.where, searched.order, 0, 50));
    expect(ids(viaApi.data.list)).toEqual(ids(direct));
    // A search operator naming one value and the `field_id` filter are merged as a view's are.
    const oneEach = `field_${plan}:Enterprise`;
    const both = planList(
      viewer,
      { offset: 0, limit: 50, kw: oneEach, field_id: area, field_value: 'hardware::printer' } as never,
      null,
      { fields },
    );
    expect(both.fieldMerge?.sources).toHaveLength(2);
    const want = await queryRows<TTicketListItem>(db(), pageQuery(both.where, both.order, 0, 50));
    const [n] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ticket WHERE ${both.where}`);
    expect(ids(want).length).toBeGreaterThan(0);
    const merged = await runFieldConditions(db(), both, { few: 0, collect: 5000, candidates: 10_000 });
    expect(ids(merged?.list ?? [])).toEqual(ids(want));
    expect(merged?.total).toBe(Number(n?.n));
    const filtered = await api(ticketOps.list, {
      kw: oneEach,
      field_id: area,
      field_value: 'hardware::printer',
      limit: 50,
    });
    expect(ids(filtered.data.list)).toEqual(ids(want));
    expect(filtered.data.total).toBe(Number(n?.n));
  });

  it('collects from the value indexes: no scan of the tickets or of the value table', async () => {
    const offending: string[] = [];
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Node[] };
    const scans = (node: Node): string[] => [
      ...(node['Node Type'] === 'Seq Scan' && ['ticket', 'ticket_field_value'].includes(node['Relation Name'] ?? '')
        ? [`seq scan of ${node['Relation Name']}`]
        : []),
      ...(node.Plans ?? []).flatMap(scans),
    ];
    const indexes = (node: Node): string[] =>
      [node['Index Name'] ?? '', ...(node.Plans ?? []).flatMap(indexes)].filter(Boolean);
    // As runFieldConditions collects: bitmap scans only.
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
      for (const [name, conditions] of views) {
        for (const v of [viewer, agent]) {
          const p = planList(
            v,
            { offset: 0, limit: 50 } as never,
            { conditions: conditions(), sort: '-update_ts' } as never,
          );
          const node = (await explain(
            tx,
            sql`SELECT ticket_id FROM ticket WHERE ${p.where} LIMIT ${searchCollectCap + 1}`,
          )) as Node;
          offending.push(...scans(node).map((x) => `${name} (${v.userType}): ${x}`));
          expect(indexes(node).join(), name).toMatch(/ticket_field_value/);
        }
      }
    });
    expect(offending).toEqual([]);
  });

  it('merges the value stretches in ticket order, then reads only the candidates: no hash, no scan of the tickets', async () => {
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Node[] };
    const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const merged = views.filter(([, c]) => planOf(viewer, c(), 0).fieldMerge);
    expect(merged.map(([name]) => name)).toHaveLength(3);
    const offending: string[] = [];
    for (const [name, conditions] of merged) {
      const p = planOf(viewer, conditions(), 0);
      const { sources, rest } = p.fieldMerge as NonNullable<typeof p.fieldMerge>;
      // The candidates: merge joins of the values' own index stretches, and nothing else.
      const merge = await db().transaction(async (tx) => {
        await tx.execute(mergeJoinsOnly);
        return nodes((await explain(tx, mergedSourcesQuery(sources, 10_000))) as Node);
      });
      expect(
        merge.map((n) => n['Node Type']),
        name,
      ).toContain('Merge Join');
      for (const n of merge) {
        if (/Hash|Nested Loop|Sort|Seq Scan|Bitmap/.test(n['Node Type'])) {
          offending.push(`${name}: ${n['Node Type']} in the merge`);
        }
        if (n['Index Name'] && !/^ticket_field_value_(text|num)_idx$/.test(n['Index Name'])) {
          offending.push(`${name}: ${n['Index Name']} in the merge`);
        }
      }
      // The candidates' tickets, as runFieldConditions reads them: through an index of the tickets
      // (the primary key for the candidates, or one of the list's own conditions where the planner
      // finds it narrower: here, 1,800 candidates among 6,000 tickets), never a scan or a bitmap.
      const candidates = await queryRows<{ ticket_id: number }>(db(), mergedSourcesQuery(sources, 10_000));
      const among = sql`ticket_id = ANY(${`{${candidates.map((r) => r.ticket_id).join(',')}}`}::int[]) AND ${rest}`;
      const read = await db().transaction(async (tx) => {
        await tx.execute(candidateProbes);
        return nodes((await explain(tx, sql`SELECT ticket_id FROM ticket WHERE ${among} LIMIT 10001`)) as Node);
      });
      const ticketIndexes = read.map((n) => n['Index Name'] ?? '').filter((i) => /^ticket_(?!field_value)/.test(i));
      expect(ticketIndexes, name).not.toEqual([]);
      offending.push(
        ...read
          .filter((n) => /Seq Scan|Bitmap/.test(n['Node Type']))
          .map((n) => `${name}: ${n['Node Type']} of ${n['Relation Name'] ?? n['Index Name']} reading the candidates`),
      );
    }
    expect(offending).toEqual([]);
  });

  it('walks the list probing each ticket when the list is smaller than the values, else merges', async () => {
    const p = planOf(viewer, (views[0] as [string, () => TViewConditions])[1](), 0);
    const { sources } = p.fieldMerge as NonNullable<typeof p.fieldMerge>;
    // Printer and enterprise: 1,800 and 3,000 entries. One ticket's list is walked; every ticket's
    // (6,000 and more, each probed twice) costs more than reading the two stretches.
    expect(await cheaperWay(db(), sources, sql`ticket_id = 1`)).toBe('walk');
    expect(await cheaperWay(db(), sources, sql`true`)).toBe('merge');
    // The walk: the tickets by an index, the values by probes of the value table's key; nothing
    // hashed, merged, scanned whole or read by bitmap.
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: Node[] };
    const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const offending: string[] = [];
    for (const [name, conditions] of views) {
      for (const v of [viewer, agent]) {
        const q = planOf(v, conditions(), 0);
        const walk = await db().transaction(async (tx) => {
          await tx.execute(probesOnly);
          return nodes((await explain(tx, sql`SELECT ticket_id FROM ticket WHERE ${q.where} LIMIT 10001`)) as Node);
        });
        offending.push(
          ...walk
            .filter((n) => /Hash|Merge|Seq Scan|Bitmap/.test(n['Node Type']))
            .map((n) => `${name} (${v.userType}): ${n['Node Type']} of ${n['Relation Name'] ?? n['Index Name']}`),
        );
        expect(walk.map((n) => n['Index Name'] ?? '').join(), name).toMatch(/ticket_field_value/);
      }
    }
    expect(offending).toEqual([]);
  });
});
