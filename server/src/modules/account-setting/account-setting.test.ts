import { ZBrandingResponse, ZGettingStartedResponse } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn } from '../../../test/app.js';
import { buildAgent, buildTicket, defaultPassword, giveDefaultRole, uniqueEmail } from '../../../test/factories.js';
import { admin, setUpApp, t } from '../../../test/kit.js';

setUpApp();

const s = '/api/admin/settings';
type Fields = { fields: Record<string, string> };
const post = <T = Fields>(path: string, body: unknown, token = admin) =>
  call<T>(t.app, 'POST', `${s}/${path}`, { token, body });
const get = <T>(path: string, token = admin) => call<T>(t.app, 'GET', `${s}/${path}`, { token });
const branding = async () => ZBrandingResponse.parse((await call(t.app, 'GET', '/api/home/setting/branding.get')).data);
const steps = async () => {
  const res = ZGettingStartedResponse.parse((await get('getting_started.get')).data);
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
    expect((await post('details.edit', { helpdesk_name: 'Acme Support' })).code).toBe('0000');
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
});

describe('details', () => {
  it('renames the help desk everywhere its name is read, and checks the site address', async () => {
    expect((await post('details.edit', { helpdesk_name: '  ' })).msg).toBe('Name is required');
    const bad = await post('details.edit', { helpdesk_name: 'Acme', site_url: 'javascript:alert(1)' });
    expect(bad.code).toBe('FFFF');
    expect(bad.data).toEqual({ fields: { site_url: 'Enter an address starting with http:// or https://' } });
    expect((await post('details.edit', { helpdesk_name: 'Acme Help', site_url: 'https://help.acme.test' })).code).toBe(
      '0000',
    );
    expect(await get('details.get')).toMatchObject({
      data: { helpdesk_name: 'Acme Help', site_url: 'https://help.acme.test' },
    });
    expect(await branding()).toMatchObject({ brand_name: 'Acme Help', site_url: 'https://help.acme.test' });
  });

  it('is written through its own call only, and only by those granted it', async () => {
    const sneaky = await post('common.edit', {
      setting_module: 'account',
      setting_key: 'details',
      setting_value: { helpdesk_name: '' },
    });
    expect(sneaky.code).toBe('FFFF');
    const agent = await buildAgent(t.database.db);
    await giveDefaultRole(t.database.db, agent.accountId);
    const token = await signIn(t.app, agent.email, defaultPassword);
    expect((await post('details.edit', { helpdesk_name: 'Mine now' }, token)).code).toBe('0403');
    expect((await get('details.get', token)).code).toBe('0403');
    expect((await branding()).brand_name).not.toBe('Mine now');
  });
});

describe('localization', () => {
  it('refuses an unknown language, time zone or date format', async () => {
    const res = await post('localization.edit', {
      default_language: 'fr',
      default_timezone: 'Mars/Olympus',
      date_format: 'yyyy',
    });
    expect(res.code).toBe('FFFF');
    expect(Object.keys((res.data as Fields).fields).sort()).toEqual([
      'date_format',
      'default_language',
      'default_timezone',
    ]);
  });

  it('gives new accounts and new requesters its language and time zone', async () => {
    expect(
      (
        await post('localization.edit', {
          default_language: 'zh-cn',
          default_timezone: 'asia/shanghai',
          date_format: 'iso',
        })
      ).code,
    ).toBe('0000');
    // The time zone is stored in its canonical spelling.
    expect((await get('localization.get')).data).toEqual({
      default_language: 'zh-cn',
      default_timezone: 'Asia/Shanghai',
      date_format: 'iso',
    });
    expect(await branding()).toMatchObject({ default_language: 'zh-cn', date_format: 'iso' });

    const added = await call<{ account_id: number }>(t.app, 'POST', '/api/admin/auth.account.add', {
      token: admin,
      body: { email: uniqueEmail('loc'), real_name: 'Li Lei', user_type: 'end_user' },
    });
    expect(added.code).toBe('0000');
    const got = await call<{ default_language: string; timezone: string }>(
      t.app,
      'GET',
      '/api/admin/auth.account.get',
      {
        token: admin,
        query: { account_id: String(added.data.account_id) },
      },
    );
    expect(got.data).toMatchObject({ default_language: 'zh-cn', timezone: 'Asia/Shanghai' });

    // A maker's own choice wins over the default.
    const chosen = await call<{ account_id: number }>(t.app, 'POST', '/api/admin/auth.account.add', {
      token: admin,
      body: {
        email: uniqueEmail('loc'),
        real_name: 'Ann',
        user_type: 'end_user',
        default_language: 'en',
        timezone: 'UTC',
      },
    });
    const chosenGot = await call<{ default_language: string }>(t.app, 'GET', '/api/admin/auth.account.get', {
      token: admin,
      query: { account_id: String(chosen.data.account_id) },
    });
    expect(chosenGot.data.default_language).toBe('en');

    // A customer who writes in from the public form is a new requester with the defaults.
    const email = uniqueEmail('form');
    const submitted = await call<{ ticket_id: number }>(t.app, 'POST', '/api/home/ticket.add', {
      body: { email, real_name: 'Wang', subject: 'Printer', description: 'It jams' },
    });
    expect(submitted.code).toBe('0000');
    const found = await call<{ list: { email: string; default_language: string; timezone: string }[] }>(
      t.app,
      'GET',
      '/api/admin/auth.account.list',
      { token: admin, query: { kw: email } },
    );
    expect(found.data.list[0]).toMatchObject({ email, default_language: 'zh-cn', timezone: 'Asia/Shanghai' });
  });
});
