/**
 * Where the machine's CPU went while a run worked, by process (bench:rules): /proc/<pid>/stat's
 * user + system time of every process at the start and at the end, PostgreSQL's processes named
 * by pg_stat_activity (a backend by its connection's application_name, the rest by backend type).
 * Answers each group's share in cores (1.00 = one core busy for the whole run), largest first,
 * and the share of the time tasks waited on the disk (Linux's pressure stall information).
 * Linux only; elsewhere it answers 'n/a'.
 */
import fs from 'node:fs';
import type pg from 'pg';

const ticksPerSecond = 100;

function cpuTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return ticks;
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(pid), Number(f[11]) + Number(f[12]));
    } catch {
      // gone meanwhile
    }
  }
  return ticks;
}

/** Microseconds some task and all tasks waited on I/O so far (/proc/pressure/io), or null. */
function ioStalls(): { some: number; full: number } | null {
  try {
    const text = fs.readFileSync('/proc/pressure/io', 'utf8');
    const total = (kind: string) =>
      Number(/total=(\d+)/.exec(text.split('\n').find((l) => l.startsWith(kind)) ?? '')?.[1]);
    return { some: total('some'), full: total('full') };
  } catch {
    return null;
  }
}

/** `names`: process ids of this bench's own processes (the bench, the server) and their labels. */
export function cpuSplit(helper: pg.Client, names: Map<number, string>) {
  const from = cpuTicks();
  const io = ioStalls();
  const t0 = performance.now();
  return async (): Promise<{ cores: string; io: string }> => {
    const to = cpuTicks();
    const ioTo = ioStalls();
    const seconds = (performance.now() - t0) / 1000;
    // Share of the run during which some task (and every task) waited for the disk.
    const ioShare =
      io && ioTo
        ? `some ${((100 * (ioTo.some - io.some)) / 1e6 / seconds).toFixed(0)}%, full ${((100 * (ioTo.full - io.full)) / 1e6 / seconds).toFixed(0)}%`
        : 'n/a';
    if (to.size === 0 || seconds <= 0) {
      return { cores: 'n/a', io: ioShare };
    }
    const { rows } = await helper.query<{ pid: number; label: string }>(
      `SELECT pid, CASE WHEN backend_type = 'client backend'
          THEN 'PostgreSQL for ' || COALESCE(NULLIF(application_name, ''), 'unnamed')
          ELSE 'PostgreSQL ' || backend_type END AS label
        FROM pg_stat_activity`,
    );
    const pgNames = new Map(rows.map((r) => [r.pid, r.label]));
    const groups = new Map<string, number>();
    for (const [pid, end] of to) {
      const label = names.get(pid) ?? pgNames.get(pid) ?? 'other processes';
      const spent = end - (from.get(pid) ?? 0);
      if (spent > 0) {
        groups.set(label, (groups.get(label) ?? 0) + spent);
      }
    }
    const cores = [...groups]
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n / ticksPerSecond / seconds >= 0.01)
      .map(([label, n]) => `${label} ${(n / ticksPerSecond / seconds).toFixed(2)}`)
      .join('; ');
    return { cores, io: ioShare };
  };
}
