import { authNodeOps, authOps } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, signIn, type TestApp } from '../../../test/app.js';
import { buildAgent, defaultPassword } from '../../../test/factories.js';
import { buildApp } from '../../app.js';

// Two server processes on one database: a change made through one is seen by the other on its
// next call, although each keeps signed-in sessions in memory.
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await buildTestApp();
  other = await buildApp({ database: t.database });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    if (await check()) {
      return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('sessions cached by several server processes', () => {
  it('a sign-out through one server ends the session on the other', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    // The other server loads the session into its cache.
    expect((await callOp(other, authOps.myInfoGet, {}, { token })).code).toBe('0000');
    expect((await callOp(t.app, authOps.logout, {}, { token })).code).toBe('0000');
    expect((await callOp(t.app, authOps.myInfoGet, {}, { token })).code).toBe('0401');
    const ended = await eventually(async () => (await callOp(other, authOps.myInfoGet, {}, { token })).code === '0401');
    expect(ended).toBe(true);
  });

  it('a package edit through one server changes what the other allows', async () => {
    const admin = await signIn(t.app, 'admin@example.com', 'admin-pass-1');
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    const check = () => callOp(other, authNodeOps.check, { node_value: '/wswt/setting/company' }, { token });
    expect((await check()).data.has_auth).toBe(false);
    const pkg = await callOp(t.app, authNodeOps.pkgAdd, { pkg_title: 'Companies', node_ids: [] }, { token: admin });
    const { buildRole, nodeIds } = await import('../../../test/factories.js');
    const { roleId } = await buildRole(t.database.db, { nodes: [], accountIds: [agent.accountId] });
    const { rolePkg } = await import('../../db/schema/index.js');
    await t.database.db.insert(rolePkg).values({ roleId, pkgId: pkg.data.pkg_id });
    const [companyNode = 0] = await nodeIds(t.database.db, ['/wswt/setting/company']);
    const edit = await callOp(
      t.app,
      authNodeOps.pkgEdit,
      { pkg_id: pkg.data.pkg_id, pkg_title: 'Companies', node_ids: [companyNode] },
      { token: admin },
    );
    expect(edit.code).toBe('0000');
    expect(await eventually(async () => (await check()).data.has_auth)).toBe(true);
  });
});
