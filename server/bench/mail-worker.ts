/**
 * One ingesting server process for `bench:mail`: fetches the mailbox until it is empty, then
 * exits. The benchmark kills it with SIGKILL mid-run and starts another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import type { MailConfig } from '../src/modules/mail/mail.config.js';

const url = process.env.BENCH_DB as string;
const config = JSON.parse(process.env.BENCH_MAIL_CONFIG as string) as MailConfig;
const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-mail-'));
const app = await buildApp({ database, dataDir, webDist: '/nonexistent' });
app.mail.configOverride = config;
for (;;) {
  const report = await app.mail.fetchNow({ batch: 200, max: 1_000_000 });
  if (!report || report.fetched === 0) {
    break;
  }
}
await app.close();
await database.close();
process.exit(0);
