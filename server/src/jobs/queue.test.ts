import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import type { Database } from '../db/client.js';
import { JobQueue } from './queue.js';

let database: Database;
const prefix = `q${process.pid}_${Math.random().toString(36).slice(2, 7)}_`;
const ran: string[] = [];
let failuresLeft = 0;

function queue(): JobQueue {
  const q = new JobQueue(database.db, { prefix });
  q.define<{ n: string }>('echo', {
    attempts: 1,
    handler: async ({ n }) => {
      ran.push(n);
    },
  });
  q.define<{ n: string }>('flaky', {
    attempts: 2,
    retryDelay: 1,
    handler: async ({ n }) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error(`smtp said no to ${n}`);
      }
      ran.push(n);
    },
  });
  return q;
}

let a: JobQueue;
let b: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  a = queue();
  b = queue();
  await a.start();
  await b.start();
});
afterAll(async () => {
  await a.stop();
  await b.stop();
  await database.close();
});

describe('job queue (pg-boss on this database)', () => {
  it('queues a job with the write: a rolled-back transaction leaves no job, a committed one runs once', async () => {
    ran.length = 0;
    await expect(
      database.db.transaction(async (tx) => {
        await a.send('echo', { n: 'rolled-back' }, { tx });
        await tx.execute(sql`SELECT 1`);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await database.db.transaction(async (tx) => {
      await a.send('echo', { n: 'committed' }, { tx });
    });
    expect(await a.drain()).toBe(1);
    expect(await a.drain()).toBe(0);
    expect(ran).toEqual(['committed']);
  });

  it('ignores a second job with the same key', async () => {
    ran.length = 0;
    expect(await a.send('echo', { n: 'once' }, { key: 'mail-7-to-x' })).not.toBeNull();
    expect(await a.send('echo', { n: 'twice' }, { key: 'mail-7-to-x' })).toBeNull();
    await a.drain();
    expect(ran).toEqual(['once']);
  });

  it('queues many jobs at once with the write, each key once (already queued or twice in the list)', async () => {
    ran.length = 0;
    expect(await a.send('echo', { n: 'before' }, { key: 'many-1' })).not.toBeNull();
    await expect(
      database.db.transaction(async (tx) => {
        await a.sendMany('echo', [{ data: { n: 'rolled-back' }, key: 'many-9' }], { tx });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const fresh = await database.db.transaction((tx) =>
      a.sendMany(
        'echo',
        [
          { data: { n: 'again' }, key: 'many-1' },
          { data: { n: 'two' }, key: 'many-2' },
          { data: { n: 'three' }, key: 'many-3' },
          { data: { n: 'two again' }, key: 'many-2' },
          { data: { n: 'nine' }, key: 'many-9' },
        ],
        { tx },
      ),
    );
    expect(fresh).toEqual([false, true, true, false, true]);
    await a.drain();
    expect(ran.slice().sort()).toEqual(['before', 'nine', 'three', 'two']);
  });

  it('two workers claiming at once run every job exactly once', async () => {
    ran.length = 0;
    for (let i = 0; i < 40; i++) {
      await a.send('echo', { n: String(i) });
    }
    const claimed = await Promise.all([
      a.runOnce('echo', 7),
      b.runOnce('echo', 7),
      a.runOnce('echo', 7),
      b.runOnce('echo', 7),
    ]);
    await Promise.all([a.drain(), b.drain()]);
    expect(claimed.reduce((x, y) => x + y, 0)).toBe(28);
    expect(ran.slice().sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 40 }, (_, i) => String(i)));
  });

  it('retries after a back-off, keeps a job that failed every try with its error, and retries it on demand', async () => {
    ran.length = 0;
    failuresLeft = 2;
    const id = await a.send('flaky', { n: 'reply-mail' });
    expect(await a.runOnce('flaky')).toBe(1);
    // The retry waits for its back-off: nothing is ready at once.
    expect(await a.runOnce('flaky')).toBe(0);
    const failedAt = Date.now();
    let second = 0;
    while (second === 0 && Date.now() - failedAt < 15_000) {
      await new Promise((r) => setTimeout(r, 250));
      second = await a.runOnce('flaky');
    }
    expect(second).toBe(1);
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(700);
    const failed = await a.listFailed();
    expect(failed).toEqual([
      expect.objectContaining({ id, queue: 'flaky', error: 'smtp said no to reply-mail', attempts: 2 }),
    ]);
    expect(ran).toEqual([]);
    expect(await a.retry(id as string)).toBe(true);
    expect(await a.runOnce('flaky')).toBe(1);
    expect(ran).toEqual(['reply-mail']);
    expect(await a.listFailed()).toEqual([]);
  });

  it('stop tells a running job to wrap up and waits for it before the database may close', async () => {
    const c = new JobQueue(database.db, { prefix: `${prefix}s_` });
    let started = false;
    const steps: string[] = [];
    c.define('rebuild', {
      attempts: 1,
      handler: async (_data, { signal }) => {
        started = true;
        for (let batch = 1; batch <= 100; batch++) {
          await new Promise((r) => setTimeout(r, 20));
          steps.push(`batch ${batch}`);
          if (signal.aborted) {
            steps.push('queued the rest');
            return;
          }
        }
      },
    });
    await c.send('rebuild', {});
    const running = c.runOnce('rebuild');
    while (!started) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await c.stop();
    // Stopped after the batch in hand, and only then did stop() answer.
    expect(steps.at(-1)).toBe('queued the rest');
    expect(steps.length).toBeLessThan(100);
    await expect(running).resolves.toBe(1);
  });

  it('runs a queue that holds more than a batch batch after batch, not one batch per polling interval', async () => {
    // A polling interval far longer than the test may take: five batches of five must not wait for it.
    const c = new JobQueue(database.db, { prefix: `${prefix}b_`, pollSeconds: 60 });
    const done: string[] = [];
    c.define<{ n: string }>('mail', {
      attempts: 1,
      batchSize: 5,
      handler: async ({ n }) => {
        done.push(n);
      },
    });
    for (let i = 0; i < 23; i++) {
      await c.send('mail', { n: String(i) });
    }
    await c.startWorkers();
    const until = Date.now() + 15_000;
    while (done.length < 23 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.stop();
    expect(done.length).toBe(23);
  });
});
