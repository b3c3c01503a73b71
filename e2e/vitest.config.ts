import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@parley/contracts': path.resolve(import.meta.dirname, '../contracts/src/index.ts') },
  },
  test: {
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: on a loaded machine a screen takes longer than that.
    expect: { poll: { timeout: 15_000 } },
    // One browser and one server per file; files run one after another on a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
  },
});
