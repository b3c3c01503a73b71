import { authNodeOps, authOps, type TOpInput } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildEndUser, defaultPassword, leftoverSession, uniqueEmail } from '../../../test/factories.js';
import { api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { account, accountVisit, session } from '../../db/schema/index.js';
import { hashToken } from './token.js';

setUpApp({ admin: false });

const login = (body: TOpInput<typeof authOps.login>, headers?: Record<string, string>) =>
  api(authOps.login, body, null, headers ? { headers } : {});

describe('auth.login', () => {
  it('signs in with the right password and answers token, name and time zone', async () => {
    const agent = await buildAgent(t.database.db, { realName: 'Ada Agent', timezone: 'Asia/Shanghai' });
    const res = await login({ email: agent.email.toUpperCase(), password: defaultPassword });
    expect(res.code).toBe('0000');
    expect(res.data.real_name).toBe('Ada Agent');
    expect(res.data.timezone).toBe('Asia/Shanghai');
    // At least 128 bits of randomness, and only its hash is stored.
    expect(Buffer.from(res.data.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select().from(session).where(eq(session.accountId, agent.accountId));
    expect(stored[0]?.tokenHash).toBe(hashToken(res.data.token));
    expect(JSON.stringify(stored)).not.toContain(res.data.token);
    const visits = await t.database.db.select().from(accountVisit).where(eq(accountVisit.accountId, agent.accountId));
    expect(visits).toHaveLength(1);
  });

  it('gives an unknown email and a wrong password the same answer', async () => {
    const agent = await buildAgent(t.database.db);
    const wrong = await login({ email: agent.email, password: 'not-the-password' });
    const unknown = await login({ email: uniqueEmail('ghost'), password: 'not-the-password' });
    expect(wrong.code).toBe('FFFF');
    expect(wrong.status).toBe(400);
    expect({ ...unknown, headers: undefined }).toEqual({ ...wrong, headers: undefined });
    expect(wrong.msg).toBe('Incorrect email or password');
  });

  it('validates the email format with the spec message, in English and Chinese', async () => {
    const en = await login({ email: 'a@b', password: 'x' });
    expect(en.msg).toBe('Incorrect mailbox format');
    const zh = await api(authOps.login, { email: 'bad', password: 'x' }, null, { lang: 'zh-cn' });
    expect(zh.msg).toBe('邮箱格式不正确');
    const missing = await apiUntyped(authOps.login, { password: 'x' }, null);
    expect(missing.data).toEqual({ fields: { email: 'Email is required' } });
  });

  it('refuses an end user, even with the right password or suspended, with the wrong-password answer', async () => {
    const wrong = await login({ email: (await buildAgent(t.database.db)).email, password: 'not-the-password' });
    for (const user of [
      await buildEndUser(t.database.db),
      await buildEndUser(t.database.db, { accessState: 'suspended' }),
    ]) {
      const res = await login({ email: user.email, password: defaultPassword });
      expect({ ...res, headers: undefined }).toEqual({ ...wrong, headers: undefined });
      const zh = await api(authOps.login, { email: user.email, password: defaultPassword }, null, { lang: 'zh-cn' });
      expect(zh.msg).toBe('邮箱或密码错误');
      const sessions = await t.database.db.select().from(session).where(eq(session.accountId, user.accountId));
      expect(sessions).toEqual([]);
    }
  });

  it('refuses a suspended account with "User has been suspended"', async () => {
    const agent = await buildAgent(t.database.db, { accessState: 'suspended' });
    const res = await login({ email: agent.email, password: defaultPassword });
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe('User has been suspended');
  });

  it('throttles sign-ins per email and address with HTTP 429; from many addresses the email slows down', async () => {
    const agent = await buildAgent(t.database.db);
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: agent.email, password: `wrong-${i}` }, { 'x-forwarded-for': '10.8.0.1' });
      expect(res.status).toBe(400);
    }
    const blocked = await login({ email: agent.email, password: defaultPassword }, { 'x-forwarded-for': '10.8.0.1' });
    expect([blocked.status, blocked.code]).toEqual([429, 'FFFF']);
    expect(blocked.msg).toContain('Too many failed sign-ins');
    // The email has had 11 attempts: from a new address, one per back-off period (30 s) gets through.
    expect((await login({ email: agent.email, password: 'wrong' }, { 'x-forwarded-for': '10.9.0.1' })).status).toBe(
      400,
    );
    const slowed = await login({ email: agent.email, password: defaultPassword }, { 'x-forwarded-for': '10.9.0.2' });
    expect(slowed.status).toBe(429);
  });

  it('throttles failed sign-ins per IP address across emails', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 50; i++) {
      await login({ email: uniqueEmail('spray'), password: 'guess' }, { 'x-forwarded-for': ip });
    }
    const agent = await buildAgent(t.database.db);
    const blocked = await login({ email: agent.email, password: defaultPassword }, { 'x-forwarded-for': ip });
    expect(blocked.status).toBe(429);
    const elsewhere = await login(
      { email: agent.email, password: defaultPassword },
      { 'x-forwarded-for': '10.77.0.2' },
    );
    expect(elsewhere.code).toBe('0000');
  });
});

