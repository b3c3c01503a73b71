import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@parley/contracts': path.resolve(import.meta.dirname, '../contracts/src/index.ts') },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core idle; the tests wait on PGlite and PostgreSQL, not on the
    // runner, so every core runs a file (136 s to 96 s on PGlite, 107 s to 62 s on PostgreSQL, 2 cores).
    maxWorkers: os.availableParallelism(),
  },
});
