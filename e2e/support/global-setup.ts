import type { TestProject } from 'vitest/node';
import { setUpDatabases } from '../../server/test/global-setup.js';

/**
 * The run's databases, as the server tests make them: with TEST_DATABASE_URL (npm test passes the
 * PostgreSQL it found) a migrated PostgreSQL database that each file's server clones, and a
 * migrated PGlite dump for the files that run on the embedded database as `npm start` does
 * (support/server.ts); without it, the PGlite dump alone.
 */
export default async function setup(project: TestProject) {
  return setUpDatabases(project, { alsoPglite: true });
}
