import { createHash, randomBytes } from 'node:crypto';
import { blockedEmail } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ticketAttachment } from '../../db/schema/index.js';
import { emit, transact } from '../../events/transact.js';
import { defaultGroupId, isUniqueViolation } from '../account/account.repo.js';
import { isBanned } from '../black/black.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { findOrCreateRequester, insertTicket } from '../ticket/ticket.create.js';
import { insertComment, insertEvents, membersOf, setMembers } from '../ticket/ticket.repo.js';
import { bodyText, isEmptyBody, sanitizeBody } from '../ticket/ticket.sanitize.js';
import { cleanFileName } from '../ticket-attachment/ticket-attachment.service.js';
import { documentTokens, textArrayLiteral } from '../ticket-search/tokenize.js';
import type { MailConfig } from './mail.config.js';

/** Attachments up to this size are stored; larger ones are dropped with a note on the ticket. */
export const maxAttachmentBytes = 20 * 1024 * 1024;

export type IngestOutcome =
  | { outcome: 'ticket'; ticketId: number; commentId: number }
  | { outcome: 'comment'; ticketId: number; commentId: number }
  | { outcome: 'duplicate'; ticketId: number | null }
  | { outcome: 'auto_reply' | 'bounce' | 'banned' | 'unparseable' | 'ignored'; reason: string };

const norm = (id: string | undefined | null) => {
  const t = (id ?? '').trim();
  if (!t) {
    return '';
  }
  return t.startsWith('<') ? t : `<${t}>`;
};

function addresses(list: AddressObject | AddressObject[] | undefined): Array<{ address: string; name: string }> {
  const out: Array<{ address: string; name: string }> = [];
  for (const obj of Array.isArray(list) ? list : list ? [list] : []) {
    for (const a of obj.value) {
      if (a.address) {
        out.push({ address: a.address.trim().toLowerCase(), name: a.name ?? '' });
      }
      for (const g of a.group ?? []) {
        if (g.address) {
          out.push({ address: g.address.trim().toLowerCase(), name: g.name ?? '' });
        }
      }
    }
  }
  return out;
}

const header = (mail: ParsedMail, name: string) => {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) {
    return '';
  }
  if (typeof v === 'string') {
    return v;
  }
  if (typeof v === 'object' && 'value' in (v as object)) {
    return String((v as { value: unknown }).value);
  }
  return String(v);
};

/** Why a mail is machine-made (no ticket, no answer), or null for a person's mail. */
export function automaticReason(mail: ParsedMail): { kind: 'auto_reply' | 'bounce'; reason: string } | null {
  const contentType = header(mail, 'content-type').toLowerCase();
  const reportType = String(
    (mail.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.['report-type'] ??
      '',
  );
  if (contentType.includes('multipart/report') && /delivery-status/i.test(reportType || contentType)) {
    return { kind: 'bounce', reason: 'delivery status report' };
  }
  const from = addresses(mail.from)[0]?.address ?? '';
  if (/^(mailer-daemon|postmaster)@/i.test(from)) {
    return { kind: 'bounce', reason: `from ${from}` };
  }
  const auto = header(mail, 'auto-submitted').toLowerCase();
  if (auto && auto !== 'no') {
    return { kind: 'auto_reply', reason: `Auto-Submitted: ${auto}` };
  }
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) {
    if (header(mail, name) && name !== 'x-auto-response-suppress') {
      return { kind: 'auto_reply', reason: name };
    }
  }
  const precedence = header(mail, 'precedence').toLowerCase();
  if (['bulk', 'auto_reply', 'junk', 'list'].includes(precedence)) {
    return { kind: 'auto_reply', reason: `Precedence: ${precedence}` };
  }
  if (header(mail, 'list-id') || header(mail, 'list-unsubscribe')) {
    return { kind: 'auto_reply', reason: 'mailing list' };
  }
  return null;
}

/** The failed recipients of a delivery status report, and the Message-ID of the mail it returns. */
function bounceFacts(raw: string, mail: ParsedMail): { recipients: string[]; original: string[] } {
  const recipients = new Set<string>();
  for (const m of raw.matchAll(/^(?:Final|Original)-Recipient:\s*(?:rfc822;)?\s*<?([^\s>]+@[^\s>]+)>?/gim)) {
    recipients.add((m[1] as string).toLowerCase());
  }
  const original = new Set<string>();
  for (const m of raw.matchAll(/^Message-ID:\s*(<[^>]+>)/gim)) {
    original.add(m[1] as string);
  }
  for (const id of [mail.inReplyTo, ...refsOf(mail)]) {
    if (id) {
      original.add(norm(id));
    }
  }
  original.delete(norm(mail.messageId));
  return { recipients: [...recipients], original: [...original] };
}

const refsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [])
    .flatMap((r) => r.split(/\s+/))
    .map(norm)
    .filter(Boolean);

/** Removes the quoted history of a reply: blockquotes of the client and the "On … wrote:" tail. */
export function foldQuoted(html: string): string {
  let out = html
    .replace(/<div[^>]*class="[^"]*(gmail_quote|moz-cite-prefix|yahoo_quoted)[^"]*"[\s\S]*$/i, '')
    .replace(/<blockquote[^>]*type="?cite"?[\s\S]*?<\/blockquote>/gi, '')
    .replace(/<div[^>]*id="?(divRplyFwdMsg|appendonsend)"?[\s\S]*$/i, '');
  // Plain-text replies: cut at the attribution line or the first run of "> " lines.
  out = out.replace(
    /(<p>|<br\s*\/?>|^)\s*(On .{3,200}wrote:|在.{3,200}写道：|-----Original Message-----)[\s\S]*$/i,
    '',
  );
  out = out.replace(/(<p>)?(&gt;[^\n<]*(<br\s*\/?>|\n|<\/p>)\s*){2,}[\s\S]*$/i, '');
  return out.trim() || html;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

interface StoredFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  cid: string | null;
}

/** The ticket a mail answers: by Message-ID headers, else by a reference the sender may use. */
async function threadOf(
  tx: DbOrTx,
  mail: ParsedMail,
  senderId: number | null,
  config: MailConfig,
): Promise<number | null> {
  const ids = [norm(mail.inReplyTo), ...refsOf(mail)].filter(Boolean);
  if (ids.length) {
    const rows = await queryRows<{ ticket_id: number }>(
      tx,
      sql`SELECT m.ticket_id FROM mail_message m JOIN ticket t ON t.ticket_id = m.ticket_id
          WHERE m.message_id = ANY(${textArrayLiteral(ids)}::text[])
            AND t.deleted_ts IS NULL
          ORDER BY m.create_ts DESC LIMIT 1`,
    );
    if (rows[0]) {
      return Number(rows[0].ticket_id);
    }
  }
  // A reference alone ([#12] in the subject, or support+12@ as the address) counts only from
  // someone who already belongs to that ticket: a stranger's forged reference opens a new ticket.
  const subjectRef = /\[#(\d{1,9})\]/.exec(mail.subject ?? '')?.[1];
  const local = config.address.split('@')[0] ?? '';
  const plusRef = [...addresses(mail.to), ...addresses(mail.cc)]
    .map(
      (a) =>
        new RegExp(`^${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\+(?:ticket-)?(\\d{1,9})@`).exec(a.address)?.[1],
    )
    .find(Boolean);
  const ref = subjectRef ?? plusRef;
  if (!ref || senderId === null) {
    return null;
  }
  const ticketId = Number(ref);
  const [member] = await queryRows(
    tx,
    sql`SELECT 1 FROM ticket t WHERE t.ticket_id = ${ticketId} AND t.deleted_ts IS NULL AND (
          t.requester_id = ${senderId} OR t.assignee_id = ${senderId} OR EXISTS (
            SELECT 1 FROM ticket_member m WHERE m.ticket_id = t.ticket_id AND m.account_id = ${senderId}))`,
  );
  return member ? ticketId : null;
}

/**
 * Turns one raw mail into a ticket or a comment, once: the Message-ID is recorded in the same
 * transaction (unique), so a mail fetched twice, from two folders or by two processes, counts once.
 * Never throws for a bad mail: unparseable mail is kept raw and listed for an admin.
 */
export async function ingestMail(ctx: AppContext, config: MailConfig, raw: Buffer): Promise<IngestOutcome> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 5_000_000 });
    if (!mail.headers || mail.headers.size === 0 || (!mail.from && !mail.messageId)) {
      throw new Error('no headers: not a mail');
    }
  } catch (error) {
    return keepRaw(ctx, raw, 'unparseable', error instanceof Error ? error.message : String(error), '', '');
  }
  const messageId = norm(mail.messageId) || `<sha256.${createHash('sha256').update(raw).digest('hex')}@parley.local>`;
  const from = addresses(mail.from)[0];
  const subject = (mail.subject ?? '').trim().slice(0, 255);

  const [seen] = await queryRows<{ ticket_id: number }>(
    ctx.db,
    sql`SELECT ticket_id FROM mail_message WHERE message_id = ${messageId}`,
  );
  if (seen) {
    return { outcome: 'duplicate', ticketId: Number(seen.ticket_id) };
  }
  const [logged] = await queryRows(ctx.db, sql`SELECT 1 FROM mail_inbox_log WHERE message_key = ${messageId}`);
  if (logged) {
    return { outcome: 'duplicate', ticketId: null };
  }

  const automatic = automaticReason(mail);
  if (automatic?.kind === 'bounce') {
    const facts = bounceFacts(raw.toString('latin1'), mail);
    await transact(ctx, async (tx) => {
      const ticketIds = facts.original.length
        ? await queryRows<{ ticket_id: number }>(
            tx,
            sql`SELECT DISTINCT ticket_id FROM mail_message WHERE message_id = ANY(${textArrayLiteral(facts.original)}::text[])`,
          )
        : [];
      const ticketId = ticketIds[0] ? Number(ticketIds[0].ticket_id) : null;
      for (const address of facts.recipients) {
        await tx.execute(
          sql`INSERT INTO mail_bounce (address, ticket_id, reason, create_ts) VALUES (${address}, ${ticketId}, ${subject}, ${Date.now()})
              ON CONFLICT (address) DO UPDATE SET ticket_id = EXCLUDED.ticket_id, reason = EXCLUDED.reason, create_ts = EXCLUDED.create_ts`,
        );
        if (ticketId !== null) {
          await insertEvents(tx, ticketId, null, Date.now(), [{ field: 'delivery_failed', new: { address } }]);
        }
      }
      await logMail(
        tx,
        messageId,
        'bounce',
        facts.recipients.join(', ') || automatic.reason,
        from?.address ?? '',
        subject,
      );
    });
    return { outcome: 'bounce', reason: facts.recipients.join(', ') || automatic.reason };
  }
  if (automatic) {
    await logMail(ctx.db, messageId, 'auto_reply', automatic.reason, from?.address ?? '', subject);
    return { outcome: 'auto_reply', reason: automatic.reason };
  }
  if (!from || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(from.address)) {
    return keepRaw(ctx, raw, 'unparseable', 'no sender address', '', subject, messageId);
  }
  if (from.address === config.address) {
    await logMail(ctx.db, messageId, 'ignored', 'sent by our own mailbox', from.address, subject);
    return { outcome: 'ignored', reason: 'own mailbox' };
  }
  if (await isBanned(ctx.db, { email: from.address })) {
    await logMail(ctx.db, messageId, 'banned', 'sender is on the banned list', from.address, subject);
    ctx.log.info({ from: from.address, messageId }, 'mail from a banned sender dropped');
    return { outcome: 'banned', reason: from.address };
  }

  // Attachments go to the file store first (outside the transaction); a rollback leaves orphans
  // that no comment references, never a comment without its file.
  const stored: StoredFile[] = [];
  const dropped: Array<{ name: string; size: number }> = [];
  for (const a of mail.attachments) {
    const size = a.size ?? a.content.length;
    const name = cleanFileName(a.filename ?? (a.cid ? `inline-${a.cid}` : 'attachment'));
    if (size > maxAttachmentBytes) {
      dropped.push({ name, size });
      continue;
    }
    const fileId = randomBytes(16).toString('base64url');
    await ctx.files.put(`attachments/${fileId}.bin`, a.content);
    stored.push({
      fileId,
      fileName: name,
      contentType: /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(a.contentType)
        ? a.contentType.toLowerCase()
        : 'application/octet-stream',
      size,
      cid: a.cid ?? null,
    });
  }

  const settings = await getTicketSettings(ctx.db);
  let html = typeof mail.html === 'string' && mail.html ? mail.html : '';
  if (!html) {
    html = `<p>${escapeHtml(mail.text ?? '').replace(/\r?\n/g, '<br>')}</p>`;
  }
  // Inline images (cid:) become the stored attachments they reference.
  for (const f of stored) {
    if (f.cid) {
      html = html.split(`cid:${f.cid}`).join(`/api/admin/ticket.attachment.get?file_id=${f.fileId}`);
    }
  }
  let body = sanitizeBody(html, { showHyperlink: settings.show_hyperlink });
  const folded = foldQuoted(body);
  body = folded;
  if (dropped.length) {
    body += `<p><i>${dropped
      .map(
        (d) =>
          `${escapeHtml(d.name)} (${(d.size / 1024 / 1024).toFixed(1)} MB) was not kept: attachments over 20 MB are dropped.`,
      )
      .join('<br>')}</i></p>`;
  }
  if (isEmptyBody(body)) {
    body = `<p>${escapeHtml(subject || '(no text)')}</p>`;
  }

  try {
    return await transact(ctx, async (tx) => {
      const now = Date.now();
      const sender = await findOrCreateRequester(tx, from.address, from.name, now);
      const ticketId = await threadOf(tx, mail, sender.accountId, config);
      if (ticketId !== null) {
        const commentId = await insertComment(tx, { ticketId, authorId: sender.accountId, body, isPublic: true, now });
        await attachFiles(tx, stored, ticketId, commentId, sender.accountId, now);
        // A customer's answer reopens a pending or solved ticket.
        const [t] = await queryRows<{ ticket_state: string; requester_id: number }>(
          tx,
          sql`SELECT ticket_state, requester_id FROM ticket WHERE ticket_id = ${ticketId} FOR UPDATE`,
        );
        const events: Array<{ field: string; old?: unknown; new: unknown }> = [
          { field: 'comment', new: { comment_id: commentId, is_public: true, source: 'email' } },
        ];
        const reopen = t && ['pending', 'solved'].includes(t.ticket_state) && sender.userType === 'end_user';
        if (reopen) {
          events.unshift({ field: 'ticket_state', old: t.ticket_state, new: 'open' });
        }
        const tokens = documentTokens(bodyText(body));
        await tx.execute(
          sql`UPDATE ticket SET update_ts = ${now}, ticket_state = ${reopen ? 'open' : (t?.ticket_state ?? 'open')},
                search_vector = search_vector || array_to_tsvector(${textArrayLiteral(tokens)}::text[])
              WHERE ticket_id = ${ticketId}`,
        );
        await insertEvents(tx, ticketId, sender.accountId, now, events);
        await addCcs(tx, settings, config, mail, ticketId, now);
        await recordMessage(tx, messageId, ticketId, commentId, from.address, now);
        emit(tx, { type: 'ticket.commented', ticketId, actorId: sender.accountId, commentId, isPublic: true });
        return { outcome: 'comment' as const, ticketId, commentId };
      }
      const groupId = await defaultGroupId(tx);
      const newTicketId = await insertTicket(
        tx,
        settings,
        {
          subject: subject || bodyText(body).slice(0, 80) || '(no subject)',
          source: 'email',
          requester: { accountId: sender.accountId, companyId: sender.companyId },
          submitterId: sender.accountId,
          authorId: sender.accountId,
          comment: { body, isPublic: true, fileIds: [] },
          state: 'new',
          assignment: { assigneeId: null, groupId },
          tags: [],
          members: { ccIds: [], followerIds: [] },
        },
        now,
      );
      const [first] = await queryRows<{ comment_id: number }>(
        tx,
        sql`SELECT min(comment_id) AS comment_id FROM ticket_comment WHERE ticket_id = ${newTicketId}`,
      );
      const commentId = Number(first?.comment_id);
      await attachFiles(tx, stored, newTicketId, commentId, sender.accountId, now);
      await addCcs(tx, settings, config, mail, newTicketId, now);
      await recordMessage(tx, messageId, newTicketId, commentId, from.address, now);
      return { outcome: 'ticket' as const, ticketId: newTicketId, commentId };
    });
  } catch (error) {
    // Another process stored the same mail at the same moment: theirs counts.
    if (isUniqueViolation(error)) {
      const [row] = await queryRows<{ ticket_id: number }>(
        ctx.db,
        sql`SELECT ticket_id FROM mail_message WHERE message_id = ${messageId}`,
      );
      for (const f of stored) {
        await ctx.files.delete(`attachments/${f.fileId}.bin`);
      }
      return { outcome: 'duplicate', ticketId: row ? Number(row.ticket_id) : null };
    }
    throw error;
  }
}

