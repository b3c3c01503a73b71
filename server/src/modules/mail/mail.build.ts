import { randomBytes } from 'node:crypto';
import { escapeHtml, ticketAttachmentPath } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { readDetails } from '../account-setting/account-setting.repo.js';
import { getTicketSettings } from '../setting/setting.service.js';
import type { MailConfig } from './mail.config.js';
import { type OutgoingMail, ticketFacts, toStaff } from './mail.facts.js';
import { mailWords, readTemplate, render, type TemplateLanguage } from './mail.templates.js';
import { mailText } from './mail.text.js';

/** What one mail may carry in attachments; the rest of a reply's files go as links. */
export const maxMailAttachmentBytes = 20 * 1024 * 1024;

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
  attachments: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }>;
}

/** Comment HTML for a mail: our attachment images become absolute links. */
function mailHtml(body: string, publicUrl: string): string {
  return body.replace(/src="\/api\//g, `src="${publicUrl}/api/`);
}

interface CommentRow {
  comment_id: number;
  body: string;
  create_ts: number;
  author_name: string | null;
  signature: string | null;
  enable_signature: boolean | null;
  author_type: string | null;
}

const stamp = (ts: number) => `${new Date(Number(ts)).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Earlier comments, each a block with its author and time: a `<blockquote>` for the quoted history
 * of a reply (the text part prefixes it with "> "), a `<div>` for a transcript (the mail's point).
 */
const quoted = (rows: CommentRow[], publicUrl: string, tag: 'blockquote' | 'div' = 'blockquote') =>
  rows
    .map(
      (c) =>
        `<${tag} style="border-left:3px solid #ddd;padding-left:8px;margin:8px 0"><p style="color:#888;margin:0">${escapeHtml(c.author_name ?? '')} · ${stamp(c.create_ts)}</p>${mailHtml(c.body, publicUrl)}</${tag}>`,
    )
    .join('');

/**
 * The files of the comment a mail carries: attached while they fit in 20 MB (and the ticket
 * settings say notifications carry attachments); the others become links that need no sign-in.
 * Images shown in the comment travel as inline parts (`cid:`), since the customer cannot open
 * Parley's own attachment address.
 */
async function commentFiles(
  ctx: AppContext,
  commentId: number,
  carry: boolean,
  publicUrl: string,
): Promise<{ attachments: BuiltMail['attachments']; links: Array<{ name: string; size: number; url: string }> }> {
  const files = await queryRows<{ file_id: string; file_name: string; content_type: string; size: number }>(
    ctx.db,
    sql`SELECT file_id, file_name, content_type, size FROM ticket_attachment
        WHERE comment_id = ${commentId} ORDER BY create_ts, file_id`,
  );
  const attachments: BuiltMail['attachments'] = [];
  const links: Array<{ name: string; size: number; url: string }> = [];
  let budget = maxMailAttachmentBytes;
  for (const f of files) {
    const size = Number(f.size);
    const data = carry && size <= budget ? await ctx.files.get(`attachments/${f.file_id}.bin`) : null;
    if (data) {
      budget -= size;
      attachments.push({
        filename: f.file_name,
        content: data,
        contentType: f.content_type,
        cid: `${f.file_id}@parley`,
      });
      continue;
    }
    links.push({ name: f.file_name, size, url: await publicLink(ctx, f.file_id, publicUrl) });
  }
  return { attachments, links };
}

/** A link to one of a ticket's files that opens without a sign-in (for the mail's reader). */
async function publicLink(ctx: AppContext, fileId: string, publicUrl: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await ctx.db.execute(
    sql`INSERT INTO mail_attachment_link (token, file_id, create_ts) VALUES (${token}, ${fileId}, ${Date.now()})`,
  );
  return `${publicUrl}/api/home/mail.attachment.get?token=${token}`;
}

/**
 * Pictures of earlier comments quoted to a customer: Parley's own attachment address needs a
 * staff sign-in (the customer would see a broken image), so each becomes a link that needs none.
 */
async function customerPictures(ctx: AppContext, html: string, publicUrl: string): Promise<string> {
  const shown = /src="(?:https?:\/\/[^"/]+)?\/api\/admin\/ticket\.attachment\.get\?file_id=([A-Za-z0-9_-]+)"/g;
  const links = new Map<string, string>();
  for (const [, id] of html.matchAll(shown)) {
    if (id && !links.has(id)) {
      links.set(id, await publicLink(ctx, id, publicUrl));
    }
  }
  return html.replace(shown, (whole, id: string) => (links.has(id) ? `src="${links.get(id)}"` : whole));
}

/** The From of a ticket's mails: the support address it came in on, while that address exists. */
async function senderOf(
  db: DbOrTx,
  config: MailConfig,
  address: string | null,
): Promise<{ from: string; replyTo: string }> {
  if (address) {
    const [row] = await queryRows<{ address: string; name: string }>(
      db,
      sql`SELECT address, name FROM mail_address WHERE address = ${address}`,
    );
    if (row) {
      const name = row.name || /^(.*?)\s*</.exec(config.from)?.[1]?.replace(/"/g, '') || '';
      return { from: name ? `"${name.replace(/["\\]/g, '')}" <${row.address}>` : row.address, replyTo: row.address };
    }
  }
  return { from: config.from, replyTo: config.address };
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
  // Mails to agents speak the agent's language and name them.
  if (toStaff(mail.kind)) {
    const [a] = await queryRows<{ real_name: string; default_language: string }>(
      db,
      mail.kind === 'ticket_assigned'
        ? sql`SELECT real_name, default_language FROM account WHERE account_id = ${t.assignee_id}`
        : sql`SELECT real_name, default_language FROM account WHERE email = ${mail.to[0] ?? ''}`,
    );
    agentName = a?.real_name ?? '';
    lang = a?.default_language === 'zh-cn' ? 'zh-cn' : 'en';
  }
  const transcript = mail.kind === 'chat_transcript';
  // Customers know an agent by the alias the agent chose (Profile: "requesters see the alias").
  const staffName = toStaff(mail.kind)
    ? sql`a.real_name`
    : sql`CASE WHEN a.user_type = 'end_user' THEN a.real_name ELSE COALESCE(NULLIF(a.alias_name, ''), a.real_name) END`;
  const comments = await queryRows<CommentRow>(
    db,
    sql`SELECT c.comment_id, c.body, c.create_ts, ${staffName} AS author_name, a.signature, a.enable_signature,
          a.user_type AS author_type
        FROM ticket_comment c LEFT JOIN account a ON a.account_id = c.author_id
        WHERE c.ticket_id = ${mail.ticketId} AND c.is_public AND (${mail.commentId}::int IS NULL OR c.comment_id <= ${mail.commentId})
        ORDER BY c.comment_id DESC LIMIT ${transcript ? 2000 : 6}`,
  );
  const latest = mail.commentId !== null ? comments.find((c) => c.comment_id === mail.commentId) : undefined;
  const tail = comments.filter((c) => c !== latest).slice(0, 5);
  // Lines in a <span>, valid wherever a template puts it (a <p> there must not hold another <p>).
  const signature =
    latest?.enable_signature && latest.signature?.trim() && latest.author_type !== 'end_user'
      ? `<span style="color:#555">${escapeHtml((latest.signature ?? '').trim()).replace(/\r?\n/g, '<br>')}</span>`
      : '';
  const settings = await getTicketSettings(db);
  const details = await readDetails(db);
  const words = mailWords[lang];
  // The survey opens in the language of the mail (the customer's), unless they chose one on the page.
  const survey = (score: 'good' | 'bad') =>
    t.satisfaction_token
      ? `${publicUrl}/home/satisfaction?token=${t.satisfaction_token}&score=${score}&lang=${lang}`
      : '';
  const good = survey('good');
  const bad = survey('bad');
  const satisfactionHtml =
    settings.allow_score && good
      ? `<p>${escapeHtml(words.ask)}</p><p><a href="${escapeHtml(good)}" style="padding:6px 14px;background:#52c41a;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.good)}</a> &nbsp; <a href="${escapeHtml(bad)}" style="padding:6px 14px;background:#ff4d4f;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(words.bad)}</a></p>`
      : '';

  let latestHtml = latest ? mailHtml(latest.body, publicUrl) : '';
  let attachments: BuiltMail['attachments'] = [];
  if (latest && mail.kind === 'public_reply') {
    const files = await commentFiles(ctx, latest.comment_id, settings.include_attach, publicUrl);
    // A file the reply shows travels inline (cid:); the others are plain attachments, which every
    // mail client lists (some hide the parts of an HTML body).
    attachments = files.attachments.map(({ cid, ...file }) => {
      const shown = `${publicUrl}${ticketAttachmentPath((cid as string).replace(/@parley$/, ''))}`;
      if (!latestHtml.includes(shown)) {
        return file;
      }
      latestHtml = latestHtml.split(shown).join(`cid:${cid}`);
      return { ...file, cid };
    });
    if (files.links.length) {
      latestHtml += `<p style="color:#555">${escapeHtml(words.files)}</p><ul>${files.links
        .map(
          (l) =>
            `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.name)}</a> (${(l.size / 1024 / 1024).toFixed(1)} MB)</li>`,
        )
        .join('')}</ul>`;
    }
  }
  if (latest && mail.kind === 'public_reply' && latest.author_type === 'end_user') {
    // Not the help desk's words (a CC's mail passed on): the reader sees whose they are.
    latestHtml = `<p style="color:#555">${escapeHtml(words.wrote(latest.author_name ?? ''))}</p>${latestHtml}`;
  }
  const chronological = [...comments].reverse();
  const forReader = (html: string) => (toStaff(mail.kind) ? html : customerPictures(ctx, html, publicUrl));
  const values: Record<string, string> = {
    ticket_id: String(t.ticket_id),
    subject: t.subject,
    requester_name: t.requester_name,
    agent_name: agentName || latest?.author_name || '',
    // Whose words the mail carries: the latest comment's writer (a CC may have written, not the requester).
    writer_name: latest?.author_name || t.requester_name,
    latest_reply_html: latestHtml,
    conversation_html: await forReader(quoted(tail, publicUrl)),
    transcript_html: transcript ? await forReader(quoted(chronological, publicUrl, 'div')) : '',
    signature_html: signature,
    ticket_url: `${publicUrl}/wswt/ticket/edit/${t.ticket_id}`,
    satisfaction_good_url: good,
    satisfaction_bad_url: bad,
    satisfaction_html: satisfactionHtml,
    helpdesk_name: details.helpdesk_name,
    site_url: details.site_url,
  };
  const template = mail.custom ?? (await readTemplate(db, mail.kind, lang));
  let html = render(template.body, values, true);
  const s = config.settings;
  if (s.use_bottom_ad && s.bottom_ad_image) {
    const img = `<img src="${escapeHtml(`${publicUrl}${s.bottom_ad_image}`)}" width="1000" style="max-width:100%;height:auto;border:0" alt="">`;
    html += `<div style="margin-top:24px">${s.bottom_ad_image_url ? `<a href="${escapeHtml(s.bottom_ad_image_url)}">${img}</a>` : img}</div>`;
  }
  if (s.use_bottom_tips && s.bottom_tips) {
    html += `<p style="margin-top:16px;color:#999;font-size:12px">${escapeHtml(s.bottom_tips).replace(/\n/g, '<br>')}</p>`;
  }
  // Threading: the ticket's first Message-ID and the latest 49 before this mail (RFC 5322 keeps
  // the first and the last); In-Reply-To the latest. Mails queued by the same change (a reply and
  // its "solved") are not "before" each other; the mail that came in with the change is, and it
  // goes first among them: the customer's mail and our "received" share the change's time, and
  // their Message-IDs sort any way (<zh1…>, QQ's <tencent_…> after our <parley.…>).
  const earlier = await queryRows<{ message_id: string }>(
    db,
    sql`WITH mine AS (
          SELECT COALESCE((SELECT create_ts FROM mail_message WHERE message_id = ${mail.messageId}), ${Date.now()}) AS ts
        ), before AS (
          SELECT message_id, create_ts, direction <> 'in' AS outgoing FROM mail_message, mine
          WHERE ticket_id = ${mail.ticketId} AND message_id <> ${mail.messageId}
            AND (create_ts < mine.ts OR (create_ts = mine.ts AND direction = 'in'))
            AND (${toStaff(mail.kind)}::boolean OR direction <> 'out_staff')
        )
        SELECT message_id FROM (
          (SELECT message_id, create_ts, outgoing FROM before ORDER BY create_ts, outgoing, message_id LIMIT 1)
          UNION
          (SELECT message_id, create_ts, outgoing FROM before ORDER BY create_ts DESC, outgoing DESC, message_id DESC LIMIT 49)
        ) kept ORDER BY create_ts, outgoing, message_id`,
  );
  const references = earlier.map((r) => r.message_id);
  const sender = await senderOf(db, config, t.support_address);
  const built: BuiltMail = {
    from: sender.from,
    to: mail.to,
    cc: mail.cc,
    replyTo: sender.replyTo,
    subject: render(template.subject, values, false).replace(/[\r\n]+/g, ' '),
    html,
    text: mailText(html),
    messageId: mail.messageId,
    headers: { 'X-Parley-Ticket': String(t.ticket_id) },
    attachments,
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
