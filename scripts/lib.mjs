// Helpers shared by the root scripts (start, test, dev, benchmarks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n${cmd} ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Newest modification time of any file under the given paths (folders are walked). */
export function newestMtime(paths) {
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
    } else {
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
    'web/package.json',
    'web/public',
    'contracts/src',
  ]);
  if (built > sources) {
    return false;
  }
  console.log('Building the web app…');
  await mustRun('npm', ['run', 'build', '-w', 'web']);
  return true;
}

/** Compiles contracts and server; `tsc -b` only rebuilds what changed. */
export async function buildServer() {
  await mustRun('npx', ['tsc', '-b', 'server']);
}

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}