async function attachFiles(
  tx: Tx,
  files: StoredFile[],
  ticketId: number,
  commentId: number,
  uploaderId: number,
  now: number,
) {
  if (files.length) {
    await tx.insert(ticketAttachment).values(
      files.map((f) => ({
        fileId: f.fileId,
        fileName: f.fileName,
        contentType: f.contentType,
        size: f.size,
        uploaderId,
        ticketId,
        commentId,
        createTs: now,
      })),
    );
  }
}

/** Cc'd addresses become CCs of the ticket, while CCs are on and the address is not blocked. */
async function addCcs(
  tx: Tx,
  settings: Awaited<ReturnType<typeof getTicketSettings>>,
  config: MailConfig,
  mail: ParsedMail,
  ticketId: number,
  now: number,
) {
  if (!settings.enable_ccs) {
    return;
  }
  const from = addresses(mail.from)[0]?.address;
  const wanted = addresses(mail.cc).filter(
    (a) =>
      a.address !== config.address &&
      a.address !== from &&
      !a.address.startsWith(`${config.address.split('@')[0]}+`) &&
      !blockedEmail(settings.follow_and_ccs_blacklist, [a.address]),
  );
  if (!wanted.length) {
    return;
  }
  const current = await membersOf(tx, ticketId);
  const [t] = await queryRows<{ requester_id: number }>(
    tx,
    sql`SELECT requester_id FROM ticket WHERE ticket_id = ${ticketId}`,
  );
  const ids = new Set(current.ccIds);
  for (const a of wanted.slice(0, 20)) {
    if (await isBanned(tx, { email: a.address })) {
      continue;
    }
    const account = await findOrCreateRequester(tx, a.address, a.name, now);
    if (account.accountId !== t?.requester_id) {
      ids.add(account.accountId);
    }
  }
  const next = [...ids].sort((x, y) => x - y);
  if (next.join() !== current.ccIds.join()) {
    await setMembers(tx, ticketId, 'cc', next);
    await insertEvents(tx, ticketId, null, now, [{ field: 'cc_ids', old: current.ccIds, new: next }]);
  }
}

