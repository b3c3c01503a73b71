/**
 * BENCH_PIN=1 (bench:rules): the run and the API each on a core of their own, as on a machine with
 * cores to spare. The server (API, mail) and its PostgreSQL backends, and the thread timing the API,
 * on CPU 0; this process's other threads (the run) and the run's PostgreSQL backends on CPU 1.
 * PostgreSQL's own processes (checkpointer, WAL writer, autovacuum) stay free to use either.
 * Linux only (`taskset`, util-linux). What it shows: how much of the API's slowdown during a run is
 * the two sharing two cores, not the run's cost to the calls (docs/decisions/0015).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type pg from 'pg';

const apiCore = 0;
const runCore = 1;

function pin(pid: number, core: number, allThreads = false): void {
  const args = [...(allThreads ? ['-a'] : []), '-p', '-c', String(core), String(pid)];
  spawnSync('taskset', args, { stdio: 'ignore' });
}

/** This process's threads (Linux thread ids), to tell a worker thread's from those before it. */
export function ownThreads(): Set<number> {
  try {
    return new Set(fs.readdirSync('/proc/self/task').map(Number));
  } catch {
    return new Set();
  }
}

/** Pins the server and this process now, and each new PostgreSQL backend of theirs twice a second until stopped. */
export function pinCores(helper: pg.Client, serverPid: number): { stop(): void } {
  pin(serverPid, apiCore, true);
  pin(process.pid, runCore, true);
  const done = new Set<number>();
  let busy = false;
  const round = async () => {
    if (busy) {
      return;
    }
    busy = true;
    try {
      const { rows } = await helper.query<{ pid: number; app: string }>(
        `SELECT pid, application_name AS app FROM pg_stat_activity WHERE backend_type = 'client backend'`,
      );
      for (const r of rows) {
        if (done.has(r.pid)) {
          continue;
        }
        done.add(r.pid);
        // Only this bench's own connections: another session's backend is left where it is.
        const core =
          r.app === 'parley-server' ? apiCore : r.app === 'the-run' || r.app === 'bench-helper' ? runCore : null;
        if (core !== null) {
          pin(r.pid, core);
        }
      }
    } finally {
      busy = false;
    }
  };
  void round();
  const timer = setInterval(() => void round().catch(() => undefined), 500);
  return { stop: () => clearInterval(timer) };
}

/** Pins the threads this process started since `before` (a worker thread's) to the API's core. */
export function pinThreadsSince(before: Set<number>): void {
  for (const tid of ownThreads()) {
    if (!before.has(tid)) {
      pin(tid, apiCore);
    }
  }
}
