import { ImapFlow } from 'imapflow';
import type { Logger } from 'pino';
import type { Mailbox } from './mail.fetch.js';

/** How long an IDLE lasts before it is renewed (servers drop IDLE after 30 minutes). */
const idleRenewMs = 5 * 60 * 1000;
const reconnectMs = 10_000;

/**
 * Holds one IMAP connection on a mailbox in IDLE, where the server offers it, and calls
 * `onNewMail` as soon as the server announces a new message. Where IDLE is missing it stops
 * at once and says so: the timed fetch (MAIL_POLL_SECONDS) is that mailbox's only way in.
 * A dropped connection is opened again after a pause.
 */
export class MailboxWatcher {
  private client: ImapFlow | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  /** 'idle' while the server pushes new mail, 'polling' where it offers no IDLE. */
  mode: 'starting' | 'idle' | 'polling' = 'starting';

  constructor(
    readonly box: Mailbox,
    /** `mark` names this state of the mailbox (validity and count): one fetch per mark across processes. */
    private readonly onNewMail: (mark: string) => Promise<void>,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) {
      return;
    }
    const client = new ImapFlow({
      host: this.box.imap.host,
      port: this.box.imap.port,
      secure: this.box.imap.secure,
      auth: { user: this.box.user, pass: this.box.pass },
      logger: false,
      tls: { rejectUnauthorized: false },
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      // IDLE starts as soon as the connection is quiet and is renewed now and then.
      autoIdleDelay: 200,
      maxIdleTime: idleRenewMs,
    });
    this.client = client;
    client.on('error', (error: Error) => this.log.warn({ err: error, mailbox: this.box.user }, 'imap idle error'));
    client.on('close', () => {
      this.client = null;
      this.again();
    });
    client.on('exists', (data: { count: number; prevCount: number }) => {
      if (data.count > data.prevCount) {
        const validity = client.mailbox ? String(client.mailbox.uidValidity) : '';
        this.onNewMail(`${validity}:${data.count}`).catch((error) =>
          this.log.warn({ err: error }, 'fetching after IDLE failed'),
        );
      }
    });
    try {
      await client.connect();
      if (!client.capabilities.has('IDLE')) {
        this.mode = 'polling';
        this.log.info({ mailbox: this.box.user }, 'the mail server offers no IDLE: the mailbox is polled');
        this.stopped = true;
        await client.logout().catch(() => undefined);
        return;
      }
      await client.mailboxOpen('INBOX');
      this.mode = 'idle';
    } catch (error) {
      this.log.warn({ err: error, mailbox: this.box.user }, 'imap idle connection failed');
      client.close();
    }
  }

  private again(): void {
    if (this.stopped || this.timer) {
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, reconnectMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const client = this.client;
    this.client = null;
    if (client) {
      await client.logout().catch(() => client.close());
    }
  }
}
