import type { ImapFlow, MailboxObject } from 'imapflow';
import type { AppContext } from '../../context.js';
import { isTransientFailure } from '../../db/errors.js';
import type { SupportAddress } from './mail.address.js';
import { imapClient } from './mail.check.js';
import type { Endpoint, MailConfig } from './mail.config.js';
import { ingestMail } from './mail.in.js';
import { advanceMark, mailboxKey, nextMark, openMark } from './mail.mark.js';
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
 * Reads the inbox's new mails, oldest first, in batches: every mail above the mailbox's mark
 * (mail.mark.ts), read by someone already or not, and every unseen one. Each mail is stored in its
 * own transaction, and flagged \Seen on the server only after that committed; the mark moves past
 * a mail only once it and every mail before it are stored. A crash in between fetches it again,
 * and its Message-ID makes the second time a no-op (so do processes fetching side by side). A mail
 * that fails is kept raw and flagged, so it never blocks the ones after it; one the database would
 * not even keep raw stays unread, and holds the mark below it (the mails after it are read again
 * next time, each a no-op by its Message-ID).
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
  const settings = box ? mailboxConfig(config, box) : config;
  const client = imapClient(settings);
  client.on('error', (error: Error) => ctx.log.warn({ err: error }, 'imap connection error'));
  await client.connect();
  try {
    const opened = await client.mailboxOpen('INBOX');
    const key = mailboxKey(settings.imap, settings.user);
    const validity = String(opened.uidValidity);
    let mark = await openMark(ctx.db, key, validity, await lastUid(client, opened));
    const batch = options.batch ?? 100;
    const max = options.max ?? 5000;
    const failedUids = new Set<number>();
    /** Stored, or kept raw for the admin. */
    const handled = new Set<number>();
    while (report.fetched < max && !options.signal?.aborted) {
      // `n:*` names the last mail even when its UID is below n: only the ones above count.
      const above = ((await client.search({ uid: `${mark + 1}:*` }, { uid: true })) || []).filter((u) => u > mark);
      const unseen = (await client.search({ seen: false }, { uid: true })) || [];
      const uids = [...new Set([...unseen, ...above])]
        .filter((u) => !failedUids.has(u) && !handled.has(u))
        .sort((a, b) => a - b);
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
          handled.add(uid);
        } else {
          failedUids.add(uid);
          report.leftOver++;
        }
      }
      if (done.length) {
        await client.messageFlagsAdd(done.join(','), ['\\Seen'], { uid: true });
      }
      // Asked for and not there (deleted since the search): not asked again in this fetch; the
      // mark passes it on the next, whose search no longer finds it.
      for (const uid of chunk) {
        if (!sources.some((s) => s.uid === uid)) {
          failedUids.add(uid);
        }
      }
      const next = nextMark(
        mark,
        above.sort((a, b) => a - b),
        handled,
      );
      if (next > mark) {
        await advanceMark(ctx.db, key, validity, next);
        mark = next;
      }
    }
  } finally {
    await client.logout().catch(() => undefined);
  }
  return report;
}

/** The UID of the mailbox's last mail as it was opened (0 when empty): where a new mark starts. */
async function lastUid(client: ImapFlow, opened: MailboxObject): Promise<number> {
  if (opened.exists === 0) {
    return 0;
  }
  if (opened.uidNext) {
    return opened.uidNext - 1;
  }
  const last = await client.fetchOne('*', { uid: true });
  return last ? last.uid : 0;
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
