/**
 * `npm run bench:people`: latency of the people and organization lists at scale, on PostgreSQL.
 *
 * Creates a fresh database `parley_bench_people` on the server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates it, seeds 100k accounts and 10k
 * organizations with set-based INSERT … SELECT generate_series, then calls the API through
 * app.inject (routing, auth, validation, serialisation included) and prints p50/p95/p99.
 * Goal: p95 under 50 ms for every scenario.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';
import { freshBenchDatabase } from './database.js';

const accounts = Number(process.env.BENCH_ACCOUNTS ?? 100_000);
const companies = Number(process.env.BENCH_COMPANIES ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const admin = { email: 'bench-admin@example.com', password: 'bench-pass-1' };

const firstNames = [
  'John',
  'Mary',
  'Wei',
  'Li',
  'Anna',
  'Carlos',
  'Fatima',
  'Yuki',
  'Olga',
  'Ahmed',
  'Maria',
  'David',
  'Chen',
  'Priya',
  'Lucas',
  'Emma',
  'Noah',
  'Sofia',
  'Zhang',
  'Ivan',
];
const lastNames = [
  'Smith',
  'Wang',
  'Garcia',
  'Müller',
  'Kim',
  'Nguyen',
  'Rossi',
  'Silva',
  'Tanaka',
  'Novak',
  'Brown',
  'Lopez',
  'Khan',
  'Petrov',
  'Dubois',
  'Jones',
  'Liu',
  'Sato',
  'Costa',
  'Young',
];
const words = [
  'Acme',
  'Global',
  'Tech',
  'Blue',
  'River',
  'North',
  'Star',
  'Green',
  'Peak',
  'Bright',
  'Delta',
  'Nova',
  'Apex',
  'Summit',
  'Harbor',
];
const kinds = ['Labs', 'Systems', 'Trading', 'Foods', 'Logistics', 'Media', 'Health', 'Energy', 'Studio', 'Partners'];
const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = Date.now();
  const started = performance.now();
  await client.query(`
    INSERT INTO company (company_name, company_domains, note, create_ts, update_ts)
    SELECT (${sqlArray(words)})[1 + i % ${words.length}] || ' ' || (${sqlArray(kinds)})[1 + (i / ${words.length}) % ${kinds.length}] || ' ' || i,
           ARRAY['corp' || i || '.example.com'], '', ${now}, ${now}
    FROM generate_series(1, ${companies}) AS i`);
  // One account in ten is an agent, one in a thousand an admin; most end users belong to an organization.
  await client.query(`
    INSERT INTO account (email, real_name, user_type, company_id, create_ts, update_ts)
    SELECT lower((${sqlArray(firstNames)})[1 + i % ${firstNames.length}]) || '.' || lower((${sqlArray(lastNames)})[1 + (i / 7) % ${lastNames.length}]) || i
             || '@' || CASE WHEN i % 3 = 0 THEN (ARRAY['gmail.com','outlook.com','qq.com','yahoo.com'])[1 + i % 4]
                            ELSE 'corp' || (1 + i % ${companies}) || '.example.com' END,
           (${sqlArray(firstNames)})[1 + i % ${firstNames.length}] || ' ' || (${sqlArray(lastNames)})[1 + (i / 7) % ${lastNames.length}],
           CASE WHEN i % 1000 = 0 THEN 'admin' WHEN i % 10 = 0 THEN 'agent' ELSE 'end_user' END,
           CASE WHEN i % 10 <> 0 AND i % 3 <> 0 THEN 1 + i % ${companies} END,
           ${now} - i * 1000, ${now}
    FROM generate_series(1, ${accounts}) AS i`);
  await client.query('ANALYZE');
  const counts = await client.query(
    'SELECT (SELECT count(*) FROM account) AS accounts, (SELECT count(*) FROM company) AS companies',
  );
  await client.end();
  return { ms: performance.now() - started, ...counts.rows[0] };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main() {
  const url = await freshBenchDatabase('parley_bench_people');
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  await migrate(database);
  await bootstrap(database.db, admin);
  const seeded = await seed(url);
  console.log(
    `seeded ${seeded.accounts} accounts and ${seeded.companies} organizations in ${(seeded.ms / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({ database, webDist: '/nonexistent' });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/admin/auth.login', payload: admin });
  const token = (login.json() as { data: { token: string } }).data.token;

  const accountList = '/api/admin/auth.account.list';
  const companyList = '/api/admin/settings/company.list';
  const one = (name: string, url: string, query: Record<string, string>) => ({ name, url, queries: [query] });
  // Keywords from very common (matching two thirds of all accounts) to rare, as a person types them.
  const scenarios: Array<{ name: string; url: string; queries: Array<Record<string, string>> }> = [
    ...['example.com', 'gmail', 'smith', 'john'].map((kw) =>
      one(`account.list kw=${kw} (common)`, accountList, { kw }),
    ),
    ...['wei.kim', 'corp4242', 'petrov77', 'nobody-here'].map((kw) =>
      one(`account.list kw=${kw} (rare)`, accountList, { kw }),
    ),
    ...['li', 'wa'].map((kw) => one(`account.list kw=${kw} (2 letters: no trigram)`, accountList, { kw })),
    ...['end_user', 'agent', 'admin'].map((t) => one(`account.list user_type=${t}`, accountList, { user_type: t })),
    ...['john', 'outlook'].map((kw) =>
      one(`account.list user_type=agent kw=${kw}`, accountList, { user_type: 'agent', kw }),
    ),
    one('account.list company_id', accountList, { company_id: '4242' }),
    one('account.list (no filter)', accountList, {}),
    one('account.list (no filter, offset 50000)', accountList, { offset: '50000' }),
    one('company.list (no kw)', companyList, {}),
    one('company.list (no kw, offset 5000)', companyList, { offset: '5000' }),
    ...['acme', 'labs', 'global tech', 'corp77.example.com'].map((kw) =>
      one(`company.list kw=${kw}`, companyList, { kw }),
    ),
  ];

  const rows: string[] = [];
  let worstP95 = 0;
  for (const scenario of scenarios) {
    const times: number[] = [];
    let totalSeen = 0;
    for (let i = 0; i < runs + 10; i++) {
      const query = scenario.queries[i % scenario.queries.length] as Record<string, string>;
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: scenario.url, query, headers: { authorization: token } });
      const elapsed = performance.now() - started;
      const body = res.json() as { code: string; data: { total: number } };
      if (body.code !== '0000') {
        throw new Error(`${scenario.name}: ${res.body}`);
      }
      totalSeen = Math.max(totalSeen, body.data.total);
      if (i >= 10) {
        times.push(elapsed);
      }
    }
    times.sort((x, y) => x - y);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p)) as [number, number, number];
    worstP95 = Math.max(worstP95, p95);
    rows.push(`| ${scenario.name} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${p99.toFixed(1)} | ${totalSeen} |`);
  }
  console.log(
    `\n${runs} calls per scenario through app.inject, PostgreSQL, ${accounts} accounts, ${companies} organizations\n`,
  );
  console.log('| scenario | p50 ms | p95 ms | p99 ms | largest total |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) {
    console.log(row);
  }
  console.log(`\nworst p95: ${worstP95.toFixed(1)} ms (goal < 50 ms): ${worstP95 < 50 ? 'met' : 'NOT met'}`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
