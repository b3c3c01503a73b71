import { ZAccount, ZAccountListResponse, ZMyInfoResponse } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signIn, signInAdmin, type TestApp } from '../../../test/app.js';
import {
  buildAdmin,
  buildAgent,
  buildCompany,
  buildEndUser,
  buildRole,
  defaultPassword,
  uniqueDomain,
  uniqueEmail,
} from '../../../test/factories.js';
import { gif, multipart, png } from '../../../test/images.js';
import { account, agentGroup, role, session, shortcut } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

type Fields = { fields: Record<string, string> };
const post = <T = Fields>(path: string, body: unknown, token = admin) =>
  call<T>(t.app, 'POST', `/api/admin/${path}`, { token, body });
const get = <T = unknown>(path: string, query: Record<string, string>, token = admin) =>
  call<T>(t.app, 'GET', `/api/admin/${path}`, { token, query });
const accountRow = async (accountId: number) =>
  (await t.database.db.select().from(account).where(eq(account.accountId, accountId)))[0];
const accountByEmail = async (email: string) =>
  (await t.database.db.select().from(account).where(eq(account.email, email)))[0];
const getAccount = async (accountId: number) => {
  const res = await get<Record<string, unknown>>('auth.account.get', { account_id: String(accountId) });
  return res.code === '0000' ? ZAccount.parse(res.data) : null;
};

/** An agent holding the given nodes through a role, signed in. */
async function agentWith(...values: string[]) {
  const agent = await buildAgent(t.database.db);
  await buildRole(t.database.db, {
    nodes: values.map((v) => ({ type: v.startsWith('/') ? ('menu' as const) : ('btn' as const), value: v })),
    accountIds: [agent.accountId],
  });
  return { agent, token: await signIn(t.app, agent.email, defaultPassword) };
}

describe('auth.account.add', () => {
  it('checks the email format and refuses a duplicate, naming the field, without writing', async () => {
    const bad = await post('auth.account.add', { email: 'not@mail', real_name: 'X' });
    expect([bad.code, bad.msg]).toEqual(['FFFF', 'Incorrect mailbox format']);
    expect(bad.data.fields.email).toBe('Incorrect mailbox format');
    const existing = await buildEndUser(t.database.db);
    const dup = await post('auth.account.add', { email: existing.email.toUpperCase(), real_name: 'Twin' });
    expect(dup.code).toBe('FFFF');
    expect(dup.data).toEqual({ fields: { email: 'This email is already in use' } });
    expect((await accountByEmail(existing.email))?.realName).toBe('Test Person');
  });

  it('needs a password of 5 to 127 characters, not the email, for agents and admins', async () => {
    const email = uniqueEmail('pw');
    const none = await post('auth.account.add', { email, real_name: 'P', user_type: 'agent' });
    expect([none.code, none.msg, none.data.fields.password]).toEqual([
      'FFFF',
      'Password is required',
      'Password is required',
    ]);
    for (const password of ['abcd', 'x'.repeat(128), email]) {
      const res = await post('auth.account.add', { email, real_name: 'P', user_type: 'admin', password });
      expect(res.msg, password).toBe('Password is not allowed');
    }
    expect(await accountByEmail(email)).toBeUndefined();
    const ok = await post<{ account_id: number }>('auth.account.add', {
      email,
      real_name: 'P',
      user_type: 'agent',
      password: 'x'.repeat(127),
    });
    expect(ok.code).toBe('0000');
    expect(await signIn(t.app, email, 'x'.repeat(127))).toBeTruthy();
  });

  it('lets an end user have no password, and puts them in the organization of their domain', async () => {
    const domain = uniqueDomain();
    const c = await buildCompany(t.database.db, { companyDomains: [domain] });
    const res = await post<{ account_id: number }>('auth.account.add', {
      email: `Someone@${domain.toUpperCase()}`,
      real_name: 'Customer',
    });
    expect(res.code).toBe('0000');
    const created = await getAccount(res.data.account_id);
    expect(created).toMatchObject({ email: `someone@${domain}`, user_type: 'end_user', company_id: c.companyId });
    expect((await accountRow(res.data.account_id))?.passwordHash).toBeNull();
    const elsewhere = await post<{ account_id: number }>('auth.account.add', {
      email: uniqueEmail('nocompany'),
      real_name: 'Loner',
    });
    expect((await getAccount(elsewhere.data.account_id))?.company_id).toBeNull();
  });

  it('puts a new agent in the default group with the default Agent role, unless roles are chosen', async () => {
    const [defaultRole] = await t.database.db.select().from(role).where(eq(role.isDefault, true));
    const [defaultGroup] = await t.database.db.select().from(agentGroup).where(eq(agentGroup.isDefault, true));
    const plain = await post<{ account_id: number }>('auth.account.add', {
      email: uniqueEmail('newagent'),
      real_name: 'New Agent',
      user_type: 'agent',
      password: 'agent-pass',
    });
    expect(await getAccount(plain.data.account_id)).toMatchObject({
      role_ids: [defaultRole?.roleId],
      group_ids: [defaultGroup?.groupId],
    });
    const { roleId } = await buildRole(t.database.db, { nodes: [] });
    const chosen = await post<{ account_id: number }>('auth.account.add', {
      email: uniqueEmail('chosen'),
      real_name: 'Chosen',
      user_type: 'agent',
      password: 'agent-pass',
      role_ids: [roleId],
    });
    expect((await getAccount(chosen.data.account_id))?.role_ids).toEqual([roleId]);
  });

  it('refuses unknown roles, and roles for end users, writing nothing', async () => {
    const email = uniqueEmail('norole');
    const res = await post('auth.account.add', {
      email,
      real_name: 'R',
      user_type: 'agent',
      password: 'agent-pass',
      role_ids: [99_999_999],
    });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.data.fields)).toEqual(['role_ids']);
    const { roleId } = await buildRole(t.database.db, { nodes: [] });
    const endUser = await post('auth.account.add', { email, real_name: 'R', role_ids: [roleId] });
    expect(endUser.msg).toBe('Only agents and administrators can have roles and groups');
    expect(await accountByEmail(email)).toBeUndefined();
  });

  it('lets only an admin create an admin', async () => {
    const { token } = await agentWith('auth.account.add');
    const email = uniqueEmail('wannabe');
    const res = await post(
      'auth.account.add',
      { email, real_name: 'A', user_type: 'admin', password: 'admin-pass' },
      token,
    );
    expect(res.code).toBe('0403');
    expect(await accountByEmail(email)).toBeUndefined();
    const agent = await post(
      'auth.account.add',
      { email, real_name: 'A', user_type: 'agent', password: 'agent-pass' },
      token,
    );
    expect(agent.code).toBe('0000');
  });
});

