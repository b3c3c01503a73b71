import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { launchBrowser, newPage, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const res = await call(server.app, 'POST', '/api/home/ticket.add', {
    body: { email: 'li.lei@example.cn', real_name: 'Li Lei', subject: 'Printer jams', description: 'Again.' },
  });
  expect(res.code).toBe('0000');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function toChinese(page: Page) {
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByText('简体中文').last().click();
}

describe('account settings and the todo list', () => {
  it('renames the help desk: the menu and the public form show it at once', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/getting_started');
    await page.getByText('1 of 5 steps done').or(page.getByText('0 of 5 steps done')).waitFor();
    await screenshot(page, 'settings-getting-started-en');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Name your help desk' })
      .getByRole('link', { name: 'Set up' })
      .click();
    await page.waitForURL((url) => url.pathname === '/wswt/setting/details');
    await page.getByLabel('Help desk name').fill('Acme Support');
    await page.getByLabel('Support site').fill('https://help.acme.test');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').waitFor();
    await page.getByRole('complementary').getByText('Acme Support').waitFor();
    await screenshot(page, 'settings-details-en');

    const visitor = (await newPage(browser, server.url)).page;
    await visitor.goto('/');
    await visitor.getByText('Acme Support').first().waitFor();
    await visitor.close();
  });

  it('writes dates in the chosen format everywhere', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/localization');
    await page.getByRole('radio', { name: /Year-month-day/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').waitFor();
    await screenshot(page, 'settings-localization-en');
    await page.goto('/wswt/search?kw=Printer');
    // The list's times are relative; the ticket page's comment times are written in full.
    await page.getByRole('link', { name: 'Printer jams' }).first().click();
    await page
      .getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
      .first()
      .waitFor();
  });

  it('keeps a todo item about a ticket from the shell, in English and Chinese', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/search?kw=Printer');
    await page.getByRole('link', { name: 'Printer jams' }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/wswt/ticket/edit/'));
    await page.getByRole('button', { name: /Todo list: 0 open items/ }).click();
    await page.getByPlaceholder('What do you need to do?').fill('Call Li Lei back about the printer');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('link', { name: /#\d+ Printer jams/ }).waitFor();
    await page.getByRole('button', { name: /Todo list: 1 open item/ }).waitFor();
    await screenshot(page, 'todo-popover-en');
    await page.keyboard.press('Escape');

    await page.goto('/wswt/setting/todo');
    await toChinese(page);
    await page.getByText('Call Li Lei back about the printer').waitFor();
    await page.getByRole('menuitem', { name: '待办事项' }).waitFor();
    await screenshot(page, 'todo-page-zh-cn');
    await page.goto('/wswt/setting/getting_started');
    await page.getByText('为服务台命名').waitFor();
    await screenshot(page, 'settings-getting-started-zh-cn');
    await page.goto('/wswt/setting/localization');
    await page.getByText('日期格式').waitFor();
    await screenshot(page, 'settings-localization-zh-cn');
  });
});
