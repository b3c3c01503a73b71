// Where the main thread's time goes in the staff screens, CPU throttled 4×:
//   npx tsx e2e/bench/profile-web.ts [outDir]
// (web/vite.profile.config.ts builds the app unminified, to read function names: PROFILE_DIST).
// For the list reload and the in-app steps (open a ticket, switch view, open search), records a
// V8 CPU profile (CDP Profiler) and a trace (CDP Tracing, devtools.timeline) from the action
// (a click found before the recording starts) until the content is there, writes them to outDir
// (default test-results/profile) and prints: the main thread's CPU time per trace event kind
// (script, style, layout, paint...), and the time per source file and per function. PROFILE_DIST=<dir> serves another build (e.g. one built with --minify false to
// read function names); PROFILE_RUNS=<n> repeats each scenario (default 1); PROFILE_STEPS=<names>
// records only those (comma-separated: list-reload, open-ticket, back-to-list, switch-view, open-search);
// PROFILE_FIBERS=1 also counts the React fibers each step created, by component (to see which
// parts of a screen React's work is spent on; names need the unminified build), and with
// PROFILE_FIBER_TREE=<n> prints them as a tree of the components whose created subtree is ≥ n,
// PROFILE_FIBER_SETTLE=<ms> counts them that long after the step is ready (the profile ends at ready);
// PROFILE_CONSOLE=1 prints the page's console; PROFILE_COMMITS=1 lists React's commits during each step with the components each rendered;
// PROFILE_COMPARE=<distA>,<distB> times two builds' steps in turns instead (see measure());
// PROFILE_PREVIEW=1 has the server draw the list for the session's cookie (decision 0019), as
// \`npm run bench:web\`'s list reload does; PROFILE_NO_CPU=1 records the trace alone (the V8 profiler's sampling costs the page time of its
// own, which the trace then shows as tasks' unattributed time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { bootstrap } from '../../server/src/modules/bootstrap/bootstrap.service.js';
import { launchBrowser } from '../support/browser.js';
import { sessionCookie } from '../support/sessionCookie.js';
import { median } from './median.js';

