import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';

/**
 * An embedded database migrated once, with its first admin, dumped to a file that each test
 * file (or browser test's server) loads a copy of. Returns the file and how to remove it.
 */
export async function writeMigratedDump(admin: { email: string; password: string }): Promise<{
  file: string;
  remove: () => void;
}> {
  const database = await openDatabase({});
  await migrate(database);
  await bootstrap(database.db, admin);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
  const file = path.join(dir, 'migrated.tar');
  const dump = await (database.dump as () => Promise<Blob>)();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
