/**
 * `npm run bench:search`: the search box's terms on a seeded database (DATABASE_URL, default the
 * 1M bench database), each term's first page as `ticket.list` computes it (`runList`, in process:
 * the search's own SQL, no HTTP), 7 calls each after a warm one; the plain list's first page is
 * the floor. Common words walk the list's index, rare ones are collected (decision 0003).
 */
import { performance } from 'node:perf_hooks';
import { defaultBenchUrl } from '../scripts/seed.js';
import { openDatabase } from '../src/db/client.js';
import { planList, runList } from '../src/modules/ticket-search/ticket-list.service.js';
import { searchTerms } from './search-terms.js';

// The first twelve of bench:tickets' terms (common English words, and "login", which the seed
// never writes), then common Chinese words, rare ones, a phrase, an order number, a ticket number.
const terms = [
  ...searchTerms.slice(0, 12),
  '退款',
  '发票',
  '密码',
  'printer jam',
  'ORD-004711',
  '#123456',
  'zzznotaword',
];
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? defaultBenchUrl });
const db = database.db;
const viewer = { accountId: 1, userType: 'admin', ticketAccess: 'all', groupIds: [] } as never;
const time = async (input: Record<string, unknown>, n = 7) => {
  const plan = () => planList(viewer, { offset: 0, limit: 50, ...input } as never, null);
  const first = await runList(db, plan());
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await runList(db, plan());
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return { total: first.total, est: first.total_estimated, p50: t[Math.floor(n / 2)] as number, all: t };
};
const floor = await time({}, 15);
console.log(`floor (plain list page): p50 ${floor.p50.toFixed(1)} ms`);
const all: number[] = [];
for (const kw of terms) {
  const r = await time({ kw });
  all.push(...r.all);
  console.log(
    `${kw.padEnd(14)} total ${String(r.total).padStart(7)}${r.est ? '~' : ' '} p50 ${r.p50.toFixed(1).padStart(7)} ms`,
  );
}
all.sort((a, b) => a - b);
const pct = (p: number) => all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))] as number;
console.log(
  `all terms: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${all.at(-1)?.toFixed(1)} ms; p95 / floor p50 ${(pct(95) / floor.p50).toFixed(1)}`,
);
await database.close();
