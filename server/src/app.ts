import { randomBytes } from 'node:crypto';
import path from 'node:path';
import swagger from '@fastify/swagger';
import { usePatternEngine } from '@parley/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Logger, pino } from 'pino';
import { createClient } from 'redis';
import type { AppContext } from './context.js';
import type { Database, DbOrTx } from './db/client.js';
import { EventBus } from './events/bus.js';
import { registerApiCompression } from './http/compress.js';
import { frameworkError, registerErrorHandler } from './http/error-handler.js';
import { serializerCompiler } from './http/serializer.js';
import { defaultWebDist, registerSpa } from './http/spa.js';
import { validatorCompiler } from './http/validation.js';
import { JobQueue } from './jobs/queue.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { accountSettingRoutes } from './modules/account-setting/account-setting.routes.js';
import { registerAuthHook } from './modules/auth/access-hook.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthCache } from './modules/auth/auth-cache.js';
import { authNodeRoutes } from './modules/auth-node/auth-node.routes.js';
import { bannedRoutes } from './modules/banned/banned.routes.js';
import { nobodyConnected } from './modules/chat/chat.presence.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { chatSettingRoutes } from './modules/chat/setting.routes.js';
import { widgetRoutes } from './modules/chat/widget.routes.js';
import { chatTriggerRoutes } from './modules/chat-trigger/chat-trigger.routes.js';
import { companyRoutes } from './modules/company/company.routes.js';
import { fileRoutes } from './modules/file/file.routes.js';
import { LocalFileStore } from './modules/file/file.store.js';
import { groupRoutes } from './modules/group/group.routes.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { defaultLimitSettings, type LimitSettings, Limits, registerLimits } from './modules/limit/limits.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { MailChannel } from './modules/mail/mail.service.js';
import { noteRoutes } from './modules/note/note.routes.js';
import { passwordLinkRoutes } from './modules/password-link/password-link.routes.js';
import { questionRoutes } from './modules/question/question.routes.js';
import { queueReportRebuildIfStale, registerReportRollups } from './modules/report/report.rollup.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { rulesRoutes } from './modules/rule/rules.register.js';
import { settingRoutes } from './modules/setting/setting.routes.js';
import { shortcutRoutes } from './modules/shortcut/shortcut.routes.js';
import { tagRoutes } from './modules/tag/tag.routes.js';
import { ticketRoutes } from './modules/ticket/ticket.routes.js';
import { ticketAttachmentRoutes } from './modules/ticket-attachment/ticket-attachment.routes.js';
import { re2Patterns } from './modules/ticket-field/pattern-engine.js';
import { ticketFieldRoutes } from './modules/ticket-field/ticket-field.routes.js';
import { ticketFormRoutes } from './modules/ticket-form/ticket-form.routes.js';
import { ticketHomeRoutes } from './modules/ticket-home/ticket-home.routes.js';
import { queueReindexIfStale, registerSearchReindex } from './modules/ticket-search/search-index.js';
import { forgetListCaches } from './modules/ticket-search/ticket-list.service.js';
import { forgetViews } from './modules/ticket-view/ticket-view.service.js';
import { viewRoutes } from './modules/ticket-view/view.routes.js';
import { todoRoutes } from './modules/todo/todo.routes.js';
import { attachRealtime } from './realtime/realtime.js';

