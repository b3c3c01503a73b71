import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountApi } from './account';
import { allPages } from './allPages';
import { groupApi } from './group';
import { api } from './instance';
import { prefetchTtlMs, takePrefetched } from './prefetched';

// The script index.html runs before the app (web/public/prefetch.js), run here as the page runs it.
const script = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/prefetch.js'), 'utf8');

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: '0000', msg: '', data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

/** What the script asked (not what anything else in this shared window asked). */
const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
let server: ReturnType<typeof fakeServer> | undefined;
function fakeServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.includes('ticket.view.list')) {
      return envelope({ list: [{ view_id: 4 }, { view_id: 9 }] });
    }
    if (url.includes('auth.check')) {
      return envelope({ has_auth: true });
    }
    if (url.includes('auth.agent.all.list') || url.includes('auth.group.list')) {
      return envelope({ list: [], total: 0 });
    }
    return envelope({ url });
  });
  vi.stubGlobal('fetch', fetchMock);
  server = fetchMock;
  return fetchMock;
}

/** How many times the server was asked for an address (files share one window: a screen another
 * file left behind may ask for its own data meanwhile, so calls are counted by address). */
function servedCount(fetchMock: ReturnType<typeof fakeServer>, address: string): number {
  return fetchMock.mock.calls.filter(([input]) => String(input) === address).length;
}

function signIn(token = 'tok-9') {
  localStorage.setItem('parley.token', JSON.stringify({ value: token, expires_at: null }));
}

function runPrefetchAt(address: string) {
  window.history.replaceState(null, '', address);
  // The script's own `fetch`: it records the script's calls, then answers as the server does.
  const scriptFetch = (input: RequestInfo | URL, init?: RequestInit) => {
    asked.push({ url: String(input), init });
    return server ? server(input, init) : Promise.reject(new Error('no server'));
  };
  new Function('fetch', script)(scriptFetch);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  asked.length = 0;
  server = undefined;
  localStorage.clear();
  window.__parleyPrefetch = undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('data asked before the app starts', () => {
  it('asks for my info, the menu’s nodes, the menu check, the views, the names in the rows and then the chosen view’s first page of the list', async () => {
    fakeServer();
    signIn();
    runPrefetchAt('/wswt?view_id=9&limit=50&page=2');
    await settle();
    expect(asked.map((a) => a.url)).toEqual([
      '/api/admin/auth.my.info.get',
      '/api/admin/auth.has.node.list',
      '/api/admin/auth.check',
      '/api/admin/ticket.view.list',
      '/api/admin/auth.agent.all.list',
      '/api/admin/auth.group.list?offset=0&limit=100',
      '/api/admin/ticket.list?view_id=9&offset=50&limit=50',
    ]);
    expect(new Headers(asked[0]?.init?.headers).get('Authorization')).toBe('tok-9');
  });

  it('asks nothing on a public page or without a token', async () => {
    fakeServer();
    runPrefetchAt('/wswt');
    signIn();
    runPrefetchAt('/');
    runPrefetchAt('/wswt/login');
    await settle();
    expect(asked).toEqual([]);
  });

  it('gives the app the answer it asked for, once, instead of asking the server again', async () => {
    const fetchMock = fakeServer();
    signIn();
    runPrefetchAt('/wswt/ticket/edit/12');
    await settle();
    expect(asked).toHaveLength(8);
    const ticketAddress = '/api/admin/ticket.get?ticket_id=12';
    expect(servedCount(fetchMock, ticketAddress)).toBe(1);
    const ticket = await api.get('/admin/ticket.get', { ticket_id: 12 });
    expect(ticket).toEqual({ url: '/api/admin/ticket.get?ticket_id=12' });
    const check = await api.post('/admin/auth.check', {
      node_value: '/wswt/ticket/edit/:ticket_id',
      node_type: 'menu',
    });
    expect(check).toEqual({ has_auth: true });
    expect(servedCount(fetchMock, ticketAddress)).toBe(1);
    expect(servedCount(fetchMock, '/api/admin/auth.check')).toBe(1);
    // The side menu's nodes too, asked as the app asks them.
    await api.post('/admin/auth.has.node.list', { node_types: ['menu', 'btn'] });
    expect(servedCount(fetchMock, '/api/admin/auth.has.node.list')).toBe(1);
    // The agents' and groups' names, asked as the screens ask them (useStaffNames).
    await accountApi.agents(true);
    await allPages((offset, limit) => groupApi.list({ offset, limit }));
    expect(servedCount(fetchMock, '/api/admin/auth.agent.all.list')).toBe(1);
    expect(servedCount(fetchMock, '/api/admin/auth.group.list?offset=0&limit=100')).toBe(1);
    // Asked a second time, it goes to the server: an answer is handed out once.
    await api.get('/admin/ticket.get', { ticket_id: 12 });
    expect(servedCount(fetchMock, ticketAddress)).toBe(2);
  });

  it('does not hand out an answer asked with another token or language, or one too old', async () => {
    fakeServer();
    signIn('tok-1');
    runPrefetchAt('/wswt/search');
    await settle();
    const request = { method: 'GET', url: '/admin/auth.my.info.get', body: undefined, language: null };
    expect(takePrefetched({ ...request, token: 'tok-2' })).toBeNull();
    expect(takePrefetched({ ...request, token: 'tok-1', language: 'zh-cn' })).toBeNull();
    expect(takePrefetched({ ...request, token: 'tok-1' }, Date.now() + prefetchTtlMs + 1)).toBeNull();
    expect(takePrefetched({ ...request, token: 'tok-1' })).not.toBeNull();
  });
});
