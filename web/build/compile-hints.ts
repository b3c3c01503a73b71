import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { staticClosure } from './staff-chunk.ts';

type OutputBundle = Rollup.OutputBundle;

/** V8's explicit compile hint (Chrome 136+): compile every function of the file as it loads. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks chunks for eager compilation (issue 15, decision 0006). V8 compiles a function lazily, on
 * the main thread, the first time it runs: opening the first ticket from the list spent 60-70 ms
 * (CPU 4×) of its time after the data compiling code (the ticket page's, React's, the router's).
 * With the hint as a file's first line, Chromium compiles all of it on a background thread as it
 * streams in; the trace of the same step then shows ~4 ms of compiling. Other browsers ignore it.
 *
 * Hinted: every file no public page loads before it renders, and the large files they share with
 * the back office (React, the router, i18next, React Query: `sharedFromBytes` and over), which
 * every page runs most of. Not the public pages' small files of their own: those pages are held
 * to 170 KB gzipped, and each hint is ~25 bytes of it. Nor files under 2 kB (re-exports).
 */
export function compileHints(options: {
  /** Manifest keys (source paths) of the public pages' screens. */
  publicRoots: string[];
  /** A public page's file this large (raw) is hinted too. */
  sharedFromBytes?: number;
}): Plugin {
  const sharedFromBytes = options.sharedFromBytes ?? 20_000;
  // A few hundred bytes of imports and re-exports have nothing to compile ahead.
  const minBytes = 2_000;
  return {
    name: 'parley:compile-hints',
    apply: (_config, env) => env.command === 'build' && env.mode !== 'survey',
    // Written to the files as they are on disk: Vite's preload helper puts its dependency table at
    // the top of the chunks that import lazily, after every plugin's generateBundle.
    writeBundle(output, bundle) {
      const publicFiles = publicClosure(bundle, options.publicRoots);
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') {
          const file = path.join(output.dir as string, item.fileName);
          const code = fs.readFileSync(file, 'utf8');
          const bytes = Buffer.byteLength(code);
          const hinted = bytes >= minBytes && (!publicFiles.has(item.fileName) || bytes >= sharedFromBytes);
          if (hinted && !code.startsWith(compileHint)) {
            fs.writeFileSync(file, compileHint + code);
          }
        }
      }
    },
  };
}

/** The files the entry and the public screens' chunks load before they run (as staff-chunk.ts reads them). */
export function publicClosure(bundle: OutputBundle, publicRoots: string[]): Set<string> {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const start = chunks.filter(
    (chunk) => chunk.isEntry || chunk.moduleIds.some((id) => publicRoots.some((root) => id.endsWith(`/${root}`))),
  );
  return staticClosure(
    start.map((chunk) => chunk.fileName),
    (file) => {
      const item = bundle[file];
      return item?.type === 'chunk' ? item.imports : undefined;
    },
  );
}
