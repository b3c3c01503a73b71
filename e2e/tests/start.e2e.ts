import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/ports.js';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-start-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started) {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Whether anything accepts connections on the port (the server, or a child it left behind). */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `npm start` as a person runs it (not a terminal here, so JSON log lines). */
function npmStart(port: number, env: Record<string, string> = {}) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
  );
  const ready = async () => {
    const until = Date.now() + 180_000;
    while (!output.includes('serving on')) {
      if (Date.now() > until || child.exitCode !== null) {
        throw new Error(`npm start never became ready:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const messages = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { child, exited, ready, messages, output: () => output };
}

/** A second server on data in use stops at once and says why (it would corrupt the embedded database). */
async function expectRefused(second: ReturnType<typeof npmStart>): Promise<void> {
  const running = 'still serving after 60 s';
  const code = await Promise.race([
    second.exited,
    new Promise<string>((resolve) => setTimeout(() => resolve(running), 60_000)),
  ]);
  expect(code).not.toBe(running);
  expect(code).not.toBe(0);
  expect(second.output()).toContain('in use by process');
}

describe('npm start', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const bad = npmStart(await freePort(), { PORT: 'eighty' });
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toContain('PORT');
  }, 120_000);

  it('says what it is doing, ends with where to sign in and the one-time password, and stops on SIGTERM', async () => {
    const port = await freePort();
    const first = npmStart(port);
    const t0 = Date.now();
    await first.ready();
    console.log(`npm start on a new data folder (build present): ${Date.now() - t0} ms`);
    const messages = first.messages();
    expect(messages[0]).toMatch(/^Creating the database in .*pglite/);
    const last = messages.at(-1);
    expect(last).toBe(
      `Parley is serving on http://localhost:${port} (pglite): sign in at http://localhost:${port}/wswt/login`,
    );
    expect(messages.at(-3)).toContain('sign in as admin@example.com with this one-time password');
    const password = messages.at(-2) ?? '';
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    });
    expect(((await login.json()) as { code: string }).code).toBe('0000');

    // A second process on the same embedded database is refused, and says why.
    await expectRefused(npmStart(await freePort()));

    // SIGTERM to npm (not to the server): the server shuts down gracefully and frees the port.
    first.child.kill('SIGTERM');
    await first.exited;
    const until = Date.now() + 15_000;
    while ((await portTaken(port)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await portTaken(port)).toBe(false);
    expect(first.messages()).toContain('stopped');
    // The embedded database's lock (beside its folder) goes with the process.
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    // A restart on the same data: no password again, same last line.
    const again = npmStart(port);
    const t1 = Date.now();
    await again.ready();
    console.log(`npm start restart (build present): ${Date.now() - t1} ms`);
    expect(again.messages().some((m) => m.includes('one-time password'))).toBe(false);
    expect(again.messages().at(-1)).toContain(`sign in at http://localhost:${port}/wswt/login`);
    again.child.kill('SIGINT');
    await again.exited;
    const until2 = Date.now() + 15_000;
    while ((await portTaken(port)) && Date.now() < until2) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await portTaken(port)).toBe(false);
  }, 420_000);

  it('locks a new data folder made from the kept copy of an earlier first start too', async () => {
    // The test above made the copy (node_modules/.cache/parley) if this machine had none.
    const fresh = path.join(dataDir, 'second-folder');
    const first = npmStart(await freePort(), { DATA_DIR: fresh });
    await first.ready();
    expect(first.messages()[0]).toMatch(/^Creating the database in .*second-folder/);
    await expectRefused(npmStart(await freePort(), { DATA_DIR: fresh }));
    first.child.kill('SIGTERM');
    await first.exited;
  }, 240_000);
});
