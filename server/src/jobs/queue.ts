import { createHash, randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/client.js';

/** pg-boss's `db` option: runs one statement (several when no params) on a connection or transaction. */
interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface RawClient {
  query(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: Record<string, unknown>[] } | { rows: Record<string, unknown>[] }[]>;
  exec?: (text: string) => Promise<{ rows: Record<string, unknown>[] }[]>;
}

/**
 * pg-boss talks to the driver under drizzle: the `pg` pool or pool client of a transaction, or
 * PGlite (or its transaction). A job sent with the writer's `tx` commits or rolls back with it.
 */
export function sqlExecutor(dbOrTx: DbOrTx): SqlExecutor {
  const client = (dbOrTx as unknown as { session: { client: RawClient } }).session.client;
  return {
    executeSql: async (text, values) => {
      if ((!values || values.length === 0) && typeof client.exec === 'function') {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      const result = await client.query(text, values);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [] };
    },
  };
}

/**
 * Creating a queue is DDL (pg-boss makes a partition per queue): two processes starting at once on
 * one database can deadlock or race on the same name. Both outcomes mean "try again"; the second
 * try finds the queue made.
 */
async function retryRacingDdl(create: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await create();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505' && code !== '42P07')) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150 * attempt));
    }
  }
}

export interface QueueDefinition<T> {
  /** Tries before a job is kept as failed (first try included). */
  attempts?: number;
  /** Seconds before the first retry; doubled each time (pg-boss back-off). */
  retryDelay?: number;
  /** Jobs handled at once by one process. */
  batchSize?: number;
  /**
   * Runs one job. `signal` aborts when the process stops: a long handler (a rebuild in batches)
   * ends between two batches and queues the rest, instead of being cut off mid-way.
   */
  handler: (data: T, job: { id: string; attempt: number; signal: AbortSignal }) => Promise<void>;
}

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  attempts: number;
  created_ts: number;
  completed_ts: number | null;
}

/**
 * A fetched batch in the order it was claimed (higher priority, then older, first): pg-boss claims
 * in that order but answers in whatever order its UPDATE returns the rows.
 */
