import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Passwords hashed at scrypt's N = 2^10 (server/vitest.config.ts says why): the servers here sign in often.
process.env.PASSWORD_HASH_COST ??= '10';

export default defineConfig({
  resolve: {
    alias: { '@parley/contracts': path.resolve(import.meta.dirname, '../contracts/src/index.ts') },
  },
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/testEnd.ts'],
    // Two files run at once: each step may wait 30 s (support/browser.ts), a test 2 minutes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: on a loaded machine a screen takes longer than that.
    expect: { poll: { timeout: 30_000 } },
    // One browser and one server per file, three files at a time: a file keeps about three
    // quarters of one core busy (views: 42 s of CPU over 55 s), so on a 2-core machine two files
    // leave a core's quarter idle and a third fills it (docs/decisions/0012-test-passes.md).
    fileParallelism: true,
    maxWorkers: 3,
    pool: 'forks',
    // Files share a worker's modules: the server's source is imported once per worker, not once
    // per file (import 100 s to 22 s summed). Each file still starts its own server on its own
    // database (support/server.ts), and every timer the server starts stops when it closes (the
    // rate-limit store's own clean-up timer outlived its app: now Limits.clearExpired, app.ts).
    isolate: false,
  },
});
