import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const all = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * Passwords hashed at scrypt's N = 2^10 rather than 2^14 (server/src/modules/auth/password.ts): the
 * PostgreSQL pass makes ~780 hashes a run (130 → 107 s of its CPU, 121 → 111 s of wall). Set here,
 * before the global setup and the test processes (and the servers they start) read it.
 */
process.env.PASSWORD_HASH_COST ??= '10';

/**
 * Files that start the embedded database themselves, whatever TEST_DATABASE_URL says: they run
 * in the PGlite pass only.
 */
const pgliteOnly = ['src/db/maintenance.test.ts'];

/**
 * When `npm test` also runs the suite on PostgreSQL, the PGlite pass runs what is PGlite's own code
 * and every route once (docs/decisions/0012-test-passes.md): the database client, its result
 * shapes, migrations and maintenance, the job queue and the after-commit bus on one connection,
 * and every route with allowed and refused callers (the access table). The flows themselves run
 * on PGlite in the browser tests' embedded-database files and `npm start`'s test (e2e/).
 */
const pgliteSmoke = [
  ...pgliteOnly,
  'src/db/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/events/**/*.test.ts',
  'test/access-table.test.ts',
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
    // On PostgreSQL two files more than the cores: with one per core they were 74 % busy, the files
    // waiting on the database server (2 cores: 143-159 s with two files at a time, 138-141 s with
    // three, 132 s with four; the same CPU, ~250 s). With passwords hashed cheaply (vitest's env
    // above) the pass waits more than it computes: 111 s with three, 104 with four, 97 with five,
    // 112 with six (one run each, 107-133 s of CPU). On PGlite, in the file's own process, a third
    // file only competes (29 s with two, 34 s with three).
    maxWorkers: os.availableParallelism() + (pass === 'postgres' ? 2 : 0),
    // Files share a worker's modules: the server is imported once per worker, not once per file
    // (summed import 175 s to 17 s on PostgreSQL). Each file has its own database (test/app.ts),
    // and an app starts with the process's read caches empty (buildApp).
    isolate: false,
  },
});
