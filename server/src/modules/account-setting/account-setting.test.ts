import fs from 'node:fs';
import path from 'node:path';
import { accountOps, accountSettingOps, authOps, homeOps, settingOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app.js';
import { testAdmin } from '../../../test/constants.js';
import { buildAgent, buildTicket, defaultPassword, giveDefaultRole, uniqueEmail } from '../../../test/factories.js';
import { api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { migrationsDir } from '../../db/migrate.js';
import { queryRows } from '../../db/rows.js';

setUpApp();

const branding = async () => (await api(homeOps.branding, {}, null)).data;
const steps = async () => {
  const res = (await api(accountSettingOps.gettingStartedGet, {})).data;
  return Object.fromEntries(res.list.map((x) => [x.step, x.done]));
};

describe('getting started', () => {
  // First in the file: it reads the help desk as a new installation leaves it.
  it('ticks each step from the real state, never by hand', async () => {
    expect(await steps()).toEqual({
      helpdesk_named: false,
      email_connected: false,
      agent_invited: false,
      widget_installed: false,
      ticket_solved: false,
    });
    await buildAgent(t.database.db);
    await buildTicket(t.database.db, { state: 'open' });
    // Details saved with the product's own name is not a named help desk.
    expect((await api(accountSettingOps.detailsEdit, { helpdesk_name: 'Parley' })).code).toBe('0000');
    expect((await steps()).helpdesk_named).toBe(false);
    expect((await api(accountSettingOps.detailsEdit, { helpdesk_name: 'Acme Support' })).code).toBe('0000');
    let now = await steps();
    expect(now.agent_invited).toBe(true);
    expect(now.helpdesk_named).toBe(true);
    // An open ticket is not a solved one.
    expect(now.ticket_solved).toBe(false);
    await buildTicket(t.database.db, { state: 'solved' });
    now = await steps();
    expect(now.ticket_solved).toBe(true);
    expect(now.email_connected).toBe(false);
  });

  it('ticks the email step once a mail came in, not when settings that may not work are saved', async () => {
    const emailStep = async () =>
      (await api(accountSettingOps.gettingStartedGet, {})).data.list.find((x) => x.step === 'email_connected');
    const saved = await api(settingOps.emailEdit, {
      sender: 'Support',
      smtp_host: '127.0.0.1:1',
      imap_host: '127.0.0.1:2',
      gateway: 'support@example.com',
      account: 'support',
      password: 'secret',
    });
    expect(saved.code).toBe('0000');
    expect(await emailStep()).toEqual({ step: 'email_connected', done: false, count: 0, begun: true });
    const ticket = await buildTicket(t.database.db, { state: 'new' });
    await t.database.db.execute(
      sql`INSERT INTO mail_message (message_id, direction, ticket_id, from_address, create_ts)
          VALUES ('<first@customer.test>', 'in', ${ticket.ticketId}, 'a@customer.test', ${Date.now()})`,
    );
    expect(await emailStep()).toEqual({ step: 'email_connected', done: true, count: 1, begun: false });
  });
});

describe('details', () => {
  it('renames the help desk everywhere its name is read, and checks the site address', async () => {
    expect((await api(accountSettingOps.detailsEdit, { helpdesk_name: '  ' })).msg).toBe('Name is required');
    const bad = await api(accountSettingOps.detailsEdit, { helpdesk_name: 'Acme', site_url: 'javascript:alert(1)' });
    expect(bad.code).toBe('FFFF');
    expect(bad.data).toEqual({ fields: { site_url: 'Enter an address starting with http:// or https://' } });
    expect(
      (await api(accountSettingOps.detailsEdit, { helpdesk_name: 'Acme Help', site_url: 'https://help.acme.test' }))
        .code,
    ).toBe('0000');
    expect(await api(accountSettingOps.detailsGet, {})).toMatchObject({
      data: { helpdesk_name: 'Acme Help', site_url: 'https://help.acme.test' },
    });
    expect(await branding()).toMatchObject({ brand_name: 'Acme Help', site_url: 'https://help.acme.test' });
  });

  it('is written through its own call only, and only by those granted it', async () => {
    const sneaky = await api(settingOps.commonEdit, {
      setting_module: 'account',
      setting_key: 'details',
      setting_value: { helpdesk_name: '' },
    });
    expect(sneaky.code).toBe('FFFF');
    const agent = await buildAgent(t.database.db);
    await giveDefaultRole(t.database.db, agent.accountId);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await api(accountSettingOps.detailsEdit, { helpdesk_name: 'Mine now' }, token)).code).toBe('0403');
    expect((await api(accountSettingOps.detailsGet, {}, token)).code).toBe('0403');
    expect((await branding()).brand_name).not.toBe('Mine now');
  });
});

