import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The build mode of the first pass (`vite build --mode survey`, see the web package's `build`). */
export const surveyMode = 'survey';

interface TChunkPlan {
  /** Rendered modules of the staff shell and its list, in no public page's chunks. */
  lib: string[];
  app: string[];
}

/**
 * The staff shell and its first screen (the ticket list) in two chunks, not eighty.
 *
 * Rolldown splits along the lazy routes: the modules shared by each different set of screens
 * become a chunk of their own, so the shell with the list loaded 87 files, 64 of them under 4 kB
 * (some under 100 bytes), each a request, an answer and a module record for the browser. Here
 * the modules the shell and list need that no public page loads are put in two chunks (packages
 * and app code, each under the 500-kB limit); the public pages' modules keep rolldown's split,
 * and so do the other screens' own.
 *
 * Which modules those are is known only after tree-shaking (`import { Button } from 'antd'`
 * reaches every component of the package before it), so the build has two passes: the first
 * (`--mode survey`) is split as rolldown does it and writes which modules each page's files
 * render to `planFile`; the second reads it and names the two groups. Measured in decision 0006
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
      const modulesOf = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (!seen.has(file)) {
            seen.add(file);
            chunks.get(file)?.imports.forEach(visit);
          }
        };
        files.forEach(visit);
        return new Set([...seen].flatMap((file) => chunks.get(file)?.modules ?? []));
      };
      const shared = modulesOf([...entries.map((e) => e.fileName), ...options.publicRoots.map(rootFile)]);
      const staff = [...modulesOf(options.staffRoots.map(rootFile))].filter((id) => !shared.has(id));
      const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);
      const result: TChunkPlan = { lib: staff.filter(isPackage), app: staff.filter((id) => !isPackage(id)) };
      fs.mkdirSync(path.dirname(options.planFile), { recursive: true });
      fs.writeFileSync(options.planFile, JSON.stringify(result));
    },
  };
  const inPlan = (part: keyof TChunkPlan) => {
    let members: Set<string> | null = null;
    return (id: string) => {
      members ??= new Set(plan?.[part] ?? []);
      return members.has(id);
    };
  };
  /**
   * The two groups for rolldown's `codeSplitting` (empty in the survey). Without their
   * dependencies: a module the public pages share stays where they load it.
   */
  const groups = [
    { name: 'staff-lib', test: inPlan('lib'), includeDependenciesRecursively: false },
    { name: 'staff', test: inPlan('app'), includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
