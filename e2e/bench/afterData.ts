// The main thread's work of an in-app step after its data arrived (issue 15's goal: "≤ 200 ms of
// main-thread work after their data arrived"), read from a light Chromium trace of the step (its
// top-level tasks only): the renderer's main-thread tasks between the moment the last of the
// step's data had come in (the API calls matching `data`, asked for after the action: their
// Resource Timing `responseEnd`; data already in the cache counts as in at the action), and the
// moment the content showed (`performance.mark('bench-ready')`: in the task after the frame that drew
// it; with BENCH_DRAWN=0, when it was in the page, before that frame).
import type { CDPSession, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Starts recording (call before the step's action: it marks `bench-act`); `stop()` ends it and works
 * out the step's figures.
 */
export async function traceStep(page: Page, cdp: CDPSession, data: RegExp) {
  const events: TraceEvent[] = [];
  const onData = (e: { value: object[] }) => {
    events.push(...(e.value as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {
    // BENCH_VERBOSE: also what the tasks did (V8's module work, style, layout...), printed by kind.
    categories: process.env.BENCH_VERBOSE
      ? 'toplevel,blink.user_timing,devtools.timeline,v8'
      : 'toplevel,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await page.evaluate(() => {
    performance.clearResourceTimings();
    performance.clearMarks('bench-act');
    performance.clearMarks('bench-ready');
    performance.mark('bench-act');
  });
  return {
    async stop(): Promise<{ afterDataMs: number; dataAtMs: number } | null> {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', onData);
      // When the last API answer asked for after the action and ended before the content showed
      // came in, in ms after the action (the page's clock; the trace's is matched by the marks).
      const dataAt = await page.evaluate((pattern) => {
        const isData = new RegExp(pattern);
        const act = performance.getEntriesByName('bench-act')[0]?.startTime ?? 0;
        const ready = performance.getEntriesByName('bench-ready')[0]?.startTime ?? Number.POSITIVE_INFINITY;
        let last = act;
        const seen: string[] = [];
        for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          if (entry.name.includes('/api/') && entry.startTime >= act) {
            seen.push(
              `${(entry.startTime - act).toFixed(0)}→${(entry.responseEnd - act).toFixed(0)} ${entry.name.replace(/^.*\/api\//, '')}`,
            );
            if (isData.test(entry.name) && entry.responseEnd <= ready) {
              last = Math.max(last, entry.responseEnd);
            }
          }
        }
        return { at: last - act, seen: [...seen, `ready ${(ready - act).toFixed(0)}`] };
      }, data.source);
      if (process.env.BENCH_VERBOSE) {
        console.log(`\n  ${dataAt.seen.join('\n  ')}`);
      }
      return afterData(events, dataAt.at);
    },
  };
}

function afterData(events: TraceEvent[], dataAtMs: number) {
  const act = events.find((e) => e.name === 'bench-act');
  const ready = events.find((e) => e.name === 'bench-ready');
  if (!act || !ready) {
    return null;
  }
  const dataAt = act.ts + dataAtMs * 1000;
  let busy = 0;
  for (const e of events) {
    // The marks are made on the page's main thread: its top-level tasks.
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === ready.pid && e.tid === ready.tid) {
      const from = Math.max(e.ts, dataAt);
      const to = Math.min(e.ts + (e.dur ?? 0), ready.ts);
      busy += Math.max(0, to - from);
    }
  }
  if (process.env.BENCH_VERBOSE) {
    printKinds(events, ready, dataAt);
  }
  return { afterDataMs: busy / 1000, dataAtMs };
}

/** The main thread's events inside the window after the data, by name (inclusive ms, the longest kinds). */
function printKinds(events: TraceEvent[], ready: TraceEvent, dataAt: number) {
  const byName = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && e.pid === ready.pid && e.tid === ready.tid && e.name !== 'ThreadControllerImpl::RunTask') {
      const inside = Math.min(e.ts + (e.dur ?? 0), ready.ts) - Math.max(e.ts, dataAt);
      if (inside > 0) {
        byName.set(e.name, (byName.get(e.name) ?? 0) + inside / 1000);
      }
    }
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`  after the data, by event (inclusive ms): ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ')}`);
}