describe('auth.account.edit', () => {
  it('edits fields, leaves the others, and refuses an email in use', async () => {
    const user = await buildEndUser(t.database.db, { realName: 'Before', innerNotes: 'keep me' });
    const other = await buildEndUser(t.database.db);
    const res = await post('auth.account.edit', {
      account_id: user.accountId,
      real_name: 'After',
      timezone: 'asia/shanghai',
    });
    expect(res.code).toBe('0000');
    expect(await getAccount(user.accountId)).toMatchObject({
      real_name: 'After',
      inner_notes: 'keep me',
      timezone: 'Asia/Shanghai',
    });
    const dup = await post('auth.account.edit', { account_id: user.accountId, email: other.email });
    expect(dup.data).toEqual({ fields: { email: 'This email is already in use' } });
    expect((await post('auth.account.edit', { account_id: 99_999_999, real_name: 'x' })).code).toBe('0404');
  });

  it('keeps admins out of reach of non-admins, and own permissions out of reach of oneself', async () => {
    const { agent, token } = await agentWith('auth.account.edit');
    const otherAdmin = await buildAdmin(t.database.db);
    expect((await post('auth.account.edit', { account_id: otherAdmin.accountId, real_name: 'x' }, token)).code).toBe(
      '0403',
    );
    expect((await post('auth.account.edit', { account_id: agent.accountId, user_type: 'admin' }, token)).code).toBe(
      '0403',
    );
    const { roleId } = await buildRole(t.database.db, { nodes: [] });
    expect((await post('auth.account.edit', { account_id: agent.accountId, role_ids: [roleId] }, token)).code).toBe(
      '0403',
    );
    expect((await accountRow(agent.accountId))?.userType).toBe('agent');
    // Their own name is fine, and so is resending what they already have.
    const own = await post(
      'auth.account.edit',
      { account_id: agent.accountId, real_name: 'Self', user_type: 'agent' },
      token,
    );
    expect(own.code).toBe('0000');
    const peer = await buildAgent(t.database.db);
    expect((await post('auth.account.edit', { account_id: peer.accountId, ticket_access: 'own' }, token)).code).toBe(
      '0000',
    );
  });

  it('ends the sessions of an account whose password someone else sets', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const bad = await post('auth.account.edit', { account_id: agent.accountId, password: agent.email });
    expect(bad.msg).toBe('Password is not allowed');
    expect((await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token })).code).toBe('0000');
    expect((await post('auth.account.edit', { account_id: agent.accountId, password: 'reset-pass' })).code).toBe(
      '0000',
    );
    expect((await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token })).code).toBe('0401');
    expect(await signIn(t.app, agent.email, 'reset-pass')).toBeTruthy();
  });

  it('drops roles and groups of an agent made an end user, and needs a password to promote one', async () => {
    const agent = await buildAgent(t.database.db);
    await buildRole(t.database.db, { nodes: [], accountIds: [agent.accountId] });
    expect((await post('auth.account.edit', { account_id: agent.accountId, user_type: 'end_user' })).code).toBe('0000');
    expect(await getAccount(agent.accountId)).toMatchObject({ user_type: 'end_user', role_ids: [], group_ids: [] });
    const user = await buildEndUser(t.database.db, { password: null });
    const promote = await post('auth.account.edit', { account_id: user.accountId, user_type: 'agent' });
    expect(promote.msg).toBe('Password is required');
    expect((await accountRow(user.accountId))?.userType).toBe('end_user');
  });

  it('shows a changed name at the next my.info (no stale cached account)', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token });
    await post('auth.account.edit', { account_id: agent.accountId, real_name: 'Renamed' });
    const info = await call<{ real_name: string }>(t.app, 'GET', '/api/admin/auth.my.info.get', { token });
    expect(info.data.real_name).toBe('Renamed');
  });
});

