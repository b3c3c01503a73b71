import { performance } from 'node:perf_hooks';
import { sent } from '../src/db/client.js';

/**
 * Where a run's time goes, by statement: each statement sent through this process's pool is
 * charged the time until the next one starts (its round trip and the work in this process after
 * it). Exact only while one transaction runs at a time, as in an automation run; `stop` answers
 * the statements (their first 90 characters) by time spent, most first.
 */
export function profileStatements(): { stop(): Array<{ text: string; calls: number; ms: number }> } {
  const spent = new Map<string, { calls: number; ms: number }>();
  let last = '';
  let since = performance.now();
  const charge = (now: number) => {
    if (last) {
      const s = spent.get(last) ?? { calls: 0, ms: 0 };
      s.calls++;
      s.ms += now - since;
      spent.set(last, s);
    }
  };
  sent.watch = (text) => {
    const now = performance.now();
    charge(now);
    // Its head only: the whole text of a batch's statement is tens of kilobytes, and a regular
    // expression over it in the process measured was a block of its own (45 ms seen in a profile).
    last = text.slice(0, 400).replace(/\s+/g, ' ').trim().slice(0, 90);
    since = now;
  };
  return {
    stop() {
      charge(performance.now());
      sent.watch = null;
      return [...spent].map(([text, s]) => ({ text, ...s })).sort((a, b) => b.ms - a.ms);
    },
  };
}
