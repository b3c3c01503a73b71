import { settingOps, type TOp, type TOpInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ticketSettingDefaults } from '../src/modules/setting/setting.service.js';
import { buildTestApp, callOp, type OpResult, signIn, signInAdmin, type TestApp } from './app.js';
import { buildAgent, buildRole, defaultPassword, giveDefaultRole } from './factories.js';

/** The app of the current test file and its admin's token (vitest loads this module once per file). */
export let t: TestApp;
export let admin: string;

/** This file's database. */
export const db = () => t.database.db;

/**
 * One app per test file, closed after it; the seeded admin signed in unless `admin: false`.
 * `ticketDefaults`: every test starts from the default ticket settings (on PostgreSQL the files
 * share one template, and some tests change the settings every ticket call reads).
 */
export function setUpApp(options: { admin?: boolean; ticketDefaults?: boolean } = {}): void {
  beforeAll(async () => {
    t = await buildTestApp();
    if (options.admin !== false) {
      admin = await signInAdmin(t.app);
    }
  });
  afterAll(() => t.close());
  if (options.ticketDefaults) {
    beforeEach(async () => {
      expect((await api(settingOps.ticketEdit, ticketSettingDefaults)).code).toBe('0000');
    });
  }
}

/** What a test may add to a call: the language of the answer, headers (a client address). */
export interface ApiOptions {
  lang?: string;
  headers?: Record<string, string>;
}

/**
 * Makes an operation of contracts on this file's app, as the admin unless a token is given
 * (`null`: signed out). The path, the input's type and the answer's type come from the operation.
 */
export function api<T extends TOp>(
  op: T,
  input: TOpInput<T>,
  token: string | null = admin,
  options: ApiOptions = {},
): Promise<OpResult<T>> {
  return callOp(t.app, op, input, { token: token ?? undefined, ...options });
}

/** An agent with the seeded default Agent role (ticket work) and in the given groups, signed in. */
export async function agent(overrides: Parameters<typeof buildAgent>[1] = {}, groupIds: number[] = []) {
  const a = await buildAgent(db(), overrides);
  await giveDefaultRole(db(), a.accountId);
  for (const groupId of groupIds) {
    await db().execute(sql`INSERT INTO group_account (group_id, account_id) VALUES (${groupId}, ${a.accountId})`);
  }
  return { ...a, token: await signIn(t.app, a.email, defaultPassword) };
}

/** An agent holding only the given nodes (`/path` a menu node, else a button node) through a role, signed in. */
export async function agentWith(...values: string[]) {
  const agent = await buildAgent(db());
  await buildRole(db(), {
    nodes: values.map((v) => ({ type: v.startsWith('/') ? ('menu' as const) : ('btn' as const), value: v })),
    accountIds: [agent.accountId],
  });
  return { agent, token: await signIn(t.app, agent.email, defaultPassword) };
}

/** Runs `fn` with some ticket settings changed, then puts them back. */
export async function withSettings(change: TOpInput<typeof settingOps.ticketEdit>, fn: () => Promise<void>) {
  const before = (await api(settingOps.ticketGet, {})).data;
  expect((await api(settingOps.ticketEdit, change)).code).toBe('0000');
  try {
    await fn();
  } finally {
    await api(settingOps.ticketEdit, before);
  }
}

/** `api` with an input outside the operation's types, for tests of what the server refuses. */
export function apiUntyped<T extends TOp>(
  op: T,
  input: unknown,
  token: string | null = admin,
  options: ApiOptions = {},
): Promise<OpResult<T>> {
  return callOp(t.app, op, input as TOpInput<T>, { token: token ?? undefined, ...options });
}
