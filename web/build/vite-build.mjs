// `vite build` in its two passes (web's `build` script and scripts/lib.mjs both run this): the
// first, `--mode survey` (staff-chunk.ts's surveyMode), writes which modules the staff shell and
// list render; the second builds the app with them in one chunk. Arguments go to the second pass
// (`--outDir`, `-c`); the survey always writes to node_modules/.cache, where the plan is kept.
//   node build/vite-build.mjs [vite build options]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(web, 'node_modules/vite/bin/vite.js');
const args = process.argv.slice(2);
const outDirAt = args.indexOf('--outDir');
const outDir = outDirAt >= 0 ? args[outDirAt + 1] : 'dist';
const passes = [
  ['--mode', 'survey', '--outDir', 'node_modules/.cache/parley-survey', '--logLevel', 'warn'],
  args,
  ['-c', 'vite.ssr.config.ts', '--outDir', path.join(outDir, '.ssr'), '--logLevel', 'warn'],
];
for (const pass of passes) {
  const run = spawnSync(process.execPath, [vite, 'build', ...pass], { cwd: web, stdio: 'inherit' });
  if (run.status !== 0) {
    process.exit(run.status ?? 1);
  }
}
