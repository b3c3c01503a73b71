// `npm test`: every suite. Server tests on PostgreSQL when one answers, with the PGlite pass
// narrowed to what is PGlite's own and every route once; on PGlite alone otherwise;
// web unit tests; browser tests with Chromium (skipped, and said so, only where Chromium is missing
// and CI is not set: CI installs it and never skips them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, buildWebIfStale, chromiumPath, root, run } from './lib.mjs';

const results = [];
/** What failed, repeated under the summary: CI's log may keep only the end of the output. */
const failures = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-report-'));
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** The machine's CPU time so far (Linux's /proc/stat, in its ticks): busy and all; null elsewhere. */
function cpuTicks() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy, all: busy + idle + iowait + (steal ?? 0) };
  } catch {
    return null;
  }
}

async function vitest(name, workspace, env = {}) {
  const summaryFile = path.join(reportDir, `${name}.json`);
  const began = Date.now();
  const cpuBefore = cpuTicks();
  console.log(`\n=== ${name} ===`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--reporter=default', `--reporter=${path.join(root, 'scripts/summary-reporter.mjs')}`],
    {
      cwd: path.join(root, workspace),
      env: { ...process.env, ...env, PARLEY_SUMMARY_FILE: summaryFile },
    },
  );
  const summary = fs.existsSync(summaryFile)
    ? JSON.parse(fs.readFileSync(summaryFile, 'utf8'))
    : { passed: 0, failed: 0, skipped: 0, failures: [] };
  const { passed, skipped } = summary;
  // A run that failed with no test failed (a hook, a file that did not load): one failure.
  const failed = summary.failed + (code !== 0 && summary.failed === 0 ? 1 : 0);
  failures.push(...summary.failures.map((line) => `${workspace}/${line}`));
  const cpuAfter = cpuTicks();
  // How busy the machine's cores were through the pass: saturated, only less work makes it faster.
  const busy =
    cpuBefore && cpuAfter && cpuAfter.all > cpuBefore.all
      ? Math.round((100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.all - cpuBefore.all))
      : null;
  results.push({ name, passed, failed, skipped, took: Date.now() - began, busy });
}

/** The PostgreSQL for the second pass: TEST_DATABASE_URL, DATABASE_URL, or the local server. */
async function postgresUrl() {
  const candidates = [
    process.env.TEST_DATABASE_URL,
    process.env.DATABASE_URL,
    'postgres://postgres@127.0.0.1:5432/test',
  ];
  for (const url of candidates.filter(Boolean)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

await buildServer();
// server/dist is current from here on: the server tests' child processes run it rather than
// compiling src/main.ts through tsx on every start (server/test/cluster.ts).
process.env.PARLEY_TEST_SERVER_BUILT = '1';
const pgUrl = await postgresUrl();
if (pgUrl) {
  // Every file on PostgreSQL; on PGlite what is its own and a pass over every route
  // (server/vitest.config.ts, docs/decisions/0012-test-passes.md).
  await vitest('server on PGlite', 'server', { TEST_DATABASE_URL: '', PARLEY_TEST_PASS: 'pglite-smoke' });
  await vitest('server on PostgreSQL', 'server', { TEST_DATABASE_URL: pgUrl, PARLEY_TEST_PASS: 'postgres' });
} else {
  await vitest('server on PGlite', 'server', { TEST_DATABASE_URL: '', PARLEY_TEST_PASS: '' });
  console.log(
    '\nNo PostgreSQL answered (TEST_DATABASE_URL, DATABASE_URL, 127.0.0.1:5432): the PostgreSQL pass is skipped.',
  );
}
await vitest('web', 'web');

const chromium = chromiumPath();
if (chromium) {
  await buildWebIfStale();
  // On the PostgreSQL found above when there is one (a clone per file), but the files that ask for
  // the embedded database (support/server.ts); on PGlite alone otherwise.
  await vitest('browser (e2e)', 'e2e', { CHROMIUM_PATH: chromium, TEST_DATABASE_URL: pgUrl ?? '' });
} else if (process.env.CI) {
  console.error('\nCI is set but Chromium is missing: browser tests cannot be skipped in CI.');
  results.push({ name: 'browser (e2e)', passed: 0, failed: 1, skipped: 0 });
} else {
  console.log(
    '\nSKIPPED: browser tests need Chromium at /usr/bin/chromium (apt-get install -y chromium). Everything else ran.',
  );
}

fs.rmSync(reportDir, { recursive: true, force: true });
// The passes run one after another: side by side they took as long (measured: the first three
// and the web build 257 s together against 258 s in turn; the PostgreSQL pass alone keeps both
// cores busy with its database server), docs/decisions/0012-test-passes.md.
console.log(`\nSummary (${seconds(Date.now() - started)}, ${os.availableParallelism()} cores)`);
for (const r of results) {
  const took = r.took === undefined ? '' : ` (${seconds(r.took)}${r.busy == null ? '' : `, cores ${r.busy} % busy`})`;
  console.log(`  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${took}`);
}
const total = results.reduce(
  (a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }),
  {
    passed: 0,
    failed: 0,
    skipped: 0,
  },
);
console.log(
  `total: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
if (failures.length > 0) {
  console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
}
process.exit(total.failed > 0 ? 1 : 0);
