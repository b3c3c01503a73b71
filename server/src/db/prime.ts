/**
 * Loading PGlite's pg_trgm extension into this process leaves `process.nextTick` about five times
 * slower for the rest of the process's life (0.09 µs → 0.44 µs a call, measured). PGlite's
 * start calls Node's internals with values of other shapes, and V8 then optimises `nextTick`
 * for all of them: every call goes through the runtime and migrates the tick object's map. An
 * HTTP request schedules about ten ticks. In a CPU profile of `/api/home/languages`, `nextTick`
 * was the largest cost after the socket write; primed, it left the profile, and the server
 * answered a third more requests in the same profiled time.
 *
 * Optimised before PGlite starts, `nextTick` keeps its fast code. 20,000 ticks take about 30
 * ms once per process; 5,000 were the fewest that worked in the measurement.
 */
let primed: Promise<void> | null = null;

export function primeNextTick(): Promise<void> {
  primed ??= new Promise<void>((resolve) => {
    const tick = () => undefined;
    for (let i = 0; i < 20_000; i++) {
      process.nextTick(tick);
    }
    process.nextTick(resolve);
  });
  return primed;
}
