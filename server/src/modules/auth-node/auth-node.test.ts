import { allStaffRoutes, authNodeOps, btnNodes, defaultAgentMenus } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, signIn, signInAdmin, type TestApp } from '../../../test/app.js';
import {
  buildAgent,
  buildEndUser,
  buildRole,
  defaultPassword,
  giveDefaultRole,
  leftoverSession,
  nodeIds,
} from '../../../test/factories.js';
import { role, rolePkg } from '../../db/schema/index.js';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await signInAdmin(t.app);
});
afterAll(() => t.close());

async function agentToken(nodes: Array<{ type: 'menu' | 'btn'; value: string }> = [], roleState = 'active') {
  const agent = await buildAgent(t.database.db);
  if (nodes.length) {
    await buildRole(t.database.db, { nodes, accountIds: [agent.accountId], roleState });
  }
  return { agent, token: await signIn(t.app, agent.email, defaultPassword) };
}

const check = (token: string, node_value: string, node_type?: 'menu' | 'btn') =>
  callOp(t.app, authNodeOps.check, { node_value, ...(node_type ? { node_type } : {}) }, { token });

describe('every admin call is guarded', () => {
  it('declares its access on every /api/admin route', () => {
    const admin = t.app.parleyRoutes.filter((r) => r.url.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(10);
    for (const r of admin) {
      expect(r.access, `${r.method} ${r.url}`).not.toBe('public');
    }
    // Sign-in is the one admin call open to anyone.
    expect(admin.filter((r) => r.access === JSON.stringify({ kind: 'public' })).map((r) => r.url)).toEqual([
      '/api/admin/auth.login',
    ]);
  });

  it('refuses to register an admin route that declares none', async () => {
    const { buildApp } = await import('../../app.js');
    const app = await buildApp({ database: t.database });
    expect(() => app.post('/api/admin/unguarded.call', async () => null)).toThrow(/declares no access/);
    await app.close();
  });

  it('names only button nodes of the seeded catalogue', () => {
    const known = new Set<string>(btnNodes.map(([v]) => v));
    const menus = new Set(allStaffRoutes.map((r) => r.path));
    for (const r of t.app.parleyRoutes) {
      const parsed = JSON.parse(r.access === 'public' ? '{}' : r.access) as {
        nodes?: Array<{ node_type: string; node_value: string }>;
      };
      for (const n of parsed.nodes ?? []) {
        expect(n.node_type === 'btn' ? known.has(n.node_value) : menus.has(n.node_value), n.node_value).toBe(true);
      }
    }
  });
});

describe('auth.check and auth.has.node.list', () => {
  it('lets an admin pass every check', async () => {
    expect((await check(adminToken, '/wswt/setting/people')).data.has_auth).toBe(true);
    expect((await check(adminToken, 'company.add', 'btn')).data.has_auth).toBe(true);
    const nodes = await callOp(t.app, authNodeOps.hasNodeList, { node_types: ['menu'] }, { token: adminToken });
    const menuCount = allStaffRoutes.filter((r) => r.menu).length;
    expect(nodes.data.list.filter((n) => n.node_type === 'menu').length).toBeGreaterThanOrEqual(menuCount);
    expect(nodes.data.list.every((n) => n.node_type === 'menu')).toBe(true);
  });

  it('gives the default Agent role ticket work, chat and shortcuts, and no other settings', async () => {
    const agent = await buildAgent(t.database.db);
    await giveDefaultRole(t.database.db, agent.accountId);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await check(token, '/wswt/ticket/edit/:ticket_id')).data.has_auth).toBe(true);
    expect((await check(token, '/wswt/setting/shortcut')).data.has_auth).toBe(true);
    expect((await check(token, 'chat.accept', 'btn')).data.has_auth).toBe(true);
    expect((await check(token, '/wswt/setting/people')).data.has_auth).toBe(false);
    expect((await check(token, '/wswt/setting/auth/pkg')).data.has_auth).toBe(false);
    const list = await callOp(t.app, authNodeOps.hasNodeList, { node_types: ['menu'] }, { token });
    expect(list.data.list.map((n) => n.node_value).sort()).toEqual([...defaultAgentMenus].sort());
    const [defaultRole] = await t.database.db.select().from(role).where(eq(role.isDefault, true));
    expect(defaultRole?.roleName).toBe('Agent');
  });

  it('grants nothing to an agent without roles, nor through an inactive role', async () => {
    const bare = await agentToken();
    expect((await check(bare.token, '/wswt')).data.has_auth).toBe(false);
    const inactive = await agentToken([{ type: 'menu', value: '/wswt/setting/people' }], 'inactive');
    expect((await check(inactive.token, '/wswt/setting/people')).data.has_auth).toBe(false);
  });

  it("answers an end user's (leftover) session 0401: end users have no session", async () => {
    const user = await buildEndUser(t.database.db);
    const token = await leftoverSession(t.database.db, user.accountId);
    expect((await check(token, '/wswt')).code).toBe('0401');
    const nodes = await callOp(t.app, authNodeOps.hasNodeList, {}, { token });
    expect(nodes.code).toBe('0401');
  });
});

