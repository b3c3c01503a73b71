import { accountOps, authOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { buildAdmin, buildAgent, defaultPassword, uniqueEmail } from '../../../test/factories.js';
import { api, db, setUpApp, t } from '../../../test/kit.js';
import { bootstrap } from './bootstrap.service.js';

setUpApp();

/**
 * A first start on this file's database: the admins there stop being admins (no admin is what
 * makes bootstrap create one), then bootstrap runs as `main.ts` runs it.
 */
async function firstStart(admin: { email: string; password?: string }) {
  await db().execute(sql`UPDATE account SET user_type = 'agent' WHERE user_type = 'admin'`);
  return bootstrap(db(), admin);
}

const temporary = async (token: string) => (await api(authOps.myInfoGet, {}, token)).data.password_temporary;

describe('the one-time admin password printed at the first start', () => {
  it('flags the admin made with a generated password, and my.info says so until they change it in My profile', async () => {
    const email = uniqueEmail('first');
    const seeded = await firstStart({ email });
    const printed = seeded.generatedAdmin?.password as string;
    expect(seeded.generatedAdmin?.email).toBe(email);
    expect(printed).toBeTruthy();
    const token = await signIn(t.app, email, printed);
    expect(await temporary(token)).toBe(true);

    const changed = await api(authOps.passwordEdit, { old_pass: printed, new_pass: 'my-own-pass-1' }, token);
    expect(changed.code).toBe('0000');
    expect(await temporary(await signIn(t.app, email, 'my-own-pass-1'))).toBe(false);
  });

  it('does not flag the admin made from ADMIN_PASSWORD, nor anyone else', async () => {
    const email = uniqueEmail('given');
    const seeded = await firstStart({ email, password: 'given-pass-1' });
    expect(seeded).toEqual({ createdAdmin: true });
    expect(await temporary(await signIn(t.app, email, 'given-pass-1'))).toBe(false);
    const agent = await buildAgent(db());
    expect(await temporary(await signIn(t.app, agent.email, defaultPassword))).toBe(false);
  });

  it('flags an existing account of that email made admin with a generated password, and clears it from ADMIN_PASSWORD', async () => {
    const agent = await buildAgent(db(), { email: uniqueEmail('existing') });
    const seeded = await firstStart({ email: agent.email });
    const printed = seeded.generatedAdmin?.password as string;
    expect(await temporary(await signIn(t.app, agent.email, printed))).toBe(true);
    await firstStart({ email: agent.email, password: 'given-pass-2' });
    expect(await temporary(await signIn(t.app, agent.email, 'given-pass-2'))).toBe(false);
  });

  it('is cleared when another admin sets the password on People', async () => {
    const email = uniqueEmail('first');
    const printed = (await firstStart({ email })).generatedAdmin?.password as string;
    const first = await signIn(t.app, email, printed);
    expect(await temporary(first)).toBe(true);
    const { account_id } = (await api(authOps.myInfoGet, {}, first)).data;
    const other = await buildAdmin(db());
    const otherToken = await signIn(t.app, other.email, defaultPassword);
    // An edit without a password leaves it.
    expect((await api(accountOps.edit, { account_id, real_name: 'First Admin' }, otherToken)).code).toBe('0000');
    expect(await temporary(first)).toBe(true);
    const edited = await api(accountOps.edit, { account_id, password: 'set-by-other-1' }, otherToken);
    expect(edited.code).toBe('0000');
    expect(await temporary(await signIn(t.app, email, 'set-by-other-1'))).toBe(false);
  });
});
