// `npm run bench:http`: throughput of the API's hot paths against bare Fastify, in one run.
// Each server runs in its own process; autocannon drives it over loopback.
//
// A shared machine's speed drifts from second to second by more than the differences measured
// here (two identical hello-world servers measured one after the other differ by up to 30 %), and
// two processes of the same server can differ by 10 % for their whole life. So:
// - targets are measured in turn in short slices, and each slice's ratio is taken against
//   hello-world's rate at that moment, read off the hello-world slices before and after it: a
//   drift slower than a few slices cancels out;
// - the bare process (hello-world and the same answer) and the Parley process (languages and
//   my.info) each serve two slices in a row, then rest for two, in alternating order, so neither
//   is measured more often or more warmly than the other;
// - the ratios of all slices are combined as a geometric mean, printed with its standard error;
// - each server runs as several processes, used in turn, so no one process's luck decides.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildServer, root } from './lib.mjs';

const slice = Number(process.env.BENCH_SECONDS ?? 1);
const cycles = Number(process.env.BENCH_CYCLES ?? 32);
const processes = Number(process.env.BENCH_PROCESSES ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';

const children = [];

function startProcess(args, env, readyText) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
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

async function startParley(port, dataDir) {
  await startProcess(
    ['server/dist/main.js'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-pass-1',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
    },
    'serving on',
  );
  const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-pass-1' }),
  });
  return (await login.json()).data.token;
}

// The bare process also answers `/same-answer` with the languages call's exact bytes and headers,
// prebuilt: what any server pays to send that answer, with no work of its own per request.
const bareSource = (port) => `import Fastify from 'fastify';
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const same = JSON.parse(process.env.SAME_ANSWER);
  app.get('/same-answer', (request, reply) => { reply.headers(same.headers).send(same.body); });
  await app.listen({ port: ${port}, host: '127.0.0.1' });
  console.log('bare ready');`;

async function measure(url, headers, seconds) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const geomean = (xs) => Math.exp(xs.reduce((sum, x) => sum + Math.log(x), 0) / xs.length);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Standard error of the geometric mean, from the spread of the logs. */
function standardError(xs) {
  const g = geomean(xs);
  const variance = xs.reduce((sum, x) => sum + (Math.log(x) - Math.log(g)) ** 2, 0) / (xs.length - 1);
  return (g * Math.sqrt(variance)) / Math.sqrt(xs.length);
}

await buildServer();
const dataDirs = [];
const servers = [];
try {
  for (let i = 0; i < processes; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
    dataDirs.push(dataDir);
    const parleyPort = 18100 + i;
    const token = await startParley(parleyPort, dataDir);
    servers.push({ parley: `http://127.0.0.1:${parleyPort}`, token });
  }
  const sample = await fetch(`${servers[0].parley}/api/home/languages`);
  const sameAnswer = {
    body: await sample.text(),
    headers: Object.fromEntries(
      ['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control'].map((h) => [
        h,
        sample.headers.get(h),
      ]),
    ),
  };
  for (const [i, server] of servers.entries()) {
    const barePort = 18200 + i;
    await startProcess(
      ['--input-type=module', '-e', bareSource(barePort)],
      { NODE_PATH: path.join(root, 'node_modules'), SAME_ANSWER: JSON.stringify(sameAnswer) },
      'bare ready',
    );
    server.bare = `http://127.0.0.1:${barePort}`;
  }

  const hello = { name: 'bare Fastify hello-world', url: (s) => `${s.bare}/`, headers: () => ({}) };
  const targets = [
    { name: 'bare Fastify, languages answer', url: (s) => `${s.bare}/same-answer`, headers: () => ({}) },
    { name: 'GET /api/home/languages', goal: 0.85, url: (s) => `${s.parley}/api/home/languages`, headers: () => ({}) },
    {
      name: 'GET /api/admin/auth.my.info.get',
      goal: 0.5,
      url: (s) => `${s.parley}/api/admin/auth.my.info.get`,
      headers: (s) => ({ authorization: s.token }),
    },
  ];

  // A warm-up lets the JIT and the database caches settle in every process.
  for (const server of servers) {
    for (const target of [hello, ...targets]) {
      await measure(target.url(server), target.headers(server), 2);
    }
  }
  // Every slice in time order; a target's ratio uses hello-world's rate interpolated at its place.
  const timeline = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    const server = servers[cycle % servers.length];
    const all = [hello, ...targets];
    const forward = Math.floor(cycle / servers.length) % 2 === 0;
    for (const target of forward ? all : [...all].reverse()) {
      const measured = await measure(target.url(server), target.headers(server), slice);
      timeline.push({ name: target.name, ...measured });
    }
  }
  const isHello = (m) => m.name === hello.name;
  const helloAt = (i) => {
    const a = timeline.findLastIndex((m, j) => j < i && isHello(m));
    const b = timeline.findIndex((m, j) => j > i && isHello(m));
    if (a < 0 || b < 0) {
      return timeline[Math.max(a, b)].rps;
    }
    return timeline[a].rps + ((timeline[b].rps - timeline[a].rps) * (i - a)) / (b - a);
  };
  const helloSlices = timeline.filter(isHello);
  const slices = new Map(targets.map((t) => [t.name, { rps: [], p99: [], ratios: [] }]));
  for (const [i, m] of timeline.entries()) {
    const s = slices.get(m.name);
    if (s) {
      s.rps.push(m.rps);
      s.p99.push(m.p99);
      s.ratios.push(m.rps / helloAt(i));
    }
  }

  console.log(
    `\nbench:http — ${connections} connections; ${cycles} slices of ${slice}s per target, in turn with hello-world's; ${processes} processes per server; database ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  const row = (name, rps, p99) =>
    `${name.padEnd(34)} ${median(rps).toFixed(0).padStart(7)} req/s  p99 ${String(median(p99)).padStart(4)} ms`;
  console.log(
    row(
      hello.name,
      helloSlices.map((m) => m.rps),
      helloSlices.map((m) => m.p99),
    ),
  );
  for (const target of targets) {
    const s = slices.get(target.name);
    const ratio = geomean(s.ratios);
    const verdict = target.goal ? `  goal >= ${target.goal}: ${ratio >= target.goal ? 'met' : 'NOT met'}` : '';
    console.log(
      `${row(target.name, s.rps, s.p99)}  ratio ${ratio.toFixed(2)} ± ${standardError(s.ratios).toFixed(2)} (slices ${Math.min(...s.ratios).toFixed(2)}–${Math.max(...s.ratios).toFixed(2)})${verdict}`,
    );
  }
  console.log('ratio: geometric mean of the slices, ± its standard error; req/s and p99: medians of the slices');
} finally {
  for (const child of children) {
    child.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const dataDir of dataDirs) {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
