import { performance } from 'node:perf_hooks';

/** Milliseconds of work a long in-memory loop does before it lets the event loop run. */
export const sliceMs = 10;

/**
 * For a loop over a batch that works in memory (an automation's 500 tickets, each tried against
 * every active trigger): `await breathe()` at the top of each turn gives the event loop a turn
 * (`setImmediate`: the API's requests, timers, other connections' results) once the loop has run
 * `sliceMs` since the last one, and costs a resolved promise otherwise. An `await` on something
 * already resolved never lets the loop run: a loop whose awaits all resolve in memory blocks the
 * process for as long as the whole batch takes (up to 300 ms measured on an automation's batch).
 * The loop's order and what it writes are unchanged; its transaction stays open that much longer.
 */
export function breather(ms = sliceMs): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) {
      return;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
