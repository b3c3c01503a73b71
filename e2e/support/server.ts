import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { type Database, openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { bootstrap } from '../../server/src/modules/bootstrap/bootstrap.service.js';

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
export async function startServer(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` (npm test does it)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
  const database = await freshDatabase();
  const app = await buildApp({ database, webDist, dataDir });
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

/** The run's migrated copy under Vitest; migrated here for a script (the benchmarks) run on its own. */
async function freshDatabase(): Promise<Database> {
  const dump = process.env.VITEST ? inject('pgliteDump') : '';
  if (dump) {
    return openDatabase({ pgliteLoad: new Blob([fs.readFileSync(dump)]) });
  }
  const database = await openDatabase({});
  await migrate(database);
  await bootstrap(database.db, admin);
  return database;
}
