import fs from 'node:fs';
import path from 'node:path';
import { listPageSizes, parseLanguage, type TLanguage } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSessionHeader, pageSessionValue } from '../../modules/auth/page-session.js';
import { compressFor } from '../compress.js';
import { readPreviewCookies } from './cookies.js';
import { PreviewRenderer } from './renderer.js';

/**
 * `GET /wswt`, the ticket list, drawn on the server for its first paint (issue 15, decision 0019).
 * With the session cookie the web app keeps beside its token, the page comes with the staff shell
 * and the list's first page already in it, as the app draws them (its own components, rendered by
 * web/src/list-preview/renderList.tsx in a worker thread), over the app while the app loads; the app removes
 * it once its own list has its rows (web/src/list-preview/preview.ts). The answers come from the API's own
 * calls, asked for the cookie's session, so the page shows exactly what those calls would give the
 * same session, and nothing when the session is gone or may not see the list. Without a cookie,
 * with a session no longer good, an address this does not draw (a search, a sort), or when the
 * render is not ready within its budget, the page is `index.html` as before.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts the list's render worker now (the server's start does, so the first page has it). */
    warmListPreview(): Promise<boolean>;
  }
}

/** How long the answers and the render may take before the page goes without them. */
export const listPreviewBudgetMs = 400;
/** The list's page size when the address names none (useListParams' default). */
const defaultPageSize = 20;
/** Rows drawn: more than a tall screen shows above the fold (the drawing does not scroll). */
const drawnRows = 20;

/** The style sheets of the shell and the list (Ant Design's static sheet among them), from the build's manifest. */
function shellStyleSheets(webDist: string): string[] {
  const manifestFile = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    return [];
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { css?: string[]; imports?: string[]; name?: string }
  >;
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) {
      return;
    }
    seen.add(key);
    for (const sheet of entry.css ?? []) {
      sheets.add(`/${sheet}`);
    }
    for (const imported of entry.imports ?? []) {
      visit(imported);
    }
  };
  for (const [key, entry] of Object.entries(manifest)) {
    if (key === 'src/AntdRoot.tsx' || entry.name === 'staff') {
      visit(key);
    }
  }
  return [...sheets];
}

interface Envelope<T> {
  code: string;
  data: T;
}

interface ViewRow {
  view_id: number;
  count: number;
}

/** A parameter given twice: the first, as the app's URLSearchParams.get reads it. */
const firstOf = (value: unknown) => (Array.isArray(value) ? value[0] : value);

/**
 * The page of the list the address asks for, as the screen reads it (useListParams), or null for
 * an address not drawn here: a sort or a search keeps to the app (the drawing would have to parse
 * them as it does).
 */
function listPageOf(params: Record<string, unknown>): { offset: number; limit: number } | null {
  if (firstOf(params.sort) !== undefined || firstOf(params.kw) !== undefined) {
    return null;
  }
  const page = Math.max(1, Math.floor(Number(firstOf(params.page))) || 1);
  const asked = Math.floor(Number(firstOf(params.limit)));
  const limit = listPageSizes.includes(asked) ? asked : defaultPageSize;
  return { offset: (page - 1) * limit, limit };
}

/**
 * The view the list opens (TicketListPage): the address's, else the agent's last (kept in the
 * browser, and in a cookie for this drawing), else the first that holds tickets (openingView).
 */
function viewOf(params: Record<string, unknown>, views: ViewRow[], lastViewId: number | null): number | null {
  const viewId = Number(firstOf(params.view_id));
  const view =
    views.find((v) => v.view_id === viewId) ??
    views.find((v) => v.view_id === lastViewId) ??
    views.find((v) => v.count > 0) ??
    views[0];
  return view ? view.view_id : null;
}

/**
 * `index.html` with the shell's style sheets, read again when the build changed it (a build while
 * the server runs would otherwise give the drawn page an older build's files).
 */
function pageFrame(webDist: string): () => { head: string; html: string } {
  const file = path.join(webDist, 'index.html');
  let kept: { mtimeMs: number; head: string; html: string } | null = null;
  return () => {
    const { mtimeMs } = fs.statSync(file);
    if (kept?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(file, 'utf8');
      // A sheet index.html links already (the entry's own) is not linked twice.
      const sheets = shellStyleSheets(webDist)
        .filter((href) => !html.includes(`href="${href}"`))
        .map((href) => `<link rel="stylesheet" href="${href}">`)
        .join('');
      kept = { mtimeMs, head: sheets, html };
    }
    return kept;
  };
}

