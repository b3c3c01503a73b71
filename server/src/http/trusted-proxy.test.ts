import { accountOps } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, signInAdmin, type TestApp } from '../../test/app.js';
import { buildAgent, defaultPassword } from '../../test/factories.js';

/**
 * X-Forwarded-For is believed only from the proxies TRUSTED_PROXIES names (none by default):
 * a client on the same network, or behind a container bridge, cannot pick the address that the
 * limits, the bans and the sign-in history see.
 */
async function signInFrom(t: TestApp, remoteAddress: string, forwardedFor: string) {
  const agent = await buildAgent(t.database.db);
  // Raw inject: the test picks the socket's remote address, which no operation call can set.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth.login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: agent.email, password: defaultPassword },
  });
  expect(res.json()).toMatchObject({ code: '0000' });
  const visits = await callOp(
    t.app,
    accountOps.visitHistoryList,
    { account_id: agent.accountId },
    { token: await signInAdmin(t.app) },
  );
  return visits.data.list[0]?.ip;
}

describe('forwarded headers with no trusted proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { trustedProxies: [] } });
  });
  afterAll(() => t.close());

  it('the sign-in history keeps the socket address, from loopback and from a private network alike', async () => {
    expect(await signInFrom(t, '127.0.0.1', '203.0.113.50')).toBe('127.0.0.1');
    expect(await signInFrom(t, '172.17.0.3', '203.0.113.50')).toBe('172.17.0.3');
  });
});

describe('forwarded headers with TRUSTED_PROXIES=10.9.8.7', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { trustedProxies: ['10.9.8.7'] } });
  });
  afterAll(() => t.close());

  it('believes the named proxy, and nobody else on its network', async () => {
    expect(await signInFrom(t, '10.9.8.7', '203.0.113.50')).toBe('203.0.113.50');
    expect(await signInFrom(t, '10.9.8.8', '203.0.113.50')).toBe('10.9.8.8');
  });
});
