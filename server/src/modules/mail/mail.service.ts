import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { listSupportAddresses } from './mail.address.js';
import { type MailConfig, readMailConfig } from './mail.config.js';
import { type FetchReport, fetchMailbox, type Mailbox, mailboxesOf } from './mail.fetch.js';
import { MailboxWatcher } from './mail.idle.js';
import { registerMailOut, TransportCache } from './mail.out.js';
import { registerTranscripts } from './mail.transcript.js';

export const fetchQueue = 'mail.fetch';

/** Which mailboxes a watcher set was made for: a change of settings or addresses rebuilds it. */
const boxKey = (boxes: Mailbox[]) => JSON.stringify(boxes.map((b) => [b.imap, b.user, b.pass]));

/**
 * The email channel of one server process: the send and fetch queues, IMAP IDLE on every mailbox
 * whose server offers it (a new mail is fetched at once), and a timer that queues a fetch of every
 * mailbox each `pollSeconds` (one per period across processes; the only way in without IDLE).
 */
export class MailChannel {
  readonly transports = new TransportCache();
  private timer: NodeJS.Timeout | null = null;
  private watchers: MailboxWatcher[] = [];
  private watchKey = '';
  private watching: Promise<unknown> = Promise.resolve();
  private fetchingSoon = false;
  private fetchAgain = false;
  private stopped = false;
  /** Tests and benchmarks point the channel at their own servers without touching the settings. */
  configOverride: MailConfig | null = null;

  constructor(private readonly ctx: AppContext) {
    registerMailOut(ctx, this.transports, (db) => this.config(db));
    registerTranscripts(ctx, (db) => this.config(db));
    ctx.jobs.define<Record<string, never>>(fetchQueue, {
      attempts: 1,
      batchSize: 1,
      handler: async (_data, { signal }) => {
        await this.fetchNow({ signal });
      },
    });
  }

  async config(db: DbOrTx = this.ctx.db): Promise<MailConfig | null> {
    return this.configOverride ?? readMailConfig(db);
  }

  private async mailboxes(): Promise<{ config: MailConfig; boxes: Mailbox[] } | null> {
    const config = await this.config();
    if (!config) {
      return null;
    }
    return { config, boxes: mailboxesOf(config, await listSupportAddresses(this.ctx.db)) };
  }

  /** Fetches every mailbox now (tests, the fetch job): the main one, then each own mailbox. */
  async fetchNow(options: Parameters<typeof fetchMailbox>[2] = {}): Promise<FetchReport | null> {
    const found = await this.mailboxes();
    if (!found) {
      return null;
    }
    const total: FetchReport = { fetched: 0, outcomes: {}, leftOver: 0 };
    for (const box of options.mailbox ? [options.mailbox] : found.boxes) {
      if (options.signal?.aborted) {
        break;
      }
      let report: FetchReport;
      try {
        report = await fetchMailbox(this.ctx, found.config, { ...options, mailbox: box });
      } catch (error) {
        // One unreachable mailbox does not keep the others from being read.
        if (box.address === null) {
          throw error;
        }
        this.ctx.log.warn({ err: error, mailbox: box.user }, 'fetching a support address mailbox failed');
        continue;
      }
      total.fetched += report.fetched;
      total.leftOver += report.leftOver;
      for (const [k, n] of Object.entries(report.outcomes)) {
        total.outcomes[k] = (total.outcomes[k] ?? 0) + n;
      }
    }
    return total;
  }

  /**
   * Queues one fetch (one job per key across processes) and runs it here at once. A burst of new
   * mails (each announced by IDLE) runs one fetch at a time here, the last one after the burst:
   * fetches side by side would all read the same unread mails.
   */
  private async fetchSoon(key: string): Promise<void> {
    if (this.stopped) {
      return;
    }
    await this.ctx.jobs.send(fetchQueue, {}, { key });
    if (this.fetchingSoon) {
      this.fetchAgain = true;
      return;
    }
    this.fetchingSoon = true;
    try {
      do {
        this.fetchAgain = false;
        await this.ctx.jobs.runOnce(fetchQueue, 1);
      } while (this.fetchAgain && !this.stopped);
    } finally {
      this.fetchingSoon = false;
    }
  }

  /**
   * Keeps an IDLE connection on every mailbox whose server offers it; rebuilt when the settings
   * or support addresses change (checked on every poll tick). Answers the watchers' modes.
   */
  watch(): Promise<Array<'starting' | 'idle' | 'polling'>> {
    // One at a time: a slow connect must not let the next poll tick build a second set.
    const run = this.watching.then(() => this.watchNow());
    this.watching = run.catch(() => undefined);
    return run;
  }

  private async watchNow(): Promise<Array<'starting' | 'idle' | 'polling'>> {
    const found = await this.mailboxes();
    const key = found ? boxKey(found.boxes) : '';
    if (key !== this.watchKey) {
      await this.unwatch();
      this.watchKey = key;
      this.watchers = (found?.boxes ?? []).map(
        (box) => new MailboxWatcher(box, (mark) => this.fetchSoon(`idle:${box.user}:${mark}`), this.ctx.log),
      );
      await Promise.all(this.watchers.map((w) => w.start()));
    }
    return this.watchers.map((w) => w.mode);
  }

  /** Closes the IDLE connections (settings changed, shutdown, a test done with them). */
  async unwatch(): Promise<void> {
    const watchers = this.watchers;
    this.watchers = [];
    this.watchKey = '';
    await Promise.all(watchers.map((w) => w.stop()));
  }

  startPolling(pollSeconds: number): void {
    const tick = async () => {
      await this.watch().catch((e) => this.ctx.log.warn({ err: e }, 'starting IMAP IDLE failed'));
      const config = await this.config().catch(() => null);
      if (!config) {
        return;
      }
      const slot = Math.floor(Date.now() / (pollSeconds * 1000));
      await this.ctx.jobs.send(fetchQueue, {}, { key: `fetch:${slot}` });
    };
    this.timer = setInterval(
      () => void tick().catch((e) => this.ctx.log.warn({ err: e }, 'queueing a mail fetch failed')),
      pollSeconds * 1000,
    );
    this.timer.unref();
    void tick().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearInterval(this.timer);
    }
    await this.unwatch();
    this.transports.close();
  }
}