describe('sessions', () => {
  it('keeps an idle session 12 hours and a "stay signed in" session 30 days', async () => {
    const agent = await buildAgent(t.database.db);
    const before = Date.now();
    const shortToken = await signIn(t.app, agent.email, defaultPassword, false);
    const longToken = await signIn(t.app, agent.email, defaultPassword, true);
    const rows = await t.database.db.select().from(session).where(eq(session.accountId, agent.accountId));
    const short = rows.find((r) => r.tokenHash === hashToken(shortToken));
    const long = rows.find((r) => r.tokenHash === hashToken(longToken));
    const hour = 3600_000;
    expect((short?.expiresTs ?? 0) - before).toBeGreaterThanOrEqual(12 * hour - 1000);
    expect((short?.expiresTs ?? 0) - before).toBeLessThanOrEqual(12 * hour + 5000);
    expect((long?.expiresTs ?? 0) - before).toBeGreaterThanOrEqual(30 * 24 * hour - 1000);
  });

  it('ends a session that was idle past its end', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    await t.database.db
      .update(session)
      .set({ expiresTs: Date.now() - 1, lastUsedTs: Date.now() - 13 * 3600_000 })
      .where(eq(session.tokenHash, hashToken(token)));
    t.app.parley.authCache.clear();
    const res = await api(authOps.myInfoGet, {}, token);
    expect(res.status).toBe(401);
    expect(res.code).toBe('0401');
  });

  it('accepts the token with or without a Bearer prefix, and refuses none or a bad one with 0401', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(authOps.myInfoGet, {}, token)).code).toBe('0000');
    expect((await api(authOps.myInfoGet, {}, `Bearer ${token}`)).code).toBe('0000');
    const none = await api(authOps.myInfoGet, {}, null);
    expect([none.status, none.code, none.data]).toEqual([401, '0401', null]);
    const bad = await api(authOps.myInfoGet, {}, `${token.slice(0, -2)}xx`);
    expect(bad.code).toBe('0401');
  });

  it('logout makes the token stop working', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(authOps.logout, {}, token)).code).toBe('0000');
    expect((await api(authOps.myInfoGet, {}, token)).code).toBe('0401');
  });

  it('stops a suspended account at its next call', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    // What suspending does (the account calls arrive with the people work): write, then tell every process.
    await t.database.db.transaction(async (tx) => {
      await tx.update(account).set({ accessState: 'suspended' }).where(eq(account.accountId, agent.accountId));
      await t.app.parley.authCache.changed(tx, agent.accountId);
    });
    const res = await api(authOps.myInfoGet, {}, token);
    expect(res.code).toBe('0401');
    expect(res.msg).toBe('User has been suspended');
  });
});

describe('end users', () => {
  it("an end user's leftover session, or a staff session after a demotion to end user, is no session (0401)", async () => {
    const user = await buildEndUser(t.database.db);
    const token = await leftoverSession(t.database.db, user.accountId);
    for (const op of [authOps.myInfoGet, authOps.logout, authNodeOps.hasNodeList] as const) {
      const res = await apiUntyped(op, {}, token);
      expect([res.status, res.code]).toEqual([401, '0401']);
    }
    const agent = await buildAgent(t.database.db);
    const staff = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(authOps.myInfoGet, {}, staff)).code).toBe('0000');
    await t.database.db.transaction(async (tx) => {
      await tx.update(account).set({ userType: 'end_user' }).where(eq(account.accountId, agent.accountId));
      await t.app.parley.authCache.changed(tx, agent.accountId);
    });
    expect((await api(authOps.myInfoGet, {}, staff)).code).toBe('0401');
  });
});