/** Sets the help desk's default time zone (Settings › Localization), English and medium dates. */
async function setDefault(default_timezone: string) {
  const res = await api(accountSettingOps.localizationEdit, {
    default_language: 'en',
    default_timezone,
    date_format: 'medium',
  });
  expect(res.code).toBe('0000');
}

describe('localization', () => {
  it('refuses an unknown language, time zone or date format', async () => {
    const res = await apiUntyped(accountSettingOps.localizationEdit, {
      default_language: 'fr',
      default_timezone: 'Mars/Olympus',
      date_format: 'yyyy',
    });
    expect(res.code).toBe('FFFF');
    expect(Object.keys(res.fields).sort()).toEqual(['date_format', 'default_language', 'default_timezone']);
    expect(res.fields.default_timezone).toBe('Unknown time zone');
    // Left out or left empty, it is missing, not unknown.
    for (const default_timezone of [undefined, '', '  ']) {
      const missing = await apiUntyped(accountSettingOps.localizationEdit, {
        default_language: 'en',
        default_timezone,
        date_format: 'medium',
      });
      expect([missing.code, missing.fields]).toEqual(['FFFF', { default_timezone: 'This field is required' }]);
    }
  });

  it('gives new accounts and new requesters its language and time zone', async () => {
    expect(
      (
        await api(accountSettingOps.localizationEdit, {
          default_language: 'zh-cn',
          default_timezone: 'asia/shanghai',
          date_format: 'iso',
        })
      ).code,
    ).toBe('0000');
    // The time zone is stored in its canonical spelling.
    expect((await api(accountSettingOps.localizationGet, {})).data).toEqual({
      default_language: 'zh-cn',
      default_timezone: 'Asia/Shanghai',
      date_format: 'iso',
    });
    expect(await branding()).toMatchObject({ default_language: 'zh-cn', date_format: 'iso' });

    const added = await api(accountOps.add, { email: uniqueEmail('loc'), real_name: 'Li Lei', user_type: 'end_user' });
    expect(added.code).toBe('0000');
    const got = await api(accountOps.get, { account_id: added.data.account_id });
    expect(got.data).toMatchObject({ default_language: 'zh-cn', timezone: 'Asia/Shanghai' });

    // A maker's own choice wins over the default.
    const chosen = await api(accountOps.add, {
      email: uniqueEmail('loc'),
      real_name: 'Ann',
      user_type: 'end_user',
      default_language: 'en',
      timezone: 'UTC',
    });
    const chosenGot = await api(accountOps.get, { account_id: chosen.data.account_id });
    expect(chosenGot.data.default_language).toBe('en');

    // A customer who writes in from the public form is a new requester with the defaults.
    const email = uniqueEmail('form');
    const submitted = await api(
      homeOps.ticketAdd,
      { email, real_name: 'Wang', subject: 'Printer', description: 'It jams' },
      null,
    );
    expect(submitted.code).toBe('0000');
    const found = await api(accountOps.list, { kw: email });
    expect(found.data.list[0]).toMatchObject({ email, default_language: 'zh-cn', timezone: 'Asia/Shanghai' });
  });

  it('the first admin, and anyone who chose no time zone, follow the default time zone as it changes; a chosen one stays', async () => {
    const myZone = async (token?: string) => (await api(authOps.myInfoGet, {}, token)).data.timezone;
    await setDefault('UTC');
    // The admin made at the first start, signed in before the change.
    const me = (await api(authOps.myInfoGet, {})).data;
    expect(me.email).toBe(testAdmin.email);
    expect(me.timezone).toBe('UTC');
    await setDefault('Asia/Shanghai');
    // At once in the signed-in session (it stayed UTC), at sign-in, and on People.
    expect(await myZone()).toBe('Asia/Shanghai');
    const login = await api(authOps.login, { ...testAdmin, stay_login: false }, null);
    expect(login.data.timezone).toBe('Asia/Shanghai');
    expect((await api(accountOps.get, { account_id: me.account_id })).data.timezone).toBe('Asia/Shanghai');
    // Saving the profile as shown (the form sends the time zone back) is no choice: it still follows.
    expect((await api(accountOps.infoEdit, { real_name: me.real_name, timezone: 'Asia/Shanghai' })).code).toBe('0000');
    await setDefault('Europe/Paris');
    expect(await myZone()).toBe('Europe/Paris');

    // An agent made without one follows too, until they pick one; then it is theirs.
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect(await myZone(token)).toBe('Europe/Paris');
    expect((await api(accountOps.infoEdit, { timezone: 'Asia/Tokyo' }, token)).code).toBe('0000');
    await setDefault('America/New_York');
    expect(await myZone(token)).toBe('Asia/Tokyo');
    expect(await myZone()).toBe('America/New_York');
    await setDefault('UTC');
  });

  it('an account that chose a time zone follows the default again once it sends none (null), in My profile or from People', async () => {
    const zoneOf = async (token: string) => {
      const { timezone, timezone_follows_default } = (await api(authOps.myInfoGet, {}, token)).data;
      return { timezone, timezone_follows_default };
    };
    await setDefault('Europe/Paris');
    const agent = await buildAgent(t.database.db);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect(await zoneOf(token)).toEqual({ timezone: 'Europe/Paris', timezone_follows_default: true });
    expect((await api(accountOps.infoEdit, { timezone: 'Asia/Tokyo' }, token)).code).toBe('0000');
    expect(await zoneOf(token)).toEqual({ timezone: 'Asia/Tokyo', timezone_follows_default: false });

    // Back to the default: it shows the default, and the next default after it.
    expect((await api(accountOps.infoEdit, { real_name: 'Tess Zone', timezone: null }, token)).code).toBe('0000');
    expect(await zoneOf(token)).toEqual({ timezone: 'Europe/Paris', timezone_follows_default: true });
    await setDefault('America/New_York');
    expect(await zoneOf(token)).toEqual({ timezone: 'America/New_York', timezone_follows_default: true });
    const login = await api(authOps.login, { email: agent.email, password: defaultPassword, stay_login: false }, null);
    expect(login.data.timezone).toBe('America/New_York');
    // Leaving the time zone out keeps what it is.
    expect((await api(accountOps.infoEdit, { real_name: 'Tess Zone' }, token)).code).toBe('0000');
    expect((await zoneOf(token)).timezone_follows_default).toBe(true);

    // An administrator on People: a zone of its own, then the default again.
    const onPeople = async () => {
      const { timezone, timezone_follows_default } = (await api(accountOps.get, { account_id: agent.accountId })).data;
      return { timezone, timezone_follows_default };
    };
    expect((await api(accountOps.edit, { account_id: agent.accountId, timezone: 'Asia/Tokyo' })).code).toBe('0000');
    expect(await onPeople()).toEqual({ timezone: 'Asia/Tokyo', timezone_follows_default: false });
    expect((await api(accountOps.edit, { account_id: agent.accountId, timezone: null })).code).toBe('0000');
    expect(await onPeople()).toEqual({ timezone: 'America/New_York', timezone_follows_default: true });
    // Still checked: an unknown zone is refused, not taken for "the default".
    const unknown = await api(accountOps.infoEdit, { timezone: 'Mars/Olympus' }, token);
    expect([unknown.code, unknown.fields.timezone]).toEqual(['FFFF', 'Unknown time zone']);
    expect(await zoneOf(token)).toEqual({ timezone: 'America/New_York', timezone_follows_default: true });
    await setDefault('UTC');
  });

  it('on upgrade (0047), accounts holding the default time zone or UTC follow the default; other choices stay', async () => {
    const db = t.database.db;
    await api(accountSettingOps.localizationEdit, {
      default_language: 'en',
      default_timezone: 'Asia/Shanghai',
      date_format: 'medium',
    });
    const zoned = async (timezone: string) => (await buildAgent(db, { timezone })).accountId;
    const [utc, asDefault, own] = [await zoned('UTC'), await zoned('Asia/Shanghai'), await zoned('Europe/Paris')];
    const file = path.join(migrationsDir, '0047_account_timezone_default.sql');
    const statements = fs
      .readFileSync(file, 'utf8')
      .replace(/^--.*$/gm, '')
      .split(/;\s*$/m)
      .filter((x) => x.trim());
    for (const statement of statements) {
      await db.execute(sql.raw(statement));
    }
    const stored = await queryRows<{ account_id: number; timezone: string | null }>(
      db,
      sql`SELECT account_id, timezone FROM account WHERE account_id IN (${utc}, ${asDefault}, ${own}) ORDER BY account_id`,
    );
    expect(stored.map((r) => r.timezone)).toEqual([null, null, 'Europe/Paris']);
    expect((await api(accountOps.get, { account_id: utc })).data.timezone).toBe('Asia/Shanghai');
    await api(accountSettingOps.localizationEdit, {
      default_language: 'en',
      default_timezone: 'UTC',
      date_format: 'medium',
    });
  });
});
