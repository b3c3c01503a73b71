import type { AppContext } from '../../context.js';
import { imapClient } from './mail.check.js';
import type { MailConfig } from './mail.config.js';
import { type IngestOutcome, ingestMail, keepRawMail } from './mail.in.js';

export interface FetchReport {
  fetched: number;
  outcomes: Record<string, number>;
  /** Mails left unflagged for the next round (the database refused even keeping them). */
  leftOver: number;
}

/**
 * Reads the unseen mails of the inbox, oldest first, in batches. Each mail is stored in its own
 * transaction, and flagged \Seen on the server only after that committed: a crash in between
 * fetches it again, and its Message-ID makes the second time a no-op. A mail that fails is kept
 * raw and flagged, so it never blocks the ones after it.
 */
export async function fetchMailbox(
  ctx: AppContext,
  config: MailConfig,
  options: { batch?: number; max?: number; onMail?: (o: IngestOutcome) => void } = {},
): Promise<FetchReport> {
  const report: FetchReport = { fetched: 0, outcomes: {}, leftOver: 0 };
  const client = imapClient(config);
  client.on('error', (error: Error) => ctx.log.warn({ err: error }, 'imap connection error'));
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const batch = options.batch ?? 100;
    const max = options.max ?? 5000;
    const failedUids = new Set<number>();
    while (report.fetched < max) {
      const uids = ((await client.search({ seen: false }, { uid: true })) || []).filter((u) => !failedUids.has(u));
      if (uids.length === 0) {
        break;
      }
      const chunk = uids.slice(0, Math.min(batch, max - report.fetched));
      const sources: Array<{ uid: number; source: Buffer }> = [];
      for await (const msg of client.fetch(chunk.join(','), { uid: true, source: true }, { uid: true })) {
        if (msg.source) {
          sources.push({ uid: msg.uid, source: msg.source });
        }
      }
      const done: number[] = [];
      for (const { uid, source } of sources.sort((a, b) => a.uid - b.uid)) {
        report.fetched++;
        const outcome = await ingestOne(ctx, config, source);
        if (outcome) {
          report.outcomes[outcome.outcome] = (report.outcomes[outcome.outcome] ?? 0) + 1;
          options.onMail?.(outcome);
          done.push(uid);
        } else {
          failedUids.add(uid);
          report.leftOver++;
        }
      }
      if (done.length) {
        await client.messageFlagsAdd(done.join(','), ['\\Seen'], { uid: true });
      }
      if (sources.length === 0) {
        break;
      }
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return report;
}

/** Stores one mail; on an unexpected error tries once more, then keeps it raw. Null: not stored at all. */
async function ingestOne(ctx: AppContext, config: MailConfig, source: Buffer): Promise<IngestOutcome | null> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await ingestMail(ctx, config, source);
    } catch (error) {
      ctx.log.warn({ err: error, attempt }, 'storing a mail failed');
      if (attempt === 2) {
        try {
          return await keepRawMail(ctx, source, error instanceof Error ? error.message : String(error));
        } catch (keepError) {
          ctx.log.error({ err: keepError }, 'could not even keep the mail raw; it stays unread on the server');
          return null;
        }
      }
    }
  }
  return null;
}
