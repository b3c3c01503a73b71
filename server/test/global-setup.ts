import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';
import { testAdmin } from './constants.js';
import { writeMigratedDump } from './migrated-dump.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL URL of this run's fresh database, when the suite runs on PostgreSQL. */
    databaseUrl: string;
    /** A dump of the migrated PGlite database that each test file starts from. */
    pgliteDump: string;
  }
}

/**
 * One migrated database per run. On PostgreSQL (TEST_DATABASE_URL) a fresh database is
 * created and dropped afterwards; on PGlite a migrated copy is dumped once and loaded per file.
 */
export default async function setup(project: TestProject) {
  return setUpDatabases(project, { alsoPglite: false });
}

/**
 * The run's databases. `alsoPglite`: a PGlite dump beside the PostgreSQL database, for the files
 * that must run on the embedded database whatever the run (the browser tests' PGlite files).
 */
export async function setUpDatabases(project: TestProject, { alsoPglite }: { alsoPglite: boolean }) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const dump = alsoPglite ? await writeMigratedDump(testAdmin) : null;
    const name = `parley_test_${process.pid}_${Date.now()}`;
    const adminClient = new pg.Client({ connectionString: serverUrl });
    await adminClient.connect();
    await adminClient.query(`CREATE DATABASE ${name}`);
    await adminClient.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await migrate(database);
    await bootstrap(database.db, testAdmin);
    await database.close();
    project.provide('databaseUrl', url.toString());
    project.provide('pgliteDump', dump?.file ?? '');
    return async () => {
      dump?.remove();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // The per-file clones (test/app.ts) a crashed file left behind, then the run's own.
      const clones = await c.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${name}_f`]);
      for (const row of clones.rows as Array<{ datname: string }>) {
        await c.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dump = await writeMigratedDump(testAdmin);
  project.provide('databaseUrl', '');
  project.provide('pgliteDump', dump.file);
  return dump.remove;
}
