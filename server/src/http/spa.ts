import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ErrorCode, translate } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { registerListPreview } from './list-preview/page.js';

export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * The page the app is served in at `url`: `index-public.html` (the build's index.html without the
 * staff pages' prefetch script: web/build/plugins.ts) outside the back office and on its sign-in
 * and password pages, where that script would find nothing to ask (issue 15: the public pages'
 * JavaScript); `index.html` everywhere else, and wherever the build has no public copy.
 */
export function indexFileFor(url: string, webDist: string): string {
  const staff = url.startsWith('/wswt') && !/^\/wswt\/(login|password)([/?#]|$)/.test(url);
  return !staff && fs.existsSync(path.join(webDist, 'index-public.html')) ? 'index-public.html' : 'index.html';
}

/**
 * Serves the built web app: its files as they are, and the app's page (`indexFileFor`) for every
 * other path outside `/api` and `/assets` (history-mode routing). Unknown `/api` paths answer the
 * contract's 0404 envelope, unknown `/assets` files a plain 404.
 *
 * The build writes `.br` and `.gz` beside each text file (web/build/plugins.ts); they are sent as
 * they are to a browser that accepts them (`Vary: Accept-Encoding`), so nothing is compressed per
 * request. Files under `assets/` have their content's hash in their name and never change: a year,
 * immutable. Everything else (the app's pages, favicon) is revalidated on every use.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  options: { listPreview: boolean; listPreviewBudgetMs?: number } = { listPreview: false },
): Promise<void> {
  const hasIndex = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Looked up on each request, not listed at start: a build made while the server runs is
      // served whole (its index.html, read from disk, names chunks the start-up list lacked).
      wildcard: true,
      index: false,
      // A folder (`/`, `/assets/`) is no file: the not-found handler below answers it (the app's
      // page, or 404 under /assets), as it did when files were listed at start.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // Cache-Control is set by setHeaders below (send's own would replace it).
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // Precompressed copies are chosen by Accept-Encoding (@fastify/static 9 does not say so itself).
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  if (hasIndex && options.listPreview) {
    registerListPreview(app, webDist, options.listPreviewBudgetMs);
  } else {
    app.decorate('warmListPreview', async () => false);
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ code: ErrorCode.notFound, msg: translate('not_found', request.lang), data: null }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send();
    }
    if (!hasIndex) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    reply.header('Cache-Control', 'no-cache');
    // A hashed file the build does not have (an older build's chunk, asked by a tab opened before
    // a release) is missing, not a page: the app's error screen then offers to reload.
    if (request.url.startsWith('/assets/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.sendFile(indexFileFor(request.url, webDist));
  });
}
