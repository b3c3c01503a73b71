// `npm run bench:web`: builds the web app if it is stale, then measures the screens in Chromium
// (e2e/bench/web.ts says what and how). BENCH_RUNS=<n> sets the runs per figure (default 3).
import { buildWebIfStale, chromiumPath, mustRun } from './lib.mjs';

if (!chromiumPath()) {
  console.error('bench:web needs Chromium (/usr/bin/chromium or CHROMIUM_PATH)');
  process.exit(2);
}
await buildWebIfStale();
await mustRun('npx', ['tsx', 'e2e/bench/web.ts']);