describe('auth.my.info.get', () => {
  it("answers the caller's account without any password field", async () => {
    const agent = await buildAgent(t.database.db, { realName: 'Info Person', toolAccess: ['chat'] });
    const token = await signIn(t.app, agent.email, defaultPassword);
    const res = await api(authOps.myInfoGet, {}, token);
    expect(res.code).toBe('0000');
    expect(res.data).toMatchObject({
      account_id: agent.accountId,
      email: agent.email,
      real_name: 'Info Person',
      user_type: 'agent',
      tool_access: ['chat'],
      access_state: 'allowed',
      role_ids: [],
      group_ids: [],
    });
    // The one field naming the password is whether it is the printed one-time password: a yes or no.
    const { password_temporary, ...rest } = res.data;
    expect(password_temporary).toBe(false);
    expect(JSON.stringify(rest)).not.toMatch(/password|scrypt/);
  });
});

describe('auth.password.edit', () => {
  it("refuses a wrong current password, and a too short or too long one with the spec's message (en and zh-cn)", async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const edit = (old_pass: string, new_pass: string, lang = 'en') =>
      api(authOps.passwordEdit, { old_pass, new_pass }, token, { lang });
    expect((await edit('wrong-old', 'fresh-pass')).fields.old_pass).toBe('The current password is incorrect');
    for (const short of [await edit(defaultPassword, 'abcd'), await edit(defaultPassword, 'x'.repeat(128))]) {
      expect([short.code, short.msg, short.fields]).toEqual([
        'FFFF',
        'Password is not allowed',
        { new_pass: 'Password is not allowed' },
      ]);
    }
    const zh = await edit(defaultPassword, 'abcd', 'zh-cn');
    expect([zh.msg, zh.fields.new_pass]).toEqual(['密码不符合要求', '密码不符合要求']);
    expect((await edit(defaultPassword, 'x'.repeat(127))).code).toBe('0000');
  });

  it("refuses the account email as a password with the spec's message (en and zh-cn)", async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const edit = (lang: string) =>
      api(authOps.passwordEdit, { old_pass: defaultPassword, new_pass: agent.email.toUpperCase() }, token, { lang });
    const res = await edit('en');
    expect([res.msg, res.fields.new_pass]).toEqual(['Password is not allowed', 'Password is not allowed']);
    expect((await edit('zh-cn')).fields.new_pass).toBe('密码不符合要求');
  });

  it('ends every session of the account, and the new password signs in', async () => {
    const agent = await buildAgent(t.database.db);
    const first = await signIn(t.app, agent.email, defaultPassword);
    const second = await signIn(t.app, agent.email, defaultPassword, true);
    const res = await api(authOps.passwordEdit, { old_pass: defaultPassword, new_pass: 'brand-new-pass' }, first);
    expect(res.code).toBe('0000');
    expect(res.msg).toBe('Successfully saved');
    expect((await api(authOps.myInfoGet, {}, first)).code).toBe('0401');
    expect((await api(authOps.myInfoGet, {}, second)).code).toBe('0401');
    expect((await login({ email: agent.email, password: defaultPassword })).code).toBe('FFFF');
    expect((await login({ email: agent.email, password: 'brand-new-pass' })).code).toBe('0000');
  });
});

describe('auth.my.chat.state.edit', () => {
  it('sets the agent chat state and refuses unknown states', async () => {
    const agent = await buildAgent(t.database.db, { toolAccess: ['chat'] });
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(authOps.myChatStateEdit, { chat_state: 'away' }, token)).code).toBe('0000');
    const info = await api(authOps.myInfoGet, {}, token);
    expect(info.data.chat_state).toBe('away');
    const bad = await apiUntyped(authOps.myChatStateEdit, { chat_state: 'busy' }, token);
    expect(bad.code).toBe('FFFF');
  });

  it('keeps an agent who does not take chats offline: nobody is routed to them, nobody sees them online', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    for (const chat_state of ['online', 'away', 'invisible'] as const) {
      const res = await api(authOps.myChatStateEdit, { chat_state }, token);
      expect([res.code, res.fields]).toEqual(['FFFF', { chat_state: 'Your account does not take chats' }]);
    }
    expect((await api(authOps.myInfoGet, {}, token)).data.chat_state).toBe('offline');
    expect((await api(authOps.myChatStateEdit, { chat_state: 'offline' }, token)).code).toBe('0000');
  });

  it('is not for end users', async () => {
    const user = await buildEndUser(t.database.db);
    const token = await leftoverSession(t.database.db, user.accountId);
    const res = await api(authOps.myChatStateEdit, { chat_state: 'online' }, token);
    expect(res.code).toBe('0401');
  });
});