export interface AppDeps {
  database: Database;
  /** Log to stdout at this level; no logging when omitted (tests). */
  logLevel?: string;
  /** A logger made by the caller (main logs before the app exists); wins over `logLevel`. */
  log?: Logger;
  /** Folder of the built web app; the default is `web/dist` of this repository. */
  webDist?: string;
  /**
   * Draw the ticket list on the server for its first paint (decision 0019): the server does; a
   * test that does not look at it leaves it off (it starts a render thread and paints over the app).
   */
  listPreview?: boolean;
  /** How long a drawn list may take before the page goes without it (400 ms; a test on a busy machine gives it more). */
  listPreviewBudgetMs?: number;
  /** Largest JSON body accepted; uploads get their own limit. */
  bodyLimit?: number;
  /** REDIS_URL: socket.io rooms and chat presence across server processes; one process alone without it. */
  redisUrl?: string | undefined;
  /** Prefix of the socket.io channels in Redis: servers sharing one prefix share rooms (tests use their own). */
  redisKey?: string | undefined;
  /** DATA_DIR: uploads are kept under `<dataDir>/files`. Defaults to `./data`, as the config does. */
  dataDir?: string;
  /** Run the background job workers in this process (the server does; tests drain on demand). */
  runJobs?: boolean;
  /** PUBLIC_URL: links in mails. */
  publicUrl?: string;
  /** Seconds between mailbox fetches while jobs run (default 30). */
  mailPollSeconds?: number;
  /** Prefix of job queue names (test files sharing one PostgreSQL database keep apart). */
  jobPrefix?: string;
  /** TRUSTED_PROXIES: addresses or CIDR ranges whose X-Forwarded-For is believed; none when empty. */
  trustedProxies?: string[];
  /** Rate limits (config: LOGIN_LIMIT_*, PUBLIC_*_LIMIT); the defaults where left out. */
  limits?: Partial<LimitSettings>;
  /** Prefix of the rate-limit keys in Redis (REDIS_PREFIX); tests use their own. */
  limitPrefix?: string;
}

/** Every `/api/admin` route must declare its access; this list lets a test prove it. */
export interface RouteRecord {
  method: string;
  url: string;
  access: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    parleyRoutes: RouteRecord[];
    /** The services' shared context (tests reach the auth cache through it). */
    parley: AppContext;
    /** The email channel (tests point it at their own mail servers). */
    mail: MailChannel;
  }
}

