import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpApp, t } from '../../../test/kit.js';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema/index.js';
import { exactCountCap, ticketOrder } from './ticket-list.repo.js';
import { countsInProgress, countTickets, forgetListCaches } from './ticket-list.service.js';

// The count of a big list (above exactCountCap) is an estimate kept a few seconds. While it is
// kept, lapsed or not, at most one count of that list runs at a time.

setUpApp();
const db = () => t.database.db;
const where = sql`subject LIKE 'fcount %' AND deleted_ts IS NULL`;
const order = ticketOrder('-update_ts');

/** The database, counting the count queries it is asked (each capped count is one select of a select). */
function counted() {
  const seen = { selects: 0 };
  const proxy = new Proxy(db(), {
    get(target, prop, receiver) {
      if (prop === 'select') {
        seen.selects++;
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as Db;
  return { db: proxy, counts: () => seen.selects / 2 };
}

beforeAll(async () => {
  const [row] = await db()
    .select({ a: sql<number>`min(${account.accountId})` })
    .from(account)
    .where(eq(account.userType, 'admin'));
  await db().execute(sql`
    INSERT INTO ticket (subject, ticket_state, source, requester_id, tags, fields, create_ts, update_ts)
    SELECT 'fcount ' || g, 'open', 'web', ${row?.a}::int, ARRAY[]::text[], '{}'::jsonb, g, g
    FROM generate_series(1, ${exactCountCap + 50}) g`);
  await db().execute(sql`INSERT INTO ticket_search (ticket_id, search_vector)
    SELECT ticket_id, array_to_tsvector(ARRAY['fcount']) FROM ticket WHERE subject LIKE 'fcount %'`);
  await db().execute(sql`ANALYZE ticket`);
  await db().execute(sql`ANALYZE ticket_search`);
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await db().execute(sql`DELETE FROM ticket WHERE subject LIKE 'fcount %'`);
});

describe('counts of big lists', () => {
  it('count once for all the calls that ask together, and answer a lapsed estimate while one call recounts', async () => {
    forgetListCaches();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const { db: seen, counts } = counted();
    // Five calls at once, nothing kept: one count, one answer.
    const first = await Promise.all(Array.from({ length: 5 }, () => countTickets(seen, where, order)));
    expect(counts()).toBe(1);
    expect(new Set(first.map((c) => JSON.stringify(c))).size).toBe(1);
    expect(first[0]?.estimated).toBe(true);
    expect(first[0]?.total).toBeGreaterThan(exactCountCap);
    // Kept: no count.
    await countTickets(seen, where, order);
    expect(counts()).toBe(1);
    // Lapsed (61 s later): answered at once from what was kept, while one count runs for all.
    vi.setSystemTime(start + 61_000);
    const lapsed = await Promise.all(Array.from({ length: 5 }, () => countTickets(seen, where, order)));
    expect(lapsed).toEqual(Array(5).fill(first[0]));
    expect(counts()).toBe(2);
    await vi.waitFor(() => expect(countsInProgress()).toBe(0));
    // Long gone (five minutes and more): the call waits for a count of its own.
    vi.setSystemTime(start + 61_000 + 301_000);
    const fresh = await countTickets(seen, where, order);
    expect(counts()).toBe(3);
    expect(fresh.estimated).toBe(true);
    vi.useRealTimers();
  });
});
