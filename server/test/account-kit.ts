import { accountOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { account } from '../src/db/schema/index.js';
import { call, signIn } from './app.js';
import { buildAgent, buildRole, defaultPassword } from './factories.js';

import { admin, api, setUpApp, t } from './kit.js';

export { admin, t };

/** One app for the account tests of a file (the shared kit's). */
export const setUpAccountTests = setUpApp;

export type Fields = { fields: Record<string, string> };
export const post = <T = Fields>(path: string, body: unknown, token = admin) =>
  call<T>(t.app, 'POST', `/api/admin/${path}`, { token, body });
export const get = <T = unknown>(path: string, query: Record<string, string>, token = admin) =>
  call<T>(t.app, 'GET', `/api/admin/${path}`, { token, query });
export const accountRow = async (accountId: number) =>
  (await t.database.db.select().from(account).where(eq(account.accountId, accountId)))[0];
export const accountByEmail = async (email: string) =>
  (await t.database.db.select().from(account).where(eq(account.email, email)))[0];
export const getAccount = async (accountId: number) => {
  const res = await api(accountOps.get, { account_id: accountId });
  return res.code === '0000' ? res.data : null;
};

/** An agent holding the given nodes through a role, signed in. */
export async function agentWith(...values: string[]) {
  const agent = await buildAgent(t.database.db);
  await buildRole(t.database.db, {
    nodes: values.map((v) => ({ type: v.startsWith('/') ? ('menu' as const) : ('btn' as const), value: v })),
    accountIds: [agent.accountId],
  });
  return { agent, token: await signIn(t.app, agent.email, defaultPassword) };
}
