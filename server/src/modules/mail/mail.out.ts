import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { isBanned } from '../black/black.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { bodyText, textToHtml } from '../ticket/ticket.sanitize.js';
import { smtpTransport } from './mail.check.js';
import type { MailConfig } from './mail.config.js';
import { readTemplate, render, satisfactionWords, type TemplateLanguage, type TemplateName } from './mail.templates.js';

export const sendQueue = 'mail.send';

/** One notification to send: decided (and its Message-ID recorded) in the writer's transaction. */
export interface OutgoingMail {
  kind: TemplateName;
  ticketId: number;
  /** The comment it carries (received, reply); null for state mails. */
  commentId: number | null;
  messageId: string;
  to: string[];
  cc: string[];
}

interface TicketFacts {
  ticket_id: number;
  subject: string;
  ticket_state: string;
  source: string;
  requester_id: number;
  assignee_id: number | null;
  satisfaction_token: string | null;
  deleted_ts: number | null;
  requester_email: string;
  requester_name: string;
  requester_language: string;
  requester_type: string;
}

async function ticketFacts(db: DbOrTx, ticketId: number): Promise<TicketFacts | null> {
  const [row] = await queryRows<TicketFacts>(
    db,
    sql`SELECT t.ticket_id, t.subject, t.ticket_state, t.source, t.requester_id, t.assignee_id, t.satisfaction_token,
          t.deleted_ts, a.email AS requester_email, a.real_name AS requester_name,
          a.default_language AS requester_language, a.user_type AS requester_type
        FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE t.ticket_id = ${ticketId}`,
  );
  return row ?? null;
}

async function ccEmails(db: DbOrTx, ticketId: number): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`SELECT a.email FROM ticket_member m JOIN account a ON a.account_id = m.account_id
        WHERE m.ticket_id = ${ticketId} AND m.member_type = 'cc' ORDER BY a.account_id`,
  );
  return rows.map((r) => r.email);
}

/** Addresses that may get mail: not bounced, not banned, not our own mailbox, each once. */
async function deliverable(db: DbOrTx, config: MailConfig, emails: string[], except: Set<string>): Promise<string[]> {
  const out: string[] = [];
  for (const raw of emails) {
    const email = raw.trim().toLowerCase();
    if (!email || except.has(email) || email === config.address || out.includes(email)) {
      continue;
    }
    const [bounced] = await queryRows(db, sql`SELECT 1 FROM mail_bounce WHERE address = ${email}`);
    if (bounced || (await isBanned(db, { email }))) {
      continue;
    }
    out.push(email);
  }
  return out;
}

const newMessageId = (config: MailConfig, ticketId: number, kind: string) =>
  `<parley.${ticketId}.${kind}.${Date.now().toString(36)}.${randomBytes(6).toString('hex')}@${config.domain}>`;