/** Request ids unique across processes: a random process prefix and a counter (cheaper than a UUID each). */
const processPrefix = randomBytes(4).toString('hex');
let requestCounter = 0;
const nextRequestId = () => `${processPrefix}-${(++requestCounter).toString(36)}`;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Fastify gets no logger: with one, it times every request and adds and removes two listeners
  // per answer to log a line we do not write. Parley logs through its own (`ctx.log`); the error
  // handler writes each unexpected error with its request id.
  const log = deps.log ?? pino({ level: deps.logLevel ?? 'silent' });
  // The process's read caches (views, list counts, search statistics) hold one database's rows;
  // an app starts with them empty, so one built on another database (each test file has its own,
  // and files share a worker's modules) never reads the last one's.
  forgetViews();
  forgetListCaches();
  // Regex fields are matched in linear time on the server (a visitor's value meets the pattern).
  usePatternEngine(re2Patterns);
  const app = Fastify({
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    genReqId: nextRequestId,
    // X-Forwarded-For counts only from the proxies named in TRUSTED_PROXIES (none by default):
    // anyone else, on the same network or not, would pick the address its limits and bans see.
    trustProxy: deps.trustedProxies?.length ? deps.trustedProxies : false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RouteRecord[] = [];
  app.decorate('parleyRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) {
      return;
    }
    const declared = route.config?.access;
    if (route.url.startsWith('/api/admin') && !declared) {
      throw new Error(`${route.method} ${route.url} declares no access: every admin call needs one`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        routes.push({ method, url: route.url, access: declared ? JSON.stringify(declared) : 'public' });
      }
    }
  });

  registerErrorHandler(app, log);
  registerApiCompression(app);
  // Limits count in Redis when there is one (every process shares it), else in the database.
  let limitRedis: ReturnType<typeof createClient> | undefined;
  if (deps.redisUrl) {
    limitRedis = createClient({ url: deps.redisUrl });
    limitRedis.on('error', (error: unknown) => log.warn({ err: error }, 'rate-limit Redis connection'));
    await limitRedis.connect();
    const client = limitRedis;
    app.addHook('onClose', async () => {
      await client.quit();
    });
  }
  const limits = new Limits(
    // Apps with their own socket.io channels (tests) count their limits apart too.
    { db: deps.database.db, redis: limitRedis, prefix: `${deps.limitPrefix ?? deps.redisKey ?? 'parley'}:limit` },
    { ...defaultLimitSettings, ...deps.limits },
  );
  registerLimits(deps.database.db, limits);
  // Expired database counters go every five minutes, and the timer stops with the app.
  const limitCleanup = setInterval(() => {
    limits.clearExpired().catch((error: unknown) => log.warn({ err: error }, 'rate-limit clean-up'));
  }, 5 * 60_000);
  limitCleanup.unref();
  app.addHook('onClose', () => clearInterval(limitCleanup));
  const ctx: AppContext = {
    log,
    db: deps.database.db,
    authCache: new AuthCache(),
    files: new LocalFileStore(path.join(path.resolve(deps.dataDir ?? 'data'), 'files')),
    events: new EventBus(log),
    chatPresence: nobodyConnected,
    jobs: new JobQueue(deps.database.db, {
      log,
      supervise: deps.runJobs ?? false,
      ...(deps.jobPrefix ? { prefix: deps.jobPrefix } : {}),
    }),
    publicUrl: (deps.publicUrl ?? 'http://localhost:8080').replace(/\/$/, ''),
    limits,
  };
  app.decorate('parley', ctx);
  const mail = new MailChannel(ctx);
  app.decorate('mail', mail);
  registerSearchReindex(ctx);
  registerReportRollups(ctx);
  const unsubscribe = await ctx.authCache.subscribe(deps.database);
  app.addHook('onClose', () => unsubscribe());
  registerAuthHook(app, ctx);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Parley API', version: '0.1.0', description: 'Every call answers { code, msg, data }.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  homeRoutes(app, ctx);
  authRoutes(app, ctx);
  authNodeRoutes(app, ctx);
  const mailConfig = (db: DbOrTx) => mail.config(db);
  accountRoutes(app, ctx, mailConfig);
  passwordLinkRoutes(app, ctx, mailConfig);
  groupRoutes(app, ctx);
  roleRoutes(app, ctx);
  companyRoutes(app, ctx);
  settingRoutes(app, ctx);
  bannedRoutes(app, ctx);
  questionRoutes(app, ctx);
  shortcutRoutes(app, ctx);
  accountSettingRoutes(app, ctx);
  todoRoutes(app, ctx);
  ticketFieldRoutes(app, ctx);
  ticketFormRoutes(app, ctx);
  viewRoutes(app, ctx);
  tagRoutes(app, ctx);
  noteRoutes(app, ctx);
  await fileRoutes(app, ctx);
  ticketRoutes(app, ctx);
  ticketHomeRoutes(app, ctx);
  await ticketAttachmentRoutes(app, ctx);
  chatRoutes(app, ctx);
  chatSettingRoutes(app, ctx);
  chatTriggerRoutes(app, ctx);
  await widgetRoutes(app, ctx);
  const realtime = await attachRealtime(app, ctx, { redisUrl: deps.redisUrl, redisKey: deps.redisKey });
  app.addHook('preClose', () => realtime.close());
  mailRoutes(app, ctx, mail);
  rulesRoutes(app, ctx, mail);
  reportRoutes(app, ctx);

  app.get('/api/docs', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async () => app.swagger());

  await registerSpa(app, deps.webDist ?? defaultWebDist, {
    listPreview: deps.listPreview ?? false,
    ...(deps.listPreviewBudgetMs === undefined ? {} : { listPreviewBudgetMs: deps.listPreviewBudgetMs }),
  });
  await ctx.jobs.start();
  if (deps.runJobs) {
    await ctx.jobs.startWorkers();
    mail.startPolling(deps.mailPollSeconds ?? 30);
    await queueReindexIfStale(ctx);
    await queueReportRebuildIfStale(ctx);
  }
  // Before the database closes: workers finish the job in hand, then stop.
  app.addHook('onClose', async () => {
    await mail.stop();
    await ctx.jobs.stop();
  });
  return app;
}
