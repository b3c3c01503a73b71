import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { type MailConfig, readMailConfig } from './mail.config.js';
import { type FetchReport, fetchMailbox } from './mail.fetch.js';
import { registerMailOut, TransportCache } from './mail.out.js';

export const fetchQueue = 'mail.fetch';

/**
 * The email channel of one server process: the send and fetch queues, and, where jobs run, a
 * timer that queues a mailbox fetch every `pollSeconds` (one per period across processes).
 */
export class MailChannel {
  readonly transports = new TransportCache();
  private timer: NodeJS.Timeout | null = null;
  /** Tests and benchmarks point the channel at their own servers without touching the settings. */
  configOverride: MailConfig | null = null;

  constructor(private readonly ctx: AppContext) {
    registerMailOut(ctx, this.transports, (db) => this.config(db));
    ctx.jobs.define<Record<string, never>>(fetchQueue, {
      attempts: 1,
      batchSize: 1,
      handler: async () => {
        await this.fetchNow();
      },
    });
  }

  async config(db: DbOrTx = this.ctx.db): Promise<MailConfig | null> {
    return this.configOverride ?? readMailConfig(db);
  }

  /** Fetches the mailbox now (tests, the fetch job). */
  async fetchNow(options: Parameters<typeof fetchMailbox>[2] = {}): Promise<FetchReport | null> {
    const config = await this.config();
    if (!config) {
      return null;
    }
    return fetchMailbox(this.ctx, config, options);
  }

  startPolling(pollSeconds: number): void {
    const tick = async () => {
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

  stop(): void {
    if (this.timer) {
      clearInterval(this.timer);
    }
    this.transports.close();
  }
}
