import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, postgresAnswers, type ServerProcess, startServer } from '../../../test/cluster.js';
import { eventually, mailKit } from '../../../test/mail-kit.js';
import { hasDovecot, type MailServers, startMailServers } from '../../../test/mail-servers.js';
import { type Database, openDatabase } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { writeSetting } from '../setting/setting.repo.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';

const ready = hasDovecot && (await postgresAnswers());

/**
 * Two server processes (npm start's `src/main.ts`) on one PostgreSQL fetch one support mailbox of a
 * real Dovecot, by IDLE and by the timer (every second): each mail is imported once, whether someone
 * opened it in the mailbox first or not.
 */
describe.skipIf(!ready)('two server processes fetching one mailbox', () => {
  let servers: MailServers;
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;
  let drop: () => Promise<void>;
  const { customer, ours, rawMail } = mailKit(() => servers);
  const support = ours('help');

  beforeAll(async () => {
    servers = await startMailServers();
    const fresh = await freshDatabase();
    drop = fresh.drop;
    const env = {
      DATABASE_URL: fresh.url,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-pass-1',
      DATABASE_POOL_SIZE: '4',
      MAIL_POLL_SECONDS: '1',
    };
    a = await startServer(env);
    b = await startServer(env);
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    await writeSetting(database.db, 'email', 'config', servers.config(support).settings);
  }, 180_000);

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()]);
    await database?.close();
    await drop?.();
    await servers?.stop();
  }, 60_000);

  const ticketsOf = async (subjects: string[]) =>
    queryRows<{ subject: string; n: number }>(
      database.db,
      sql`SELECT subject, count(*)::int AS n FROM ticket WHERE subject = ANY(${textArrayLiteral(subjects)}::text[])
          GROUP BY subject`,
    );

  it('imports each mail once, read in the mailbox first or not', async () => {
    const first = rawMail({ from: customer('first'), subject: 'Before the crowd' });
    await servers.deliver(support, first.raw);
    await eventually(
      'the first mail imported',
      async () => (await ticketsOf(['Before the crowd'])).length === 1,
      30_000,
    );

    const mails = Array.from({ length: 10 }, (_, i) => rawMail({ from: customer(`c${i}`), subject: `Crowd ${i}` }));
    for (const [i, m] of mails.entries()) {
      await servers.deliver(support, m.raw, { seen: i % 2 === 0 });
    }
    const subjects = mails.map((_, i) => `Crowd ${i}`);
    await eventually('every mail imported', async () => (await ticketsOf(subjects)).length === 10, 30_000);
    // A few more rounds of both processes' timers and IDLE: nothing is imported twice.
    await new Promise((r) => setTimeout(r, 4000));
    const counts = await ticketsOf([...subjects, 'Before the crowd']);
    expect(counts).toHaveLength(11);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const [total] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ticket`);
    expect(total?.n).toBe(11);
    expect((await servers.read(support)).every((m) => m.seen)).toBe(true);
  }, 90_000);
});
