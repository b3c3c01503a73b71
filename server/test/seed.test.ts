import { ticketOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedHelpDesk } from '../scripts/seed.js';
import { queryRows } from '../src/db/rows.js';
import { reindexBatches } from '../src/modules/ticket-search/search-index.js';
import { api, db, setUpApp, t } from './kit.js';

setUpApp();

const vectors = async () =>
  queryRows<{ ticket_id: number; words: string }>(
    db(),
    sql`SELECT ticket_id, search_vector::text AS words FROM ticket_search ORDER BY ticket_id`,
  );

describe('the seed script (benchmarks and audits search a seeded help desk)', () => {
  it("writes the product's search words: tickets are found by their requester's email and name, as in production", async () => {
    await seedHelpDesk(t.database, { tickets: 60, comments: 150 }, () => undefined);
    const [who] = await queryRows<{ email: string; real_name: string; ids: number[] }>(
      db(),
      sql`SELECT a.email, a.real_name, array_agg(t.ticket_id ORDER BY t.ticket_id) AS ids
          FROM ticket t JOIN account a ON a.account_id = t.requester_id
          GROUP BY a.account_id ORDER BY count(*) DESC, a.account_id LIMIT 1`,
    );
    const found = async (kw: string) =>
      (await api(ticketOps.list, { kw, limit: 100 })).data.list.map((r) => r.ticket_id).sort((a, b) => a - b);
    expect(await found(who?.email as string)).toEqual(who?.ids);
    expect(await found(who?.real_name as string)).toEqual(expect.arrayContaining(who?.ids ?? []));

    // Word for word what the server's reindex writes for the same tickets.
    const seeded = await vectors();
    await db().execute(sql`UPDATE search_index_state SET version = 1, cursor = 0`);
    expect(await reindexBatches(db(), 10)).toBeNull();
    expect(seeded).toEqual(await vectors());
  }, 120_000);
});
