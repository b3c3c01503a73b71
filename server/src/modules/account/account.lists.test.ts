import { accountOps, authOps, companyOps } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { callOp, signIn } from '../../../test/app.js';
import { buildAgent, buildCompany, buildEndUser, defaultPassword } from '../../../test/factories.js';
import { api, setUpApp, t } from '../../../test/kit.js';

setUpApp();

describe('lists and histories', () => {
  it('auth.account.list filters by user type, organization and keyword over email and name', async () => {
    const tag = `kw${Date.now()}`;
    const c = await buildCompany(t.database.db);
    await buildEndUser(t.database.db, { email: `${tag}-a@example.com`, companyId: c.companyId });
    await buildEndUser(t.database.db, { realName: `Name ${tag.toUpperCase()}` });
    await buildAgent(t.database.db, { email: `${tag}-agent@example.com` });
    const list = async (query: Record<string, string>) => (await api(accountOps.list, query)).data;
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
      (await api(accountOps.list, query)).data.list.map((a) => a.account_id);
    await api(accountOps.edit, {
      account_id: user.accountId,
      real_name: `New ${tag}`,
      user_type: 'agent',
      password: 'agent-pass',
    });
    expect(await list({ kw: `old ${tag}` })).toEqual([]);
    expect(await list({ kw: `NEW ${tag}`, user_type: 'agent' })).toEqual([user.accountId]);
    expect(await list({ company_id: String(c.companyId) })).toEqual([user.accountId]);
    await api(companyOps.delete, { company_id: c.companyId });
    // The organization is gone: filtering by it is refused (FFFF on company_id), not an empty page.
    const gone = await api(accountOps.list, { company_id: String(c.companyId) });
    expect(gone.code).toBe('FFFF');
    expect(gone.data).toEqual({ fields: { company_id: 'No record has this id' } });
    expect(await list({ kw: `NEW ${tag}` })).toEqual([user.accountId]);
    await api(accountOps.delete, { account_id: user.accountId });
    expect(await list({ kw: tag })).toEqual([]);
  });

  it('visit history shows sign-ins with address and browser; ticket history is empty for now', async () => {
    const agent = await buildAgent(t.database.db);
    await callOp(
      t.app,
      authOps.login,
      { email: agent.email, password: defaultPassword },
      { headers: { 'user-agent': 'TestBrowser/1.0' } },
    );
    const visits = await api(accountOps.visitHistoryList, { account_id: String(agent.accountId) });
    expect(visits.data.total).toBe(1);
    expect(visits.data.list[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'TestBrowser/1.0' });
    const tickets = await api(accountOps.ticketHistoryList, { account_id: String(agent.accountId) });
    expect(tickets.data).toEqual({ list: [], total: 0 });
    expect((await api(accountOps.visitHistoryList, { account_id: '99999999' })).code).toBe('0404');
    expect((await api(accountOps.ticketHistoryList, { account_id: '99999999' })).code).toBe('0404');
  });

  it('auth.agent.all.list gives agents that may sign in, and admins with need_admin', async () => {
    const agent = await buildAgent(t.database.db, { realName: 'Listed Agent' });
    const suspended = await buildAgent(t.database.db, { accessState: 'suspended' });
    const token = await signIn(t.app, agent.email, defaultPassword);
    const plain = await api(accountOps.agentAllList, {}, token);
    expect(plain.code).toBe('0000');
    const ids = plain.data.list.map((a) => a.account_id);
    expect(ids).toContain(agent.accountId);
    expect(ids).not.toContain(suspended.accountId);
    expect(plain.data.list.every((a) => a.user_type === 'agent')).toBe(true);
    const withAdmins = await api(accountOps.agentAllList, { need_admin: true }, token);
    expect(withAdmins.data.list.some((a) => a.user_type === 'admin')).toBe(true);
    expect(JSON.stringify(withAdmins.data)).not.toMatch(/password|inner_notes/);
  });

  it("auth.agent.all.list gives suspended agents too with need_suspended, marked so (for the reports' filters)", async () => {
    const agent = await buildAgent(t.database.db, { realName: 'Still Here' });
    const suspended = await buildAgent(t.database.db, { realName: 'Gone Away', accessState: 'suspended' });
    const token = await signIn(t.app, agent.email, defaultPassword);
    const all = await api(accountOps.agentAllList, { need_admin: true, need_suspended: true }, token);
    expect(all.code).toBe('0000');
    const byId = new Map(all.data.list.map((a) => [a.account_id, a]));
    expect(byId.get(suspended.accountId)?.access_state).toBe('suspended');
    expect(byId.get(agent.accountId)?.access_state).toBe('allowed');
    expect(all.data.list.some((a) => a.user_type === 'admin')).toBe(true);
    // Without it (every picker that assigns): only those who may sign in.
    const plain = await api(accountOps.agentAllList, { need_admin: true }, token);
    expect(plain.data.list.map((a) => a.account_id)).not.toContain(suspended.accountId);
    expect(plain.data.list.every((a) => a.access_state === 'allowed')).toBe(true);
  });
});
