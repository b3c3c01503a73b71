import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new embedded database starts from a migrated, empty copy kept from an earlier first start:
 * PGlite's initdb takes several seconds even on a quiet machine (half a minute on a busy one),
 * loading a copy a fraction of it. The copy holds only the schema (it is taken after migrating,
 * before the first admin is created), and is keyed by the PGlite version, whose data format it is.
 * Migrations added later are applied on top as on any database.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/parley');

function pgliteVersion(): string | null {
  for (const base of [path.join(repoRoot, 'node_modules'), path.join(repoRoot, 'server/node_modules')]) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(base, '@electric-sql/pglite/package.json'), 'utf8'));
      return String(pkg.version);
    } catch {
      // not installed there
    }
  }
  return null;
}

/** Where the copy for this PGlite version lives; null when templates are off or the version is unknown. */
export function templateFile(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.PARLEY_DB_TEMPLATE === 'off') {
    return null;
  }
  const version = pgliteVersion();
  return version ? path.join(cacheDir, `pglite-${version}.tar`) : null;
}

export function readTemplate(file: string | null): Blob | null {
  if (!file || !fs.existsSync(file)) {
    return null;
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Writes the copy atomically (another process may be reading or writing it). */
export async function writeTemplate(file: string | null, dump: () => Promise<Blob | File>): Promise<void> {
  if (!file) {
    return;
  }
  const blob = await dump();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
}
