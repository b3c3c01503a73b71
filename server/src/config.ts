import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { maxPasswordCost, minPasswordCost } from './modules/auth/password.js';
import type { LimitSettings } from './modules/limit/limits.js';

const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const count = (max: number) => z.coerce.number().int().min(1).max(max);

/** `loopback`, `linklocal`, `uniquelocal`, an address or a CIDR range (`10.0.0.0/8`), as proxy-addr takes them. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) {
    return true;
  }
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) {
    return false;
  }
  return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'letters, digits and . _ : - only')
    .default('parley'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(5).max(127).optional(),
  LOG_LEVEL: z.enum(levels).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TRUSTED_PROXIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(isProxyEntry),
      'a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal',
    )
    .optional(),
  LOGIN_LIMIT_PER_ADDRESS: count(100_000).default(50),
  LOGIN_LIMIT_PER_EMAIL_ADDRESS: count(10_000).default(10),
  LOGIN_LIMIT_PER_EMAIL: count(10_000).default(10),
  LOGIN_BACKOFF_SECONDS: count(3600).default(30),
  PUBLIC_TICKET_LIMIT: count(1_000_000).default(20),
  PUBLIC_UPLOAD_LIMIT: count(1_000_000).default(60),
  PUBLIC_CHAT_LIMIT: count(1_000_000).default(30),
  PASSWORD_RESET_LIMIT_PER_EMAIL: count(10_000).default(3),
  PASSWORD_RESET_LIMIT_PER_ADDRESS: count(100_000).default(20),
  MAIL_RECEIVED_LIMIT_PER_ADDRESS: count(100_000).default(5),
  // Read where passwords are hashed (modules/auth/password.ts); checked here so a bad value stops the start.
  PASSWORD_HASH_COST: z.coerce.number().int().min(minPasswordCost).max(maxPasswordCost).optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL per server process (PGlite has one session). */
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Prefix of Parley's channels in Redis: installations sharing one Redis keep theirs apart. */
  redisPrefix: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: (typeof levels)[number];
  /** Unset: readable lines in a terminal, JSON lines otherwise. */
  logFormat: 'pretty' | 'json' | undefined;
  /** Seconds between fetches of the support mailbox. */
  mailPollSeconds: number;
  /** Proxies whose X-Forwarded-For is believed; none by default (the socket's address counts). */
  trustedProxies: string[];
  limits: LimitSettings;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    publicUrl: c.PUBLIC_URL,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    adminEmail: c.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    mailPollSeconds: c.MAIL_POLL_SECONDS,
    trustedProxies: c.TRUSTED_PROXIES ?? [],
    limits: {
      loginPerAddress: c.LOGIN_LIMIT_PER_ADDRESS,
      loginPerEmailAddress: c.LOGIN_LIMIT_PER_EMAIL_ADDRESS,
      loginPerEmail: c.LOGIN_LIMIT_PER_EMAIL,
      loginBackoffSeconds: c.LOGIN_BACKOFF_SECONDS,
      publicTicket: c.PUBLIC_TICKET_LIMIT,
      publicUpload: c.PUBLIC_UPLOAD_LIMIT,
      publicChat: c.PUBLIC_CHAT_LIMIT,
      forgotPerEmail: c.PASSWORD_RESET_LIMIT_PER_EMAIL,
      forgotPerAddress: c.PASSWORD_RESET_LIMIT_PER_ADDRESS,
      mailReceivedPerAddress: c.MAIL_RECEIVED_LIMIT_PER_ADDRESS,
    },
  };
}
