// `npm run bench:start`: how long `npm start` takes until the product answers, on a fresh clone of
// this repository (its committed state, in a temporary folder): the first start (builds included),
// a start on a new data folder with the build present, and a restart. The dependencies are
// installed first and not timed (`npm install`, from npm's cache). The floor, measured in the same
// run, is Node starting and answering HTTP with nothing else to do.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const port = 18_900 + Math.floor(Math.random() * 100);
const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-start-'));

function answers(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(1000, () => req.destroy());
  });
}

/** Starts `cmd`, times until `url` answers, stops it with SIGTERM; seconds. */
async function timeUntilAnswer(cmd, args, env, url) {
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: clone, env: { ...process.env, ...env }, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let seconds = null;
  while (seconds === null) {
    if (child.exitCode !== null) {
      throw new Error(`${cmd} ${args.join(' ')} exited with ${child.exitCode} before answering`);
    }
    if (await answers(url)) {
      seconds = (performance.now() - started) / 1000;
    } else {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGTERM');
  await exited;
  return seconds;
}

console.log(`Cloning ${root} into ${clone} and installing its dependencies (not timed)…`);
execFileSync('git', ['clone', '--quiet', root, clone]);
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: clone, stdio: 'ignore' });

const floorScript = `require('http').createServer((q, s) => s.end('ok')).listen(${port})`;
const floor = await timeUntilAnswer(process.execPath, ['-e', floorScript], {}, `http://127.0.0.1:${port}/`);
const env = { PORT: String(port), DATA_DIR: path.join(clone, 'data'), LOG_FORMAT: 'json' };
// The sign-in page: the web app built and served, the server up.
const api = `http://127.0.0.1:${port}/wswt/login`;
const first = await timeUntilAnswer('npm', ['start'], env, api);
fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
const newData = await timeUntilAnswer('npm', ['start'], env, api);
const restart = await timeUntilAnswer('npm', ['start'], env, api);
fs.rmSync(clone, { recursive: true, force: true });

const row = (name, s, goal) =>
  `${name.padEnd(44)} ${s.toFixed(1).padStart(6)} s  (goal ≤ ${goal} s, ${(s / floor).toFixed(0)}× the floor)`;
console.log(`floor: node answering HTTP                      ${floor.toFixed(2)} s`);
console.log(row('first npm start of a fresh clone (builds)', first, 60));
console.log(row('start on a new data folder, build present', newData, 10));
console.log(row('restart', restart, 3));
console.log(
  `load average while measuring: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