const outDir = path.resolve(process.argv[2] ?? path.resolve(import.meta.dirname, '../../test-results/profile'));
const webDist = path.resolve(process.env.PROFILE_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'));
const runs = Number(process.env.PROFILE_RUNS ?? 1);
const rate = Number(process.env.PROFILE_RATE ?? 4);
const admin = { email: 'admin@example.com', password: 'bench-admin-1' };

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  body?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { code: string; msg: string; data: T };
  if (json.code !== '0000') {
    throw new Error(`${method} ${url}: ${json.code} ${json.msg}`);
  }
  return json.data;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Time (ms) per function and per file, from a CPU profile: each sample goes to the nearest frame
 * with a script behind it (a DOM call such as appendChild counts for the script that made it),
 * and per file also to the module evaluations (a module's top-level code) it ran under.
 */
function selfTimes(profile: Profile, from: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    for (const c of n.children ?? []) {
      parent.set(c, n.id);
    }
  }
  const perNode = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from) {
      perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  });
  const perFunction = new Map<string, number>();
  const perFile = new Map<string, number>();
  const perModule = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
  const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  for (const [id, t] of perNode) {
    let node = byId.get(id);
    const leaf = node?.callFrame;
    while (node && !node.callFrame.url && parent.has(node.id)) {
      node = byId.get(parent.get(node.id) as number);
    }
    const f = node?.callFrame.url ? node.callFrame : leaf;
    if (!f) {
      continue;
    }
    const file = fileOf(f.url);
    add(perFunction, `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`, t);
    add(perFile, file || f.functionName, t);
    // The outermost module evaluation above this sample, if any.
    let top: string | null = null;
    for (let up: ProfileNode | undefined = byId.get(id); up; up = byId.get(parent.get(up.id) as number)) {
      if (up.callFrame.url && up.callFrame.functionName === '' && up.callFrame.lineNumber === 0) {
        top = fileOf(up.callFrame.url);
      }
      if (!parent.has(up.id)) {
        break;
      }
    }
    if (top) {
      add(perModule, top, t);
    }
    // Inclusive: each function on the sample's stack once.
    const seen = new Set<string>();
    for (let up: ProfileNode | undefined = byId.get(id); up; up = byId.get(parent.get(up.id) as number)) {
      const c = up.callFrame;
      if (c.url && c.functionName) {
        const k = `${c.functionName} ${fileOf(c.url)}:${c.lineNumber + 1}`;
        if (!seen.has(k)) {
          seen.add(k);
          add(inclusive, k, t);
        }
      }
      if (!parent.has(up.id)) {
        break;
      }
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  return {
    perFunction: top(perFunction, 40),
    perFile: top(perFile, 25),
    perModule: top(perModule, 15),
    inclusive: top(inclusive, 60),
  };
}

/**
 * CPU time (thread time, not wall time: a loaded machine leaves the thread waiting) per trace
 * event name on the renderer's main thread, as self time (less the nested events'), and the
 * CPU time of its tasks in all.
 */
function traceTimes(events: Array<Record<string, unknown>>, from: number) {
  const main = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
  const complete = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.tid === main?.tid &&
        e.pid === main?.pid &&
        typeof e.dur === 'number' &&
        typeof e.tdur === 'number' &&
        (e.ts as number) >= from,
    )
    .map((e) => ({
      name: e.name as string,
      ts: e.ts as number,
      end: (e.ts as number) + (e.dur as number),
      cpu: e.tdur as number,
    }))
    .sort((a, b) => a.ts - b.ts || b.end - a.end);
  const self = new Map<string, number>();
  type TOpen = { name: string; end: number; cpu: number; child: number };
  const stack: TOpen[] = [];
  const close = (upTo: number) => {
    while (stack.length && (stack[stack.length - 1] as TOpen).end <= upTo) {
      const top = stack.pop() as TOpen;
      self.set(top.name, (self.get(top.name) ?? 0) + Math.max(0, top.cpu - top.child) / 1000);
      const parent = stack[stack.length - 1];
      if (parent) {
        parent.child += top.cpu;
      }
    }
  };
  let tasks = 0;
  let count = 0;
  for (const e of complete) {
    close(e.ts);
    if (stack.length === 0 && e.name === 'RunTask') {
      tasks += e.cpu / 1000;
      count++;
    }
    stack.push({ name: e.name, end: e.end, cpu: e.cpu, child: 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return { tasks, count, self: [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15) };
}

type TReady = [(arg: string) => boolean, string];

/**
 * Before the step: marks every React fiber on the page (both trees). After it: counts the fibers
 * the step created (a mount, or the first update of a fiber), by component, and by the app's
 * components whose subtree they are in (the cost of React's work grows with them: creating,
 * committing, running effects, removing). Needs a build with names (PROFILE_DIST, unminified).
 */
const fiberMark = () => {
  const w = window as unknown as { __fibersSeen: WeakSet<object> };
  w.__fibersSeen = new WeakSet();
  const root = document.getElementById('root') as unknown as Record<string, unknown>;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$')) as string;
  type F = { child: F | null; sibling: F | null; alternate: F | null; stateNode: { current: F } };
  const walk = (f: F | null) => {
    for (let x = f; x; x = x.sibling) {
      w.__fibersSeen.add(x);
      if (x.alternate) {
        w.__fibersSeen.add(x.alternate);
      }
      walk(x.child);
    }
  };
  // The container keeps the first root fiber; the tree on screen is the root's \`current\`.
  walk((root[key] as F).stateNode.current);
};
const fiberCount = () => {
  const w = window as unknown as { __fibersSeen: WeakSet<object>; __fiberTreeMin?: number };
  const root = document.getElementById('root') as unknown as Record<string, unknown>;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$')) as string;
  type F = {
    child: F | null;
    sibling: F | null;
    alternate: F | null;
    type: unknown;
    tag: number;
    stateNode: { current: F };
  };
  const nameOf = (f: F): string => {
    const t = f.type;
    if (typeof t === 'string') {
      return `<${t}>`;
    }
    if (!t) {
      return `#${f.tag}`;
    }
    const named = t as { name?: string; displayName?: string; render?: { name?: string }; type?: { name?: string } };
    if (typeof t === 'function') {
      return named.displayName || named.name || '(anonymous)';
    }
    return named.displayName || named.render?.name || named.type?.name || `#${f.tag}`;
  };
  let total = 0;
  let created = 0;
  const byName = new Map<string, number>();
  const byOwner = new Map<string, number>();
  // The app's components (not Ant Design's, rc-*'s or the router's) whose subtrees are counted.
  const owners =
    /^(Ticket|Comment|Properties|Requester|Other|Conversation|Composer|Event|Search|List|Shell|Header|Side|Staff|User|Chat|Todo|Views|Light|Page|Paging|Route)/;
  const walk = (f: F | null, path: string[]) => {
    for (let x = f; x; x = x.sibling) {
      total++;
      const name = nameOf(x);
      const here = owners.test(name) ? [...path, name] : path;
      if (!w.__fibersSeen.has(x) && !(x.alternate && w.__fibersSeen.has(x.alternate))) {
        created++;
        byName.set(name, (byName.get(name) ?? 0) + 1);
        for (const o of new Set(here.slice(-3))) {
          byOwner.set(o, (byOwner.get(o) ?? 0) + 1);
        }
      }
      walk(x.child, here);
    }
  };
  walk((root[key] as F).stateNode.current, []);
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  // The tree of created components (not host elements) whose created subtree is `min` fibers or more.
  const min = w.__fiberTreeMin;
  const tree: string[] = [];
  const isNew = (x: F) => !w.__fibersSeen.has(x) && !(x.alternate && w.__fibersSeen.has(x.alternate));
  const size = (f: F | null): number => {
    let n = 0;
    for (let x = f; x; x = x.sibling) {
      n += (isNew(x) ? 1 : 0) + size(x.child);
    }
    return n;
  };
  const draw = (f: F | null, depth: number) => {
    for (let x = f; x; x = x.sibling) {
      const n = isNew(x) ? 1 + size(x.child) : size(x.child);
      if (min && n >= min && isNew(x) && typeof x.type !== 'string' && x.type) {
        tree.push(`${'  '.repeat(depth)}${nameOf(x)} ${n}`);
        draw(x.child, depth + 1);
      } else if (min && n >= min) {
        draw(x.child, depth);
      }
    }
  };
  draw((root[key] as F).stateNode.current, 0);
  return { total, created, byName: top(byName, 30), byOwner: top(byOwner, 30), tree };
};

/**
 * PROFILE_COMMITS=1: React's commits during the step, each with the components it rendered (their
 * function called, not bailed out), by name. Installed before the page's code as React DevTools'
 * hook, which React calls after every commit: a fiber rendered in a commit is one that was not in
 * the tree of the commit before (it was cloned to work on) and has React's PerformedWork flag.
 */
const commitHook = () => {
  type F = { child: F | null; sibling: F | null; type: unknown; tag: number; flags: number };
  const w = window as unknown as {
    __commits: { at: number; rendered: number; byName: [string, number][]; starts: string[] }[];
    __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown;
  };
  w.__commits = [];
  let before = new WeakSet<object>();
  const nameOf = (f: F): string => {
    const t = f.type as { name?: string; displayName?: string; render?: { name?: string }; type?: { name?: string } };
    if (typeof f.type === 'string' || !t) {
      return '';
    }
    if (typeof f.type === 'function') {
      return t.displayName || t.name || '(anonymous)';
    }
    return t.displayName || t.render?.name || t.type?.name || `#${f.tag}`;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onCommitFiberRoot: (_id: number, root: { current: F }) => {
      const now = new WeakSet<object>();
      const byName = new Map<string, number>();
      // Where the commit's renders started: rendered components whose nearest component above
      // did not render (their own state or a context they read changed, not their parent's props).
      const starts: string[] = [];
      let rendered = 0;
      const walk = (f: F | null, parentRendered: boolean) => {
        for (let x = f; x; x = x.sibling) {
          now.add(x);
          const name = nameOf(x);
          const did = name !== '' && !before.has(x) && (x.flags & 1) === 1;
          if (did) {
            rendered++;
            byName.set(name, (byName.get(name) ?? 0) + 1);
            if (!parentRendered) {
              starts.push(name);
            }
          }
          walk(x.child, name === '' ? parentRendered : did);
        }
      };
      walk(root.current, false);
      before = now;
      const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 80);
      w.__commits.push({ at: performance.now(), rendered, byName: top, starts });
    },
  };
};

/** A click where the element is, found before the recording: the finding is Playwright's work, not the app's. */
async function clickAt(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error('nothing to click');
  }
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * PROFILE_COMPARE=<distA>,<distB>: no profile, only the main thread's time of each step (CDP
 * Performance TaskDuration, as \`npm run bench:web\`), each build served by its own server on the same
 * database, the builds taking turns run after run: on a busy machine, two builds measured minutes
 * apart differ by more than a change does. Prints each step's times and median per build.
 */
const compared = process.env.PROFILE_COMPARE?.split(',').map((d) => path.resolve(d));
const comparedTimes = new Map<string, number[]>();

async function measure(
  page: Page,
  cdp: CDPSession,
  name: string,
  act: () => Promise<unknown>,
  ready: TReady,
  prepare?: () => Promise<unknown>,
) {
  const click = prepare ? await prepare() : act;
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const taskMs = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const before = await taskMs();
  await (typeof click === 'function' ? (click as () => Promise<unknown>)() : act());
  await page.waitForFunction(ready[0], ready[1], { timeout: 60_000, polling: 50 });
  const after = await taskMs();
  // A load's largest contentful paint too (the list reload's goal), from the page's own entries.
  const lcp = name.includes('list-reload')
    ? await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              resolve(list.getEntries().at(-1)?.startTime ?? Number.NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            // A page with no such paint recorded: not a number, rather than no answer.
            setTimeout(() => resolve(Number.NaN), 2000);
          }),
      )
    : null;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const key = name.replace(/-\d+$/, '');
  comparedTimes.set(key, [...(comparedTimes.get(key) ?? []), after - before]);
  if (lcp !== null) {
    comparedTimes.set(`${key} LCP`, [...(comparedTimes.get(`${key} LCP`) ?? []), lcp]);
  }
  console.log(
    `${key.padEnd(40)} main ${(after - before).toFixed(0).padStart(6)} ms${lcp === null ? '' : `, LCP ${lcp.toFixed(0)} ms`}`,
  );
}

async function record(
  page: Page,
  cdp: CDPSession,
  name: string,
  act: () => Promise<unknown>,
  ready: TReady,
  /** Done after the recording starts, before the measured part (as \`npm run bench:web\` does it). */
  prepare?: () => Promise<unknown>,
) {
  const only = process.env.PROFILE_STEPS?.split(',');
  // Back to the list goes back from the ticket the step before it opened: that one runs too.
  if (only?.includes('back-to-list')) {
    only.push('open-ticket');
  }
  if (only && !only.some((step) => name.includes(step))) {
    return;
  }
  if (compared) {
    await measure(page, cdp, name, act, ready, prepare);
    return;
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events: Array<Record<string, unknown>> = [];
  const onData = (e: { value: Array<Record<string, unknown>> }) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    categories:
      process.env.PROFILE_CATEGORIES ??
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (!process.env.PROFILE_NO_CPU) {
    await cdp.send('Profiler.start');
  }
  // Starting the profiler costs the page a long task of its own (V8 lists the code it has): let it
  // pass, then mark where the measured part starts; what comes before the mark is not counted.
  await page.waitForTimeout(500);
  const click = prepare ? await prepare() : act;
  const fibers = process.env.PROFILE_FIBERS === '1' && !name.includes('list-reload');
  if (fibers) {
    // tsx keeps functions' names with a helper the page does not have.
    await page.evaluate('window.__name = window.__name || ((f) => f)');
    await page.evaluate(fiberMark);
    await page.evaluate(`window.__fiberTreeMin = ${Number(process.env.PROFILE_FIBER_TREE ?? 0)}`);
  }
  await page.evaluate(() => {
    (window as unknown as { __commits?: unknown[] }).__commits?.splice(0);
    performance.mark('profile-act');
  });
  await (typeof click === 'function' ? (click as () => Promise<unknown>)() : act());
  await page.waitForFunction(ready[0], ready[1], { timeout: 60_000, polling: 50 });
  const { profile } = process.env.PROFILE_NO_CPU
    ? { profile: { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] } as unknown as Profile }
    : ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile });
  if (fibers && process.env.PROFILE_FIBER_SETTLE) {
    // What arrives after \`ready\` (the ticket's settings, the SLA...) varies run to run: counted too.
    await page.waitForTimeout(Number(process.env.PROFILE_FIBER_SETTLE));
  }
  const counted = fibers ? await page.evaluate(fiberCount) : null;
  const commits = await page.evaluate(() => {
    const w = window as unknown as {
      __commits?: { at: number; rendered: number; byName: [string, number][]; starts: string[] }[];
    };
    const act = performance.getEntriesByName('profile-act')[0]?.startTime ?? 0;
    return (w.__commits ?? []).map((c) => ({ ...c, at: c.at - act }));
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  fs.writeFileSync(path.join(outDir, `${name}.cpuprofile`), JSON.stringify(profile));
  fs.writeFileSync(path.join(outDir, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
  const mark = events.find((e) => e.name === 'profile-act');
  const from = typeof mark?.ts === 'number' ? mark.ts : 0;
  const cpu = selfTimes(profile, from);
  const trace = traceTimes(events, from);
  const lines = [`\n=== ${name}: main-thread tasks ${trace.tasks.toFixed(0)} ms CPU in ${trace.count}`];
  lines.push('  trace self CPU time by event:');
  for (const [k, v] of trace.self) {
    lines.push(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  }
  lines.push('  self time by file:');
  for (const [k, v] of cpu.perFile) {
    lines.push(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  }
  lines.push('  under module evaluation (top-level code), by module:');
  for (const [k, v] of cpu.perModule) {
    lines.push(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  }
  lines.push('  inclusive time by function:');
  for (const [k, v] of cpu.inclusive) {
    lines.push(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  }
  lines.push('  self time by function:');
  for (const [k, v] of cpu.perFunction) {
    lines.push(`    ${v.toFixed(1).padStart(8)}  ${k}`);
  }
  if (counted) {
    lines.push(
      `  React fibers: ${counted.total} on the page, ${counted.created} created by the step; created, by component:`,
    );
    lines.push(`    ${counted.byName.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    lines.push('  created, by the app component they are under (up to three levels):');
    lines.push(`    ${counted.byOwner.map(([k, v]) => `${k} ${v}`).join(', ')}`);
    if (counted.tree.length > 0) {
      lines.push(`  created, as a tree of components (created subtree ≥ ${process.env.PROFILE_FIBER_TREE} fibers):`);
      lines.push(...counted.tree.map((l) => `    ${l}`));
    }
  }
  if (commits.length > 0) {
    lines.push('  React commits (ms after the action: components rendered, by name):');
    for (const c of commits) {
      lines.push(
        `    ${c.at.toFixed(0).padStart(6)}  ${c.rendered}: ${c.byName.map(([k, v]) => `${k} ${v}`).join(', ')}`,
      );
      lines.push(`            started at: ${c.starts.join(', ')}`);
    }
  }
  console.log(lines.join('\n'));
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-profile-web-'));
  const database = await openDatabase({});
  await migrate(database);
  await bootstrap(database.db, admin);
  const listPreview = process.env.PROFILE_PREVIEW === '1';
  const app = await buildApp({ database, webDist: compared?.[0] ?? webDist, dataDir, listPreview });
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  if (listPreview) {
    await app.warmListPreview();
  }
  const servers = [{ dist: compared?.[0] ?? webDist, baseURL, app }];
  for (const dist of compared?.slice(1) ?? []) {
    const other = await buildApp({ database, webDist: dist, dataDir, listPreview });
    servers.push({ dist, baseURL: await other.listen({ port: 0, host: '127.0.0.1' }), app: other });
  }
  const token = (
    await call<{ token: string }>(app, 'POST', '/api/admin/auth.login', null, { ...admin, stay_login: true })
  ).token;
  const ids: number[] = [];
  for (let i = 0; i < 80; i++) {
    const res = await call<{ ticket_id: number }>(app, 'POST', '/api/admin/ticket.add', token, {
      requester_email: `customer${i % 20}@example.com`,
      requester_name: `Customer ${i % 20}`,
      subject: `Order ${1000 + i}: refund question number ${i}`,
      comment: { body: `<p>Hello, this is message ${i}, about a refund that has not arrived.</p>`, is_public: true },
      priority: (['low', 'normal', 'high', 'urgent'] as const)[i % 4],
    });
    ids.push(res.ticket_id);
  }
  const small = ids[0] as number;
  await call(app, 'POST', '/api/admin/ticket.edit', token, { ticket_id: small, comment: { body: '<p>Again.</p>' } });
  const views = await call<{ list: Array<{ view_id: number; title: string }> }>(
    app,
    'GET',
    '/api/admin/ticket.view.list',
    token,
  );
  const viewId = views.list.find((v) => v.title === 'All unsolved tickets')?.view_id as number;
  const other = views.list.find((v) => v.title === 'Recently updated tickets')?.view_id as number;
  const browser = await launchBrowser();
  const item = (value: unknown) => JSON.stringify({ value, expires_at: null });
  const listUrl = `/wswt?view_id=${viewId}&limit=50`;
  const rows50: TReady = [() => document.querySelectorAll('tbody tr[data-row-key]').length >= 50, ''];
  for (let turn = 0; turn < runs * servers.length; turn++) {
    const run = Math.floor(turn / servers.length) + 1;
    const server = servers[turn % servers.length] as (typeof servers)[number];
    const baseURL = server.baseURL;
    const origin = new URL(baseURL).origin;
    const tag = compared ? `${path.basename(server.dist)}:` : '';
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1366, height: 800 },
      locale: 'en-US',
      storageState: {
        // PROFILE_PREVIEW=1: the server draws the list (decision 0019) for the session's cookie.
        cookies: listPreview ? [sessionCookie(token, baseURL)] : [],
        origins: [
          {
            origin,
            localStorage: [
              { name: 'parley.token', value: item(token) },
              { name: 'parley.real_name', value: item('Admin') },
              { name: 'parley.timezone', value: item('UTC') },
              { name: 'parley.stay_login', value: item(true) },
            ],
          },
        ],
      },
    });
    if (process.env.PROFILE_COMMITS === '1') {
      // tsx keeps functions' names with a helper the page does not have.
      await context.addInitScript(`window.__name = window.__name || ((f) => f); (${commitHook.toString()})()`);
    }
    const page = await context.newPage();
    if (process.env.PROFILE_CONSOLE === '1') {
      page.on('console', (message) => console.log(`  [page] ${message.text()}`));
    }
    const cdp = await context.newCDPSession(page);
    const settle = async () => {
      await page.goto(listUrl);
      await page.waitForFunction(rows50[0], '');
      await page.waitForTimeout(600);
    };
    // Two visits first: the reload reads V8's code cache, as in an agent's day (bench:web's
    // "ticket list (reload)"); after one, it would also write it.
    await settle();
    await settle();
    await record(page, cdp, `${tag}list-reload-${run}`, () => page.reload({ waitUntil: 'commit' }), rows50);
    await page.waitForTimeout(600);
    await record(
      page,
      cdp,
      `${tag}open-ticket-${run}`,
      await clickAt(page, page.locator(`tbody tr[data-row-key="${small}"]`).getByRole('link').first()),
      [() => document.querySelectorAll('.ticket-comment-body').length >= 2, ''],
    );
    await page.waitForTimeout(600);
    // Back to the list (the browser's Back): its rows shown again, as bench:web's step.
    await record(page, cdp, `${tag}back-to-list-${run}`, () => page.goBack({ waitUntil: 'commit' }), [
      () =>
        location.pathname === '/wswt' && document.querySelector('tbody tr[data-row-key]')?.checkVisibility() === true,
      '',
    ]);
    // As the bench: the list loaded afresh, 500 ms after its first row, the click.
    const switchView = async () => {
      await page.goto(listUrl);
      await page.locator('tbody tr[data-row-key]').first().waitFor();
      await page.waitForTimeout(500);
      return clickAt(page, page.getByRole('menuitem', { name: /Recently updated tickets/ }).first());
    };
    await record(
      page,
      cdp,
      `${tag}switch-view-${run}`,
      async () => {},
      [
        // The new view's own rows drawn (the list marks whose rows it shows), no spinner over them.
        (id) =>
          document.querySelector(`[data-view-rows="${id}"]`) !== null &&
          document.querySelector('.ant-spin-spinning') === null,
        String(other),
      ],
      switchView,
    );
    await page.waitForTimeout(600);
    await record(
      page,
      cdp,
      `${tag}open-search-${run}`,
      await clickAt(page, page.getByRole('menuitem', { name: /(^|\s)(Search|搜索)$/ }).first()),
      [
        // The search screen with its results (the list's row checkboxes are inputs too; the
        // search's box and its rows come in one render; results the list warmed need no spinner).
        () =>
          location.pathname === '/wswt/search' &&
          document.querySelector('input[placeholder*="status:pending"]') !== null &&
          document.querySelector('tbody tr[data-row-key], tbody tr.ant-table-placeholder') !== null &&
          document.querySelector('.ant-spin-spinning') === null,
        '',
      ],
    );
    await context.close();
  }
  await browser.close();
  if (compared) {
    console.log('\nmedians (ms of main-thread time, CPU 4×):');
    for (const [key, list] of comparedTimes) {
      console.log(
        `${key.padEnd(40)} ${median(list).toFixed(0).padStart(6)}   (${list.map((x) => x.toFixed(0)).join(', ')})`,
      );
    }
  }
  for (const other of servers.slice(1)) {
    await other.app.close();
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
