import { lt } from 'drizzle-orm';
import { type RateLimiterAbstract, RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { createClient } from 'redis';
import type { Db, DbOrTx } from '../../db/client.js';
import { rateLimit } from '../../db/schema/index.js';
import { throttled } from '../../http/app-error.js';

/** How many of each, per window; each has its environment variable (config.ts, README). */
export interface LimitSettings {
  /** Sign-in attempts per address in 15 minutes (`LOGIN_LIMIT_PER_ADDRESS`); a success gives its one back. */
  loginPerAddress: number;
  /** Sign-in attempts per email and address pair in 15 minutes (`LOGIN_LIMIT_PER_EMAIL_ADDRESS`); a success clears it. */
  loginPerEmailAddress: number;
  /** Sign-in attempts per email from every address in 15 minutes before the back-off (`LOGIN_LIMIT_PER_EMAIL`). */
  loginPerEmail: number;
  /** Past that, one attempt per this many seconds for the email from an address it never signed in from (`LOGIN_BACKOFF_SECONDS`). */
  loginBackoffSeconds: number;
  /** Public tickets per address in 10 minutes (`PUBLIC_TICKET_LIMIT`). */
  publicTicket: number;
  /** Public uploads per address in 10 minutes (`PUBLIC_UPLOAD_LIMIT`). */
  publicUpload: number;
  /** Chats started per address in 10 minutes (`PUBLIC_CHAT_LIMIT`). */
  publicChat: number;
  /** "Forgot password?" requests per email in an hour, whether or not it has an account (`PASSWORD_RESET_LIMIT_PER_EMAIL`). */
  forgotPerEmail: number;
  /** "Forgot password?" requests per address in an hour, whatever the email (`PASSWORD_RESET_LIMIT_PER_ADDRESS`). */
  forgotPerAddress: number;
  /** "We received your request" mails to one address in an hour (`MAIL_RECEIVED_LIMIT_PER_ADDRESS`): mail-loop protection. */
  mailReceivedPerAddress: number;
}

export const defaultLimitSettings: LimitSettings = {
  loginPerAddress: 50,
  loginPerEmailAddress: 10,
  loginPerEmail: 10,
  loginBackoffSeconds: 30,
  publicTicket: 20,
  publicUpload: 60,
  publicChat: 30,
  forgotPerEmail: 3,
  forgotPerAddress: 20,
  // A person opens a few tickets an hour at most; an autoresponder or a script that answers every
  // "received" mail (without the headers that mark its mail automatic) opens one a minute or more.
  // Past 5 its new tickets are still made, but it hears nothing more from us that hour, so the loop
  // stops at 5 mails rather than running until a mailbox fills.
  mailReceivedPerAddress: 5,
};

const loginWindow = 15 * 60;
const publicWindow = 10 * 60;
const forgotWindow = 60 * 60;
const mailReceivedWindow = 60 * 60;
type Redis = ReturnType<typeof createClient>;
export type PublicKind = 'ticket' | 'upload' | 'chat';

/**
 * Every limit of Parley as `rate-limiter-flexible` counters: in Redis when `REDIS_URL` is set,
 * otherwise in the database (`rate_limit`). Each attempt takes its point first, in one atomic
 * step, and is refused when that point is over the limit: no check-then-act, so 40 parallel
 * requests against a limit of 10 let 10 through, and every server process shares the counts.
 */
export class Limits {
  private readonly login: Record<'address' | 'pair' | 'email' | 'backoff', RateLimiterAbstract>;
  private readonly public: Record<PublicKind, RateLimiterAbstract>;
  private readonly currentPassword: RateLimiterAbstract;
  private readonly forgot: Record<'email' | 'address', RateLimiterAbstract>;
  /** In Redis; null when the counts are in the database (then counted in the caller's transaction). */
  private readonly mailReceived: RateLimiterAbstract | null;

  constructor(
    private readonly store: { db: Db; redis?: Redis | undefined; prefix?: string },
    readonly settings: LimitSettings = defaultLimitSettings,
  ) {
    const make = (name: string, points: number, duration: number) => this.limiter(name, points, duration);
    this.login = {
      address: make('login-address', settings.loginPerAddress, loginWindow),
      pair: make('login-pair', settings.loginPerEmailAddress, loginWindow),
      email: make('login-email', settings.loginPerEmail, loginWindow),
      backoff: make('login-backoff', 1, settings.loginBackoffSeconds),
    };
    this.currentPassword = make('current-password', settings.loginPerEmailAddress, loginWindow);
    this.forgot = {
      email: make('forgot-email', settings.forgotPerEmail, forgotWindow),
      address: make('forgot-address', settings.forgotPerAddress, forgotWindow),
    };
    this.mailReceived = store.redis ? make('mail-received', settings.mailReceivedPerAddress, mailReceivedWindow) : null;
    this.public = {
      ticket: make('public-ticket', settings.publicTicket, publicWindow),
      upload: make('public-upload', settings.publicUpload, publicWindow),
      chat: make('public-chat', settings.publicChat, publicWindow),
    };
  }

  /** A limiter of `name`: in Redis when there is one, else in the database (`db`: a transaction of the caller's). */
  private limiter(name: string, points: number, duration: number, db: DbOrTx = this.store.db): RateLimiterAbstract {
    const keyPrefix = `${this.store.prefix ?? 'parley'}:${name}`;
    return this.store.redis
      ? new RateLimiterRedis({ storeClient: this.store.redis, useRedisPackage: true, keyPrefix, points, duration })
      : // The library's own hourly clean-up is a timer per limiter that nothing can stop, so it
        // outlived a closed app (in tests, on a closed pool); `clearExpired` does it, from app.ts.
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimit,
          keyPrefix,
          points,
          duration,
          clearExpiredByTimeout: false,
        });
  }

  /**
   * One sign-in attempt, before the password is checked. Refused (429) past the address's or
   * the email-and-address pair's limit. An email guessed from many addresses is not locked: past
   * its limit it slows to one attempt per back-off period, and not at all for an address the
   * account has signed in from before (`knownAddress`), so a stranger cannot lock its owner out.
   */
  async signInAttempt(email: string, ip: string, knownAddress: () => Promise<boolean>): Promise<void> {
    const [address, pair] = await Promise.all([take(this.login.address, ip), take(this.login.pair, `${email}|${ip}`)]);
    if (address > this.settings.loginPerAddress || pair > this.settings.loginPerEmailAddress) {
      throw throttled('too_many_attempts');
    }
    if ((await take(this.login.email, email)) > this.settings.loginPerEmail && !(await knownAddress())) {
      if ((await take(this.login.backoff, email)) > 1) {
        throw throttled('too_many_attempts');
      }
    }
  }

  /** A right password: the pair and the email start again, and the address gets its attempt back. */
  async signedIn(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.login.pair.delete(`${email}|${ip}`),
      this.login.email.delete(email),
      this.login.backoff.delete(email),
      this.login.address.reward(ip, 1),
    ]);
  }

  /**
   * One check of a signed-in account's current password (changing it in My profile): as many
   * per 15 minutes as sign-in allows an email from one address, then refused (429). A session
   * left open, or a stolen token, must not guess the password it would then change.
   */
  async currentPasswordAttempt(accountId: number): Promise<void> {
    if ((await take(this.currentPassword, String(accountId))) > this.settings.loginPerEmailAddress) {
      throw throttled('too_many_attempts');
    }
  }

  /** The current password was right: its count starts again. */
  async currentPasswordRight(accountId: number): Promise<void> {
    await this.currentPassword.delete(String(accountId));
  }

  /**
   * One "Forgot password?" request, before anyone looks the email up: refused (429) past the
   * email's or the address's limit. Every email counts, with an account or without, so the refusal
   * tells nobody whether the address has an account; it also keeps a stranger from filling an
   * agent's mailbox with links.
   */
  async forgotAttempt(email: string, ip: string): Promise<void> {
    const [address, byEmail] = await Promise.all([take(this.forgot.address, ip), take(this.forgot.email, email)]);
    if (address > this.settings.forgotPerAddress || byEmail > this.settings.forgotPerEmail) {
      throw throttled('password_forgot_too_many');
    }
  }

  /**
   * One "received" mail to an address (a new ticket by mail): false past its limit in the hour,
   * and the mail is then not sent. Counted in `tx`, the transaction that makes the ticket, when
   * the counts are in the database: a rolled-back ticket takes no point, and a database with one
   * connection (PGlite) is not asked twice at once.
   */
  async mailReceivedAllowed(address: string, tx: DbOrTx): Promise<boolean> {
    const limiter =
      this.mailReceived ?? this.limiter('mail-received', this.settings.mailReceivedPerAddress, mailReceivedWindow, tx);
    return (await take(limiter, address.toLowerCase())) <= this.settings.mailReceivedPerAddress;
  }

  /**
   * Deletes the database counters that expired over an hour ago (what the library's own timer did);
   * nothing to do when the counts are in Redis, which expires them itself. Answers how many went.
   */
  async clearExpired(now = Date.now()): Promise<number> {
    if (this.store.redis) {
      return 0;
    }
    const gone = await this.store.db
      .delete(rateLimit)
      .where(lt(rateLimit.expire, new Date(now - 60 * 60_000)))
      .returning({ key: rateLimit.key });
    return gone.length;
  }

  /** One public submission from an address; refused (429, `message`) past its limit. */
  async publicHit(kind: PublicKind, ip: string, message: Parameters<typeof throttled>[0]): Promise<void> {
    if ((await take(this.public[kind], ip)) > this.settings[publicSetting[kind]]) {
      throw throttled(message);
    }
  }
}

const publicSetting = { ticket: 'publicTicket', upload: 'publicUpload', chat: 'publicChat' } as const;

/** Takes a point and answers how many are taken now; over the limit is an answer, not an error. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    return (await limiter.consume(key)).consumedPoints;
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return error.consumedPoints;
    }
    throw error;
  }
}

/** The limits of the app that owns this database handle: for callers given only `db` (chat). */
const byDb = new WeakMap<object, Limits>();
export const registerLimits = (db: Db, limits: Limits) => byDb.set(db, limits);
export function limitsOf(db: object): Limits {
  const limits = byDb.get(db);
  if (!limits) {
    throw new Error('no limits registered for this database');
  }
  return limits;
}