describe('auth.account.info.edit', () => {
  it('edits only profile fields; user_type, role_ids and access_state sent along are ignored', async () => {
    const user = await buildEndUser(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    const { roleId } = await buildRole(t.database.db, { nodes: [{ type: 'btn', value: 'auth.account.add' }] });
    const res = await post(
      'auth.account.info.edit',
      {
        real_name: 'Me Myself',
        alias_name: 'Me',
        signature: 'Cheers',
        enable_signature: true,
        default_language: 'zh-cn',
        timezone: 'Europe/Paris',
        user_type: 'admin',
        role_ids: [roleId],
        access_state: 'suspended',
        email: 'hijack@example.com',
        inner_notes: 'x',
      },
      token,
    );
    expect(res.code).toBe('0000');
    const info = ZMyInfoResponse.parse((await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token })).data);
    expect(info).toMatchObject({
      real_name: 'Me Myself',
      alias_name: 'Me',
      signature: 'Cheers',
      enable_signature: true,
      default_language: 'zh-cn',
      timezone: 'Europe/Paris',
      user_type: 'end_user',
      role_ids: [],
      access_state: 'allowed',
      email: user.email,
      inner_notes: '',
    });
  });

  it('refuses an unknown time zone or language, and an avatar that is not one of our uploads', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const tz = await post('auth.account.info.edit', { timezone: 'Mars/Olympus' }, token);
    expect([tz.code, tz.data.fields.timezone]).toEqual(['FFFF', 'Unknown time zone']);
    const lang = await post('auth.account.info.edit', { default_language: 'fr' }, token);
    expect(lang.data.fields.default_language).toBe('Unknown value');
    for (const avatar of ['https://evil.example/x.png', '/api/home/file/avatar/AAAAAAAAAAAAAAAAAAAAAA.png']) {
      const res = await post('auth.account.info.edit', { avatar }, token);
      expect(res.data.fields.avatar, avatar).toBe('Invalid value');
    }
    expect((await accountRow(agent.accountId))?.avatar).toBe('');
    const blank = await post('auth.account.info.edit', { real_name: '  ' }, token);
    expect(blank.msg).toBe('Name is required');
  });
});

