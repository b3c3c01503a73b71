import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { scheduleMaintenance } from './db/maintenance.js';
import { migrate } from './db/migrate.js';
import { readTemplate, templateFile, writeTemplate } from './db/template.js';
import { createLogger, defaultLogFormat } from './log.js';
import { bootstrap } from './modules/bootstrap/bootstrap.service.js';

export interface MainOptions {
  /**
   * Settles when the web app is built (`npm start` builds it while the database opens); the
   * static files are registered after it.
   */
  webBuilt?: Promise<unknown>;
}

export async function main(options: MainOptions = {}): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel, config.logFormat ?? defaultLogFormat());
  const started = Date.now();
  const pgliteDir = path.join(config.dataDir, 'pglite');
  const fresh = !config.databaseUrl && !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'));
  const template = fresh ? templateFile() : null;
  const copy = readTemplate(template);
  if (fresh) {
    log.info(
      copy
        ? `Creating the database in ${pgliteDir} from a migrated copy (first start)…`
        : `Creating the database in ${pgliteDir} (first start; this takes a while once)…`,
    );
  } else {
    log.info(config.databaseUrl ? 'Connecting to PostgreSQL…' : `Opening the database in ${pgliteDir}…`);
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir,
    pgliteLoad: copy ?? undefined,
    onPoolError: (error) => log.error({ err: error }, 'PostgreSQL connection error'),
  });
  const applied = await migrate(database, undefined, (pending) =>
    log.info(`Migrating the database: ${pending.length} migration${pending.length === 1 ? '' : 's'} to apply…`),
  );
  if (applied.length) {
    log.info({ applied: applied.length }, 'database migrated');
  }
  if (fresh && applied.length && database.dump) {
    // Still empty (no admin yet): keep it as the starting point of the next new data folder.
    await writeTemplate(template, database.dump).catch((error: unknown) =>
      log.warn({ err: error }, 'could not keep a copy of the new database (the next new data folder starts slower)'),
    );
  }
  const seeded = await bootstrap(database.db, { email: config.adminEmail, password: config.adminPassword });
  if (seeded.createdAdmin && !seeded.generatedAdmin) {
    log.info('First start: admin account created from ADMIN_EMAIL / ADMIN_PASSWORD');
  }
  if (options.webBuilt) {
    await options.webBuilt;
  }
  const app = await buildApp({
    database,
    log,
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    redisKey: `${config.redisPrefix}.io`,
    runJobs: true,
    listPreview: true,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    mailPollSeconds: config.mailPollSeconds,
    trustedProxies: config.trustedProxies,
    limits: config.limits,
    limitPrefix: config.redisPrefix,
  });

  // PGlite has no autovacuum: Parley vacuums and analyzes its busy tables itself.
  const stopMaintenance = scheduleMaintenance(database, log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopMaintenance();
    await app.close();
    await database.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The ticket list's server render (decision 0019) starts now, not on the first agent's reload.
  void app.warmListPreview();
  const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  if (seeded.generatedAdmin) {
    // The password on a line of its own, so it can be copied whole; the last line says where to use it.
    log.warn(
      `First start: sign in as ${seeded.generatedAdmin.email} with this one-time password (change it in My profile):`,
    );
    log.warn(seeded.generatedAdmin.password);
  }
  log.info(
    { ms: Date.now() - started },
    `Parley is serving on ${base} (${database.kind}): sign in at ${base}/wswt/login`,
  );
}

function fail(error: unknown): never {
  console.error(error);
  process.exit(1);
}

// Run when started as a program (`node server/dist/main.js`, `tsx src/main.ts`); `npm start` imports it and calls main.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch(fail);
}

export { fail as exitOnStartupError };
