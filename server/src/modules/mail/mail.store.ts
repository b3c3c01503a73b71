import { createHash, randomBytes } from 'node:crypto';
import { blockedEmail } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { ticketAttachment } from '../../db/schema/index.js';
import { isBanned } from '../banned/banned.service.js';
import type { getTicketSettings } from '../setting/setting.service.js';
import { findOrCreateRequester } from '../ticket/ticket.create.js';
import { insertEvents, membersOf, setMembers } from '../ticket/ticket.repo.js';
import { cleanFileName, storedContentType } from '../ticket-attachment/ticket-attachment.service.js';
import { addresses } from './mail.parse.js';
import { type InboxReason, inboxReason, reasonText } from './mail.reason.js';

/** Attachments up to this size are stored; larger ones are dropped with a note on the ticket. */
export const maxAttachmentBytes = 20 * 1024 * 1024;

export type IngestOutcome =
  | { outcome: 'ticket'; ticketId: number; commentId: number }
  | { outcome: 'comment'; ticketId: number; commentId: number }
  | { outcome: 'duplicate'; ticketId: number | null }
  | {
      outcome: 'auto_reply' | 'bounce' | 'delivery_report' | 'banned' | 'unparseable' | 'ignored';
      reason: InboxReason;
    };

export interface StoredFile {
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  cid: string | null;
}

/**
 * Puts a mail's attachments in the file store (outside the transaction: a rollback leaves orphans
 * that no comment references, never a comment without its file). Over 20 MB: dropped, reported.
 */
export async function storeAttachments(
  ctx: AppContext,
  mail: ParsedMail,
): Promise<{ stored: StoredFile[]; dropped: Array<{ name: string; size: number }> }> {
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
      contentType: storedContentType(a.content, a.contentType),
      size,
      cid: a.cid ?? null,
    });
  }
  return { stored, dropped };
}

export async function attachFiles(
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
export async function addCcs(
  tx: Tx,
  settings: Awaited<ReturnType<typeof getTicketSettings>>,
  ours: string[],
  mail: ParsedMail,
  ticketId: number,
  now: number,
) {
  if (!settings.enable_ccs) {
    return;
  }
  const from = addresses(mail.from)[0]?.address;
  const locals = ours.map((a) => `${a.split('@')[0]}+`);
  const wanted = addresses(mail.cc).filter(
    (a) =>
      !ours.includes(a.address) &&
      a.address !== from &&
      !locals.some((l) => a.address.startsWith(l)) &&
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

/**
 * When the change that stores or queues a mail happened: the transaction's start, the same for
 * every mail of one change, so that a reply and its "solved" do not thread on each other while
 * both answer the mail that came in with them (`buildMail`).
 */
export const changeTs = sql`(extract(epoch from transaction_timestamp()) * 1000)::bigint`;

export async function recordMessage(
  tx: Tx,
  messageId: string,
  ticketId: number,
  commentId: number,
  from: string,
  contentHash = '',
) {
  await tx.execute(
    sql`INSERT INTO mail_message (message_id, direction, ticket_id, comment_id, from_address, content_hash, create_ts)
        VALUES (${messageId}, 'in', ${ticketId}, ${commentId}, ${from}, ${contentHash}, ${changeTs})`,
  );
}

/**
 * What a mail says, hashed: its sender, subject, text and attachments. The same mail fetched
 * twice (from two folders, its headers of transport apart) hashes the same; another mail that
 * reuses its Message-ID does not.
 */
export function contentHash(mail: ParsedMail): string {
  const hash = createHash('sha256');
  for (const part of [
    addresses(mail.from)[0]?.address ?? '',
    (mail.subject ?? '').trim(),
    (mail.text ?? '').replace(/\s+/g, ' ').trim(),
    typeof mail.html === 'string' ? mail.html.replace(/\s+/g, ' ').trim() : '',
    ...mail.attachments.map((a) => a.checksum ?? ''),
  ]) {
    hash.update(part).update('\0');
  }
  return hash.digest('hex');
}

/** The columns of the inbox log that say why: the English words, the code, its detail. */
const reasonColumns = (reason: InboxReason) => ({
  text: reasonText(reason).slice(0, 500),
  code: reason.code,
  detail: reason.detail.slice(0, 500),
});

export function logMail(db: DbOrTx, key: string, outcome: string, reason: InboxReason, from: string, subject: string) {
  return insertInboxLog(db, { key, outcome, reason, from, subject });
}

/** One entry of the mails that made no ticket (once per message key), with its kept raw file if any. */
async function insertInboxLog(
  db: DbOrTx,
  e: {
    key: string;
    outcome: string;
    reason: InboxReason;
    from: string;
    subject: string;
    raw?: { file: string; size: number };
  },
) {
  const why = reasonColumns(e.reason);
  await db.execute(
    sql`INSERT INTO mail_inbox_log (message_key, outcome, reason, reason_code, reason_detail, from_address, subject, raw_file, raw_size, create_ts)
        VALUES (${e.key}, ${e.outcome}, ${why.text}, ${why.code}, ${why.detail}, ${e.from}, ${e.subject.slice(0, 255)},
          ${e.raw?.file ?? null}, ${e.raw?.size ?? 0}, ${Date.now()})
        ON CONFLICT (message_key) DO NOTHING`,
  );
}

/** A kept mail read again and still unreadable: its entry says the latest reason, as of now. */
export async function relogRaw(db: DbOrTx, logId: number, reason: InboxReason) {
  const why = reasonColumns(reason);
  await db.execute(
    sql`UPDATE mail_inbox_log SET create_ts = ${Date.now()}, reason = ${why.text}, reason_code = ${why.code},
          reason_detail = ${why.detail}
        WHERE log_id = ${logId}`,
  );
}

/** Keeps a mail we could not read (or would not store: `outcome`) as a raw file, listed for an admin. */
export async function keepRaw(
  ctx: AppContext,
  raw: Buffer,
  reason: InboxReason,
  from: string,
  subject: string,
  key?: string,
  outcome: 'unparseable' | 'ignored' = 'unparseable',
): Promise<IngestOutcome> {
  const hash = createHash('sha256').update(raw).digest('hex');
  const messageKey = key ?? `<sha256.${hash}@parley.local>`;
  const file = `raw_mail/${hash.slice(0, 40)}.eml`;
  await ctx.files.put(file, raw);
  await insertInboxLog(ctx.db, {
    key: messageKey,
    outcome,
    reason,
    from,
    subject,
    raw: { file, size: raw.length },
  });
  ctx.log.warn({ reason: reasonText(reason), file }, `${outcome} mail kept raw`);
  return { outcome, reason };
}

/** A mail whose storing failed twice: kept raw for an admin so that it blocks nothing. */
export function keepRawMail(ctx: AppContext, raw: Buffer, reason: string): Promise<IngestOutcome> {
  return keepRaw(ctx, raw, inboxReason('not_stored', reason), '', '');
}