/** Queues one mail in the transaction (job and outgoing Message-ID commit with the write). */
async function queueMail(
  ctx: AppContext,
  tx: Tx,
  config: MailConfig,
  mail: Omit<OutgoingMail, 'messageId'>,
  key: string,
): Promise<void> {
  if (mail.to.length === 0 && mail.cc.length === 0) {
    return;
  }
  const messageId = newMessageId(config, mail.ticketId, mail.kind);
  const id = await ctx.jobs.send(sendQueue, { ...mail, messageId } satisfies OutgoingMail, { tx, key });
  if (id) {
    await tx.execute(
      sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, create_ts)
          VALUES (${messageId}, 'out', ${mail.ticketId}, ${mail.commentId}, ${config.address}, ${Date.now()})
          ON CONFLICT DO NOTHING`,
    );
  }
}

async function actorEmail(db: DbOrTx, actorId: number | null): Promise<{ email: string; staff: boolean } | null> {
  if (actorId === null) {
    return null;
  }
  const [row] = await queryRows<{ email: string; user_type: string }>(
    db,
    sql`SELECT email, user_type FROM account WHERE account_id = ${actorId}`,
  );
  return row ? { email: row.email.toLowerCase(), staff: row.user_type !== 'end_user' } : null;
}

/**
 * Subscribes the notifications to the ticket events, inside the writer's transaction (the
 * outbox: see docs/decisions/0004-job-queue.md), and defines the queue that sends them.
 */
export function registerMailOut(
  ctx: AppContext,
  transports: TransportCache,
  currentConfig: (db: DbOrTx) => Promise<MailConfig | null>,
): void {
  ctx.jobs.define<OutgoingMail>(sendQueue, {
    attempts: 6,
    retryDelay: 30,
    batchSize: 20,
    handler: (mail) => sendMail(ctx, transports, mail, currentConfig),
  });

  ctx.events.beforeCommit('ticket.created', async (event, tx) => {
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (!config || !t) {
      return;
    }
    const actor = await actorEmail(tx, event.actorId);
    if (event.source === 'email' || event.source === 'form') {
      const to = await deliverable(tx, config, [t.requester_email], new Set());
      await queueMail(
        ctx,
        tx,
        config,
        { kind: 'ticket_received', ticketId: t.ticket_id, commentId: event.commentId, to, cc: [] },
        `received:${t.ticket_id}`,
      );
      return;
    }
    // An agent opened the ticket for the requester with a public first comment: it is their reply.
    if (actor?.staff && event.commentId !== null) {
      const [c] = await queryRows<{ is_public: boolean }>(
        tx,
        sql`SELECT is_public FROM ticket_comment WHERE comment_id = ${event.commentId}`,
      );
      if (c?.is_public) {
        const except = new Set([actor.email]);
        const to = await deliverable(tx, config, [t.requester_email], except);
        const cc = await deliverable(tx, config, await ccEmails(tx, t.ticket_id), new Set([...except, ...to]));
        await queueMail(
          ctx,
          tx,
          config,
          { kind: 'public_reply', ticketId: t.ticket_id, commentId: event.commentId, to, cc },
          `reply:${event.commentId}`,
        );
      }
    }
  });

  ctx.events.beforeCommit('ticket.commented', async (event, tx) => {
    // Internal notes never leave.
    if (!event.isPublic) {
      return;
    }
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    const actor = await actorEmail(tx, event.actorId);
    // A requester's or CC's own mail is not echoed back to them; agents' public replies go out.
    if (!config || !t || !actor?.staff) {
      return;
    }
    const except = new Set([actor.email]);
    const to = await deliverable(tx, config, [t.requester_email], except);
    const cc = await deliverable(tx, config, await ccEmails(tx, t.ticket_id), new Set([...except, ...to]));
    await queueMail(
      ctx,
      tx,
      config,
      { kind: 'public_reply', ticketId: t.ticket_id, commentId: event.commentId, to, cc },
      `reply:${event.commentId}`,
    );
  });

  ctx.events.beforeCommit('ticket.changed', async (event, tx) => {
    const solved = event.fields.includes('ticket_state') && !event.fields.includes('created');
    const assigned = event.fields.includes('assignee_id');
    if (!solved && !assigned) {
      return;
    }
    const config = await currentConfig(tx);
    const t = config && (await ticketFacts(tx, event.ticketId));
    if (!config || !t || t.deleted_ts !== null) {
      return;
    }
    const stamp = Date.now();
    if (solved && t.ticket_state === 'solved') {
      const to = await deliverable(tx, config, [t.requester_email], new Set());
      await queueMail(
        ctx,
        tx,
        config,
        { kind: 'ticket_solved', ticketId: t.ticket_id, commentId: null, to, cc: [] },
        `solved:${t.ticket_id}:${stamp}`,
      );
    }
    if (assigned && t.assignee_id !== null && t.assignee_id !== event.actorId) {
      const agent = await actorEmail(tx, t.assignee_id);
      if (agent) {
        const to = await deliverable(tx, config, [agent.email], new Set());
        await queueMail(
          ctx,
          tx,
          config,
          { kind: 'ticket_assigned', ticketId: t.ticket_id, commentId: null, to, cc: [] },
          `assigned:${t.ticket_id}:${t.assignee_id}:${stamp}`,
        );
      }
    }
  });
}

/** One pooled SMTP transport per settings: many mails over a few connections. */
export class TransportCache {
  private key = '';
  private transport: Transporter | null = null;

  get(config: MailConfig): Transporter {
    const key = JSON.stringify([config.smtp, config.user, config.pass]);
    if (this.transport && key === this.key) {
      return this.transport;
    }
    this.transport?.close();
    this.key = key;
    this.transport = smtpTransport(config, 20_000, true);
    return this.transport;
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Comment HTML for a mail: our attachment images become absolute links. */
function mailHtml(body: string, publicUrl: string): string {
  return body.replace(/src="\/api\//g, `src="${publicUrl}/api/`);
}

export interface BuiltMail {
  from: string;
  to: string[];
  cc: string[];
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  headers: Record<string, string>;
}

/** Renders a queued mail from the ticket as it is now (the template of the recipient's language). */
export async function buildMail(ctx: AppContext, config: MailConfig, mail: OutgoingMail): Promise<BuiltMail | null> {
  const { db } = ctx;
  const t = await ticketFacts(db, mail.ticketId);
  if (!t || t.deleted_ts !== null) {
    return null;
  }
  const publicUrl = ctx.publicUrl.replace(/\/$/, '');
  let lang: TemplateLanguage = t.requester_language === 'zh-cn' ? 'zh-cn' : 'en';
  let agentName = '';
  if (mail.kind === 'ticket_assigned' && t.assignee_id !== null) {
    const [a] = await queryRows<{ real_name: string; default_language: string }>(
      db,
      sql`SELECT real_name, default_language FROM account WHERE account_id = ${t.assignee_id}`,
    );
    agentName = a?.real_name ?? '';
    lang = a?.default_language === 'zh-cn' ? 'zh-cn' : 'en';
  }
  const comments = await queryRows<{
    comment_id: number;
    body: string;
    create_ts: number;
    author_name: string | null;
    signature: string | null;
    enable_signature: boolean | null;
    author_type: string | null;
  }>(
    db,
    sql`SELECT c.comment_id, c.body, c.create_ts, a.real_name AS author_name, a.signature, a.enable_signature,
          a.user_type AS author_type
        FROM ticket_comment c LEFT JOIN account a ON a.account_id = c.author_id
        WHERE c.ticket_id = ${mail.ticketId} AND c.is_public AND (${mail.commentId}::int IS NULL OR c.comment_id <= ${mail.commentId})
        ORDER BY c.comment_id DESC LIMIT 6`,
  );
  const latest = mail.commentId !== null ? comments.find((c) => c.comment_id === mail.commentId) : undefined;
  const tail = comments.filter((c) => c !== latest).slice(0, 5);
  const conversation = tail
    .map(
      (c) =>
        `<div style="border-left:3px solid #ddd;padding-left:8px;margin:8px 0"><p style="color:#888;margin:0">${escapeHtml(c.author_name ?? '')} · ${new Date(Number(c.create_ts)).toISOString().slice(0, 16).replace('T', ' ')} UTC</p>${mailHtml(c.body, publicUrl)}</div>`,
    )
    .join('');
  const signature =
    latest?.enable_signature && latest.signature && latest.author_type !== 'end_user'
      ? `<p style="color:#555">${textToHtml(latest.signature)}</p>`
      : '';
  const settings = await getTicketSettings(db);
  const words = satisfactionWords[lang];
  const good = t.satisfaction_token ? `${publicUrl}/home/satisfaction?token=${t.satisfaction_token}&score=good` : '';
  const bad = t.satisfaction_token ? `${publicUrl}/home/satisfaction?token=${t.satisfaction_token}&score=bad` : '';
  const satisfactionHtml =
    settings.allow_score && good
      ? `<p>${escapeHtml(words.ask)}</p><p><a href="${escapeHtml(good)}" style="padding:6px 14px;background:#52c41a;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.good)}</a> &nbsp; <a href="${escapeHtml(bad)}" style="padding:6px 14px;background:#ff4d4f;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.bad)}</a></p>`
      : '';
  const values: Record<string, string> = {
    ticket_id: String(t.ticket_id),
    subject: t.subject,
    requester_name: t.requester_name,
    agent_name: agentName || latest?.author_name || '',
    latest_reply_html: latest ? mailHtml(latest.body, publicUrl) : '',
    conversation_html: conversation,
    signature_html: signature,
    ticket_url: `${publicUrl}/wswt/ticket/edit/${t.ticket_id}`,
    satisfaction_good_url: good,
    satisfaction_bad_url: bad,
    satisfaction_html: satisfactionHtml,
  };
  const template = await readTemplate(db, mail.kind, lang);
  let html = render(template.body, values, true);
  const s = config.settings;
  if (s.use_bottom_ad && s.bottom_ad_image) {
    const img = `<img src="${escapeHtml(`${publicUrl}${s.bottom_ad_image}`)}" width="1000" style="max-width:100%;height:auto;border:0" alt="">`;
    html += `<div style="margin-top:24px">${s.bottom_ad_image_url ? `<a href="${escapeHtml(s.bottom_ad_image_url)}">${img}</a>` : img}</div>`;
  }
  if (s.use_bottom_tips && s.bottom_tips) {
    html += `<p style="margin-top:16px;color:#999;font-size:12px">${escapeHtml(s.bottom_tips).replace(/\n/g, '<br>')}</p>`;
  }
  // Threading: every Message-ID of this ticket before this one; In-Reply-To the latest.
  const earlier = await queryRows<{ message_id: string }>(
    db,
    sql`SELECT message_id FROM mail_message WHERE ticket_id = ${mail.ticketId} AND message_id <> ${mail.messageId}
        ORDER BY create_ts, message_id LIMIT 50`,
  );
  const references = earlier.map((r) => r.message_id);
  const built: BuiltMail = {
    from: config.from,
    to: mail.to,
    cc: mail.cc,
    replyTo: config.address,
    subject: render(template.subject, values, false).replace(/[\r\n]+/g, ' '),
    html,
    text: bodyText(html.replace(/<hr\b[^>]*>/gi, '\n----\n')),
    messageId: mail.messageId,
    headers: { 'X-Parley-Ticket': String(t.ticket_id) },
  };
  if (references.length) {
    built.references = references;
    built.inReplyTo = references[references.length - 1] as string;
  }
  if (mail.kind !== 'public_reply') {
    // Machine-made notices: auto-responders must not answer them (no mail loops).
    built.headers['Auto-Submitted'] = 'auto-generated';
  }
  return built;
}

async function sendMail(
  ctx: AppContext,
  transports: TransportCache,
  mail: OutgoingMail,
  currentConfig: (db: DbOrTx) => Promise<MailConfig | null>,
): Promise<void> {
  const config = await currentConfig(ctx.db);
  if (!config) {
    throw new Error('the email channel is not configured (Settings › Emails)');
  }
  // An address that bounced since the mail was queued is not mailed again.
  const to = await deliverable(ctx.db, config, mail.to, new Set());
  const cc = await deliverable(ctx.db, config, mail.cc, new Set(to));
  if (to.length === 0 && cc.length === 0) {
    return;
  }
  const built = await buildMail(ctx, config, { ...mail, to, cc });
  if (!built) {
    return;
  }
  await transports.get(config).sendMail(built);
}
