import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Largest JavaScript chunk the build accepts, uncompressed (issue 15: no chunk over 500 kB). */
export const maxChunkBytes = 500 * 1000;

/**
 * Fails the build when a chunk is larger than `limit` bytes. Vite's `chunkSizeWarningLimit` only
 * warns; a warning in a long build log is read by nobody.
 */
export function failOnLargeChunks(limit = maxChunkBytes): Plugin {
  return {
    name: 'parley:fail-on-large-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const tooLarge = Object.values(bundle)
        .filter((item) => item.type === 'chunk' && Buffer.byteLength(item.code) > limit)
        .map(
          (item) => `${item.fileName} (${Math.round(Buffer.byteLength((item as { code: string }).code) / 1000)} kB)`,
        );
      if (tooLarge.length > 0) {
        this.error(
          `chunks over ${limit / 1000} kB: ${tooLarge.join(', ')}. Load the code where it is used (a lazy route or import()) instead of raising the limit.`,
        );
      }
    },
  };
}

/** How index.html loads the script that starts a staff page's first requests (public/prefetch.js). */
const prefetchTag = '<script defer src="/prefetch.js"></script>';

/**
 * Writes `index-public.html`: index.html without the staff pages' prefetch script, for the server
 * to send on the public pages and the sign-in (server/src/http/spa.ts), where the script only
 * found it had nothing to do, after its 1.8 KB (gzipped) had come (issue 15's 170 KB).
 */
export function publicIndex(): Plugin {
  return {
    name: 'parley:public-index',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') {
        return;
      }
      const html = String(index.source);
      if (!html.includes(prefetchTag)) {
        this.error(`index.html no longer loads /prefetch.js as ${prefetchTag}: update publicIndex (build/plugins.ts)`);
      }
      this.emitFile({ type: 'asset', fileName: 'index-public.html', source: html.replace(prefetchTag, '') });
    },
  };
}

const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build bigger than 1 KB, so the
 * server sends them as they are (`@fastify/static`'s preCompressed) and compresses nothing per
 * request. Brotli at its best quality: it costs build time once, and saves bytes on every load.
 */
export function precompress(minBytes = 1024): Plugin {
  let outDir = '';
  return {
    name: 'parley:precompress',
    // Not for the first pass of the build, which only surveys the chunks (staff-chunk.ts).
    apply: (_config, env) => env.command === 'build' && env.mode !== 'survey',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (entry.name !== '.vite') {
              walk(full);
            }
          } else if (compressible.test(entry.name)) {
            files.push(full);
          }
        }
      };
      walk(outDir);
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.promises.readFile(file);
          if (data.length < minBytes) {
            return;
          }
          const [br, gz] = await Promise.all([
            new Promise<Buffer>((resolve, reject) =>
              zlib.brotliCompress(
                data,
                {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                  },
                },
                (error, out) => (error ? reject(error) : resolve(out)),
              ),
            ),
            new Promise<Buffer>((resolve, reject) =>
              zlib.gzip(data, { level: 9 }, (error, out) => (error ? reject(error) : resolve(out))),
            ),
          ]);
          // Only where it saves something worth a second file.
          if (br.length < data.length * 0.9) {
            await fs.promises.writeFile(`${file}.br`, br);
          }
          if (gz.length < data.length * 0.9) {
            await fs.promises.writeFile(`${file}.gz`, gz);
          }
        }),
      );
    },
  };
}

/** `.describe('…')` with a literal text (single, double or back quotes without `${`), and its comma. */
const literalDescribe = /\.describe\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)\s*,?\s*\)/g;

/** The contracts' source with the literal field descriptions taken out (see `stripDescriptions`). */
export function withoutDescriptions(code: string): string {
  return code.replace(literalDescribe, '');
}

/**
 * Takes the field descriptions (`.describe('…')`) out of the contracts in the web build. They are
 * there for the server's OpenAPI document (/api/docs); the web only parses with the schemas, which
 * a description never changes, and they were ~7 KB gzipped of the staff shell's first load. The
 * web tests run on the contracts as written.
 */
export function stripDescriptions(): Plugin {
  const contractsSource = /[\\/]contracts[\\/]src[\\/].*\.ts$/;
  return {
    name: 'parley:strip-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!contractsSource.test(id) || !code.includes('.describe(')) {
        return null;
      }
      return { code: withoutDescriptions(code), map: null };
    },
  };
}
