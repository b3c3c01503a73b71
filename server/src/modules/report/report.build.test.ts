import { reportOps, ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildGroup } from '../../../test/factories.js';
import { api, db, setUpApp, t } from '../../../test/kit.js';
import { expectSumsExact } from '../../../test/report-kit.js';
import { preparedMark } from '../../db/client.js';
import { lockKeys } from '../../db/locks.js';
import { queryRows } from '../../db/rows.js';
import { refreshTickets } from './report.rollup.js';
import { allSumTables, buildSums, compactSums } from './report.sums.js';

setUpApp({ ticketDefaults: true });

const state = async () =>
  (await queryRows<{ rollups: boolean; building: boolean }>(db(), sql`SELECT rollups, building FROM report_state`))[0];

async function addTicket(groupId: number, subject: string): Promise<number> {
  const added = await api(ticketOps.add, {
    requester_email: `build-${subject.replaceAll(' ', '-')}-${Date.now()}@example.com`,
    subject,
    comment: { body: '<p>Help</p>' },
    group_id: groupId,
  });
  expect(added.code).toBe('0000');
  return added.data.ticket_id;
}

describe('building the daily sums', () => {
  it('turns them on from the per-ticket rows and keeps them exact', async () => {
    const groupId = await buildGroup(db());
    await addTicket(groupId, 'First');
    await db().execute(sql`UPDATE report_state SET rollups = false`);
    expect(await buildSums(db(), true)).toBe(true);
    expect(await state()).toEqual({ rollups: true, building: false });
    await expectSumsExact(db());
    // With fresh statistics: the planner's estimates of a few rows made day ranges scan whole tags.
    const analyzed = await queryRows<{ relname: string }>(
      db(),
      sql`SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL
        AND relname = ANY(${`{${allSumTables.join(',')}}`}::text[]) ORDER BY relname`,
    );
    expect(analyzed.map((r) => r.relname)).toEqual([...allSumTables].sort());
    // On already: nothing to do.
    expect(await buildSums(db(), true)).toBe(false);
  });

  // Two sessions at once: PGlite has one.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'lets ticket writes through while it runs, and counts each of them once',
    async () => {
      const groupId = await buildGroup(db());
      const ticketId = await addTicket(groupId, 'Before the build');
      await db().execute(sql`UPDATE report_state SET rollups = false`);

      // Hold the build inside its snapshot: it waits for the sums' merge lock, held here on a
      // connection of the app's own pool until the writes below are done.
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding: Promise<void> = Promise.resolve();
      await new Promise<void>((locked, failed) => {
        holding = t.database.withConnection(async (query) => {
          await query('BEGIN');
          await query(`SELECT pg_advisory_xact_lock(${lockKeys.reportCompact})`);
          locked();
          await released;
          await query('COMMIT');
        });
        holding.catch(failed);
      });
      let built = false;
      const build = buildSums(db(), true).then((r) => {
        built = true;
        return r;
      });
      try {
        await expect
          .poll(async () => {
            const [row] = await queryRows<{ n: number }>(
              db(),
              sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                AND objid = ${lockKeys.reportCompact}`,
            );
            return Number(row?.n);
          })
          .toBe(1);
        expect(await state()).toEqual({ rollups: false, building: true });

        // Writes the build's snapshot does not see: a reply, a solve, a new ticket. None waits for it.
        const started = Date.now();
        expect(
          (await api(ticketOps.edit, { ticket_id: ticketId, comment: { body: '<p>On it</p>', is_public: true } })).code,
        ).toBe('0000');
        expect((await api(ticketOps.edit, { ticket_id: ticketId, submit_as: 'solved' })).code).toBe('0000');
        await addTicket(groupId, 'During the build');
        expect(built).toBe(false);
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        release();
        await holding;
      }
      expect(await build).toBe(true);
      expect(await state()).toEqual({ rollups: true, building: false });
      await expectSumsExact(db());
      const dash = await api(reportOps.dashboard, { group_id: groupId });
      expect([dash.data.created, dash.data.solved, dash.data.unsolved]).toEqual([2, 1, 1]);
    },
    60_000,
  );
});

describe('the report deltas of a write', () => {
  // Parsing and planning the deltas' statement took 12-64 ms at every write at 1M tickets, for a
  // few milliseconds of work on one ticket: PostgreSQL keeps it prepared on the connection.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'are written by a statement kept prepared on the connection, and stay exact',
    async () => {
      const groupId = await buildGroup(db());
      const ticketId = await addTicket(groupId, 'Prepared deltas');
      const prepared = await db().transaction(async (tx) => {
        await refreshTickets(tx, [ticketId]);
        return queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${`${preparedMark}%`}`,
        );
      });
      expect(prepared[0]?.n).toBe(1);
      for (let i = 0; i < 7; i++) {
        expect((await api(ticketOps.edit, { ticket_id: ticketId, priority: i % 2 ? 'high' : 'low' })).code).toBe(
          '0000',
        );
      }
      await expectSumsExact(db());
    },
  );
});

describe('merging the deltas', () => {
  const createdRows = (groupId: number) =>
    queryRows<{ key: string; xmin: string }>(
      db(),
      sql`SELECT concat_ws(':', tag, days, day, group_id, assignee_id, source) AS key, xmin::text AS xmin
        FROM report_created_day WHERE NOT fresh AND group_id = ${groupId} ORDER BY 1`,
    );

  it('folds each delta into the rows of its own key only, one row per key, and stays exact', async () => {
    const [moved, stays, elsewhere] = [await buildGroup(db()), await buildGroup(db()), await buildGroup(db())];
    const ticketId = await addTicket(moved, 'Moves');
    await addTicket(moved, 'Stays with it');
    await addTicket(stays, 'Another group the same day');
    await compactSums(db());
    const untouched = await createdRows(stays);
    expect(untouched.length).toBeGreaterThan(0);

    // The ticket moves group twice: deltas for the keys of three groups, merged twice.
    const first = await api(ticketOps.edit, { ticket_id: ticketId, group_id: elsewhere });
    expect(first.code, JSON.stringify(first)).toBe('0000');
    expect(await compactSums(db())).toBe(true);
    expect((await api(ticketOps.edit, { ticket_id: ticketId, group_id: moved })).code).toBe('0000');
    expect(await compactSums(db())).toBe(true);
    await expectSumsExact(db());
    // The rows of a group no delta named are the same row versions: not rewritten with their
    // day's and blocks' neighbours (they were, once, with every row of each day a delta touched).
    expect(await createdRows(stays)).toEqual(untouched);
    // Merged rows: one per key.
    const repeated = await queryRows(
      db(),
      sql`SELECT tag, days, day, group_id, assignee_id, source FROM report_created_day WHERE NOT fresh
        GROUP BY 1, 2, 3, 4, 5, 6 HAVING count(*) > 1`,
    );
    expect(repeated).toEqual([]);
    const dash = await api(reportOps.dashboard, { group_id: moved });
    expect(dash.data.created).toBe(2);
    expect((await api(reportOps.dashboard, { group_id: elsewhere })).data.created).toBe(0);
  });
});
