// `npm run bench:http`: throughput of the API's hot paths against bare Fastify, in one run.
// Each server runs in its own process; autocannon drives it over loopback for a fixed time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer, root } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);

function startProcess(args, env, readyText) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) {
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`process exited (${code}) before it was ready:\n${output}`)));
  });
}

async function measure(name, url, headers = {}) {
  // A short warm-up lets the JIT and the database caches settle.
  await autocannon({ url, connections, duration: 1, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { name, rps: result.requests.average, p99: result.latency.p99 };
}

await buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
const helloPort = 18091;
const parleyPort = 18092;
const parley = await startProcess(
  ['server/dist/main.js'],
  {
    PORT: String(parleyPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-pass-1',
    LOG_LEVEL: 'info',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
  'serving on',
);
// The bare process also answers \`/same-answer\` with the languages call's exact bytes and headers,
// prebuilt: what any server pays to send that answer, with no work of its own per request.
const sample = await fetch(`http://127.0.0.1:${parleyPort}/api/home/languages`);
const sameAnswer = {
  body: await sample.text(),
  headers: Object.fromEntries(
    ['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control'].map((h) => [
      h,
      sample.headers.get(h),
    ]),
  ),
};
const hello = await startProcess(
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify();
     app.get('/', async () => ({ hello: 'world' }));
     const same = JSON.parse(process.env.SAME_ANSWER);
     app.get('/same-answer', (request, reply) => { reply.headers(same.headers).send(same.body); });
     await app.listen({ port: ${helloPort}, host: '127.0.0.1' });
     console.log('hello ready');`,
  ],
  { NODE_PATH: path.join(root, 'node_modules'), SAME_ANSWER: JSON.stringify(sameAnswer) },
  'hello ready',
);

try {
  const login = await fetch(`http://127.0.0.1:${parleyPort}/api/admin/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-pass-1' }),
  });
  const { data } = await login.json();
  // A shared machine's speed drifts from second to second, more than the differences measured
  // here. So each round measures all three targets back to back, a ratio is taken within the
  // round, and the median ratio over the rounds counts. Every other round runs in reverse order,
  // so that a drift favours no target.
  const targets = [
    ['bare Fastify hello-world', `http://127.0.0.1:${helloPort}/`, {}],
    ['bare Fastify, languages answer', `http://127.0.0.1:${helloPort}/same-answer`, {}],
    ['GET /api/home/languages', `http://127.0.0.1:${parleyPort}/api/home/languages`, {}],
    [
      'GET /api/admin/auth.my.info.get',
      `http://127.0.0.1:${parleyPort}/api/admin/auth.my.info.get`,
      { authorization: data.token },
    ],
  ];
  const samples = new Map(targets.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const [name, url, headers] of order) {
      samples.get(name).push(await measure(name, url, headers));
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const helloRps = samples.get(targets[0][0]).map((m) => m.rps);
  const goals = { 'GET /api/home/languages': 0.85, 'GET /api/admin/auth.my.info.get': 0.5 };
  const sameRps = samples.get(targets[1][0]).map((m) => m.rps);
  console.log(
    `\nbench:http — ${connections} connections, ${rounds} rounds of ${duration}s per target, medians; database ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const [name] of targets) {
    const rps = samples.get(name).map((m) => m.rps);
    const ratios = rps.map((r, i) => r / helloRps[i]);
    const ratio = median(ratios);
    const goal = goals[name];
    const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    console.log(
      `${name.padEnd(34)} ${median(rps).toFixed(0).padStart(7)} req/s  p99 ${String(median(samples.get(name).map((m) => m.p99))).padStart(4)} ms  ratio ${ratio.toFixed(2)} (rounds ${spread})${
        goal ? `  goal >= ${goal}: ${ratio >= goal ? 'met' : 'NOT met'}` : ''
      }`,
    );
    console.log(`${''.padEnd(34)} req/s by round [${rps.map((r) => Math.round(r)).join(', ')}]`);
    if (name === targets[2][0]) {
      const own = median(rps.map((r, i) => r / sameRps[i]));
      console.log(`${''.padEnd(34)} against bare Fastify sending the same answer: ${own.toFixed(2)}`);
    }
  }
} finally {
  hello.kill('SIGTERM');
  parley.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
