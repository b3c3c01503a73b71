import { fieldOps, type TOpInput, type TTicketListItem } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, setUpApp, t } from '../../../test/kit.js';
import { queryRows } from '../../db/rows.js';
import { account } from '../../db/schema/index.js';
import { type FieldCondition, fieldSortedIdsQuery } from '../ticket-field/field-where.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { cappedCountQuery, explain, pageIdsQuery, pageQuery, type Viewer } from './ticket-list.repo.js';
import { planList, runList, searchCollectCap } from './ticket-list.service.js';

setUpApp();
const db = () => t.database.db;

type Node = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: Node[];
};
/** Sequential scans of the tickets or of the value table, and whole-table walks of a primary key. */
const seqScans = (node: Node): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && ['ticket', 'ticket_field_value'].includes(node['Relation Name'] ?? '')
    ? [`seq scan of ${node['Relation Name']}`]
    : []),
  ...(/Index/.test(node['Node Type']) && /_pkey$/.test(node['Index Name'] ?? '') && !node['Index Cond']
    ? [`full scan of ${node['Index Name']}`]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];
const indexes = (node: Node): string[] =>
  [node['Index Name'] ?? '', ...(node.Plans ?? []).flatMap(indexes)].filter(Boolean);

describe('query plans of custom field conditions', () => {
  it('filters, counts and sorts by a custom field through the value indexes, never scanning tickets, at realistic statistics', async () => {
    const add = async (body: TOpInput<typeof fieldOps.add>) => (await api(fieldOps.add, body)).data.field_id;
    const category = await add({
      field_type: 'nested',
      title: 'Plan category',
      options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Scanner' }, { name: 'Software' }, { name: 'Rare' }],
    });
    const seats = await add({ field_type: 'number', title: 'Plan seats' });
    // 20,000 tickets: a category on 3 of 4 (Rare on 10), seats on every other one.
    const seeded = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({ a: sql<number>`min(${account.accountId})` })
        .from(account)
        .where(eq(account.userType, 'admin'));
      await tx.execute(sql`
        INSERT INTO ticket (subject, ticket_state, source, requester_id, tags, fields, create_ts, update_ts)
        SELECT 'fplan ' || g, (ARRAY['new','open','pending','solved','closed'])[1 + g % 5], 'web', ${row?.a}::int,
          ARRAY[]::text[], '{}'::jsonb, g, g
        FROM generate_series(1, 20000) g`);
      await tx.execute(sql`INSERT INTO ticket_search (ticket_id, search_vector)
        SELECT ticket_id, array_to_tsvector(ARRAY['fplan']) FROM ticket WHERE subject LIKE 'fplan %'`);
      await tx.execute(sql`
        INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
        SELECT ticket_id, ${category}::int,
          CASE WHEN n % 2000 = 1 THEN 'rare' ELSE (ARRAY['hardware::printer','hardware::scanner','software'])[1 + n % 3] END
        FROM (SELECT ticket_id, row_number() OVER (ORDER BY ticket_id) AS n FROM ticket WHERE subject LIKE 'fplan %') s
        WHERE n % 4 <> 0`);
      await tx.execute(sql`
        INSERT INTO ticket_field_value (ticket_id, field_id, value_num)
        SELECT ticket_id, ${seats}::int, (ticket_id % 50)::numeric FROM ticket WHERE subject LIKE 'fplan %' AND ticket_id % 2 = 0`);
      return row?.a as number;
    });
    await db().execute(sql`ANALYZE ticket`);
    await db().execute(sql`ANALYZE ticket_search`);
    await db().execute(sql`ANALYZE ticket_field_value`);
    const viewer: Viewer = { accountId: seeded, userType: 'admin', ticketAccess: 'all', groupIds: [] };
    const agent: Viewer = { accountId: seeded, userType: 'agent', ticketAccess: 'groups', groupIds: [1, 2] };
    const cond = (c: Omit<FieldCondition, 'field_id'> & { field_id?: number }) => ({
      field: 'custom_field' as const,
      field_id: category,
      ...c,
    });
    const conditions = [
      cond({ operator: 'is', value: 'software' }),
      cond({ operator: 'is', value: 'rare' }),
      cond({ operator: 'under', value: 'hardware' }),
      cond({ operator: 'is_not', value: 'software' }),
      cond({ operator: 'present', value: null }),
      cond({ operator: 'not_present', value: null }),
      cond({ field_id: seats, operator: 'less_than', value: 3 }),
      cond({ field_id: seats, operator: 'is', value: 49 }),
    ];
    const offending: string[] = [];
    const unsolved = { field: 'ticket_state' as const, operator: 'in' as const, value: ['new', 'open', 'pending'] };
    const plansOf = async (v: Viewer, c: (typeof conditions)[number], states: boolean, deep: boolean) => {
      const view = { conditions: { all: states ? [unsolved, c] : [c] }, sort: '-update_ts' as const };
      const plan = planList(v, { offset: 0, limit: 50 } as never, view as never);
      return [
        ['ids', (await explain(db(), pageIdsQuery(plan.where, plan.order, 0, 50))) as Node],
        ...(deep
          ? ([['deep ids', (await explain(db(), pageIdsQuery(plan.where, plan.order, 5000, 50))) as Node]] as const)
          : []),
        ['count', (await explain(db(), cappedCountQuery(db(), plan.where, plan.order).getSQL())) as Node],
      ] as const;
    };
    // With the real statistics, a selective condition is served by the value index.
    for (const c of [conditions[1], conditions[7]] as const) {
      for (const [what, plan] of await plansOf(viewer, c as (typeof conditions)[number], false, false)) {
        offending.push(...seqScans(plan).map((x) => `${JSON.stringify(c)} ${what}: ${x}`));
        expect(indexes(plan).join(), `${JSON.stringify(c)} ${what}`).toMatch(/ticket_field_value_(text|num)_idx/);
      }
    }
    // With sequential scans priced out, every condition shape has an index to go by (as the
    // plan test of the ticket list asks of every view and filter). Merge and hash joins are priced
    // out too: on 20,000 tickets, joining a common value's 5,000 rows to the whole primary key
    // costs less than probing from the list's index, which it does not at a million (the bench
    // prints the plan it gets there).
    await db().transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
      await tx.execute(sql`SET LOCAL enable_hashjoin = off`);
      for (const v of [viewer, agent]) {
        for (const c of conditions) {
          for (const states of [false, true]) {
            const view = { conditions: { all: states ? [unsolved, c] : [c] }, sort: '-update_ts' as const };
            const plan = planList(v, { offset: 0, limit: 50 } as never, view as never);
            for (const [what, query] of [
              ['ids', pageIdsQuery(plan.where, plan.order, 0, 50)],
              ['deep ids', pageIdsQuery(plan.where, plan.order, 5000, 50)],
              ['count', cappedCountQuery(tx, plan.where, plan.order).getSQL()],
            ] as const) {
              const scans = seqScans((await explain(tx, query)) as Node);
              // "Not present" matches most tickets: counting them or skipping 5,000 reads most of
              // them whatever the plan, and on this data (ids in update order) the planner walks the
              // primary key and sorts. Its first page walks the list's index.
              if (
                c.operator === 'not_present' &&
                what !== 'ids' &&
                scans.every((x) => x === 'full scan of ticket_pkey')
              ) {
                continue;
              }
              if (scans.length) {
                offending.push(
                  `${v.userType} ${JSON.stringify(c)} ${states ? 'unsolved' : 'all'} ${what}: ${scans.join(', ')}`,
                );
              }
            }
          }
        }
      }
    });
    // Sorted by a field: a walk of the value index in order.
    const sortPlan = planList(viewer, { offset: 0, limit: 50 } as never, null);
    for (const [id, column] of [
      [category, 'value_text'],
      [seats, 'value_num'],
    ] as const) {
      const plan = (await explain(db(), fieldSortedIdsQuery(sortPlan.where, id, column, false, 0, 50))) as Node;
      offending.push(...seqScans(plan).map((s) => `sort by ${column}: ${s}`));
      expect(indexes(plan).join(), column).toContain(
        column === 'value_text' ? 'ticket_field_value_text_idx' : 'ticket_field_value_num_idx',
      );
    }
    expect(offending).toEqual([]);

    // What the plans serve is right: the rare value's five, every unsolved software ticket in order.
    const rare = await runList(
      db(),
      planList(
        viewer,
        { offset: 0, limit: 50 } as never,
        { conditions: { all: [conditions[1]] }, sort: '-update_ts' } as never,
      ),
    );
    expect([rare.total, rare.total_estimated, rare.list.length]).toEqual([10, false, 10]);
    const software = await runList(
      db(),
      planList(
        viewer,
        { offset: 0, limit: 50 } as never,
        { conditions: { all: [conditions[0]] }, sort: '-update_ts' } as never,
      ),
    );
    const check = await queryRows<TTicketListItem>(
      db(),
      pageQuery(
        planList(
          viewer,
          { offset: 0, limit: 50 } as never,
          { conditions: { all: [conditions[0]] }, sort: '-update_ts' } as never,
        ).where,
        sortPlan.order,
        0,
        50,
      ),
    );
    expect(software.list.map((r) => r.ticket_id)).toEqual(check.map((r) => r.ticket_id));
    expect(software.list.every((r) => r.fields !== undefined)).toBe(true);
    expect(software.total).toBe(4997);

    // The search box's field operators (`<field>:<value>`) read the same way: choices, numbers
    // and dates through the value indexes, a text field's words through the search index.
    const serial = await add({ field_type: 'text', title: 'Plan serial' });
    await db().execute(sql`UPDATE ticket SET fields = jsonb_build_object(${`field_${serial}`}::text, 'Tray SN ' || ticket_id)
      WHERE subject LIKE 'fplan %' AND ticket_id % 1000 = 0`);
    await db().execute(sql`UPDATE ticket_search s SET search_vector = s.search_vector || array_to_tsvector(ARRAY['tray', 'sn', s.ticket_id::text])
      FROM ticket t WHERE t.ticket_id = s.ticket_id AND t.subject LIKE 'fplan %' AND t.ticket_id % 1000 = 0`);
    await db().execute(sql`ANALYZE ticket`);
    await db().execute(sql`ANALYZE ticket_search`);
    const fields = await allFields(db());
    const searchScans: string[] = [];
    for (const kw of [
      `field_${category}:Hardware`,
      `field_${category}:rare`,
      `field_${seats}:>45`,
      `field_${serial}:tray`,
      `fplan field_${category}:rare`,
      `fplan field_${serial}:tray field_${seats}:<10`,
      // Bounds included, by Zendesk's name; "any value" and "no value".
      `custom_field_${seats}:>=45`,
      `field_${seats}:<=3 field_${category}:software`,
      `field_${category}:*`,
      `field_${seats}:none`,
      `fplan field_${category}:none`,
    ]) {
      const plan = planList(viewer, { offset: 0, limit: 50, kw } as never, null, { fields });
      await db().transaction(async (tx) => {
        if (plan.kw) {
          // As runSearch reads: matches collected by bitmap scans only, or the list's index walked.
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          await tx.execute(sql`SET LOCAL enable_indexscan = off`);
          await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
          const collected = (await explain(
            tx,
            sql`SELECT ticket_id FROM ticket WHERE ${plan.where} LIMIT ${searchCollectCap + 1}`,
          )) as Node;
          searchScans.push(...seqScans(collected).map((x) => `${kw} collected: ${x}`));
          if (kw === `field_${serial}:tray`) {
            expect(indexes(collected), kw).toContain('ticket_search_vector_idx');
          }
          if (plan.kw === 'fplan') {
            // A word in every ticket: runSearch walks the list's index and checks each ticket.
            await tx.execute(sql`SET LOCAL enable_indexscan = on`);
            await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
            const walked = (await explain(tx, pageIdsQuery(plan.where, plan.order, 0, 50))) as Node;
            searchScans.push(...seqScans(walked).map((x) => `${kw} walked: ${x}`));
          }
          return;
        }
        if (plan.fieldTerms >= 2) {
          // Two field operators, expected few: collected from the value indexes by bitmap scans.
          await tx.execute(sql`SAVEPOINT collect`);
          await tx.execute(sql`SET LOCAL enable_seqscan = off`);
          await tx.execute(sql`SET LOCAL enable_indexscan = off`);
          await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
          const collected = (await explain(
            tx,
            sql`SELECT ticket_id FROM ticket WHERE ${plan.where} LIMIT ${searchCollectCap + 1}`,
          )) as Node;
          searchScans.push(...seqScans(collected).map((x) => `${kw} collected: ${x}`));
          expect(indexes(collected).join(), kw).toMatch(/ticket_field_value_(text|num)_idx/);
          await tx.execute(sql`ROLLBACK TO SAVEPOINT collect`);
        }
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        await tx.execute(sql`SET LOCAL enable_mergejoin = off`);
        await tx.execute(sql`SET LOCAL enable_hashjoin = off`);
        for (const [what, query] of [
          ['ids', pageIdsQuery(plan.where, plan.order, 0, 50)],
          ['count', cappedCountQuery(tx, plan.where, plan.order).getSQL()],
        ] as const) {
          searchScans.push(...seqScans((await explain(tx, query)) as Node).map((x) => `${kw} ${what}: ${x}`));
        }
      });
    }
    expect(searchScans).toEqual([]);
    const tray = await runList(
      db(),
      planList(viewer, { offset: 0, limit: 50, kw: `field_${serial}:tray field_${seats}:<10` } as never, null, {
        fields,
      }),
    );
    // Ticket ids that are multiples of 1000 have seats (id % 50) of 0: all 20 of them.
    expect([tray.total, tray.list.length]).toEqual([20, 20]);
    // A date after a day, with real statistics: the value table's text column mixes every
    // field's values (options sort after digits), so an open range must not be read as "most of
    // them": one ticket in 60 has a renewal after the bound, and the value index is the way in.
    const renewal = await add({ field_type: 'date', title: 'Plan renewal' });
    await db().execute(sql`INSERT INTO ticket_field_value (ticket_id, field_id, value_text)
      SELECT ticket_id, ${renewal}::int, to_char(date '2024-01-01' + (ticket_id % 600), 'YYYY-MM-DD')
      FROM ticket WHERE subject LIKE 'fplan %' AND ticket_id % 3 = 0`);
    await db().execute(sql`ANALYZE ticket_field_value`);
    const later = planList(viewer, { offset: 0, limit: 50, kw: `field_${renewal}:>=2025-08-15` } as never, null, {
      fields: await allFields(db()),
    });
    for (const [what, query] of [
      ['ids', pageIdsQuery(later.where, later.order, 0, 50)],
      ['count', cappedCountQuery(db(), later.where, later.order).getSQL()],
    ] as const) {
      const plan = (await explain(db(), query)) as Node;
      expect(seqScans(plan), `renewal ${what}`).toEqual([]);
      expect(indexes(plan), `renewal ${what}`).toContain('ticket_field_value_text_idx');
    }
    // Bounds included: seats 45 to 47 of the value table, counted directly.
    const bounded = await runList(
      db(),
      planList(viewer, { offset: 0, limit: 50, kw: `custom_field_${seats}:>=45 field_${seats}:<=47` } as never, null, {
        fields,
      }),
    );
    const [direct] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM ticket_field_value WHERE field_id = ${seats} AND value_num BETWEEN 45 AND 47`,
    );
    expect(direct?.n).toBeGreaterThan(0);
    expect(bounded.total).toBe(direct?.n);
    await db().execute(sql`DELETE FROM ticket WHERE subject LIKE 'fplan %' AND requester_id = ${seeded}`);
  }, 60_000);
});
