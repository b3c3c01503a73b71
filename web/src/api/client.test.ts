import { ZLoginResponse } from '@parley/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiTimeoutMs, createApiClient, type TApiEnvironment } from './client';
import { ApiError } from './errors';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(options: { fetch?: typeof fetch; token?: string | null; here?: string } = {}) {
  const state = { token: options.token === undefined ? 'tok-1' : options.token, name: 'Ada' };
  const env = {
    getToken: () => state.token,
    getLanguage: () => 'zh-cn' as const,
    clearSession: vi.fn(() => {
      state.token = null;
      state.name = '';
    }),
    currentPath: () => options.here ?? '/wswt/search?kw=a%20b',
    navigate: vi.fn(),
    notifyError: vi.fn(),
    texts: { network: 'No connection', timeout: 'Timed out', badResponse: 'Bad answer' },
    fetch: options.fetch ?? vi.fn(async () => jsonResponse({ code: '0000', msg: 'ok', data: null })),
  } satisfies TApiEnvironment;
  return { client: createApiClient(env), env, state };
}

function answering(body: unknown, status = 200) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => jsonResponse(body, status));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('API client', () => {
  it('sends the token and language headers, a JSON body for POST and a query string for GET', async () => {
    const fetchMock = answering({ code: '0000', msg: '', data: { has_auth: true } });
    const { client } = setup({ fetch: fetchMock });

    await client.post('/admin/auth.check', { node_value: '/wswt', node_type: 'menu' });
    const [postUrl, postInit] = fetchMock.mock.calls[0] ?? [];
    expect(postUrl).toBe('/api/admin/auth.check');
    expect(postInit?.method).toBe('POST');
    expect(postInit?.headers).toMatchObject({
      Authorization: 'tok-1',
      Language: 'zh-cn',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(postInit?.body))).toEqual({ node_value: '/wswt', node_type: 'menu' });

    await client.get('/admin/auth.account.list', { user_type: 'agent', kw: 'a b', offset: 0, company_id: undefined });
    const [getUrl, getInit] = fetchMock.mock.calls[1] ?? [];
    expect(getUrl).toBe('/api/admin/auth.account.list?user_type=agent&kw=a+b&offset=0');
    expect(getInit?.method).toBe('GET');
    expect(getInit?.body).toBeUndefined();
  });

  it('uploads a file as multipart form data, without a JSON content type', async () => {
    const fetchMock = answering({ code: '0000', msg: '', data: { file_id: 1 } });
    const { client } = setup({ fetch: fetchMock });
    const file = new File(['png-bytes'], 'face.png', { type: 'image/png' });
    await expect(client.upload('/home/upload', file)).resolves.toEqual({ file_id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/home/upload');
    expect(init?.method).toBe('POST');
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect(init?.headers).toMatchObject({ Authorization: 'tok-1' });
    const body = init?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('file') as File;
    expect(sent.name).toBe('face.png');
    expect(await sent.text()).toBe('png-bytes');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = answering({ code: '0000', msg: '', data: null });
    const { client } = setup({ fetch: fetchMock, token: null });
    await client.get('/home/languages');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('resolves the data of a 0000 answer, checked against the contract schema', async () => {
    const data = { token: 't', real_name: 'Ada', timezone: 'UTC' };
    const { client } = setup({ fetch: answering({ code: '0000', msg: 'ok', data }) });
    await expect(client.post('/admin/auth.login', {}, { schema: ZLoginResponse })).resolves.toEqual(data);
  });

  it("hands a success's message to onMessage", async () => {
    const { client } = setup({ fetch: answering({ code: '0000', msg: 'Successfully saved', data: null }) });
    const onMessage = vi.fn();
    await client.post('/admin/settings/company.edit', { company_id: 1 }, { onMessage });
    expect(onMessage).toHaveBeenCalledExactlyOnceWith('Successfully saved');
  });

  it('rejects a 0000 answer that breaks the contract', async () => {
    const { client, env } = setup({ fetch: answering({ code: '0000', msg: 'ok', data: { token: 1 } }) });
    await expect(client.post('/admin/auth.login', {}, { schema: ZLoginResponse })).rejects.toMatchObject({
      code: '0500',
    });
    expect(env.notifyError).toHaveBeenCalledWith('Bad answer');
  });

  it('0401 clears the token and name and goes to login with the current address as next', async () => {
    const { client, env, state } = setup({
      fetch: answering({ code: '0401', msg: 'Please sign in', data: null }, 401),
    });
    const error = await client.get('/admin/auth.my.info.get').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '0401', message: 'Please sign in' });
    expect(env.clearSession).toHaveBeenCalledOnce();
    expect(state.token).toBeNull();
    expect(env.navigate).toHaveBeenCalledExactlyOnceWith(
      `/wswt/login?next=${encodeURIComponent('/wswt/search?kw=a%20b')}`,
    );
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('0401 on the login page clears the session but stays there', async () => {
    const { client, env } = setup({
      fetch: answering({ code: '0401', msg: 'Please sign in', data: null }, 401),
      here: '/wswt/login?next=%2Fwswt',
    });
    await expect(client.get('/admin/auth.my.info.get')).rejects.toBeInstanceOf(ApiError);
    expect(env.clearSession).toHaveBeenCalledOnce();
    expect(env.navigate).not.toHaveBeenCalled();
  });

  it('0403 goes to page_forbidden, 0404 to page_not_found', async () => {
    const forbidden = setup({ fetch: answering({ code: '0403', msg: 'No', data: null }, 403) });
    await expect(forbidden.client.post('/admin/settings/company.add', {})).rejects.toMatchObject({ code: '0403' });
    expect(forbidden.env.navigate).toHaveBeenCalledExactlyOnceWith('/page_forbidden');
    expect(forbidden.env.clearSession).not.toHaveBeenCalled();

    const missing = setup({ fetch: answering({ code: '0404', msg: 'Not found', data: null }, 404) });
    await expect(missing.client.get('/admin/settings/company.get', { company_id: 9 })).rejects.toMatchObject({
      code: '0404',
    });
    expect(missing.env.navigate).toHaveBeenCalledExactlyOnceWith('/page_not_found');
  });

  it('FFFF shows the server message as an error toast and keeps the field errors for the form', async () => {
    const { client, env } = setup({
      fetch: answering(
        { code: 'FFFF', msg: 'Incorrect mailbox format', data: { fields: { email: 'Incorrect mailbox format' } } },
        400,
      ),
    });
    const error = await client.post('/admin/auth.account.add', {}).catch((e: unknown) => e);
    expect(env.notifyError).toHaveBeenCalledExactlyOnceWith('Incorrect mailbox format');
    expect(env.navigate).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fields).toEqual({ email: 'Incorrect mailbox format' });
  });

  it('0500 shows the server message as an error toast', async () => {
    const { client, env } = setup({
      fetch: answering({ code: '0500', msg: 'Something went wrong', data: { request_id: 'r1' } }, 500),
    });
    await expect(client.get('/admin/ticket.list')).rejects.toMatchObject({ code: '0500', data: { request_id: 'r1' } });
    expect(env.notifyError).toHaveBeenCalledExactlyOnceWith('Something went wrong');
  });

  it('silent skips the default handling but still rejects', async () => {
    const { client, env } = setup({ fetch: answering({ code: 'FFFF', msg: 'User has been suspended', data: null }) });
    await expect(client.post('/admin/auth.login', {}, { silent: true })).rejects.toMatchObject({
      code: 'FFFF',
      message: 'User has been suspended',
    });
    expect(env.notifyError).not.toHaveBeenCalled();

    const unauthorized = setup({ fetch: answering({ code: '0401', msg: 'x', data: null }, 401) });
    await expect(unauthorized.client.get('/x', undefined, { silent: ['0401'] })).rejects.toMatchObject({
      code: '0401',
    });
    expect(unauthorized.env.clearSession).not.toHaveBeenCalled();
    expect(unauthorized.env.navigate).not.toHaveBeenCalled();
  });

  it('a network failure rejects with code network and an error toast', async () => {
    const { client, env } = setup({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(client.get('/home/languages')).rejects.toMatchObject({ code: 'network', message: 'No connection' });
    expect(env.notifyError).toHaveBeenCalledExactlyOnceWith('No connection');
  });

  it('an answer that is not the envelope (a proxy error page) is an error, not a success', async () => {
    const { client, env } = setup({
      fetch: vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    });
    await expect(client.get('/home/languages')).rejects.toMatchObject({ code: '0500' });
    expect(env.notifyError).toHaveBeenCalledExactlyOnceWith('Bad answer');
  });

  it('says nothing when the caller gives up while the answer is still arriving', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"code":"0000","msg":"","data":'));
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const { client, env } = setup({ fetch: fetchMock });
    const caller = new AbortController();
    const outcome = client
      .get('/admin/auth.agent.all.list', undefined, { signal: caller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    caller.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(env.notifyError).not.toHaveBeenCalled();
  });

  it('gives up after 30 seconds', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, env } = setup({ fetch: fetchMock });
    const outcome = client.get('/admin/ticket.list').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(apiTimeoutMs - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    expect(env.notifyError).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'timeout', message: 'Timed out' });
    expect(env.notifyError).toHaveBeenCalledExactlyOnceWith('Timed out');
  });
});
