import { escapeHtml, type TLanguage, ticketAttachmentPath, translate } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { queryRows } from '../../db/rows.js';
import { emit, transact } from '../../events/transact.js';
import { defaultGroupId } from '../account/account.repo.js';
import { readLocalization } from '../account-setting/account-setting.repo.js';
import { isBanned } from '../banned/banned.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { findOrCreateRequester, insertTicket } from '../ticket/ticket.create.js';
import { insertComment, insertEvents } from '../ticket/ticket.repo.js';
import { bodyText, isEmptyBody, sanitizeBody } from '../ticket/ticket.sanitize.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';
import { addSearchWords } from '../ticket-search/search-words.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import { addressOfMail, listSupportAddresses, type SupportAddress } from './mail.address.js';
import { clearBounces, ingestBounce } from './mail.bounce.js';
import { repairCharsets } from './mail.charset.js';
import type { MailConfig } from './mail.config.js';
import { rawMailKey } from './mail.key.js';
import { addresses, automaticReason, norm } from './mail.parse.js';
import { foldQuoted } from './mail.quote.js';
import { inboxReason } from './mail.reason.js';
import {
  addCcs,
  attachFiles,
  contentHash,
  type IngestOutcome,
  keepRaw,
  logMail,
  recordMessage,
  type StoredFile,
  storeAttachments,
} from './mail.store.js';
import { threadOf } from './mail.thread.js';

const isAddress = (address: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address);

/**
 * Who the mail is from for the help desk: a single Reply-To that is not one of ours (a web shop's
 * contact form sends as noreply@ for the customer it names there), else the From.
 */
function writer(mail: ParsedMail, ours: string[], from: { address: string; name: string }) {
  const replyTo = addresses(mail.replyTo);
  const to = replyTo.length === 1 ? replyTo[0] : undefined;
  return to && isAddress(to.address) && !ours.includes(to.address) ? to : from;
}

/** The help desk's default language: the language of the notes the server writes on tickets. */
async function noteLanguage(db: DbOrTx): Promise<TLanguage> {
  return (await readLocalization(db)).default_language === 'zh-cn' ? 'zh-cn' : 'en';
}

/** The note on a follow-up naming the closed ticket, in the help desk's default language. */
async function followUpNote(tx: DbOrTx, closedId: number): Promise<string> {
  return `<p>${escapeHtml(translate('follow_up_of', await noteLanguage(tx), { ticket_id: String(closedId) }))}</p>`;
}

/** The comment body of a mail: sanitized, quoted history folded, inline images and dropped files resolved. */
function commentBody(
  mail: ParsedMail,
  subject: string,
  stored: StoredFile[],
  dropped: Array<{ name: string; size: number }>,
  showHyperlink: boolean,
  lang: TLanguage,
): string {
  let html = typeof mail.html === 'string' && mail.html ? mail.html : '';
  if (!html) {
    html = `<p>${escapeHtml(mail.text ?? '').replace(/\r?\n/g, '<br>')}</p>`;
  }
  // Inline images (cid:) become the stored attachments they reference.
  for (const f of stored) {
    if (f.cid) {
      html = html.split(`cid:${f.cid}`).join(ticketAttachmentPath(f.fileId));
    }
  }
  // Folded before sanitizing too: the marks of Gmail's and Outlook's quotes are classes and ids,
  // which sanitizing removes; after it, the plain-text attributions and "> " lines. A forward
  // keeps everything: what it forwards sits in the same marks and is the point of the mail.
  const fold = /^\s*(fwd?|fw|转发)\s*[:：]/i.test(subject) ? (h: string) => h : foldQuoted;
  let body = fold(sanitizeBody(fold(html), { showHyperlink }));
  if (dropped.length) {
    body += `<p><i>${dropped
      .map((d) =>
        escapeHtml(translate('attachment_dropped', lang, { name: d.name, size: (d.size / 1024 / 1024).toFixed(1) })),
      )
      .join('<br>')}</i></p>`;
  }
  if (isEmptyBody(body)) {
    body = `<p>${escapeHtml(subject || '(no text)')}</p>`;
  }
  return body;
}

/**
 * Turns one raw mail into a ticket or a comment, once: the Message-ID is recorded in the same
 * transaction (unique), so a mail fetched twice, from two folders or by two processes, counts once.
 * Never throws for a bad mail: unparseable mail is kept raw and listed for an admin.
 * `fetchedFrom`: the support address whose own mailbox held it (null: the main mailbox).
 * `again`: an admin retries a kept mail, so its entry in the inbox log does not count as seen.
 */
