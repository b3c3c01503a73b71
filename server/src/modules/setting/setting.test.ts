import { chatSettingOps, homeOps, mailOps, settingOps } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ico, jpeg, multipart, png, webp } from '../../../test/images.js';
import { admin, api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { setting } from '../../db/schema/index.js';
import { readEmailSettings } from './setting.service.js';

setUpApp();

const base = '/api/admin/settings';

async function upload(path: string, data: Buffer, name: string) {
  const form = multipart(data, name, 'application/octet-stream');
  // A multipart upload: no operation (operations take JSON).
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { authorization: admin, ...form.headers },
    payload: form.payload,
  });
  return res.json() as { code: string; msg: string; data: { url: string } };
}

describe('common settings', () => {
  it('stores any JSON value by module and key, and lists a module', async () => {
    expect(
      (await api(settingOps.commonEdit, { setting_module: 'widget', setting_key: 'color', setting_value: '#123456' }))
        .code,
    ).toBe('0000');
    await api(settingOps.commonEdit, {
      setting_module: 'widget',
      setting_key: 'layout',
      setting_value: { side: 'right', size: 3 },
    });
    await api(settingOps.commonEdit, { setting_module: 'widget', setting_key: 'color', setting_value: '#abcdef' });
    const res = await api(settingOps.commonList, { setting_module: 'widget' });
    expect(res.data.list).toEqual([
      { setting_module: 'widget', setting_key: 'color', setting_value: '#abcdef' },
      { setting_module: 'widget', setting_key: 'layout', setting_value: { side: 'right', size: 3 } },
    ]);
  });

  it('keeps the email, ticket and appearance modules out of reach (the email password lives there)', async () => {
    await api(settingOps.emailEdit, {
      sender: 'Support',
      smtp_host: 'smtp.example.com',
      imap_host: 'imap.example.com',
      gateway: 'mail.example.com',
      account: 'support@example.com',
      password: 'smtp-secret',
    });
    const read = await api(settingOps.commonList, { setting_module: 'email' });
    expect([read.code, read.msg]).toEqual(['FFFF', 'This setting module is edited on its own screen']);
    expect(JSON.stringify(read)).not.toContain('smtp-secret');
    const write = await api(settingOps.commonEdit, {
      setting_module: 'ticket',
      setting_key: 'config',
      setting_value: {},
    });
    expect(write.code).toBe('FFFF');
  });

  it('keeps the email templates and the chat settings out of reach: their own calls check their own permission', async () => {
    for (const [module, key] of [
      ['email_template', 'ticket_received.en'],
      ['chat', 'setting'],
    ] as const) {
      const write = await api(settingOps.commonEdit, {
        setting_module: module,
        setting_key: key,
        setting_value: { subject: 'Hacked {{evil}}', greeting: 'set through common.edit' },
      });
      expect([write.code, write.msg]).toEqual(['FFFF', 'This setting module is edited on its own screen']);
      expect((await api(settingOps.commonList, { setting_module: module })).code).toBe('FFFF');
    }
    const templates = await api(mailOps.templateList, {});
    expect(JSON.stringify(templates.data)).not.toContain('Hacked');
    expect((await api(chatSettingOps.get, {})).data.greeting).not.toBe('set through common.edit');
  });

  it('refuses a missing value, a bad module name and a value over 64 KB', async () => {
    expect((await apiUntyped(settingOps.commonEdit, { setting_module: 'widget', setting_key: 'x' })).code).toBe('FFFF');
    expect(
      (await api(settingOps.commonEdit, { setting_module: 'Bad Name', setting_key: 'x', setting_value: 1 })).code,
    ).toBe('FFFF');
    const big = await api(settingOps.commonEdit, {
      setting_module: 'widget',
      setting_key: 'big',
      setting_value: 'x'.repeat(70_000),
    });
    expect(big.fields.setting_value).toBe('Too long');
  });
});