function inOrder<T extends PgBoss.JobWithMetadata<object>>(jobs: T[]): T[] {
  return [...jobs].sort(
    (a, b) =>
      b.priority - a.priority ||
      new Date(a.createdOn).getTime() - new Date(b.createdOn).getTime() ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export interface JobQueueOptions {
  log?: Logger;
  /** Prefix of this app's queue names: test files sharing one PostgreSQL database stay apart. */
  prefix?: string;
  /** Seconds between polls of an idle queue (pg-boss minimum 0.5). */
  pollSeconds?: number;
  /**
   * Run pg-boss's maintenance in this process: jobs left active by a killed process expire and
   * are retried, old jobs are archived. On in the server, off in tests that drain on demand.
   */
  supervise?: boolean;
}

/**
 * The durable job queue (pg-boss on Parley's own database, PGlite or PostgreSQL; see
 * docs/decisions/0004-job-queue.md). Queues are declared with `define`, jobs are sent with
 * `send` (inside a writer's transaction where there is one), `startWorkers` polls them with
 * `FOR UPDATE SKIP LOCKED` claims, and `runOnce` drains them on demand (tests, benchmarks).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, QueueDefinition<never>>();
  private readonly prefix: string;
  private started: Promise<void> | null = null;
  private working = false;
  private readonly sql: SqlExecutor;
  /** Jobs being handled in this process: `stop` waits for them before the database closes. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    db: DbOrTx,
    private readonly options: JobQueueOptions = {},
  ) {
    this.prefix = options.prefix ?? '';
    this.sql = sqlExecutor(db);
    this.boss = new PgBoss({
      db: this.sql,
      schema: 'pgboss',
      // Cron is not used; maintenance (expiry of stuck jobs, archive) runs in the workers' process.
      schedule: false,
      supervise: options.supervise ?? false,
      migrate: true,
    } as unknown as PgBoss.ConstructorOptions);
    this.boss.on('error', (error: Error) => options.log?.error({ err: error }, 'job queue error'));
  }

  define<T>(name: string, definition: QueueDefinition<T>): void {
    this.queues.set(name, definition as unknown as QueueDefinition<never>);
  }

  private full(name: string): string {
    return `${this.prefix}${name}`;
  }

  private short(full: string): string {
    return full.slice(this.prefix.length);
  }

  /** Creates pg-boss's schema when missing (its own migrations) and the declared queues. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const [name, def] of this.queues) {
        const create = () =>
          this.boss.createQueue(this.full(name), {
            name: this.full(name),
            retryLimit: Math.max(0, (def.attempts ?? 5) - 1),
            retryDelay: def.retryDelay ?? 30,
            retryBackoff: true,
            // Failed jobs stay for the admin to see and retry.
            retentionMinutes: 60 * 24 * 30,
          } as PgBoss.Queue);
        await retryRacingDdl(create);
      }
    })();
    return this.started;
  }

  /**
   * Queues a job. With `key`, a second send of the same key is ignored while the first is kept
   * (a stable id derived from the key). Pass the writer's transaction to queue atomically.
   * A higher `priority` (default 0) is taken first; jobs of one priority go in the order queued,
   * those queued by one transaction in no set order.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: { tx?: DbOrTx; key?: string; startAfterSeconds?: number; priority?: number } = {},
  ): Promise<string | null> {
    if (!this.queues.has(name)) {
      throw new Error(`job queue ${name} is not defined`);
    }
    await this.start();
    const sendOptions: PgBoss.SendOptions & { db?: SqlExecutor; id?: string } = {};
    if (options.tx) {
      sendOptions.db = sqlExecutor(options.tx);
    }
    if (options.key) {
      sendOptions.id = keyId(`${this.full(name)}\n${options.key}`);
    }
    if (options.startAfterSeconds) {
      sendOptions.startAfter = options.startAfterSeconds;
    }
    if (options.priority) {
      sendOptions.priority = options.priority;
    }
    return this.boss.send(this.full(name), data, sendOptions);
  }

  /**
   * Queues many jobs of one queue in two statements whatever their number (an automation's batch
   * mails hundreds), as `send` would one by one: a keyed job whose key is queued already is
   * ignored (a job without a key is always queued). Answers, per job in order, whether it was queued now.
   */
  async sendMany<T extends object>(
    name: string,
    jobs: Array<{ data: T; key?: string }>,
    options: { tx?: DbOrTx } = {},
  ): Promise<boolean[]> {
    if (!this.queues.has(name)) {
      throw new Error(`job queue ${name} is not defined`);
    }
    if (jobs.length === 0) {
      return [];
    }
    await this.start();
    const db = options.tx ? sqlExecutor(options.tx) : this.sql;
    const full = this.full(name);
    const ids = jobs.map((j) => (j.key === undefined ? randomUUID() : keyId(`${full}\n${j.key}`)));
    const keyed = ids.filter((_, i) => jobs[i]?.key !== undefined);
    const { rows } = keyed.length
      ? await db.executeSql('SELECT id::text AS id FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[])', [
          full,
          `{${keyed.join(',')}}`,
        ])
      : { rows: [] };
    // A key twice in the list: the first is kept, as two sends would.
    const taken = new Set(rows.map((r) => String(r.id)));
    const fresh = ids.map((id) => {
      if (taken.has(id)) {
        return false;
      }
      taken.add(id);
      return true;
    });
    const insert = jobs.flatMap((j, i) => (fresh[i] ? [{ id: ids[i], name: full, data: j.data }] : []));
    if (insert.length) {
      await this.boss.insert(insert, { db } as unknown as PgBoss.InsertOptions);
    }
    return fresh;
  }

  /**
   * Whether a job of this queue whose data holds `match` (JSON containment) was queued no later
   * than job `jobId` and still waits: not yet run, or failed and waiting for another try. A job
   * that must follow another (the "solved" notice after the reply it goes with) asks this and, if
   * so, fails to be tried again later instead of overtaking it.
   */
  async waitingBefore(name: string, jobId: string, match: object): Promise<boolean> {
    const full = this.full(name);
    const { rows } = await this.sql.executeSql(
      `SELECT 1 FROM pgboss.job j JOIN pgboss.job me ON me.name = j.name AND me.id = $2::uuid
        WHERE j.name = $1 AND j.id <> me.id AND j.state IN ('created', 'retry')
          AND j.created_on <= me.created_on AND j.data @> $3::jsonb
        LIMIT 1`,
      [full, jobId, JSON.stringify(match)],
    );
    return rows.length > 0;
  }

  /** Claims and runs up to `max` ready jobs of one queue; returns how many ran. */
  async runOnce(name: string, max = 100): Promise<number> {
    await this.start();
    const def = this.queues.get(name);
    if (!def) {
      throw new Error(`job queue ${name} is not defined`);
    }
    const jobs = await this.boss.fetch<object>(this.full(name), { batchSize: max, includeMetadata: true });
    for (const job of inOrder(jobs as PgBoss.JobWithMetadata<object>[])) {
      await this.runJob(name, def, job as PgBoss.JobWithMetadata<object>);
    }
    return jobs.length;
  }

  /** Runs every queue until none has a ready job (tests: "the worker ran"). */
  async drain(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 50; round++) {
      let ran = 0;
      for (const name of this.queues.keys()) {
        ran += await this.runOnce(name);
      }
      total += ran;
      if (ran === 0) {
        break;
      }
    }
    return total;
  }

  private runJob(name: string, def: QueueDefinition<never>, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const run = this.handle(name, def, job).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
    return run;
  }

  /** Never throws: a job that fails is marked failed; when even that cannot be written (the
   * database closed under a stopping process), pg-boss expires the job and it runs again. */
  private async handle(name: string, def: QueueDefinition<never>, job: PgBoss.JobWithMetadata<object>) {
    const signal = this.stopping.signal;
    try {
      await def.handler(job.data as never, { id: job.id, attempt: job.retryCount + 1, signal });
      await this.boss.complete(this.full(name), job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ queue: name, job: job.id, err: error }, 'job failed');
      await this.boss.fail(this.full(name), job.id, { message }).catch((failError: unknown) => {
        this.options.log?.warn({ queue: name, job: job.id, err: failError }, 'could not record the failed job');
      });
    }
  }

  /** Polls every queue in this process until `stop`. */
  async startWorkers(): Promise<void> {
    await this.start();
    this.working = true;
    for (const [name, def] of this.queues) {
      const batchSize = def.batchSize ?? 10;
      let workerId: string | null = null;
      workerId = await this.boss.work<object>(
        this.full(name),
        { batchSize, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds ?? 2 },
        async (jobs) => {
          for (const job of inOrder(jobs)) {
            await this.runJob(name, def, job);
          }
          // A full batch: more are likely waiting. pg-boss's worker otherwise waits out the rest of
          // its polling interval after every batch, however many jobs wait: a queue of 20 a batch
          // sent at most 10 a second (a first automation run's 3,250 mails left over 4 minutes).
          if (jobs.length >= batchSize && workerId !== null) {
            this.boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  /**
   * Stops polling, tells running handlers to wrap up (`signal`), and waits for them (at most
   * `waitMs`) so that none is left writing to a database about to close.
   */
  async stop(waitMs = 6000): Promise<void> {
    if (!this.started) {
      return;
    }
    await this.started.catch(() => undefined);
    this.stopping.abort();
    if (this.working) {
      for (const name of this.queues.keys()) {
        await this.boss.offWork(this.full(name)).catch(() => undefined);
      }
    }
    if (this.inFlight.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.inFlight]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    }
    // Within the server's 10 s shutdown: 6 s for handlers, 2 s for pg-boss's own.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: 2000 });
  }

  /** Jobs that used every try, newest first, with their last error. */
  async listFailed(limit = 200): Promise<FailedJob[]> {
    await this.start();
    const names = [...this.queues.keys()].map((n) => this.full(n));
    const { rows } = await this.sql.executeSql(
      `SELECT id, name, data, output, retry_count, created_on, completed_on FROM pgboss.job
        WHERE state = 'failed' AND name = ANY($1::text[]) ORDER BY completed_on DESC NULLS LAST LIMIT $2`,
      [names, limit],
    );
    return rows.map((r) => ({
      id: String(r.id),
      queue: this.short(String(r.name)),
      data: r.data,
      error: String((r.output as { message?: string } | null)?.message ?? ''),
      attempts: Number(r.retry_count) + 1,
      created_ts: new Date(r.created_on as string).getTime(),
      completed_ts: r.completed_on ? new Date(r.completed_on as string).getTime() : null,
    }));
  }

  /** Jobs that failed and wait for another try: how many, and the latest error. */
  async retrying(): Promise<{ count: number; error: string }> {
    await this.start();
    const names = [...this.queues.keys()].map((n) => this.full(n));
    const { rows } = await this.sql.executeSql(
      `SELECT count(*)::int AS n, (array_agg(output->>'message' ORDER BY started_on DESC NULLS LAST))[1] AS error
        FROM pgboss.job WHERE state = 'retry' AND name = ANY($1::text[])`,
      [names],
    );
    return { count: Number(rows[0]?.n ?? 0), error: String(rows[0]?.error ?? '') };
  }

  /** Puts a failed job back in its queue for another round of tries. */
  async retry(id: string): Promise<boolean> {
    await this.start();
    const failed = await this.listFailed(10_000);
    const job = failed.find((j) => j.id === id);
    if (!job) {
      return false;
    }
    await this.boss.retry(this.full(job.queue), id);
    return true;
  }

  /** Counts by state (benchmarks and health). */
  async counts(name: string): Promise<Record<string, number>> {
    await this.start();
    const { rows } = await this.sql.executeSql(
      'SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state',
      [this.full(name)],
    );
    return Object.fromEntries(rows.map((r) => [String(r.state), Number(r.n)]));
  }
}

/** A stable UUID (v4 layout) from a key: pg-boss ignores a second insert of the same id. */
function keyId(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
