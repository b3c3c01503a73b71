/**
 * `npm run bench:mail`: mail in and mail out on PostgreSQL against a real Dovecot and SMTP server.
 *
 * Fills the support mailbox with BENCH_MAILS mails (default 10,000: 70 % new requests, 30 %
 * replies carrying In-Reply-To/References of an earlier mail), then ingests them with a server
 * process (`mail-worker.ts`) that is killed with SIGKILL twice during the run and started again.
 * Checks: one ticket per new mail (no duplicate), one stored message per mail (none lost), every
 * reply on its parent's ticket. Then queues BENCH_OUT public replies and times their sending
 * through the SMTP server (which delivers into Dovecot).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { bootstrap } from '../src/modules/bootstrap/bootstrap.service.js';
import { mailPassword, startMailServers } from '../test/mail-servers.js';
import { freshBenchDatabase } from './database.js';

const total = Number(process.env.BENCH_MAILS ?? 10_000);
const outgoing = Number(process.env.BENCH_OUT ?? 1_000);
const kills = Number(process.env.BENCH_KILLS ?? 2);
const here = path.dirname(fileURLToPath(import.meta.url));
const support = 'help@bench.test';

function mail(i: number, parent: number | null): string {
  const from = `customer${i % 997}@example.com`;
  return [
    `From: Customer ${i % 997} <${from}>`,
    `To: ${support}`,
    `Subject: ${parent === null ? `Question number ${i}` : `Re: Question number ${parent}`}`,
    `Message-ID: <bench.${i}@example.com>`,
    ...(parent === null
      ? []
      : [`In-Reply-To: <bench.${parent}@example.com>`, `References: <bench.${parent}@example.com>`]),
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, this is mail ${i}. 你好，这是第 ${i} 封邮件。`,
    '',
  ].join('\r\n');
}

const url = await freshBenchDatabase('parley_bench_mail');
const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
await migrate(database);
await bootstrap(database.db, { email: 'bench-admin@example.com', password: 'bench-pass-1' });
const servers = await startMailServers();
const config = servers.config(support);
console.log(`Dovecot on ${servers.imapPort}, SMTP on ${servers.smtpPort}, PostgreSQL ${url}`);

// Fill the mailbox: 4 IMAP connections appending in parallel.
const parents: Array<number | null> = [];
for (let i = 0; i < total; i++) {
  // Every third-or-so mail after the first 100 answers an earlier new mail.
  const isReply = i >= 100 && i % 10 < 3;
  let parent: number | null = null;
  if (isReply) {
    let p = Math.floor(Math.random() * (i - 50));
    while (parents[p] !== null) {
      p--;
    }
    parent = p;
  }
  parents.push(parent);
}
const fillStart = performance.now();
const appenders = await Promise.all(
  [0, 1, 2, 3].map(async () => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port: servers.imapPort,
      secure: false,
      auth: { user: support, pass: mailPassword },
      logger: false,
    });
    await c.connect();
    return c;
  }),
);
// Appended in order in chunks so that a reply's parent always has a lower UID.
for (let i = 0; i < total; i += 4) {
  await Promise.all(
    appenders.map(async (c, k) => {
      if (i + k < total) {
        await c.append('INBOX', mail(i + k, parents[i + k] ?? null));
      }
    }),
  );
}
for (const c of appenders) {
  await c.logout();
}
console.log(`filled ${total} mails in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);

// The floor: the same mailbox read by a bare IMAP client (every message's source, nothing parsed
// or stored). Ingesting cannot be faster than reading; the ratio says what Parley adds to it.
const floorStart = performance.now();
const reader = new ImapFlow({
  host: '127.0.0.1',
  port: servers.imapPort,
  secure: false,
  auth: { user: support, pass: mailPassword },
  logger: false,
});
await reader.connect();
await reader.mailboxOpen('INBOX', { readOnly: true });
let floorRead = 0;
for await (const message of reader.fetch('1:*', { source: true })) {
  floorRead += message.source ? 1 : 0;
}
await reader.logout();
const floorSeconds = (performance.now() - floorStart) / 1000;
const floorRate = floorRead / floorSeconds;
console.log(
  `floor: a bare IMAP client read ${floorRead} mails in ${floorSeconds.toFixed(1)} s (${floorRate.toFixed(0)}/s)`,
);

const count = async () => {
  const r = await database.withConnection((q) =>
    q(`SELECT count(*)::int AS n FROM mail_message WHERE direction = 'in'`),
  );
  return Number(r[0]?.n);
};

// Ingest with a worker process, killed with SIGKILL `kills` times, restarted each time.
const start = performance.now();
let killed = 0;
let runs = 0;
for (;;) {
  runs++;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'mail-worker.ts')], {
    env: { ...process.env, BENCH_DB: url, BENCH_MAIL_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (!done) {
    await new Promise((r) => setTimeout(r, 500));
    if (killed < kills && !done) {
      const n = await count();
      if (n >= ((killed + 1) * total) / (kills + 1)) {
        child.kill('SIGKILL');
        killed++;
        console.log(`killed the server with SIGKILL at ${n} mails stored`);
        await exited;
        break;
      }
    }
  }
  const code = await exited;
  if (code === 0) {
    break;
  }
  if (runs > kills + 3) {
    throw new Error(`the ingesting process keeps failing (exit ${code})`);
  }
}
const seconds = (performance.now() - start) / 1000;

const q = (text: string) => database.withConnection((run) => run(text));
const [stats] = await q(`SELECT
    (SELECT count(*)::int FROM mail_message WHERE direction = 'in') AS stored,
    (SELECT count(*)::int FROM ticket WHERE source = 'email') AS tickets,
    (SELECT count(*)::int FROM (SELECT subject FROM ticket WHERE source = 'email' GROUP BY subject HAVING count(*) > 1) d) AS duplicate_tickets,
    (SELECT count(*)::int FROM ticket_comment) AS comments`);
const [misthreaded] = await q(`SELECT count(*)::int AS n FROM mail_message r
    JOIN ticket t ON t.ticket_id = r.ticket_id
    WHERE r.direction = 'in' AND r.message_id IN (${
      parents
        .map((p, i) => (p === null ? null : `'<bench.${i}@example.com>'`))
        .filter(Boolean)
        .join(',') || "''"
    })
      AND t.subject NOT LIKE 'Question number %'`);
const newMails = parents.filter((p) => p === null).length;
console.log(
  JSON.stringify({
    mails: total,
    new_mails: newMails,
    replies: total - newMails,
    seconds: Number(seconds.toFixed(1)),
    mails_per_second: Number((total / seconds).toFixed(1)),
    floor_mails_per_second: Number(floorRate.toFixed(1)),
    share_of_floor: Number((total / seconds / floorRate).toFixed(3)),
    kills: killed,
    stored: stats?.stored,
    lost: total - Number(stats?.stored),
    tickets: stats?.tickets,
    duplicate_tickets: stats?.duplicate_tickets,
    extra_tickets: Number(stats?.tickets) - newMails,
    misthreaded: misthreaded?.n,
  }),
);

// Outgoing: queue public replies through the app (the "received" mails of the ingest are
// queued too; the send queue is drained first and then timed on a fresh batch).
const app = await buildApp({ database, webDist: '/nonexistent', dataDir: '/tmp/parley-bench-mail-out' });
app.mail.configOverride = config;
const tickets = await q(`SELECT ticket_id FROM ticket ORDER BY ticket_id LIMIT ${outgoing}`);
await q(`UPDATE pgboss.job SET state = 'cancelled' WHERE state IN ('created', 'retry')`);
const login = await app.inject({
  method: 'POST',
  url: '/api/admin/auth.login',
  payload: { email: 'bench-admin@example.com', password: 'bench-pass-1' },
});
const token = (login.json() as { data: { token: string } }).data.token;
for (const t of tickets) {
  await app.inject({
    method: 'POST',
    url: '/api/admin/ticket.edit',
    headers: { authorization: token },
    payload: { ticket_id: Number(t.ticket_id), comment: { body: '<p>Here is our answer.</p>', is_public: true } },
  });
}
const sentBefore = servers.sent.length;
const outStart = performance.now();
let sentJobs = 0;
for (;;) {
  const ran = await Promise.all([app.parley.jobs.runOnce('mail.send', 50), app.parley.jobs.runOnce('mail.send', 50)]);
  const n = ran[0] + ran[1];
  sentJobs += n;
  if (n === 0) {
    break;
  }
}
const outSeconds = (performance.now() - outStart) / 1000;
const delivered = servers.sent.length - sentBefore;
console.log(
  JSON.stringify({
    outgoing_jobs: sentJobs,
    smtp_delivered: delivered,
    failed: (await app.parley.jobs.listFailed()).length,
    seconds: Number(outSeconds.toFixed(1)),
    mails_per_second: Number((delivered / outSeconds).toFixed(1)),
  }),
);
await app.close();
await database.close();
await servers.stop();
process.exit(0);
