import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { bootstrap } from '../../server/src/modules/bootstrap/bootstrap.service.js';
import { admin } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of the migrated embedded database with its first admin, that each file's server starts from. */
    pgliteDump: string;
  }
}

/** Migrates one embedded database per run; each file's server loads a copy (as the server tests do). */
export default async function setup(project: TestProject) {
  const database = await openDatabase({});
  await migrate(database);
  await bootstrap(database.db, admin);
  const dumpFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-db-')), 'migrated.tar');
  const dump = await (database.dump as () => Promise<Blob>)();
  fs.writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', dumpFile);
  return () => fs.rmSync(path.dirname(dumpFile), { recursive: true, force: true });
}
