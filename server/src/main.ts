import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { scheduleMaintenance } from './db/maintenance.js';
import { migrate } from './db/migrate.js';
import { bootstrap } from './modules/bootstrap/bootstrap.service.js';

async function main(): Promise<void> {
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
  // Loaded after the configuration is known good: a bad variable stops the start at once, before
  // the whole app (socket.io, Redis client, every module) is even read from disk.
  const { buildApp } = await import('./app.js');
  let logPoolError = (error: Error) => console.error(`PostgreSQL connection error: ${error.message}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (error) => logPoolError(error),
  });
  const applied = await migrate(database);
  const app = await buildApp({
    database,
    logLevel: config.logLevel,
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    redisKey: `${config.redisPrefix}.io`,
    runJobs: true,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
    mailPollSeconds: config.mailPollSeconds,
  });
  const { log } = app.parley;
  logPoolError = (error) => log.error({ err: error }, 'PostgreSQL connection error');
  if (applied.length) {
    log.info({ applied }, 'database migrated');
  }
  const seeded = await bootstrap(database.db, { email: config.adminEmail, password: config.adminPassword });
  if (seeded.generatedAdmin) {
    log.warn(
      `First start: sign in as ${seeded.generatedAdmin.email} with password ${seeded.generatedAdmin.password} (shown once; change it in My profile)`,
    );
  } else if (seeded.createdAdmin) {
    log.info('First start: admin account created from ADMIN_EMAIL / ADMIN_PASSWORD');
  }

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
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Parley is serving on ${config.publicUrl ?? `http://localhost:${config.port}`} (${database.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