describe('avatars', () => {
  async function uploadAs(data: Buffer, name: string, type: string, token = admin) {
    const form = multipart(data, name, type);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/upload.avatar',
      headers: { authorization: token, ...form.headers },
      payload: form.payload,
    });
    return { status: res.statusCode, ...(res.json() as { code: string; msg: string; data: { url: string } & Fields }) };
  }

  it('judges by content: a small PNG named .txt is accepted and served as image/png with nosniff', async () => {
    const image = png(64, 48);
    const res = await uploadAs(image, 'photo.txt', 'text/plain');
    expect(res.code).toBe('0000');
    expect(res.data).toMatchObject({ width: 64, height: 48, content_type: 'image/png', size: image.length });
    expect(res.data.url).toMatch(/^\/api\/home\/file\/avatar\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('refuses a text file named .png and a 200 x 200 image, with the spec message', async () => {
    const text = await uploadAs(Buffer.from('hello, I am not a picture'), 'face.png', 'image/png');
    expect([text.status, text.code, text.msg]).toEqual([400, 'FFFF', 'Avatar must be an image smaller than 100 x 100']);
    const big = await uploadAs(png(200, 200), 'big.png', 'image/png');
    expect(big.msg).toBe('Avatar must be an image smaller than 100 x 100');
    const edge = await uploadAs(gif(100, 10), 'edge.gif', 'image/gif');
    expect(edge.code).toBe('FFFF');
    expect((await uploadAs(gif(99, 99), 'ok.gif', 'image/gif')).code).toBe('0000');
  });

  it('refuses more than 20 MB with 413 "File size cannot exceed 20M", and a request without a file', async () => {
    const huge = Buffer.concat([png(10, 10), Buffer.alloc(20 * 1024 * 1024 + 10)]);
    const res = await uploadAs(huge, 'huge.png', 'image/png');
    expect([res.status, res.code, res.msg]).toEqual([413, 'FFFF', 'File size cannot exceed 20M']);
    const none = await call(t.app, 'POST', '/api/admin/upload.avatar', { token: admin, body: {} });
    expect([none.code, none.msg]).toEqual(['FFFF', 'Please choose a file']);
  });

  it('sets an uploaded avatar on the profile and removes the replaced file', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const first = await uploadAs(png(32, 32), 'a.png', 'image/png', token);
    expect((await post('auth.account.info.edit', { avatar: first.data.url }, token)).code).toBe('0000');
    expect((await accountRow(agent.accountId))?.avatar).toBe(first.data.url);
    const second = await uploadAs(png(16, 16), 'b.png', 'image/png', token);
    expect((await post('auth.account.info.edit', { avatar: second.data.url }, token)).code).toBe('0000');
    expect((await t.app.inject({ method: 'GET', url: first.data.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.data.url })).statusCode).toBe(200);
  });

  it('answers 0404 for unknown or malformed file names', async () => {
    for (const url of [
      '/api/home/file/avatar/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/api/home/file/avatar/..%2F..%2Fetc%2Fpasswd',
      '/api/home/file/secrets/AAAAAAAAAAAAAAAAAAAAAA.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('auth.account.access_state.edit', () => {
  it('suspending ends the sessions at once; allowing restores sign-in', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token })).code).toBe('0000');
    const res = await post('auth.account.access_state.edit', {
      account_id: agent.accountId,
      access_state: 'suspended',
    });
    expect(res.code).toBe('0000');
    const next = await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token });
    expect([next.status, next.code]).toEqual([401, '0401']);
    expect(await t.database.db.select().from(session).where(eq(session.accountId, agent.accountId))).toEqual([]);
    const login = await call(t.app, 'POST', '/api/admin/auth.login', {
      body: { email: agent.email, password: defaultPassword },
    });
    expect(login.msg).toBe('User has been suspended');
    await post('auth.account.access_state.edit', { account_id: agent.accountId, access_state: 'allowed' });
    expect(await signIn(t.app, agent.email, defaultPassword)).toBeTruthy();
  });

  it('answers "User has been suspended" to a session cached before the suspension', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    // Suspended without its sessions being removed (as an older process might): the flag alone stops it.
    await t.database.db.update(account).set({ accessState: 'suspended' }).where(eq(account.accountId, agent.accountId));
    await t.database.db.transaction((tx) => t.app.parley.authCache.changed(tx, agent.accountId));
    const next = await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token });
    expect([next.code, next.msg]).toEqual(['0401', 'User has been suspended']);
  });

  it('refuses to suspend oneself, and keeps admins out of a non-admin reach', async () => {
    const me = await buildAdmin(t.database.db);
    const token = await signIn(t.app, me.email, defaultPassword);
    const self = await post(
      'auth.account.access_state.edit',
      { account_id: me.accountId, access_state: 'suspended' },
      token,
    );
    expect([self.code, self.msg]).toEqual(['FFFF', 'You cannot suspend your own account']);
    const { token: agentToken } = await agentWith('auth.account.access_state.edit');
    const res = await post(
      'auth.account.access_state.edit',
      { account_id: me.accountId, access_state: 'suspended' },
      agentToken,
    );
    expect(res.code).toBe('0403');
    expect((await accountRow(me.accountId))?.accessState).toBe('allowed');
  });
});

