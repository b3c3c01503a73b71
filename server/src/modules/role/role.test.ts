import { authNodeOps, roleOps, type TOpInput } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAgent, buildEndUser, defaultPassword, nodeIds } from '../../../test/factories.js';
import { api, setUpApp, t } from '../../../test/kit.js';
import { role } from '../../db/schema/index.js';

setUpApp();

const list = async (query: TOpInput<typeof roleOps.list>) => (await api(roleOps.list, query)).data;
const rolesNamed = async (name: string) => t.database.db.select().from(role).where(eq(role.roleName, name));

async function pkgWith(values: string[]) {
  const res = await api(authNodeOps.pkgAdd, {
    pkg_title: `pkg ${values.join(',')} ${Date.now()}`,
    node_ids: await nodeIds(t.database.db, values),
  });
  return res.data.pkg_id;
}

describe('auth.role.add / edit', () => {
  it('requires a name with the spec message', async () => {
    const res = await api(roleOps.add, { role_name: '' });
    expect([res.code, res.msg]).toEqual(['FFFF', 'Role name is required']);
  });

  it('refuses unknown packages and end-user members, writing nothing', async () => {
    const name = `Broken role ${Date.now()}`;
    const res = await api(roleOps.add, { role_name: name, auth_pkg_ids: [99_999_999] });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields)).toEqual(['auth_pkg_ids']);
    const user = await buildEndUser(t.database.db);
    const member = await api(roleOps.add, { role_name: name, account_ids: [user.accountId] });
    expect(member.msg).toBe('Members must be agents or administrators');
    expect(await rolesNamed(name)).toEqual([]);
  });

  it('adds and edits a role; a permission change applies at the member next call', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const check = async () =>
      (await api(authNodeOps.check, { node_value: '/wswt/setting/company' }, token)).data.has_auth;
    expect(await check()).toBe(false);
    const added = await api(roleOps.add, {
      role_name: 'Org keepers',
      remark: 'Keep organizations tidy',
      account_ids: [agent.accountId],
    });
    expect(added.code).toBe('0000');
    expect(await check()).toBe(false);
    const pkgId = await pkgWith(['/wswt/setting/company']);
    const edit = await api(roleOps.edit, {
      role_id: added.data.role_id,
      role_name: 'Org keepers',
      auth_pkg_ids: [pkgId],
    });
    expect(edit.code).toBe('0000');
    expect(await check()).toBe(true);
    const got = (await api(roleOps.get, { role_id: String(added.data.role_id) })).data;
    expect(got).toMatchObject({
      role_name: 'Org keepers',
      remark: 'Keep organizations tidy',
      role_state: 'active',
      is_default: false,
      auth_pkg_ids: [pkgId],
      account_ids: [agent.accountId],
    });
    // Deactivating takes the grant away at once; activating gives it back.
    await api(roleOps.stateEdit, { role_id: added.data.role_id, role_state: 'inactive' });
    expect(await check()).toBe(false);
    await api(roleOps.stateEdit, { role_id: added.data.role_id, role_state: 'active' });
    expect(await check()).toBe(true);
    // Removing the member removes the grant.
    await api(roleOps.edit, { role_id: added.data.role_id, role_name: 'Org keepers', account_ids: [] });
    expect(await check()).toBe(false);
  });

  it('refuses a name another role has, whatever its case and surrounding spaces, on add and edit', async () => {
    const name = `Support lead ${Date.now()}`;
    const first = await api(roleOps.add, { role_name: name });
    expect(first.code).toBe('0000');
    for (const taken of [name, `  ${name.toUpperCase()} `, 'Agent', ' agent ']) {
      const res = await api(roleOps.add, { role_name: taken });
      expect([res.code, res.msg, res.fields]).toEqual([
        'FFFF',
        'A role of this name already exists',
        { role_name: 'A role of this name already exists' },
      ]);
    }
    expect((await api(roleOps.add, { role_name: name }, undefined, { lang: 'zh-cn' })).msg).toBe('已有同名角色');
    const other = await api(roleOps.add, { role_name: `${name} 2` });
    const renamed = await api(roleOps.edit, { role_id: other.data.role_id, role_name: ` ${name.toLowerCase()}` });
    expect([renamed.code, renamed.fields]).toEqual(['FFFF', { role_name: 'A role of this name already exists' }]);
    expect(await rolesNamed(`${name} 2`)).toHaveLength(1);
    // Its own name, in another case, is no clash.
    const same = await api(roleOps.edit, { role_id: first.data.role_id, role_name: name.toUpperCase() });
    expect(same.code).toBe('0000');
  });

  it('keeps the default role (the one new agents get) active, with a message saying why', async () => {
    const defaults = await list({});
    const agentRole = defaults.list.find((r) => r.is_default);
    expect(agentRole).toBeDefined();
    const roleId = agentRole?.role_id as number;
    const res = await api(roleOps.stateEdit, { role_id: roleId, role_state: 'inactive' });
    expect([res.code, res.msg, res.fields]).toEqual([
      'FFFF',
      'New agents get this role: it cannot be made inactive or deleted',
      { role_state: 'New agents get this role: it cannot be made inactive or deleted' },
    ]);
    const zh = await api(roleOps.stateEdit, { role_id: roleId, role_state: 'inactive' }, undefined, { lang: 'zh-cn' });
    expect(zh.msg).toBe('新客服默认获得该角色：不能停用或删除');
    expect((await api(roleOps.get, { role_id: String(roleId) })).data.role_state).toBe('active');
    expect((await api(roleOps.stateEdit, { role_id: roleId, role_state: 'active' })).code).toBe('0000');
    // Any other role can still be switched off.
    const other = await api(roleOps.add, { role_name: `Temp ${Date.now()}` });
    expect((await api(roleOps.stateEdit, { role_id: other.data.role_id, role_state: 'inactive' })).code).toBe('0000');
  });

  it('answers 0404 for an unknown role', async () => {
    expect((await api(roleOps.edit, { role_id: 99_999_999, role_name: 'x' })).code).toBe('0404');
    expect((await api(roleOps.stateEdit, { role_id: 99_999_999, role_state: 'inactive' })).code).toBe('0404');
    expect((await api(roleOps.get, { role_id: '99999999' })).code).toBe('0404');
  });
});

describe('auth.role.list', () => {
  it('lists active roles by default, inactive on request, members only with need_account', async () => {
    const tag = `Rl${Date.now()}`;
    const agent = await buildAgent(t.database.db);
    const a = await api(roleOps.add, {
      role_name: `${tag} on`,
      account_ids: [agent.accountId],
    });
    const b = await api(roleOps.add, { role_name: `${tag} off` });
    await api(roleOps.stateEdit, { role_id: b.data.role_id, role_state: 'inactive' });
    const active = await list({ kw: tag });
    expect(active.list.map((r) => r.role_id)).toEqual([a.data.role_id]);
    expect(active.list[0]?.account_ids).toBeUndefined();
    const inactive = await list({ kw: tag, role_state: 'inactive' });
    expect(inactive.list.map((r) => r.role_id)).toEqual([b.data.role_id]);
    const withMembers = await list({ kw: tag, need_account: true });
    expect(withMembers.list[0]?.account_ids).toEqual([agent.accountId]);
    const defaults = await list({});
    expect(defaults.list[0]).toMatchObject({ role_name: 'Agent', is_default: true });
  });
});
