// A loop of ticket.get calls in a thread of its own (bench/rules.ts): the automation run works in
// the bench's main thread, and its JavaScript would otherwise delay this loop's own callbacks and
// be counted as the server's latency. workerData: { base, token, ids, concurrency }; answers the
// calls' latencies (ms, unsorted) when told 'stop'.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { base, token, ids, concurrency } = workerData;
let stopped = false;
parentPort.once('message', () => {
  stopped = true;
});
const times = [];
let n = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (!stopped) {
      const s = performance.now();
      const res = await fetch(`${base}/api/admin/ticket.get?ticket_id=${ids[n++ % ids.length]}`, {
        headers: { authorization: token },
      });
      const json = await res.json();
      if (json.code !== '0000') {
        throw new Error(`ticket.get: ${json.code} ${json.msg}`);
      }
      times.push(performance.now() - s);
    }
  }),
);
parentPort.postMessage(times);