describe('email settings', () => {
  const valid = {
    sender: 'Parley Support',
    smtp_host: 'smtp.example.com:465',
    imap_host: 'imap.example.com',
    gateway: 'mail.example.com',
    account: 'support@example.com',
  };

  it('requires each field with the spec message', async () => {
    const res = await apiUntyped(settingOps.emailEdit, {});
    expect(res.code).toBe('FFFF');
    expect(res.fields).toMatchObject({
      sender: 'Sender is required',
      smtp_host: 'Smtp host is required',
      imap_host: 'Imap host is required',
      gateway: 'Gateway is required',
      account: 'Account is required',
    });
  });

  it('takes a mail server as a host, host:port or [IPv6]:port, and refuses a port that cannot be one', async () => {
    for (const smtp_host of ['smtp.example.com', '127.0.0.1:2525', '[::1]:587', 'mail.example.com:65535']) {
      expect((await api(settingOps.emailEdit, { ...valid, smtp_host, password: 'x' })).code).toBe('0000');
    }
    for (const smtp_host of ['smtp.example.com:99999', 'smtp.example.com:0', 'smtp.example.com:', 'smtp example.com']) {
      const res = await api(settingOps.emailEdit, { ...valid, smtp_host, password: 'x' });
      expect([res.code, res.fields]).toEqual(['FFFF', { smtp_host: 'Invalid value' }]);
    }
  });

  it('takes a sender as a name, an address or "Name <address>", and refuses an address that cannot be one', async () => {
    for (const sender of ['Support', 'help@example.com', 'Support Team <help@example.com>']) {
      expect((await api(settingOps.emailEdit, { ...valid, sender, password: 'x' })).code).toBe('0000');
    }
    for (const sender of ['Support support@parley', 'Support <support@parley>', 'help@', 'a <b@example.com']) {
      const res = await api(settingOps.emailEdit, { ...valid, sender, password: 'x' });
      expect([res.code, res.fields?.sender]).toEqual(['FFFF', 'Incorrect mailbox format']);
    }
  });

  it('never returns the password, keeps it when sent empty, and needs one the first time', async () => {
    await forget('email');
    const first = await api(settingOps.emailEdit, valid);
    expect([first.code, first.msg]).toEqual(['FFFF', 'Password is required']);
    expect((await api(settingOps.emailGet, {})).data.has_password).toBe(false);

    expect((await api(settingOps.emailEdit, { ...valid, password: 'first-secret' })).code).toBe('0000');
    expect((await api(settingOps.emailEdit, { ...valid, sender: 'Renamed', password: '' })).code).toBe('0000');
    const shown = await api(settingOps.emailGet, {});
    expect(JSON.stringify(shown.data)).not.toContain('first-secret');
    expect(shown.data).toMatchObject({ sender: 'Renamed', has_password: true, use_ssl: true });
    expect((await readEmailSettings(t.database.db)).password).toBe('first-secret');
  });

  it('takes a bottom ad image only from its upload: png/jpg/webp exactly 1000px wide, by content', async () => {
    const wide = await upload('upload.ad_image', jpeg(1000, 120), 'banner.bin');
    expect(wide.code).toBe('0000');
    expect((await upload('upload.ad_image', webp(1000, 300), 'b.webp')).code).toBe('0000');
    const narrow = await upload('upload.ad_image', png(999, 120), 'banner.png');
    expect([narrow.code, narrow.msg]).toEqual(['FFFF', 'The ad image must be a png, jpg or webp image 1000px wide']);
    const res = await api(settingOps.emailEdit, {
      ...valid,
      use_bottom_ad: true,
      bottom_ad_image: wide.data.url,
      bottom_ad_image_url: 'https://example.com/offer',
    });
    expect(res.code).toBe('0000');
    expect((await api(settingOps.emailGet, {})).data.bottom_ad_image).toBe(wide.data.url);
    const outside = await api(settingOps.emailEdit, {
      ...valid,
      use_bottom_ad: true,
      bottom_ad_image: 'https://evil.example/a.png',
    });
    expect(outside.fields.bottom_ad_image).toBe('Invalid value');
    const noImage = await api(settingOps.emailEdit, { ...valid, use_bottom_ad: true, bottom_ad_image: '' });
    expect(noImage.fields.bottom_ad_image).toBe('This field is required');
    const badLink = await api(settingOps.emailEdit, { ...valid, bottom_ad_image_url: 'javascript:alert(1)' });
    expect(badLink.fields.bottom_ad_image_url).toBe('Invalid value');
  });
});

