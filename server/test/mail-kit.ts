import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { db, setUpApp, t } from './kit.js';
import { type MailServers, startMailServers } from './mail-servers.js';

/** This file's Dovecot and SMTP server (vitest loads this module once per file). */
export let servers: MailServers;

/**
 * A mail test file: the ticket kit's app, its own real Dovecot and SMTP server, and the app's mail
 * pointed at this file's support mailbox (`support`). Servers stop after the file's own `afterAll`s.
 */
export function setUpMailTests() {
  setUpApp({ ticketDefaults: true });
  const kit = mailKit(() => servers);
  const support = kit.ours('help');
  beforeAll(async () => {
    servers = await startMailServers();
    t.app.mail.configOverride = servers.config(support);
  }, 60_000);
  afterAll(async () => {
    await servers?.stop();
  });
  return { ...kit, support };
}

/** Mail helpers of one test file: its own run id keeps its Dovecot users apart from other files'. */
export function mailKit(servers: () => MailServers) {
  const run = Math.random().toString(36).slice(2, 8);
  let seq = 0;
  const customer = (name: string) => `${name}-${run}@customer.test`;
  const ours = (name: string) => `${name}-${run}@support.test`;

  /** A plain-text mail (or HTML: `html`); `to` is this file's main support address unless given. */
  function rawMail(o: {
    from: string;
    to?: string;
    cc?: string;
    subject: string;
    body?: string;
    /** The body as HTML (text/html) instead of `body`'s plain text. */
    html?: string;
    messageId?: string;
    inReplyTo?: string;
    references?: string;
    headers?: string[];
  }): { raw: string; messageId: string } {
    const messageId = o.messageId ?? `<k${++seq}.${run}@customer.test>`;
    const lines = [
      `From: ${o.from}`,
      `To: ${o.to ?? ours('help')}`,
      ...(o.cc ? [`Cc: ${o.cc}`] : []),
      `Subject: ${o.subject}`,
      `Message-ID: ${messageId}`,
      `Date: ${new Date().toUTCString()}`,
      ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
      ...(o.references ? [`References: ${o.references}`] : []),
      ...(o.headers ?? []),
      'MIME-Version: 1.0',
      `Content-Type: ${o.html === undefined ? 'text/plain' : 'text/html'}; charset=utf-8`,
      '',
      o.html ?? o.body ?? 'Hello, I need help.',
      '',
    ];
    return { raw: lines.join('\r\n'), messageId };
  }

  /**
   * A delivery status report (RFC 3464) from the customer's mail server: mail to `to` met `action`
   * with `status`; it quotes our mail's Message-ID when given.
   */
  function dsnMail(o: { to: string; action: string; status: string; quotes?: string; subject?: string }): string {
    return [
      'From: Mail Delivery System <MAILER-DAEMON@mx.customer.test>',
      `To: ${ours('help')}`,
      `Subject: ${o.subject ?? `Delivery Status Notification (${o.action})`}`,
      `Message-ID: <dsn${++seq}.${run}@mx.customer.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      o.action === 'delayed' ? 'Delivery is delayed; we keep trying.' : 'Your mail could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.customer.test',
      '',
      `Final-Recipient: rfc822; ${o.to}`,
      `Action: ${o.action}`,
      `Status: ${o.status}`,
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      ...(o.quotes ? [`Message-ID: ${o.quotes}`] : ['Subject: something we sent']),
      '--b1--',
      '',
    ].join('\r\n');
  }

  const fetchNow = async () => (await t.app.mail.fetchNow())?.outcomes ?? {};

  const ticketOf = async (messageId: string) =>
    (
      await queryRows<{ ticket_id: number }>(
        db(),
        sql`SELECT ticket_id FROM mail_message WHERE message_id = ${messageId}`,
      )
    )[0]?.ticket_id;

  /** Runs the send queue and reads a mailbox, parsed. */
  const inboxOf = async (address: string) => {
    await t.app.parley.jobs.drain();
    return Promise.all(
      (await servers().read(address)).map(async (m) => ({ ...m, parsed: await simpleParser(m.source) })),
    );
  };

  /** A ticket's comments, oldest first. */
  const comments = (ticketId: number) =>
    queryRows<{ body: string; is_public: boolean; author_id: number }>(
      db(),
      sql`SELECT body, is_public, author_id FROM ticket_comment WHERE ticket_id = ${ticketId} ORDER BY comment_id`,
    );

  const ticketCount = async () =>
    Number((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ticket`))[0]?.n);

  return { run, customer, ours, rawMail, dsnMail, fetchNow, ticketOf, inboxOf, comments, ticketCount };
}

/** Waits for `check` to answer something truthy (a few seconds at most). */
export async function eventually<T>(what: string, check: () => Promise<T>, ms = 8000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) {
      return value;
    }
    if (Date.now() - start > ms) {
      throw new Error(`${what}: not within ${ms} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
