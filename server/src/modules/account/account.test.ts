import { accountOps, authOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
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
import { agentWith, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { accountByEmail, accountRow, getAccount } from '../../../test/reads.js';
import { agentGroup, role } from '../../db/schema/index.js';

setUpApp();

describe('auth.account.add', () => {
  it('checks the email format and refuses a duplicate, naming the field, without writing', async () => {
    const bad = await api(accountOps.add, { email: 'not@mail', real_name: 'X' });
    expect([bad.code, bad.msg]).toEqual(['FFFF', 'Incorrect mailbox format']);
    expect(bad.fields.email).toBe('Incorrect mailbox format');
    const existing = await buildEndUser(t.database.db);
    const dup = await api(accountOps.add, { email: existing.email.toUpperCase(), real_name: 'Twin' });
    expect(dup.code).toBe('FFFF');
    expect(dup.data).toEqual({ fields: { email: 'This email is already in use' } });
    expect((await accountByEmail(existing.email))?.realName).toBe('Test Person');
  });

  it('needs a password of 5 to 127 characters, not the email, for agents and admins', async () => {
    const email = uniqueEmail('pw');
    const none = await api(accountOps.add, { email, real_name: 'P', user_type: 'agent' });
    expect([none.code, none.msg, none.fields.password]).toEqual([
      'FFFF',
      'Password is required',
      'Password is required',
    ]);
    // The spec's message for every rule a new password breaks (api-contract.md's validation texts).
    const said = 'Password is not allowed';
    for (const password of ['abcd', 'x'.repeat(128), 'x'.repeat(1025), email]) {
      const res = await api(accountOps.add, { email, real_name: 'P', user_type: 'admin', password });
      expect([res.msg, res.fields.password], password).toEqual([said, said]);
    }
    expect(await accountByEmail(email)).toBeUndefined();
    const ok = await api(accountOps.add, {
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
    const res = await api(accountOps.add, {
      email: `Someone@${domain.toUpperCase()}`,
      real_name: 'Customer',
    });
    expect(res.code).toBe('0000');
    const created = await getAccount(res.data.account_id);
    expect(created).toMatchObject({ email: `someone@${domain}`, user_type: 'end_user', company_id: c.companyId });
    expect((await accountRow(res.data.account_id))?.passwordHash).toBeNull();
    const elsewhere = await api(accountOps.add, {
      email: uniqueEmail('nocompany'),
      real_name: 'Loner',
    });
    expect((await getAccount(elsewhere.data.account_id))?.company_id).toBeNull();
  });

  it('puts a new agent in the default group with the default Agent role, unless roles are chosen', async () => {
    const [defaultRole] = await t.database.db.select().from(role).where(eq(role.isDefault, true));
    const [defaultGroup] = await t.database.db.select().from(agentGroup).where(eq(agentGroup.isDefault, true));
    const plain = await api(accountOps.add, {
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
    const chosen = await api(accountOps.add, {
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
    const res = await api(accountOps.add, {
      email,
      real_name: 'R',
      user_type: 'agent',
      password: 'agent-pass',
      role_ids: [99_999_999],
    });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields)).toEqual(['role_ids']);
    const { roleId } = await buildRole(t.database.db, { nodes: [] });
    const endUser = await api(accountOps.add, { email, real_name: 'R', role_ids: [roleId] });
    expect(endUser.msg).toBe('Only agents and administrators can have roles and groups');
    expect(await accountByEmail(email)).toBeUndefined();
  });

  it('lets only an admin create an admin', async () => {
    const { token } = await agentWith('auth.account.add');
    const email = uniqueEmail('wannabe');
    const res = await api(accountOps.add, { email, real_name: 'A', user_type: 'admin', password: 'admin-pass' }, token);
    expect(res.code).toBe('0403');
    expect(await accountByEmail(email)).toBeUndefined();
    // No roles: the default Agent role would grant more than the maker holds (access-table.test.ts).
    const agent = await api(
      accountOps.add,
      { email, real_name: 'A', user_type: 'agent', password: 'agent-pass', role_ids: [] },
      token,
    );
    expect(agent.code).toBe('0000');
  });
});

describe('auth.account.edit', () => {
  it('edits fields, leaves the others, and refuses an email in use', async () => {
    const user = await buildEndUser(t.database.db, { realName: 'Before', innerNotes: 'keep me' });
    const other = await buildEndUser(t.database.db);
    const res = await api(accountOps.edit, {
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
    const dup = await api(accountOps.edit, { account_id: user.accountId, email: other.email });
    expect(dup.data).toEqual({ fields: { email: 'This email is already in use' } });
    expect((await api(accountOps.edit, { account_id: 99_999_999, real_name: 'x' })).code).toBe('0404');
  });

  it('keeps admins out of reach of non-admins, and own permissions out of reach of oneself', async () => {
    const { agent, token } = await agentWith('auth.account.edit');
    const otherAdmin = await buildAdmin(t.database.db);
    expect((await api(accountOps.edit, { account_id: otherAdmin.accountId, real_name: 'x' }, token)).code).toBe('0403');
    expect((await api(accountOps.edit, { account_id: agent.accountId, user_type: 'admin' }, token)).code).toBe('0403');
    const { roleId } = await buildRole(t.database.db, { nodes: [] });
    expect((await api(accountOps.edit, { account_id: agent.accountId, role_ids: [roleId] }, token)).code).toBe('0403');
    expect((await accountRow(agent.accountId))?.userType).toBe('agent');
    // Their own name is fine, and so is resending what they already have.
    const own = await api(
      accountOps.edit,
      { account_id: agent.accountId, real_name: 'Self', user_type: 'agent' },
      token,
    );
    expect(own.code).toBe('0000');
    const peer = await buildAgent(t.database.db);
    expect((await api(accountOps.edit, { account_id: peer.accountId, ticket_access: 'own' }, token)).code).toBe('0000');
  });

  it('says on each account whether the caller may change it, as the edits then answer', async () => {
    const { agent, token } = await agentWith('auth.account.edit', '/wswt/setting/people', '/wswt/account/:account_id');
    const otherAdmin = await buildAdmin(t.database.db);
    const peer = await buildAgent(t.database.db);
    const user = await buildEndUser(t.database.db);
    const manageable = async (id: number, as = token) =>
      (await api(accountOps.get, { account_id: id }, as)).data.manageable;
    expect(await manageable(otherAdmin.accountId)).toBe(false);
    expect(await manageable(agent.accountId)).toBe(true);
    expect(await manageable(peer.accountId)).toBe(true);
    expect(await manageable(user.accountId)).toBe(true);
    // The list says the same, row by row; an admin may change anyone.
    const listed = await api(accountOps.list, { user_type: 'admin', offset: 0, limit: 100 }, token);
    expect(listed.data.list.find((a) => a.account_id === otherAdmin.accountId)?.manageable).toBe(false);
    expect((await api(accountOps.get, { account_id: otherAdmin.accountId })).data.manageable).toBe(true);
  });

  it('ends the sessions of an account whose password someone else sets', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const bad = await api(accountOps.edit, { account_id: agent.accountId, password: agent.email });
    expect(bad.msg).toBe('Password is not allowed');
    expect((await api(authOps.myInfoGet, {}, token)).code).toBe('0000');
    expect((await api(accountOps.edit, { account_id: agent.accountId, password: 'reset-pass' })).code).toBe('0000');
    expect((await api(authOps.myInfoGet, {}, token)).code).toBe('0401');
    expect(await signIn(t.app, agent.email, 'reset-pass')).toBeTruthy();
  });

  it('drops roles and groups of an agent made an end user, and needs a password to promote one', async () => {
    const agent = await buildAgent(t.database.db);
    await buildRole(t.database.db, { nodes: [], accountIds: [agent.accountId] });
    expect((await api(accountOps.edit, { account_id: agent.accountId, user_type: 'end_user' })).code).toBe('0000');
    expect(await getAccount(agent.accountId)).toMatchObject({ user_type: 'end_user', role_ids: [], group_ids: [] });
    const user = await buildEndUser(t.database.db, { password: null });
    const promote = await api(accountOps.edit, { account_id: user.accountId, user_type: 'agent' });
    expect(promote.msg).toBe('Password is required');
    expect((await accountRow(user.accountId))?.userType).toBe('end_user');
  });

  it('shows a changed name at the next my.info (no stale cached account)', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    await api(authOps.myInfoGet, {}, token);
    await api(accountOps.edit, { account_id: agent.accountId, real_name: 'Renamed' });
    const info = await api(authOps.myInfoGet, {}, token);
    expect(info.data.real_name).toBe('Renamed');
  });
});

describe('auth.account.info.edit', () => {
  it('edits only profile fields; user_type, role_ids and access_state sent along are ignored', async () => {
    const user = await buildAgent(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    const { roleId } = await buildRole(t.database.db, { nodes: [{ type: 'btn', value: 'auth.account.add' }] });
    // The fields past timezone are outside the contract's types: the server must ignore them.
    const res = await apiUntyped(
      accountOps.infoEdit,
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
    const info = (await api(authOps.myInfoGet, {}, token)).data;
    expect(info).toMatchObject({
      real_name: 'Me Myself',
      alias_name: 'Me',
      signature: 'Cheers',
      enable_signature: true,
      default_language: 'zh-cn',
      timezone: 'Europe/Paris',
      user_type: 'agent',
      role_ids: [],
      access_state: 'allowed',
      email: user.email,
      inner_notes: '',
    });
  });

  it('refuses an unknown time zone or language, and an avatar that is not one of our uploads', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const tz = await api(accountOps.infoEdit, { timezone: 'Mars/Olympus' }, token);
    expect([tz.code, tz.fields.timezone]).toEqual(['FFFF', 'Unknown time zone']);
    // Outside the contract's types.
    const lang = await apiUntyped(accountOps.infoEdit, { default_language: 'fr' }, token);
    expect(lang.fields.default_language).toBe('Unknown value');
    for (const avatar of ['https://evil.example/x.png', '/api/home/file/avatar/AAAAAAAAAAAAAAAAAAAAAA.png']) {
      const res = await api(accountOps.infoEdit, { avatar }, token);
      expect(res.fields.avatar, avatar).toBe('Invalid value');
    }
    expect((await accountRow(agent.accountId))?.avatar).toBe('');
    const blank = await api(accountOps.infoEdit, { real_name: '  ' }, token);
    expect(blank.msg).toBe('Name is required');
  });

  it("sets the caller's own choice of notification mails, never another's, and refuses an unknown choice", async () => {
    const ann = await buildAgent(t.database.db);
    const bob = await buildAgent(t.database.db);
    const annToken = await signIn(t.app, ann.email, defaultPassword);
    const bobToken = await signIn(t.app, bob.email, defaultPassword);
    const choiceOf = async (token: string) => {
      const { notify_new, notify_replied, notify_assigned } = (await api(authOps.myInfoGet, {}, token)).data;
      return { notify_new, notify_replied, notify_assigned };
    };
    const defaults = { notify_new: 'all', notify_replied: true, notify_assigned: true };
    expect(await choiceOf(annToken)).toEqual(defaults);
    const quiet = { notify_new: 'none', notify_replied: false, notify_assigned: false } as const;
    // Bob names Ann's account: the call has no account, so only Bob's own choice changes.
    const named = await apiUntyped(accountOps.infoEdit, { account_id: ann.accountId, ...quiet }, bobToken);
    expect(named.code).toBe('0000');
    expect(await choiceOf(bobToken)).toEqual(quiet);
    expect(await choiceOf(annToken)).toEqual(defaults);
    // The account edit is not a way round: an agent may not use it, and it does not carry the choice.
    const edit = await apiUntyped(accountOps.edit, { account_id: ann.accountId, ...quiet }, bobToken);
    expect(edit.code).toBe('0403');
    expect((await apiUntyped(accountOps.edit, { account_id: ann.accountId, ...quiet })).code).toBe('0000');
    expect(await choiceOf(annToken)).toEqual(defaults);
    expect((await api(accountOps.infoEdit, { notify_new: 'groups' }, annToken)).code).toBe('0000');
    expect(await choiceOf(annToken)).toEqual({ ...defaults, notify_new: 'groups' });
    const bad = await apiUntyped(accountOps.infoEdit, { notify_new: 'some' }, annToken);
    expect([bad.code, bad.fields.notify_new]).toEqual(['FFFF', 'Unknown value']);
    expect((await choiceOf(annToken)).notify_new).toBe('groups');
  });
});

describe('auth.account.setting.edit', () => {
  it("merges keys into the caller's settings, null removes one, my.info answers them", async () => {
    const user = await buildAgent(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    expect((await api(accountOps.settingEdit, { setting_data: { theme: 'dark', cols: [1, 2] } }, token)).code).toBe(
      '0000',
    );
    expect((await api(accountOps.settingEdit, { setting_data: { cols: null, page: 3 } }, token)).code).toBe('0000');
    const info = (await api(authOps.myInfoGet, {}, token)).data;
    expect(info.setting_data).toEqual({ theme: 'dark', page: 3 });
  });

  it('refuses settings over 16 KB and keeps the old ones', async () => {
    const user = await buildAgent(t.database.db);
    const token = await signIn(t.app, user.email, defaultPassword);
    await api(accountOps.settingEdit, { setting_data: { a: 1 } }, token);
    const res = await api(accountOps.settingEdit, { setting_data: { big: 'x'.repeat(17 * 1024) } }, token);
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields)).toEqual(['setting_data']);
    expect((await accountRow(user.accountId))?.settingData).toEqual({ a: 1 });
    expect((await apiUntyped(accountOps.settingEdit, { setting_data: 'nope' }, token)).code).toBe('FFFF');
  });
});
