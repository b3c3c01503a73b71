import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { bootstrap } from '../../server/src/modules/bootstrap/bootstrap.service.js';
import { openTestDatabase } from '../../server/test/app.js';

export const admin = { email: 'admin@example.com', password: 'admin-pass-1' };
const webDist = path.resolve(import.meta.dirname, '../../web/dist');

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/**
 * The real server (the same buildApp as `npm start`) on a fresh embedded database (a copy of the
 * run's migrated one, with its first admin: support/global-setup.ts), serving the built web app
 * on a free port. Tests seed with the server's own factories through `database`.
 */
export async function startServer(
  options: { engine?: 'pglite'; runJobs?: boolean; listPreview?: boolean } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` (npm test does it)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const database = await freshDatabase(options.engine);
  const app = await buildApp({
    database,
    webDist,
    dataDir,
    runJobs: options.runJobs ?? false,
    listPreview: options.listPreview ?? false,
    // Whether the list is drawn, not how fast: two browser files share a busy machine.
    listPreviewBudgetMs: 20_000,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Under Vitest, a copy of the run's migrated database: a clone on the run's PostgreSQL when there
 * is one (as the server tests), else, or when the file asks for PGlite, the embedded database from
 * the run's dump. Migrated here for a script (the benchmarks) run on its own.
 */
async function freshDatabase(engine?: 'pglite'): Promise<Database> {
  if (process.env.VITEST) {
    const dump = inject('pgliteDump');
    if (engine === 'pglite' || !inject('databaseUrl')) {
      return openDatabase({ pgliteLoad: new Blob([fs.readFileSync(dump)]) });
    }
    return openTestDatabase();
  }
  const database = await openDatabase({});
  await migrate(database);
  await bootstrap(database.db, admin);
  return database;
}