export function registerListPreview(app: FastifyInstance, webDist: string, budgetMs = listPreviewBudgetMs): void {
  const renderer = new PreviewRenderer(path.join(webDist, '.ssr/renderList.js'), app.log);
  app.addHook('onClose', () => renderer.close());
  app.decorate('warmListPreview', () => renderer.warm());
  const page = pageFrame(webDist);
  // Shown at the widths the drawing was made for: below Ant Design's lg the app lays the shell out
  // otherwise (the side menu folded, the views above the list), so there the page waits for it.
  const frame =
    // If the app never comes (its scripts failed to load), the picture goes by itself after 20 s
    // rather than stand for a working page that answers no press.
    '<style>#parley-preview{position:fixed;inset:0;z-index:1500;overflow:hidden;background:#f5f7fa;' +
    'animation:parley-preview-end 0s 20s forwards}@keyframes parley-preview-end{to{visibility:hidden}}' +
    '@media (max-width:991.98px){#parley-preview{display:none}}</style>';

  /** One of the API's calls, for the session whose token hash the cookie holds. */
  const ask = async <T>(tokenHash: string, language: TLanguage, method: 'GET' | 'POST', url: string, body?: object) => {
    const answer = await app.inject({
      method,
      url,
      headers: {
        [pageSessionHeader]: pageSessionValue(tokenHash),
        language,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    const envelope = answer.json() as Envelope<T>;
    return envelope.code === '0000' ? envelope.data : null;
  };

  const draw = async (request: FastifyRequest): Promise<string | null> => {
    const cookies = readPreviewCookies(request.headers.cookie);
    if (request.method !== 'GET' || !cookies.token) {
      return null;
    }
    // The first such page after a start only starts the worker (a second or so): it is not waited for.
    if (!renderer.isReady) {
      void renderer.warm();
      return null;
    }
    // Busy with other pages: this one goes without, before asking anything.
    if (renderer.busy) {
      return null;
    }
    const params = request.query as Record<string, unknown>;
    const listPage = listPageOf(params);
    if (!listPage) {
      return null;
    }
    const token = cookies.token;
    const info = await ask<{ account_id: number; default_language: string; user_type: string }>(
      token,
      cookies.language ?? 'en',
      'GET',
      '/api/admin/auth.my.info.get',
    );
    if (!info) {
      return null;
    }
    const language = cookies.language ?? parseLanguage(info.default_language);
    // The drawing is a still picture of the first screen (it does not scroll): only the rows it
    // draws are asked for (the page's offset, at most drawnRows), not a page of 50 or 100 when
    // the address asks for one.
    const askList = (viewId: number) => {
      const search = new URLSearchParams({
        view_id: String(viewId),
        offset: String(listPage.offset),
        limit: String(Math.min(listPage.limit, drawnRows)),
      });
      return ask<{ list: unknown[]; total: number }>(token, language, 'GET', `/api/admin/ticket.list?${search}`);
    };
    // A reload names its view (the address, or the device's last view in its cookie): its rows are
    // asked with the rest, not after the views, and used if the views confirm that view opens.
    const namedView = Number(firstOf(params.view_id)) || cookies.viewId;
    const earlyList = namedView
      ? askList(namedView).catch((error: unknown) => {
          request.log.warn({ err: error }, "the drawn list's early rows could not be asked");
          return null;
        })
      : null;
    const [allowed, nodes, views, agents, groups, branding] = await Promise.all([
      ask<{ has_auth: boolean }>(token, language, 'POST', '/api/admin/auth.check', {
        node_value: '/wswt',
        node_type: 'menu',
      }),
      ask<object>(token, language, 'POST', '/api/admin/auth.has.node.list', { node_types: ['menu', 'btn'] }),
      ask<{ list: ViewRow[] }>(token, language, 'GET', '/api/admin/ticket.view.list'),
      // The names in the rows (assignee, group), as the screen asks them (useStaffNames).
      ask<object>(token, language, 'POST', '/api/admin/auth.agent.all.list', { need_admin: true }),
      ask<{ list: unknown[]; total: number }>(token, language, 'GET', '/api/admin/auth.group.list?offset=0&limit=100'),
      // The brand's name, the date format and the help desk's time zone (the times in the rows).
      ask<object>(token, language, 'GET', '/api/home/setting/branding.get'),
    ]);
    if (!allowed?.has_auth || !nodes || !views) {
      return null;
    }
    const viewId = viewOf(params, views.list, cookies.viewId);
    if (viewId === null) {
      return null;
    }
    const list = await (earlyList && viewId === namedView ? earlyList : askList(viewId));
    if (!list) {
      return null;
    }
    const markup = await renderer.render({
      url: request.url,
      language,
      user: info,
      nodes,
      views,
      branding,
      agents,
      // Every group, or none (the screen asks for them all; the names it lacks show as numbers).
      groups: groups && groups.list.length >= groups.total ? groups.list : null,
      // Under the screen's own query (the app's cache key), the first drawnRows of its page.
      listQuery: { view_id: viewId, ...listPage },
      list,
    });
    if (markup === null) {
      return null;
    }
    const { head, html } = page();
    // Spliced, not String.replace with the markup as its replacement: a `$` in a subject would be
    // read as a replacement pattern ($` inserts the page's head into the row).
    const splice = (text: string, at: string, insert: string) => {
      const index = text.indexOf(at);
      return index < 0 ? text : text.slice(0, index) + insert + text.slice(index + at.length);
    };
    // A picture of the list until the app's own is in: nothing in it takes the focus or a screen
    // reader's attention (the app beneath, loading, has them); web/src/list-preview/preview.ts ends it.
    const drawn = splice(
      splice(html, '</head>', `${head}${frame}</head>`),
      '<body>',
      `<body><div id="parley-preview" inert aria-hidden="true">${markup}</div>`,
    );
    return language === 'zh-cn' ? splice(drawn, '<html lang="en">', '<html lang="zh-CN">') : drawn;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // One budget for the whole page, the answers included: past it the page goes without.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), budgetMs);
    });
    const drawing = draw(request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the ticket list could not be drawn on the server');
      return null;
    });
    const page = await Promise.race([drawing, late]);
    clearTimeout(timer);
    if (page === null) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    }
    // The page holds the agent's tickets: never kept by a cache, never shared.
    reply.header('Cache-Control', 'private, no-store');
    reply.type('text/html; charset=utf-8');
    const compressed = await compressFor(request, reply, page);
    // The same address answers otherwise without the cookie.
    reply.header('vary', 'Accept-Encoding, Cookie');
    return reply.send(compressed);
  };
  app.get('/wswt', { config: { access: { kind: 'public' } }, schema: { hide: true } }, handler);
}