describe('auth.account.delete', () => {
  it('deletes an agent with their private shortcuts; shared ones stay without a creator', async () => {
    const agent = await buildAgent(t.database.db);
    const now = Date.now();
    const [mine, shared] = await t.database.db
      .insert(shortcut)
      .values([
        { title: 'mine', allowType: 'me', creatorId: agent.accountId, createTs: now, updateTs: now },
        { title: 'shared', allowType: 'all', creatorId: agent.accountId, createTs: now, updateTs: now },
      ])
      .returning();
    const res = await post('auth.account.delete', { account_id: agent.accountId });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully deleted']);
    expect(await getAccount(agent.accountId)).toBeNull();
    const left = await t.database.db.select().from(shortcut);
    expect(left.find((s) => s.shortcutId === mine?.shortcutId)).toBeUndefined();
    expect(left.find((s) => s.shortcutId === shared?.shortcutId)?.creatorId).toBeNull();
    expect((await post('auth.account.delete', { account_id: agent.accountId })).code).toBe('0404');
  });

  it('refuses an admin deleting themself, and a non-admin deleting an admin', async () => {
    const me = await buildAdmin(t.database.db);
    const token = await signIn(t.app, me.email, defaultPassword);
    const self = await post('auth.account.delete', { account_id: me.accountId }, token);
    expect([self.code, self.msg]).toEqual(['FFFF', 'You cannot delete your own account']);
    const { token: agentToken } = await agentWith('auth.account.delete');
    expect((await post('auth.account.delete', { account_id: me.accountId }, agentToken)).code).toBe('0403');
    expect(await accountRow(me.accountId)).toBeDefined();
  });

  it('keeps the last active admin: it cannot be demoted', async () => {
    // Make this file's database have exactly one active admin: the seeded one.
    await t.database.db.update(account).set({ accessState: 'suspended' }).where(eq(account.userType, 'admin'));
    const seeded = await accountByEmail('admin@example.com');
    await t.database.db
      .update(account)
      .set({ accessState: 'allowed' })
      .where(eq(account.accountId, seeded?.accountId as number));
    await t.database.db.transaction((tx) => t.app.parley.authCache.changed(tx, '*'));
    const res = await post('auth.account.edit', { account_id: seeded?.accountId, user_type: 'agent' });
    expect([res.code, res.msg]).toEqual(['FFFF', 'The last administrator cannot be deleted, suspended or demoted']);
    expect((await accountRow(seeded?.accountId as number))?.userType).toBe('admin');
  });
});

describe('auth.account.setting.edit', () => {
  it("merges keys into the caller's settings, null removes one, my.info answers them", async () => {
    const user = await buildEndUser(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    expect(
      (await post('auth.account.setting.edit', { setting_data: { theme: 'dark', cols: [1, 2] } }, token)).code,
    ).toBe('0000');
    expect((await post('auth.account.setting.edit', { setting_data: { cols: null, page: 3 } }, token)).code).toBe(
      '0000',
    );
    const info = ZMyInfoResponse.parse((await call(t.app, 'GET', '/api/admin/auth.my.info.get', { token })).data);
    expect(info.setting_data).toEqual({ theme: 'dark', page: 3 });
  });

  it('refuses settings over 16 KB and keeps the old ones', async () => {
    const user = await buildEndUser(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    await post('auth.account.setting.edit', { setting_data: { a: 1 } }, token);
    const res = await post('auth.account.setting.edit', { setting_data: { big: 'x'.repeat(17 * 1024) } }, token);
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.data.fields)).toEqual(['setting_data']);
    expect((await accountRow(user.accountId))?.settingData).toEqual({ a: 1 });
    expect((await post('auth.account.setting.edit', { setting_data: 'nope' }, token)).code).toBe('FFFF');
  });
});

