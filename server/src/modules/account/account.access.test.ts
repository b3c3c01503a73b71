import { accountOps, authOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAdmin, buildAgent, defaultPassword } from '../../../test/factories.js';
import { agentWith, api, setUpApp, t } from '../../../test/kit.js';
import { accountByEmail, accountRow, getAccount } from '../../../test/reads.js';
import { account, session, shortcut } from '../../db/schema/index.js';

setUpApp();

describe('auth.account.access_state.edit', () => {
  it('suspending ends the sessions at once; allowing restores sign-in', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(authOps.myInfoGet, {}, token)).code).toBe('0000');
    const res = await api(accountOps.accessStateEdit, {
      account_id: agent.accountId,
      access_state: 'suspended',
    });
    expect(res.code).toBe('0000');
    const next = await api(authOps.myInfoGet, {}, token);
    expect([next.status, next.code]).toEqual([401, '0401']);
    expect(await t.database.db.select().from(session).where(eq(session.accountId, agent.accountId))).toEqual([]);
    const login = await api(authOps.login, { email: agent.email, password: defaultPassword }, null);
    expect(login.msg).toBe('User has been suspended');
    await api(accountOps.accessStateEdit, { account_id: agent.accountId, access_state: 'allowed' });
    expect(await signIn(t.app, agent.email, defaultPassword)).toBeTruthy();
  });

  it('answers "User has been suspended" to a session cached before the suspension', async () => {
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    // Suspended without its sessions being removed (as an older process might): the flag alone stops it.
    await t.database.db.update(account).set({ accessState: 'suspended' }).where(eq(account.accountId, agent.accountId));
    await t.database.db.transaction((tx) => t.app.parley.authCache.changed(tx, agent.accountId));
    const next = await api(authOps.myInfoGet, {}, token);
    expect([next.code, next.msg]).toEqual(['0401', 'User has been suspended']);
  });

  it('refuses to suspend oneself, and keeps admins out of a non-admin reach', async () => {
    const me = await buildAdmin(t.database.db);
    const token = await signIn(t.app, me.email, defaultPassword);
    const self = await api(accountOps.accessStateEdit, { account_id: me.accountId, access_state: 'suspended' }, token);
    expect([self.code, self.msg]).toEqual(['FFFF', 'You cannot suspend your own account']);
    const { token: agentToken } = await agentWith('auth.account.access_state.edit');
    const res = await api(
      accountOps.accessStateEdit,
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
    const res = await api(accountOps.delete, { account_id: agent.accountId });
    expect([res.code, res.msg]).toEqual(['0000', 'Successfully deleted']);
    expect(await getAccount(agent.accountId)).toBeNull();
    const left = await t.database.db.select().from(shortcut);
    expect(left.find((s) => s.shortcutId === mine?.shortcutId)).toBeUndefined();
    expect(left.find((s) => s.shortcutId === shared?.shortcutId)?.creatorId).toBeNull();
    expect((await api(accountOps.delete, { account_id: agent.accountId })).code).toBe('0404');
  });

  it('refuses an admin deleting themself, and a non-admin deleting an admin', async () => {
    const me = await buildAdmin(t.database.db);
    const token = await signIn(t.app, me.email, defaultPassword);
    const self = await api(accountOps.delete, { account_id: me.accountId }, token);
    expect([self.code, self.msg]).toEqual(['FFFF', 'You cannot delete your own account']);
    const { token: agentToken } = await agentWith('auth.account.delete');
    expect((await api(accountOps.delete, { account_id: me.accountId }, agentToken)).code).toBe('0403');
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
    const res = await api(accountOps.edit, { account_id: seeded?.accountId as number, user_type: 'agent' });
    expect([res.code, res.msg]).toEqual(['FFFF', 'The last administrator cannot be deleted, suspended or demoted']);
    expect((await accountRow(seeded?.accountId as number))?.userType).toBe('admin');
  });
});
