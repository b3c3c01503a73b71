import type { AppContext } from '../../context.js';
import { isTransientFailure } from '../../db/errors.js';
import type { SupportAddress } from './mail.address.js';
import { imapClient } from './mail.check.js';
import type { Endpoint, MailConfig } from './mail.config.js';
import { ingestMail } from './mail.in.js';
import { type IngestOutcome, keepRawMail } from './mail.store.js';

/** A mailbox to fetch: the main one of the email settings, or a support address's own. */
export interface Mailbox {
  imap: Endpoint;
  user: string;
  pass: string;
  /** The support address it belongs to; null for the main mailbox. */
  address: SupportAddress | null;
}

/** The main mailbox (email settings) and every support address with its own mailbox. */
export function mailboxesOf(config: MailConfig, addresses: SupportAddress[]): Mailbox[] {
  return [
    { imap: config.imap, user: config.user, pass: config.pass, address: null },
    ...addresses.flatMap((a) => (a.mailbox ? [{ ...a.mailbox, address: a }] : [])),
  ];
}

/** The connection settings of one mailbox (same server settings otherwise). */
export const mailboxConfig = (config: MailConfig, box: Mailbox): MailConfig => ({
  ...config,
  imap: box.imap,
  user: box.user,
  pass: box.pass,
});

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
  options: {
    batch?: number;
    max?: number;
    onMail?: (o: IngestOutcome) => void;
    mailbox?: Mailbox;
    /** Aborted when the process stops: the mail in hand is finished, the rest stay unread. */
    signal?: AbortSignal;
  } = {},
): Promise<FetchReport> {
  const report: FetchReport = { fetched: 0, outcomes: {}, leftOver: 0 };
  const box = options.mailbox ?? null;
  const client = imapClient(box ? mailboxConfig(config, box) : config);
  client.on('error', (error: Error) => ctx.log.warn({ err: error }, 'imap connection error'));
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const batch = options.batch ?? 100;
    const max = options.max ?? 5000;
    const failedUids = new Set<number>();
    while (report.fetched < max && !options.signal?.aborted) {
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
        if (options.signal?.aborted) {
          break;
        }
        report.fetched++;
        const outcome = await ingestOne(ctx, config, source, box?.address ?? null, options.signal);
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

/**
 * Stores one mail; on an unexpected error tries once more, then keeps it raw for the admin. Null:
 * not stored at all (the database failed for a passing reason, or refused even the raw copy).
 */
async function ingestOne(
  ctx: AppContext,
  config: MailConfig,
  source: Buffer,
  fetchedFrom: SupportAddress | null,
  signal?: AbortSignal,
): Promise<IngestOutcome | null> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      return await ingestMail(ctx, config, source, { fetchedFrom });
    } catch (error) {
      ctx.log.warn({ err: error, attempt }, 'storing a mail failed');
      if (signal?.aborted || (attempt === 2 && isTransientFailure(error))) {
        // Not the mail's fault (the process is stopping, or a passing failure): it stays unread
        // and the next fetch stores it.
        return null;
      }
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
