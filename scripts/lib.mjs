// Helpers shared by the root scripts (start, test, dev, benchmarks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs a command with inherited output; resolves with its exit code. A SIGTERM or SIGINT sent to
 * this process while the command runs is passed on to it, so stopping `npm start` during a build
 * leaves no build running behind.
 */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    const stopForwarding = forwardSignals(child);
    child.on('exit', (code, signal) => {
      stopForwarding();
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Passes a SIGTERM or SIGINT sent to this process on to `child`; returns what stops that. */
export function forwardSignals(child) {
  const forward = (signal) => child.kill(signal);
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  return () => {
    process.off('SIGTERM', forward);
    process.off('SIGINT', forward);
  };
}

export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Newest modification time of any file under the given paths (folders are walked). */
export function newestMtime(paths, { skip = () => false } = {}) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) {
      return;
    }
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry !== 'node_modules' && entry !== 'dist') {
          visit(path.join(p, entry));
        }
      }
    } else if (!skip(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) {
    visit(path.resolve(root, p));
  }
  return newest;
}

/** Builds the web bundle unless web/dist is newer than every source it is made from. */
export async function buildWebIfStale() {
  const stamp = path.join(root, 'web/dist/index.html');
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const sources = newestMtime([
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'web/vite.ssr.config.ts',
    'web/build',
    'web/package.json',
    'web/public',
    'contracts/src',
  ]);
  if (built > sources) {
    return false;
  }
  console.log(built ? 'Building the web app (its sources changed)…' : 'Building the web app (first start)…');
  // Vite alone: the web type check (`npm run build -w web`) is the developer's and CI's job, and
  // it would double a first start.
  // Both passes of web's `build` (web/build/vite-build.mjs).
  await mustRun(process.execPath, [path.join(root, 'web/build/vite-build.mjs'), '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    // Called from inside a test run too (NODE_ENV=test there): always the production bundle,
    // never React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return true;
}

const serverStamp = path.join(root, 'server/dist/.built');
const serverSources = [
  'server/src',
  'server/tsconfig.json',
  'server/package.json',
  'contracts/src',
  'contracts/tsconfig.json',
  'contracts/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/**
 * Compiles contracts and server with `tsc -b`, unless a stamp written after the last good build is
 * newer than every source: even a no-op `tsc -b` reads and checks every file (seconds on a busy
 * machine), and a restart should not pay for it. Tests are not part of the build.
 */
export async function buildServer() {
  const built = fs.existsSync(serverStamp) ? fs.statSync(serverStamp).mtimeMs : 0;
  const sources = newestMtime(serverSources, { skip: (p) => p.endsWith('.test.ts') });
  if (built > sources && fs.existsSync(path.join(root, 'server/dist/main.js'))) {
    return false;
  }
  console.log(built ? 'Building the server (its sources changed)…' : 'Building the server (first start)…');
  await mustRun(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'server']);
  fs.writeFileSync(serverStamp, `${new Date().toISOString()}\n`);
  return true;
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * `npm start` runs this script through a shell; npm passes SIGTERM to the shell, which dies
 * without passing it on, and this process would keep serving with no parent. When the parent goes
 * (this process is handed to init or a subreaper), it signals itself, so the server shuts down as
 * if it had been stopped directly.
 */
export function exitWithParent(signal = 'SIGTERM') {
  const parent = process.ppid;
  if (parent <= 1) {
    return;
  }
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      process.kill(process.pid, signal);
    }
  }, 200);
  timer.unref();
}
