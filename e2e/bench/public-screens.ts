// Screenshots of the public pages (ticket form, satisfaction survey, staff sign-in) in their
// states, English and Chinese, to compare the look before and after a change of their components:
//   npx tsx e2e/bench/public-screens.ts <suffix> [web dist directory]
//   → test-results/screenshots/public-<screen>-<lang>-<suffix>.png
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { buildApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/client.js';
import { migrate } from '../../server/src/db/migrate.js';
import { bootstrap } from '../../server/src/modules/bootstrap/bootstrap.service.js';
import { call, signIn } from '../../server/test/app.js';
import { launchBrowser, screenshot } from '../support/browser.js';
import { admin } from '../support/server.js';

const suffix = process.argv[2] ?? 'now';
const webDist = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, '../../web/dist'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-shots-'));
const database = await openDatabase({});
await migrate(database);
await bootstrap(database.db, admin);
const app = await buildApp({ database, webDist, dataDir });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchBrowser();

async function seedFields() {
  const token = await signIn(app, admin.email, admin.password);
  const add = async (body: object) =>
    (await call<{ field_id: number }>(app, 'POST', '/api/admin/settings/field.add', { token, body })).data.field_id;
  const product = await add({
    field_type: 'nested',
    title: 'Product',
    customer_visible: true,
    customer_editable: true,
    required_to_submit: true,
    options: [{ name: 'Hardware::Printer' }, { name: 'Hardware::Scanner' }, { name: 'Software' }],
  });
  const serial = await add({
    field_type: 'regex',
    title: 'Serial number',
    description: 'On the label at the back, e.g. SN123',
    customer_visible: true,
    customer_editable: true,
    regex_pattern: 'SN\\d{3}',
  });
  const urgent = await add({
    field_type: 'checkbox',
    title: 'Urgent',
    customer_visible: true,
    customer_editable: true,
  });
  const channels = await add({
    field_type: 'multiselect',
    title: 'Affected offices',
    customer_visible: true,
    customer_editable: true,
    options: [{ name: 'Berlin' }, { name: 'Shanghai' }, { name: 'Lisbon' }],
  });
  const when = await add({ field_type: 'date', title: 'Since', customer_visible: true, customer_editable: true });
  const count = await add({ field_type: 'number', title: 'Devices', customer_visible: true, customer_editable: true });
  const form = await call<{ form_id: number }>(app, 'POST', '/api/admin/settings/form.add', {
    token,
    body: {
      form_name: 'Hardware problem',
      is_default: true,
      field_ids: [product, serial, urgent, channels, when, count],
      conditions: [{ parent_field_id: product, value: 'hardware::printer', child_field_ids: [serial] }],
    },
  });
  return form.data.form_id;
}

async function seedSurvey() {
  const token = await signIn(app, admin.email, admin.password);
  const ticket = await call<{ ticket_id: number }>(app, 'POST', '/api/admin/ticket.add', {
    token,
    body: {
      requester_email: 'pat@example.com',
      requester_name: 'Pat',
      subject: 'The printer on floor 2 jams on every page',
      comment: { body: '<p>Hello</p>' },
    },
  });
  await call(app, 'POST', '/api/admin/ticket.edit', {
    token,
    body: { ticket_id: ticket.data.ticket_id, submit_as: 'solved', comment: { body: '<p>Fixed.</p>' } },
  });
  const { rows } = (await app.parley.db.execute(
    sql`select satisfaction_token from ticket where ticket_id = ${ticket.data.ticket_id}`,
  )) as unknown as { rows: Array<{ satisfaction_token: string }> };
  return rows[0]?.satisfaction_token ?? '';
}

async function shoot(page: Page, name: string, lang: string) {
  await page.waitForTimeout(400);
  await screenshot(page, `public-${name}-${lang}-${suffix}`);
}

try {
  for (const lang of ['en', 'zh-cn'] as const) {
    const survey = await seedSurvey();
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((l) => {
      localStorage.setItem('parley.language', JSON.stringify({ value: l, expires_at: null }));
    }, lang);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/');
    await page.locator('form button[type="submit"]').waitFor();
    await shoot(page, 'form', lang);
    await page.locator('form button[type="submit"]').click();
    await shoot(page, 'form-errors', lang);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'screenshot.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    });
    await page.locator('form').getByText('screenshot.png').waitFor();
    await page.locator('form button[type="submit"]').scrollIntoViewIfNeeded();
    await shoot(page, 'form-file', lang);
    await page.getByRole('button', { name: /Language|语言/ }).click();
    await shoot(page, 'language-menu', lang);
    await page.keyboard.press('Escape');
    await page.goto('/');
    await page.locator('form button[type="submit"]').waitFor();
    await page
      .getByLabel(/^(Email|邮箱)/)
      .first()
      .fill('pat@example.com');
    await page
      .getByLabel(/^(Name|姓名)/)
      .first()
      .fill('Pat Doe');
    await page
      .getByLabel(/^(Subject|主题)/)
      .first()
      .fill('VPN drops');
    await page
      .getByLabel(/^(Description|描述)/)
      .first()
      .fill('Every five minutes.');
    await page.locator('form button[type="submit"]').click();
    await page.locator('form').waitFor({ state: 'detached' });
    await shoot(page, 'submitted', lang);

    await page.goto(`/home/satisfaction?token=${survey}`);
    await page.locator('form button[type="submit"]').waitFor();
    await shoot(page, 'survey', lang);
    await page.locator('form button[type="submit"]').click();
    await shoot(page, 'survey-error', lang);
    await page
      .getByRole('radio')
      .first()
      .evaluate((el) => (el as HTMLInputElement).click());
    await page.locator('form button[type="submit"]').click();
    await page.locator('form').waitFor({ state: 'detached' });
    await shoot(page, 'survey-thanks', lang);
    await page.goto('/home/satisfaction?token=nope');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'survey-invalid', lang);

    await page.goto('/wswt/login');
    await page.locator('input[type="password"]').waitFor();
    await shoot(page, 'login', lang);
    await page.locator('input[type="password"]').fill('wrong-password');
    await page.locator('input[autocomplete="username"]').fill('admin@example.com');
    await page.locator('input[type="password"]').press('Enter');
    await page.getByRole('alert').first().waitFor();
    await shoot(page, 'login-failed', lang);
    await context.close();
  }
  // The form again with a default ticket form's fields: a nested drop-down (open), a field shown
  // by a condition, a checkbox, a multi-select, a date and a number.
  await seedFields();
  for (const lang of ['en', 'zh-cn'] as const) {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 1400 } });
    await context.addInitScript((l) => {
      localStorage.setItem('parley.language', JSON.stringify({ value: l, expires_at: null }));
    }, lang);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/');
    await page.getByLabel('Product').waitFor();
    await shoot(page, 'form-fields', lang);
    await page.locator('form button[type="submit"]').click();
    await shoot(page, 'form-fields-errors', lang);
    await page.getByLabel('Product').click();
    await shoot(page, 'form-fields-open', lang);
    await page.getByTitle('Hardware › Printer').click();
    await page.getByLabel('Serial number').waitFor();
    await page.getByLabel('Serial number').fill('SN1');
    await page.locator('form button[type="submit"]').click();
    await shoot(page, 'form-fields-chosen', lang);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
