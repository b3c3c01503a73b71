import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks an option of an Ant Design select by typing its label, as a person does with the keyboard. */
async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('SLA policies', () => {
  it('an admin sets reply targets for outage tickets; a new outage ticket shows its target and the time left, in English and Chinese', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/sla');
    await page.getByText('No SLA policy yet').waitFor();
    await page.getByRole('link', { name: 'Add SLA policy' }).click();
    await page.getByLabel('Title').fill('Outages first');
    const all = page.getByTestId('conditions-all');
    await all.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, all, 'Field', 'Subject');
    await all.getByLabel('Value').fill('outage');
    // Saving without a target is refused on the screen.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Set at least one target').waitFor();
    const targets = page.getByTestId('sla-targets');
    await targets.getByLabel('Normal First reply').fill('120');
    await targets.getByLabel('Normal Resolution').fill('1440');
    await targets.getByLabel('Urgent First reply').fill('30');
    await screenshot(page, 'sla-policy-editor-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').first().waitFor();
    const row = page.getByRole('row', { name: /Outages first/ });
    await row.getByText('First reply 2 h · Resolution 1 d').waitFor();
    await row.getByText('Urgent').waitFor();
    await row.getByText('Paused while pending').waitFor();
    await screenshot(page, 'sla-policies-en');

    // A visitor's outage ticket: its page shows the first reply target and about two hours left.
    const ticket = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'nina@example.com', real_name: 'Nina', subject: 'Mail outage in Berlin', description: 'Down.' },
    });
    expect(ticket.code).toBe('0000');
    const other = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'olaf@example.com', real_name: 'Olaf', subject: 'A question on invoices', description: '?' },
    });
    await page.goto(`/wswt/ticket/edit/${ticket.data.ticket_id}`);
    const sla = page.getByTestId('ticket-sla');
    await sla.getByText('First reply').waitFor();
    await sla.getByText(/^(1 h 59 min|2 h) left$/).waitFor();
    await sla.getByText(/Policy: Outages first/).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'sla-ticket-target-en');
    // A ticket no policy matches shows no target.
    await page.goto(`/wswt/ticket/edit/${other.data.ticket_id}`);
    await page.getByRole('heading', { name: 'A question on invoices' }).waitFor();
    await page.getByText('Properties').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('ticket-sla').count()).toBe(0);

    // Urgent now: the 30 minute target.
    const token = await signInAdmin(server.app);
    const urgent = await call(server.app, 'POST', '/api/admin/ticket.edit', {
      token,
      body: { ticket_id: ticket.data.ticket_id, priority: 'urgent' },
    });
    expect(urgent.code).toBe('0000');

    // The same in Chinese.
    await page.goto(`/wswt/ticket/edit/${ticket.data.ticket_id}`);
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByText('简体中文').click();
    await sla.getByText('首次回复').waitFor();
    await sla.getByText(/^剩余 (29|30) 分钟$/).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'sla-ticket-target-zh-cn');
    await page.goto('/wswt/setting/sla');
    await page
      .getByRole('row', { name: /Outages first/ })
      .getByText('待处理时暂停')
      .waitFor();
    await screenshot(page, 'sla-policies-zh-cn');
    await page
      .getByRole('row', { name: /Outages first/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.getByTestId('sla-targets').waitFor();
    await screenshot(page, 'sla-policy-editor-zh-cn');
  }, 240_000);
});