describe('auth nodes and packages', () => {
  it('lists nodes for whoever holds the auth node screen, and forbids others with 0403', async () => {
    const reader = await agentToken([{ type: 'menu', value: '/wswt/setting/auth/node' }]);
    const ok = await callOp(t.app, authNodeOps.nodeList, { node_type: 'btn', limit: '100' }, { token: reader.token });
    expect(ok.code).toBe('0000');
    expect(ok.data.total).toBeGreaterThanOrEqual(btnNodes.length);
    expect(ok.data.list.every((n) => n.node_type === 'btn')).toBe(true);
    const other = await agentToken([{ type: 'menu', value: '/wswt/dashboard' }]);
    const denied = await callOp(t.app, authNodeOps.nodeList, {}, { token: other.token });
    expect([denied.status, denied.code]).toEqual([403, '0403']);
  });

  it('validates paging (limit at most 100)', async () => {
    const res = await callOp(t.app, authNodeOps.nodeList, { limit: '500' }, { token: adminToken });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields)).toEqual(['limit']);
  });

  it('adds a node once; the same type and value again is refused', async () => {
    const value = `custom.call.${Date.now()}`;
    const add = () =>
      callOp(
        t.app,
        authNodeOps.nodeAdd,
        { node_type: 'btn', node_title: 'Custom', node_value: value },
        { token: adminToken },
      );
    const first = await add();
    expect(first.code).toBe('0000');
    expect(first.data.node_id).toBeGreaterThan(0);
    const again = await add();
    expect(again.code).toBe('FFFF');
    expect(again.msg).toBe('This node already exists');
  });

  it('creates, edits and deletes a package, and a permission change applies on the next call', async () => {
    const { agent, token } = await agentToken();
    const [peopleNode = 0] = await nodeIds(t.database.db, ['/wswt/setting/people']);
    const add = await callOp(
      t.app,
      authNodeOps.pkgAdd,
      { pkg_title: 'People readers', node_ids: [] },
      { token: adminToken },
    );
    expect(add.code).toBe('0000');
    const pkgId = add.data.pkg_id;
    // Tie the package to a role the agent holds, through the database (roles get their calls later).
    const { roleId } = await buildRole(t.database.db, { nodes: [], accountIds: [agent.accountId] });
    await t.database.db.insert(rolePkg).values({ roleId, pkgId });
    expect((await check(token, '/wswt/setting/people')).data.has_auth).toBe(false);

    const edit = await callOp(
      t.app,
      authNodeOps.pkgEdit,
      { pkg_id: pkgId, pkg_title: 'People readers', node_ids: [peopleNode] },
      { token: adminToken },
    );
    expect(edit.code).toBe('0000');
    expect((await check(token, '/wswt/setting/people')).data.has_auth).toBe(true);

    const list = await callOp(
      t.app,
      authNodeOps.pkgList,
      { kw: 'People readers', limit: '100' },
      { token: adminToken },
    );
    expect(list.data.list.find((p) => p.pkg_id === pkgId)?.node_ids).toEqual([peopleNode]);

    // Its role still grants it: refused, and the agent keeps the permission.
    const inUse = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken });
    expect(inUse.code).toBe('FFFF');
    expect((await check(token, '/wswt/setting/people')).data.has_auth).toBe(true);
    await t.database.db.delete(rolePkg).where(eq(rolePkg.pkgId, pkgId));
    const del = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken });
    expect(del.code).toBe('0000');
    expect((await check(token, '/wswt/setting/people')).data.has_auth).toBe(false);
    const gone = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken });
    expect(gone.code).toBe('0404');
  });

  it('refuses to delete a package that roles still use, saying how many and which', async () => {
    const add = await callOp(t.app, authNodeOps.pkgAdd, { pkg_title: 'Shared', node_ids: [] }, { token: adminToken });
    const pkgId = add.data.pkg_id;
    const roles = [];
    for (const name of ['Zeta desk', 'Alpha desk']) {
      const { roleId } = await buildRole(t.database.db, { nodes: [] });
      await t.database.db.update(role).set({ roleName: name }).where(eq(role.roleId, roleId));
      await t.database.db.insert(rolePkg).values({ roleId, pkgId });
      roles.push(roleId);
    }
    const res = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken });
    const msg = 'This package is still used by 2 role(s): Alpha desk, Zeta desk. Remove it from them first';
    expect([res.status, res.code, res.msg, res.fields]).toEqual([400, 'FFFF', msg, { pkg_id: msg }]);
    const zh = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken, lang: 'zh-cn' });
    expect(zh.msg).toBe('仍有 2 个角色使用该权限包：Alpha desk, Zeta desk。请先从这些角色中移除');
    const kept = await t.database.db.select().from(rolePkg).where(eq(rolePkg.pkgId, pkgId));
    expect(kept.map((r) => r.roleId).sort()).toEqual([...roles].sort());
    // Many roles: the first five named, the count says the rest.
    for (let i = 0; i < 5; i++) {
      const { roleId } = await buildRole(t.database.db, { nodes: [] });
      await t.database.db.insert(rolePkg).values({ roleId, pkgId });
    }
    const many = await callOp(t.app, authNodeOps.pkgDelete, { pkg_id: pkgId }, { token: adminToken });
    expect(many.msg).toMatch(/^This package is still used by 7 role\(s\): Alpha desk, Zeta desk, role .*, …\. Remove/);
  });

  it('refuses unknown node ids in a package and writes nothing', async () => {
    const title = `Broken ${Date.now()}`;
    const res = await callOp(
      t.app,
      authNodeOps.pkgAdd,
      { pkg_title: title, node_ids: [999999] },
      { token: adminToken },
    );
    expect(res.code).toBe('FFFF');
    expect(res.fields.node_ids).toBeDefined();
    const list = await callOp(t.app, authNodeOps.pkgList, { kw: title }, { token: adminToken });
    expect(list.data.total).toBe(0);
  });

  it('requires a title ("Name is required")', async () => {
    const res = await callOp(t.app, authNodeOps.pkgAdd, { pkg_title: '  ' }, { token: adminToken });
    expect(res.code).toBe('FFFF');
    expect(res.msg).toBe('Name is required');
  });

  it('forbids package writes to an agent without the button node', async () => {
    const { token } = await agentToken([{ type: 'menu', value: '/wswt/setting/auth/pkg' }]);
    const res = await callOp(t.app, authNodeOps.pkgAdd, { pkg_title: 'x' }, { token });
    expect(res.code).toBe('0403');
    const granted = await agentToken([{ type: 'btn', value: 'auth.pkg.add' }]);
    expect((await callOp(t.app, authNodeOps.pkgAdd, { pkg_title: 'y' }, { token: granted.token })).code).toBe('0000');
  });
});