async function recordMessage(
  tx: Tx,
  messageId: string,
  ticketId: number,
  commentId: number,
  from: string,
  now: number,
) {
  await tx.execute(
    sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, create_ts)
        VALUES (${messageId}, 'in', ${ticketId}, ${commentId}, ${from}, ${now})`,
  );
}

async function logMail(db: DbOrTx, key: string, outcome: string, reason: string, from: string, subject: string) {
  await db.execute(
    sql`INSERT INTO mail_inbox_log (message_key, outcome, reason, from_address, subject, create_ts)
        VALUES (${key}, ${outcome}, ${reason.slice(0, 500)}, ${from}, ${subject.slice(0, 255)}, ${Date.now()})
        ON CONFLICT (message_key) DO NOTHING`,
  );
}

/** Keeps a mail we could not read as a raw file, listed for an admin. */
async function keepRaw(
  ctx: AppContext,
  raw: Buffer,
  outcome: 'unparseable',
  reason: string,
  from: string,
  subject: string,
  key?: string,
): Promise<IngestOutcome> {
  const hash = createHash('sha256').update(raw).digest('hex');
  const messageKey = key ?? `<sha256.${hash}@parley.local>`;
  const file = `raw_mail/${hash.slice(0, 40)}.eml`;
  await ctx.files.put(file, raw);
  await ctx.db.execute(
    sql`INSERT INTO mail_inbox_log (message_key, outcome, reason, from_address, subject, raw_file, raw_size, create_ts)
        VALUES (${messageKey}, ${outcome}, ${reason.slice(0, 500)}, ${from}, ${subject}, ${file}, ${raw.length}, ${Date.now()})
        ON CONFLICT (message_key) DO NOTHING`,
  );
  ctx.log.warn({ reason, file }, 'unparseable mail kept raw');
  return { outcome, reason };
}

/** A mail whose storing failed twice: kept raw for an admin so that it blocks nothing. */
export function keepRawMail(ctx: AppContext, raw: Buffer, reason: string): Promise<IngestOutcome> {
  return keepRaw(ctx, raw, 'unparseable', `could not be stored: ${reason}`, '', '');
}