describe('lists and histories', () => {
  it('auth.account.list filters by user type, organization and keyword over email and name', async () => {
    const tag = `kw${Date.now()}`;
    const c = await buildCompany(t.database.db);
    await buildEndUser(t.database.db, { email: `${tag}-a@example.com`, companyId: c.companyId });
    await buildEndUser(t.database.db, { realName: `Name ${tag.toUpperCase()}` });
    await buildAgent(t.database.db, { email: `${tag}-agent@example.com` });
    const list = async (query: Record<string, string>) =>
      ZAccountListResponse.parse((await get('auth.account.list', query)).data);
    expect((await list({ kw: tag })).total).toBe(3);
    expect((await list({ kw: tag, user_type: 'end_user' })).total).toBe(2);
    const inCompany = await list({ company_id: String(c.companyId) });
    expect(inCompany.list.map((a) => a.email)).toEqual([`${tag}-a@example.com`]);
    const page = await list({ kw: tag, limit: '1', offset: '1' });
    expect([page.total, page.list.length]).toEqual([3, 1]);
    expect(JSON.stringify(page)).not.toMatch(/password|scrypt/);
  });

  it('the search follows renames, type changes, organization deletion and account deletion', async () => {
    const tag = `follow${Date.now()}`;
    const c = await buildCompany(t.database.db);
    const user = await buildEndUser(t.database.db, { realName: `Old ${tag}`, companyId: c.companyId });
    const list = async (query: Record<string, string>) =>
      ZAccountListResponse.parse((await get('auth.account.list', query)).data).list.map((a) => a.account_id);
    await post('auth.account.edit', {
      account_id: user.accountId,
      real_name: `New ${tag}`,
      user_type: 'agent',
      password: 'agent-pass',
    });
    expect(await list({ kw: `old ${tag}` })).toEqual([]);
    expect(await list({ kw: `NEW ${tag}`, user_type: 'agent' })).toEqual([user.accountId]);
    expect(await list({ company_id: String(c.companyId) })).toEqual([user.accountId]);
    await call(t.app, 'POST', '/api/admin/settings/company.delete', {
      token: admin,
      body: { company_id: c.companyId },
    });
    expect(await list({ company_id: String(c.companyId) })).toEqual([]);
    await post('auth.account.delete', { account_id: user.accountId });
    expect(await list({ kw: tag })).toEqual([]);
  });

  it('visit history shows sign-ins with address and browser; ticket history is empty for now', async () => {
    const agent = await buildAgent(t.database.db);
    await call(t.app, 'POST', '/api/admin/auth.login', {
      body: { email: agent.email, password: defaultPassword },
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
    const visits = await get<{ list: Array<Record<string, unknown>>; total: number }>(
      'auth.account.visit.history.list',
      {
        account_id: String(agent.accountId),
      },
    );
    expect(visits.data.total).toBe(1);
    expect(visits.data.list[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'TestBrowser/1.0' });
    const tickets = await get('auth.account.ticket.history.list', { account_id: String(agent.accountId) });
    expect(tickets.data).toEqual({ list: [], total: 0 });
    expect((await get('auth.account.visit.history.list', { account_id: '99999999' })).code).toBe('0404');
    expect((await get('auth.account.ticket.history.list', { account_id: '99999999' })).code).toBe('0404');
  });

  it('auth.agent.all.list gives agents that may sign in, and admins with need_admin', async () => {
    const agent = await buildAgent(t.database.db, { realName: 'Listed Agent' });
    const suspended = await buildAgent(t.database.db, { accessState: 'suspended' });
    const token = await signIn(t.app, agent.email, defaultPassword);
    const plain = await call<{ list: Array<{ account_id: number; user_type: string }> }>(
      t.app,
      'POST',
      '/api/admin/auth.agent.all.list',
      { token },
    );
    expect(plain.code).toBe('0000');
    const ids = plain.data.list.map((a) => a.account_id);
    expect(ids).toContain(agent.accountId);
    expect(ids).not.toContain(suspended.accountId);
    expect(plain.data.list.every((a) => a.user_type === 'agent')).toBe(true);
    const withAdmins = await call<{ list: Array<{ user_type: string }> }>(
      t.app,
      'POST',
      '/api/admin/auth.agent.all.list?need_admin=true',
      { token },
    );
    expect(withAdmins.data.list.some((a) => a.user_type === 'admin')).toBe(true);
    expect(JSON.stringify(withAdmins.data)).not.toMatch(/password|inner_notes/);
  });
});