/** Back to a fresh install for one settings module (nothing stored yet). */
async function forget(module: string) {
  await t.database.db.delete(setting).where(eq(setting.settingModule, module));
}

describe('branding', () => {
  it('sets a favicon uploaded as png or ico, and the public branding.get answers it', async () => {
    const icon = await upload('upload.favicon', ico(32), 'favicon.ico');
    expect(icon.code).toBe('0000');
    expect(icon.data.url).toMatch(/\.ico$/);
    const res = await api(settingOps.brandingEdit, { favicon: icon.data.url });
    expect(res.code).toBe('0000');
    const pub = await api(homeOps.branding, {}, null);
    expect(pub.data).toMatchObject({ favicon: icon.data.url, brand_name: 'Parley' });
    const served = await t.app.inject({ method: 'GET', url: icon.data.url });
    expect(served.headers['content-type']).toBe('image/x-icon');
    // Replaced: the old file goes.
    const pngIcon = await upload('upload.favicon', png(64, 64), 'f.png');
    await api(settingOps.brandingEdit, { favicon: pngIcon.data.url });
    expect((await t.app.inject({ method: 'GET', url: icon.data.url })).statusCode).toBe(404);
  });

  it('refuses other images and outside addresses', async () => {
    const gifLike = await upload('upload.favicon', jpeg(32, 32), 'f.png');
    expect(gifLike.msg).toBe('The favicon must be a png or ico image of at most 256 x 256');
    expect((await upload('upload.favicon', png(300, 300), 'f.png')).code).toBe('FFFF');
    const outside = await api(settingOps.brandingEdit, { favicon: 'https://evil.example/f.ico' });
    expect(outside.fields.favicon).toBe('Invalid value');
  });
});

describe('ticket settings', () => {
  // Ticket settings are global and the PostgreSQL pass shares one database between files: put
  // the defaults back for the ticket tests.
  afterAll(() => forget('ticket'));

  it('answers all eleven fields with defaults, and keeps fields left out of an edit', async () => {
    await forget('ticket');
    const defaults = (await api(settingOps.ticketGet, {})).data;
    expect(Object.keys(defaults)).toHaveLength(11);
    expect(defaults).toMatchObject({ can_attach: true, auto_assign: false, follow_and_ccs_blacklist: '' });
    expect((await api(settingOps.ticketEdit, { auto_assign: true, enable_tag: false })).code).toBe('0000');
    expect((await api(settingOps.ticketEdit, { allow_score: false })).code).toBe('0000');
    const now = (await api(settingOps.ticketGet, {})).data;
    expect(now).toMatchObject({ auto_assign: true, enable_tag: false, allow_score: false, can_attach: true });
  });

  it('checks each blocklist entry, naming a bad one, and normalises the list', async () => {
    const ok = await api(settingOps.ticketEdit, {
      follow_and_ccs_blacklist: 'Boss@Example.com  @spam.example   partner.org\nboss@example.com',
    });
    expect(ok.code).toBe('0000');
    const now = (await api(settingOps.ticketGet, {})).data;
    // A bare domain means the whole domain: stored as @domain, as the banned list stores it.
    expect(now.follow_and_ccs_blacklist).toBe('boss@example.com @spam.example @partner.org');
    const bad = await api(settingOps.ticketEdit, {
      follow_and_ccs_blacklist: 'good.com not_an@address@x',
      auto_assign: false,
    });
    expect([bad.code, bad.msg]).toEqual(['FFFF', 'not_an@address@x is not an email address or a domain']);
    expect((await api(settingOps.ticketGet, {})).data.auto_assign).toBe(true);
  });
});
