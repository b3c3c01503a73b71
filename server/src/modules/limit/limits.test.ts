import { randomUUID } from 'node:crypto';
import { authOps, homeOps } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, type TestApp } from '../../../test/app.js';
import { redisUrl } from '../../../test/chat-kit.js';
import { buildAgent, defaultPassword } from '../../../test/factories.js';
import { rateLimit } from '../../db/schema/index.js';
import { limitsOf } from './limits.js';

/**
 * The limits hold under 40 parallel requests (each takes its point atomically before anything
 * is checked), on the database store (PGlite, PostgreSQL) and on Redis, and an email guessed
 * from many addresses slows down without locking its owner out.
 */
const parallel = 40;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const signIn = (t: TestApp, email: string, password: string, ip: string) =>
  callOp(t.app, authOps.login, { email, password }, { headers: from(ip) });
const submit = (t: TestApp, ip: string) =>
  callOp(
    t.app,
    homeOps.ticketAdd,
    {
      email: `v-${randomUUID().slice(0, 8)}@example.com`,
      real_name: 'Visitor',
      subject: 'Help',
      description: 'Please',
    },
    { headers: from(ip) },
  );
const tally = (codes: Array<{ status: number; code: string }>) =>
  codes.reduce<Record<string, number>>((acc, r) => {
    const key = `${r.status} ${r.code}`;
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});

function limitTests(name: string, deps: () => Parameters<typeof buildTestApp>[0]) {
  describe(name, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(deps());
    });
    afterAll(() => t.close());

    it('40 parallel wrong passwords for one email from one address: 10 are checked, 30 answer 429', async () => {
      const agent = await buildAgent(t.database.db);
      const results = await Promise.all(
        Array.from({ length: parallel }, () => signIn(t, agent.email, 'wrong-password', '203.0.113.7')),
      );
      expect(tally(results)).toEqual({ '400 FFFF': 10, '429 FFFF': 30 });
      expect(results.find((r) => r.status === 429)?.msg).toBe('Too many failed sign-ins; please try again later');
      // That pair waits; the same account from another address is not locked out.
      expect((await signIn(t, agent.email, defaultPassword, '203.0.113.7')).status).toBe(429);
      expect((await signIn(t, agent.email, defaultPassword, '198.51.100.9')).code).toBe('0000');
    });

    it('40 parallel guesses from 40 addresses slow the email down, and its owner still signs in from a known address', async () => {
      const agent = await buildAgent(t.database.db);
      const home = '192.0.2.44';
      expect((await signIn(t, agent.email, defaultPassword, home)).code).toBe('0000');
      const results = await Promise.all(
        Array.from({ length: parallel }, (_, i) => signIn(t, agent.email, 'wrong-password', `198.18.0.${i + 1}`)),
      );
      // 10 within the email's limit, then one per back-off period.
      expect(tally(results)).toEqual({ '400 FFFF': 11, '429 FFFF': 29 });
      expect((await signIn(t, agent.email, 'wrong-password', '198.18.1.1')).status).toBe(429);
      expect((await signIn(t, agent.email, defaultPassword, home)).code).toBe('0000');
    });

    it('40 parallel wrong current passwords in My profile: 10 are checked, 30 answer 429; the right one waits too', async () => {
      const agent = await buildAgent(t.database.db);
      const token = (await signIn(t, agent.email, defaultPassword, '192.0.2.80')).data.token;
      const edit = (old_pass: string) =>
        callOp(t.app, authOps.passwordEdit, { old_pass, new_pass: 'a-new-pass-1' }, { token });
      const results = await Promise.all(Array.from({ length: parallel }, () => edit('guess-wrong')));
      expect(tally(results)).toEqual({ '400 FFFF': 10, '429 FFFF': 30 });
      expect((await edit(defaultPassword)).status).toBe(429);
      // The password was never changed: its owner still signs in with it.
      expect((await signIn(t, agent.email, defaultPassword, '192.0.2.81')).code).toBe('0000');
    });

    it('40 parallel public tickets from one address against a limit of 20: 20 made, 20 answer 429', async () => {
      const results = await Promise.all(Array.from({ length: parallel }, () => submit(t, '203.0.113.99')));
      expect(tally(results)).toEqual({ '200 0000': 20, '429 FFFF': 20 });
      expect(results.find((r) => r.status === 429)?.msg).toBe('Too many submissions; please try again later');
      expect((await submit(t, '203.0.113.100')).code).toBe('0000');
    });
  });
}

limitTests('limits in the database', () => ({}));

describe('expired counters in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { limits: { publicTicket: 2 } } });
  });
  afterAll(() => t.close());

  it('go an hour after they expire, and a live one keeps counting', async () => {
    const limits = limitsOf(t.database.db);
    for (let i = 0; i < 3; i++) {
      await submit(t, '203.0.113.61');
    }
    const counters = async () =>
      (await t.database.db.select({ key: rateLimit.key }).from(rateLimit))
        .map((r) => r.key)
        .filter((k) => k.endsWith('203.0.113.61'));
    expect(await counters()).toHaveLength(1);
    // Ten minutes on, the window is over but not an hour past it: the counter stays.
    expect(await limits.clearExpired(Date.now() + 10 * 60_000)).toBe(0);
    expect((await submit(t, '203.0.113.61')).status).toBe(429);
    expect(await counters()).toHaveLength(1);
    // Seventy-one minutes on it goes.
    expect(await limits.clearExpired(Date.now() + 71 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await counters()).toEqual([]);
    expect((await submit(t, '203.0.113.61')).code).toBe('0000');
  });
});
limitTests('limits in Redis', () => ({
  deps: { redisUrl, redisKey: `limits-${randomUUID()}`, limitPrefix: `limits-${randomUUID()}` },
}));

describe('limits from the configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ deps: { limits: { publicTicket: 50, loginPerEmailAddress: 3 } } });
  });
  afterAll(() => t.close());

  it('an office behind one address raises the public form limit; a lower sign-in limit holds', async () => {
    const results = await Promise.all(Array.from({ length: parallel }, () => submit(t, '203.0.113.5')));
    expect(tally(results)).toEqual({ '200 0000': 40 });
    const agent = await buildAgent(t.database.db);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(t, agent.email, 'wrong-password', '203.0.113.5')),
    );
    expect(tally(guesses)).toEqual({ '400 FFFF': 3, '429 FFFF': 7 });
  });
});
