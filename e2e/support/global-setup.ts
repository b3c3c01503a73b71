import type { TestProject } from 'vitest/node';
import { writeMigratedDump } from '../../server/test/migrated-dump.js';
import { admin } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of the migrated embedded database with its first admin, that each file's server starts from. */
    pgliteDump: string;
  }
}

/** Migrates one embedded database per run; each file's server loads a copy (as the server tests do). */
export default async function setup(project: TestProject) {
  const dump = await writeMigratedDump(admin);
  project.provide('pgliteDump', dump.file);
  return dump.remove;
}
