import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/rows.js';
import { invalid, notFound } from '../../http/app-error.js';
import { ingestMail } from './mail.in.js';
import type { MailChannel } from './mail.service.js';
import { relogRaw } from './mail.store.js';

/** The kept raw mail of one inbox log entry (an unparseable or unstorable mail). */
export async function rawMailOf(ctx: AppContext, logId: number): Promise<Buffer> {
  const [row] = await queryRows<{ raw_file: string | null }>(
    ctx.db,
    sql`SELECT raw_file FROM mail_inbox_log WHERE log_id = ${logId}`,
  );
  const data = row?.raw_file ? await ctx.files.get(row.raw_file) : null;
  if (!data) {
    throw notFound();
  }
  return data;
}

/**
 * Reads a kept mail again, as the fetch would. When it can now be read (a ticket, a comment, found
 * already stored, or listed again under what it turned out to be), this entry leaves the list;
 * when it still cannot be read, it stays with the latest reason.
 */
export async function retryRawMail(ctx: AppContext, channel: MailChannel, logId: number) {
  const raw = await rawMailOf(ctx, logId);
  const config = await channel.config();
  if (!config) {
    throw invalid('email_not_configured');
  }
  const result = await ingestMail(ctx, config, raw, { again: true });
  // Still unreadable, or still another mail under a stored one's Message-ID: it stays listed.
  if (result.outcome === 'unparseable' || ('reason' in result && result.reason.code === 'reused_message_id')) {
    await relogRaw(ctx.db, logId, result.reason);
  } else {
    await ctx.db.execute(sql`DELETE FROM mail_inbox_log WHERE log_id = ${logId}`);
  }
  return {
    outcome: result.outcome,
    ticket_id: 'ticketId' in result && result.ticketId !== null ? result.ticketId : null,
  };
}

/** The file behind a mailed attachment link; an unknown token answers 0404. */
export async function linkedAttachment(ctx: AppContext, token: string) {
  const [row] = await queryRows<{ file_id: string; file_name: string }>(
    ctx.db,
    sql`SELECT l.file_id, a.file_name FROM mail_attachment_link l
        JOIN ticket_attachment a ON a.file_id = l.file_id WHERE l.token = ${token}`,
  );
  const data = row ? await ctx.files.get(`attachments/${row.file_id}.bin`) : null;
  if (!row || !data) {
    throw notFound();
  }
  return { fileName: row.file_name, data };
}