export async function ingestMail(
  ctx: AppContext,
  config: MailConfig,
  raw: Buffer,
  options: { fetchedFrom?: SupportAddress | null; again?: boolean } = {},
): Promise<IngestOutcome> {
  const fetchedFrom = options.fetchedFrom ?? null;
  let mail: ParsedMail;
  try {
    mail = await repairCharsets(
      raw,
      await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, maxHtmlLengthToParse: 5_000_000 }),
    );
    if (!mail.headers || mail.headers.size === 0 || (!mail.from && !mail.messageId)) {
      throw new Error('no headers: not a mail');
    }
  } catch (error) {
    return keepRaw(ctx, raw, inboxReason('unreadable', error instanceof Error ? error.message : String(error)), '', '');
  }
  const messageId = norm(mail.messageId) || rawMailKey(raw);
  const from = addresses(mail.from)[0];
  const subject = (mail.subject ?? '').trim().slice(0, 255);

  const hash = contentHash(mail);
  const [seen] = await queryRows<{ ticket_id: number; content_hash: string }>(
    ctx.db,
    sql`SELECT ticket_id, content_hash FROM mail_message WHERE message_id = ${messageId}`,
  );
  if (seen?.content_hash && seen.content_hash !== hash) {
    // Not the stored mail again but another one under its Message-ID (a broken client or
    // script): not stored, and kept for an admin to read, once per content.
    const reason = inboxReason('reused_message_id', String(seen.ticket_id));
    const key = `${messageId}#${hash.slice(0, 16)}`;
    return keepRaw(ctx, raw, reason, from?.address ?? '', subject, key, 'ignored');
  }
  if (seen) {
    return { outcome: 'duplicate', ticketId: Number(seen.ticket_id) };
  }
  const [logged] = options.again
    ? []
    : await queryRows(ctx.db, sql`SELECT 1 FROM mail_inbox_log WHERE message_key = ${messageId}`);
  if (logged) {
    return { outcome: 'duplicate', ticketId: null };
  }

  const automatic = automaticReason(mail);
  if (automatic?.kind === 'bounce') {
    return ingestBounce(ctx, raw, mail, messageId, automatic.reason);
  }
  if (automatic) {
    await logMail(ctx.db, messageId, 'auto_reply', automatic.reason, from?.address ?? '', subject);
    return { outcome: 'auto_reply', reason: automatic.reason };
  }
  if (!from || !isAddress(from.address)) {
    return keepRaw(ctx, raw, inboxReason('no_sender'), '', subject, messageId);
  }
  const supportAddresses = await listSupportAddresses(ctx.db);
  const ours = [config.address, ...supportAddresses.map((a) => a.address)];
  if (ours.includes(from.address)) {
    await logMail(ctx.db, messageId, 'ignored', inboxReason('own_mailbox'), from.address, subject);
    return { outcome: 'ignored', reason: inboxReason('own_mailbox') };
  }
  const who = writer(mail, ours, from);
  if (
    (await isBanned(ctx.db, { email: from.address })) ||
    (who !== from && (await isBanned(ctx.db, { email: who.address })))
  ) {
    await logMail(ctx.db, messageId, 'banned', inboxReason('banned'), from.address, subject);
    ctx.log.info({ from: from.address, messageId }, 'mail from a banned sender dropped');
    return { outcome: 'banned', reason: inboxReason('banned') };
  }

  const { stored, dropped } = await storeAttachments(ctx, mail);
  const settings = await getTicketSettings(ctx.db);
  // A dropped file's note is the server's words: the help desk's default language (as a follow-up's).
  const lang = dropped.length ? await noteLanguage(ctx.db) : 'en';
  const body = commentBody(mail, subject, stored, dropped, settings.show_hyperlink, lang);
  const writtenTo = addressOfMail(mail, supportAddresses, fetchedFrom);

  try {
    return await transact(ctx, async (tx) => {
      const now = Date.now();
      // The address writes to us: it works, so a bounce recorded for it no longer stops mail to it.
      await clearBounces(tx, [from.address]);
      // A new customer writing Chinese hears back in Chinese (the default language otherwise).
      const language = /[\u3400-\u9fff]/.test(`${subject} ${bodyText(body)}`) ? 'zh-cn' : undefined;
      const sender = await findOrCreateRequester(tx, who.address, who.name, now, language);
      const thread = await threadOf(tx, mail, sender.accountId, ours);
      const staff = sender.userType !== 'end_user';
      // The ticket is locked before its comment is written: the comment's key share on the
      // ticket, taken first, made two replies to one ticket stored at once wait on each other.
      const [t] = thread
        ? await queryRows<{ ticket_state: string; group_id: number | null }>(
            tx,
            sql`SELECT ticket_state, group_id FROM ticket WHERE ticket_id = ${thread.ticketId} FOR UPDATE`,
          )
        : [];
      // A closed ticket takes no more from its customer: their answer opens a follow-up (as in
      // Zendesk), in the closed ticket's group, with a note naming it.
      const followUpOf = thread && t?.ticket_state === 'closed' && !staff ? { ...thread, groupId: t.group_id } : null;
      if (thread !== null && followUpOf === null) {
        const ticketId = thread.ticketId;
        // An agent answering a notice only agents got (or a closed ticket) is talking to colleagues:
        // an internal note, never mailed to the customer.
        const isPublic = !(staff && (thread.answersStaffNotice || t?.ticket_state === 'closed'));
        const commentId = await insertComment(tx, { ticketId, authorId: sender.accountId, body, isPublic, now });
        await attachFiles(tx, stored, ticketId, commentId, sender.accountId, now);
        // A customer's answer reopens a pending or solved ticket.
        const events: Array<{ field: string; old?: unknown; new: unknown }> = [
          { field: 'comment', new: { comment_id: commentId, is_public: isPublic, source: 'email' } },
        ];
        const reopen = t && ['pending', 'solved'].includes(t.ticket_state) && !staff;
        if (reopen) {
          events.unshift({ field: 'ticket_state', old: t.ticket_state, new: 'open' });
        }
        await tx.execute(
          sql`UPDATE ticket SET update_ts = ${nextUpdateTs(now)}, ticket_state = ${reopen ? 'open' : (t?.ticket_state ?? 'open')}
              WHERE ticket_id = ${ticketId}`,
        );
        await addSearchWords(tx, ticketId, documentTokens(bodyText(body)));
        await insertEvents(tx, ticketId, sender.accountId, now, events);
        await addCcs(tx, settings, ours, mail, ticketId, now);
        await recordMessage(tx, messageId, ticketId, commentId, from.address, hash);
        // Those the writer mailed it to have it already: the help desk does not mail it to them again.
        const mailedTo = [from, who, ...addresses(mail.to), ...addresses(mail.cc)].map((a) => a.address);
        emit(tx, { type: 'ticket.commented', ticketId, actorId: sender.accountId, commentId, isPublic, mailedTo });
        return { outcome: 'comment' as const, ticketId, commentId };
      }
      // The address it was written to decides the group and the address its answers come from
      // (recorded before the beforeCommit subscribers run: the "received" mail goes out from it).
      const groupId = followUpOf?.groupId ?? writtenTo?.groupId ?? (await defaultGroupId(tx));
      const newTicketId = await insertTicket(
        tx,
        settings,
        {
          subject: subject || bodyText(body).slice(0, 80) || '(no subject)',
          source: followUpOf ? 'close_ticket' : 'email',
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
      if (writtenTo) {
        await tx.execute(
          sql`INSERT INTO mail_ticket (ticket_id, address) VALUES (${newTicketId}, ${writtenTo.address})`,
        );
      }
      const [first] = await queryRows<{ comment_id: number }>(
        tx,
        sql`SELECT min(comment_id) AS comment_id FROM ticket_comment WHERE ticket_id = ${newTicketId}`,
      );
      const commentId = Number(first?.comment_id);
      await attachFiles(tx, stored, newTicketId, commentId, sender.accountId, now);
      if (followUpOf) {
        const body = await followUpNote(tx, followUpOf.ticketId);
        const noteId = await insertComment(tx, { ticketId: newTicketId, authorId: null, body, isPublic: false, now });
        await insertEvents(tx, newTicketId, null, now, [
          { field: 'comment', new: { comment_id: noteId, is_public: false, source: 'email' } },
        ]);
      }
      await addCcs(tx, settings, ours, mail, newTicketId, now);
      await recordMessage(tx, messageId, newTicketId, commentId, from.address, hash);
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
