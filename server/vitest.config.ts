import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const all = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Files that start the embedded database themselves, whatever TEST_DATABASE_URL says: they run
 * in the PGlite pass only.
 */
const pgliteOnly = ['test/main.test.ts', 'src/db/maintenance.test.ts'];

/**
 * When `npm test` also runs the suite on PostgreSQL, the PGlite pass runs these and not every
 * file twice (docs/decisions/0012-test-passes.md): what is PGlite's own (the database client, its
 * result shapes, migrations, the job queue, `npm start` on a fresh data folder), every route once
 * with allowed and refused callers and hostile input (access table, hostile input), and the
 * flows that lean on SQL the most (tickets, search, reports, mail, chat, triggers).
 */
const pgliteSmoke = [
  ...pgliteOnly,
  'src/db/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/events/**/*.test.ts',
  'test/access-table.test.ts',
  'test/hostile-input.test.ts',
  'src/modules/ticket/ticket.test.ts',
  'src/modules/ticket-search/search.test.ts',
  'src/modules/report/report.brute.test.ts',
  'src/modules/mail/mail.test.ts',
  'src/modules/chat/chat.test.ts',
  'src/modules/rule/trigger.test.ts',
];

/** `PARLEY_TEST_PASS`: unset runs every file (on PGlite, or on TEST_DATABASE_URL's PostgreSQL). */
const pass = process.env.PARLEY_TEST_PASS;
const include = pass === 'pglite-smoke' ? pgliteSmoke : all;
const exclude = pass === 'postgres' ? pgliteOnly : [];

export default defineConfig({
  resolve: {
    alias: { '@parley/contracts': path.resolve(import.meta.dirname, '../contracts/src/index.ts') },
  },
  test: {
    include,
    exclude: ['**/node_modules/**', ...exclude],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core idle; the tests wait on PGlite and PostgreSQL, not on the
    // runner, so every core runs a file (136 s to 96 s on PGlite, 107 s to 62 s on PostgreSQL, 2 cores).
    maxWorkers: os.availableParallelism(),
  },
});
