// ticket.get calls in a thread of its own (bench/rules.ts): the automation run works in the
// bench's main thread, and its JavaScript would otherwise delay this thread's own callbacks and be
// counted as the server's latency. workerData: { base, token, ids, concurrency, rate }; answers
// the calls' latencies (ms, unsorted) when told 'stop'.
// - concurrency N (rate 0): N loops, each calling again as soon as its answer is in (closed loops:
//   they take as much of the machine as they get).
// - rate R: R calls a second on a fixed schedule whatever the answers do (an open load, as many
//   agents clicking); each latency counts from the call's scheduled time, so a call that had to
//   wait for the client to catch up is counted slow, not left out.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { base, token, ids, concurrency, rate } = workerData;
let stopped = false;
parentPort.once('message', () => {
  stopped = true;
});
const times = [];
let n = 0;
async function call(from) {
  const res = await fetch(`${base}/api/admin/ticket.get?ticket_id=${ids[n++ % ids.length]}`, {
    headers: { authorization: token },
  });
  const json = await res.json();
  if (json.code !== '0000') {
    throw new Error(`ticket.get: ${json.code} ${json.msg}`);
  }
  times.push(performance.now() - from);
}
if (rate > 0) {
  const every = 1000 / rate;
  const start = performance.now();
  const pending = new Set();
  for (let i = 0; !stopped; i++) {
    const at = start + i * every;
    const wait = at - performance.now();
    if (wait > 0) {
      await new Promise((r) => setTimeout(r, wait));
    }
    const p = call(at).finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
} else {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!stopped) {
        await call(performance.now());
      }
    }),
  );
}
parentPort.postMessage(times);
