import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The build mode of the first pass (`vite build --mode survey`, see the web package's `build`). */
export const surveyMode = 'survey';

interface TChunkPlan {
  /** Rendered modules of the staff shell and its list, in no public page's chunks. */
  modules: string[];
  /**
   * Modules every page loads before its entry runs (the entry's static imports, through and
   * through; React has its own chunk): rolldown split them into eight files by which lazy screens
   * share them, eight requests and module records for the browser on every page, the first
   * paint's included. One file beside the entry's own.
   */
  entry?: string[];
}

/**
 * The staff shell and its first screen (the ticket list) in one chunk, not eighty.
 *
 * Rolldown splits along the lazy routes: the modules shared by each different set of screens
 * become a chunk of their own, so the shell with the list loaded 87 files, 64 of them under 4 kB
 * (some under 100 bytes), each a request, an answer and a module record for the browser. Here
 * the modules the shell and list need that no public page loads are put in one chunk (packages
 * and app code together, 424 kB, under the 500-kB limit: as two chunks they imported each other);
 * the public pages' modules keep rolldown's split, and so do the other screens' own. The build
 * fails if the chunks import each other in a cycle (`chunkCycle`).
 *
 * Which modules those are is known only after tree-shaking (`import { Button } from 'antd'`
 * reaches every component of the package before it), so the build has two passes: the first
 * (`--mode survey`) is split as rolldown does it and writes which modules each page's files
 * render to `planFile`; the second reads it and names the group. Measured in decision 0006
 * (2026-12-03). A plan older than the code only moves files: a module it does not name is split
 * as rolldown does it, and one it names that no screen renders any more is in no chunk.
 */
export function staffChunk(options: {
  /** Manifest keys (source paths) the staff shell with the list loads before it renders. */
  staffRoots: string[];
  publicRoots: string[];
  planFile: string;
}) {
  let plan: TChunkPlan | null = null;
  let surveying = false;
  const plugin: Plugin = {
    name: 'parley:staff-chunk',
    apply: 'build',
    configResolved(config) {
      surveying = config.mode === surveyMode;
      if (!surveying) {
        if (!fs.existsSync(options.planFile)) {
          throw new Error(
            `${options.planFile} is missing: build with \`npm run build\` (its first pass, vite build --mode ${surveyMode}, writes it)`,
          );
        }
        plan = JSON.parse(fs.readFileSync(options.planFile, 'utf8')) as TChunkPlan;
      }
    },
    generateBundle(_output, bundle) {
      if (!surveying) {
        // A root inside a group has no chunk (nor manifest key) of its own: the budget test
        // (e2e/support/bundle.ts) finds its file here.
        const chunkOf: Record<string, string> = {};
        for (const root of [...options.staffRoots, ...options.publicRoots]) {
          const holder = Object.values(bundle).find(
            (item) => item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith(`/${root}`)),
          );
          if (holder) {
            chunkOf[root] = holder.fileName;
          }
        }
        this.emitFile({ type: 'asset', fileName: '.vite/chunk-of.json', source: JSON.stringify(chunkOf, null, 2) });
        const cycle = chunkCycle(bundle);
        if (cycle) {
          const modulesIn = (file: string) => {
            const item = bundle[file];
            return item?.type === 'chunk' ? item.moduleIds.slice(0, 8).join(', ') : '';
          };
          this.error(
            `staff-chunk: chunks import each other (${cycle.join(' -> ')}): a module could run before its imports.\n` +
              cycle.map((file) => `${file}: ${modulesIn(file)}`).join('\n'),
          );
        }
        return;
      }
      const chunks = new Map<string, { modules: string[]; imports: string[] }>();
      const byModule = new Map<string, string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') {
          const modules = Object.entries(item.modules)
            .filter(([, m]) => m.renderedLength > 0)
            .map(([id]) => id);
          chunks.set(item.fileName, { modules, imports: item.imports });
          if (item.facadeModuleId) {
            byModule.set(item.facadeModuleId, item.fileName);
          }
        }
      }
      const entries = Object.values(bundle).filter((item) => item.type === 'chunk' && item.isEntry);
      const rootFile = (root: string) => {
        const id = [...byModule.keys()].find((m) => m.endsWith(`/${root}`));
        if (!id) {
          this.error(`staff-chunk: ${root} is no chunk's module`);
        }
        return byModule.get(id) as string;
      };
      const modulesOf = (files: string[]) =>
        new Set(
          [...staticClosure(files, (file) => chunks.get(file)?.imports)].flatMap(
            (file) => chunks.get(file)?.modules ?? [],
          ),
        );
      const shared = modulesOf([...entries.map((e) => e.fileName), ...options.publicRoots.map(rootFile)]);
      const staff = [...modulesOf(options.staffRoots.map(rootFile))].filter((id) => !shared.has(id));
      const grouped = (file: string) => /(^|\/)(vendor-|rolldown-runtime)/.test(file);
      const entry = [
        ...staticClosure(
          entries.map((e) => e.fileName),
          (file) => chunks.get(file)?.imports,
        ),
      ]
        // The entry's own chunk stays the page's script (Vite writes it into the HTML).
        .filter((file) => !grouped(file) && !entries.some((e) => e.fileName === file))
        .flatMap((file) => chunks.get(file)?.modules ?? []);
      const result: TChunkPlan = { modules: staff, entry };
      fs.mkdirSync(path.dirname(options.planFile), { recursive: true });
      fs.writeFileSync(options.planFile, JSON.stringify(result));
    },
  };
  let members: Set<string> | null = null;
  const inPlan = (id: string) => {
    members ??= new Set(plan?.modules ?? []);
    return members.has(id);
  };
  let entryMembers: Set<string> | null = null;
  const inEntry = (id: string) => {
    entryMembers ??= new Set(plan?.entry ?? []);
    return entryMembers.has(id);
  };
  /**
   * The groups for rolldown's `codeSplitting` (empty in the survey). Without their
   * dependencies: a module the public pages share stays where they load it.
   */
  const groups = [
    { name: 'app', test: inEntry, includeDependenciesRecursively: false },
    { name: 'staff', test: inPlan, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

/** The files `files` load before they run: themselves and their static imports, through and through. */
export function staticClosure(files: string[], importsOf: (file: string) => string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (!seen.has(file)) {
      seen.add(file);
      importsOf(file)?.forEach(visit);
    }
  };
  files.forEach(visit);
  return seen;
}

/**
 * A cycle in the chunks' static imports, or null. Between chunks the browser runs modules in the
 * order it enters them, so in a cycle the file a screen reaches first decides whether a module
 * runs before what it imports is defined (decision 0006: the first grouping had one). A chunk of
 * imports and exports alone (a facade of a grouped module that a screen imports dynamically, or
 * of a side-effect import whose code is in the group) runs nothing: the check looks through it.
 */
export function chunkCycle(
  bundle: Record<string, { type: string; imports?: string[]; code?: string }>,
): string[] | null {
  // Once per chunk: the group's chunk (424 kB) is imported by a hundred others.
  const codeRuns = new Map<string, boolean>();
  const runsCode = (file: string) => {
    let runs = codeRuns.get(file);
    if (runs === undefined) {
      const rest = (bundle[file]?.code ?? '')
        .replace(/\bimport\s*(?:[\w*{}\s,$]*from\s*)?["'][^"']*["'];?/g, '')
        .replace(/\bexport\s*\{[^}]*\}\s*(?:from\s*["'][^"']*["'])?;?/g, '')
        .replace(/\/\/#\s*sourceMappingURL=\S*/g, '');
      runs = rest.trim() !== '';
      codeRuns.set(file, runs);
    }
    return runs;
  };
  // Each chunk's imports, with a code-less chunk replaced by what it imports.
  const through = (file: string, seen = new Set<string>()): string[] =>
    (bundle[file]?.imports ?? []).flatMap((next) => {
      if (seen.has(next)) {
        return [];
      }
      seen.add(next);
      return runsCode(next) ? [next] : through(next, seen);
    });
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (state.get(file) === 'done') {
      return null;
    }
    if (state.get(file) === 'open') {
      return [...path.slice(path.indexOf(file)), file];
    }
    state.set(file, 'open');
    path.push(file);
    for (const next of through(file)) {
      const found = next === file ? null : visit(next);
      if (found) {
        return found;
      }
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const [file, item] of Object.entries(bundle)) {
    if (item.type === 'chunk' && runsCode(file)) {
      const found = visit(file);
      if (found) {
        return found;
      }
    }
  }
  return null;
}
