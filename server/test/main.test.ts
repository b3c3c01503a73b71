import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) {
    c.kill('SIGKILL');
  }
});

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      LOG_FORMAT: '',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      PARLEY_DB_TEMPLATE: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (text: string) => {
    const until = Date.now() + 150_000;
    while (!output.includes(text)) {
      if (Date.now() > until || child.exitCode !== null) {
        throw new Error(`never saw "${text}":\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('the server process', () => {
  it('refuses to start on a bad variable and names it', async () => {
    const main = startMain({ PORT: 'eighty' });
    expect(await main.exited).toBe(2);
    expect(main.output()).toContain('PORT');
  }, 120_000);

  it('creates the first admin with a printed password, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-main-'));
    const port = 18000 + Math.floor(Math.random() * 1000);
    const main = startMain({ DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    await main.waitFor('serving on');
    // Not a terminal: JSON lines. The password is a record of its own, right before the last line,
    // which says where to sign in.
    const records = main
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    const messages = records.map((r) => r.msg);
    expect(messages[0]).toContain('Creating the database');
    expect(messages.some((m) => m.startsWith('Migrating the database'))).toBe(true);
    expect(messages.at(-1)).toBe(
      `Parley is serving on http://localhost:${port} (pglite): sign in at http://localhost:${port}/wswt/login`,
    );
    expect(messages.at(-3)).toContain('sign in as admin@example.com with this one-time password');
    const printed = [messages.at(-2), messages.at(-2)];
    expect(printed[1]).toMatch(/^\S{12,}$/);
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: printed?.[1] }),
    });
    expect(((await login.json()) as { code: string }).code).toBe('0000');
    // A second process on the same embedded database is refused.
    const second = startMain({ DATA_DIR: dataDir, PORT: String(port + 1) });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('in use by process');

    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);
    expect(main.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'parley.lock'))).toBe(false);

    // The data survives a restart, and the admin is not created twice.
    const again = startMain({ DATA_DIR: dataDir, PORT: String(port) });
    await again.waitFor('serving on');
    expect(again.output()).not.toContain('First start');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 400_000);
});
