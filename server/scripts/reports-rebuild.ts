/**
 * `npm run reports:rebuild`: rebuilds the report tables from the event log (every ticket, 500 a
 * transaction), then the daily sums from them, as the `report.rebuild` job does in a running
 * server. `-- --sums`: the daily sums only, from the per-ticket rows as they are (after the
 * upgrade that added them: minutes, not the hour a million tickets' event logs take).
 * DATABASE_URL, else the embedded database in DIR/pglite (`-- --data-dir DIR`, default DATA_DIR
 * or ./data, as `npm start`). Safe while the server runs: a batch locks its tickets, writes keep
 * their own tickets' rows current meanwhile, and add their changes to the sums being made
 * (writes do not wait for them).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { rebuildBatches, resetReports } from '../src/modules/report/report.rollup.js';
import { buildSums } from '../src/modules/report/report.sums.js';

async function main() {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, sums: { type: 'boolean' } } });
  const url = process.env.DATABASE_URL;
  const dir = values['data-dir'] ?? (url ? undefined : (process.env.DATA_DIR ?? 'data'));
  const database = dir
    ? await openDatabase({ pgliteDir: path.join(path.resolve(dir), 'pglite') })
    : await openDatabase({ databaseUrl: url, poolSize: 2 });
  await migrate(database);
  const start = Date.now();
  const say = (text: string) => process.stdout.write(`${((Date.now() - start) / 1000).toFixed(1)} s  ${text}\n`);
  if (!values.sums) {
    await resetReports(database.db);
    let cursor: number | null = 0;
    while (cursor !== null) {
      cursor = await rebuildBatches(database.db, 10);
      say(cursor === null ? 'per-ticket rows done' : `up to ticket ${cursor}`);
    }
  }
  await buildSums(database.db);
  say('daily sums done');
  await database.close();
}

main().catch((error) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
