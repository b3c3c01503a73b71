import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The job workers run as in `npm start`: a policy save reaches the open tickets through them.
  server = await startServer({ runJobs: true });
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

describe('schedules on a phone', () => {
  it('lists schedules and edits business hours within a 390-px screen: nothing wider than it', async () => {
    const token = await signInAdmin(server.app);
    const saved = await call(server.app, 'POST', '/api/admin/settings/schedule.add', {
      token,
      body: {
        name: 'Office hours Berlin and Paris',
        timezone: 'Europe/Berlin',
        intervals: [{ day: 3, start: '09:00', end: '17:00' }],
        holidays: [],
      },
    });
    expect(saved.code).toBe('0000');
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/schedule');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Office hours Berlin and Paris').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'schedule-list-phone-en-390x844');
    await page.goto('/wswt/setting/schedule/add');
    const wednesday = page.getByRole('combobox', { name: 'Day' }).nth(2);
    await wednesday.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A row's day, times and delete button on one line.
    const boxes = await Promise.all(
      [
        wednesday,
        page.getByRole('textbox', { name: 'To' }).nth(2),
        page.getByRole('button', { name: 'Delete' }).nth(2),
      ].map((l) => l.boundingBox()),
    );
    const middles = boxes.map((b) => (b ? b.y + b.height / 2 : Number.NaN));
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8);
    // The chosen day whole in its narrower box: "Wed", not "Wednesd…".
    const day = wednesday.locator('xpath=ancestor::*[contains(@class, "ant-select ")][1]');
    expect(await day.textContent()).toBe('Wed');
    expect(
      await day.evaluate((el) => Array.from(el.querySelectorAll('*')).every((e) => e.scrollWidth <= e.clientWidth)),
    ).toBe(true);
    await screenshot(page, 'schedule-add-phone-en-390x844');
    // A holiday's dates say which is which on the screen, not only to a screen reader.
    await page.getByRole('button', { name: 'Add holiday' }).click();
    const from = page.getByRole('textbox', { name: 'Start date' }).locator('xpath=..');
    expect(await from.textContent()).toContain('From');
    expect(await page.getByRole('textbox', { name: 'End date' }).locator('xpath=..').textContent()).toContain('To');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('textbox', { name: 'Start date' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'schedule-holiday-phone-en-390x844');
    await page.getByRole('button', { name: 'Delete' }).last().click();
    // In Chinese (the language switched at a desktop's width, where it is named).
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByText('简体中文').click();
    await page.setViewportSize({ width: 390, height: 844 });
    const zhDay = page
      .getByRole('combobox', { name: '星期' })
      .nth(2)
      .locator('xpath=ancestor::*[contains(@class, "ant-select ")][1]');
    await expect.poll(() => zhDay.textContent()).toBe('周三');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'schedule-add-phone-zh-cn-390x844');
  }, 120_000);
});

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
      .getByText('待回应时暂停')
      .waitFor();
    await screenshot(page, 'sla-policies-zh-cn');
    await page
      .getByRole('row', { name: /Outages first/ })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.getByTestId('sla-targets').waitFor();
    await screenshot(page, 'sla-policy-editor-zh-cn');
  }, 240_000);

  it('an admin shortens a policy’s first reply target; an open ticket’s page shows the new target within seconds, untouched', async () => {
    const ticket = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'vera@example.com', real_name: 'Vera', subject: 'VPN drops every hour', description: 'Again.' },
    });
    expect(ticket.code).toBe('0000');
    const token = await signInAdmin(server.app);
    const updated = async (ticketId: number) =>
      (
        await call<{ update_ts: number }>(server.app, 'GET', '/api/admin/ticket.get', {
          token,
          query: { ticket_id: String(ticketId) },
        })
      ).data.update_ts;
    const before = await updated(ticket.data.ticket_id);
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/sla/add');
    await page.getByLabel('Title').fill('VPN');
    const all = page.getByTestId('conditions-all');
    await all.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, all, 'Field', 'Subject');
    await all.getByLabel('Value').fill('vpn');
    await page.getByTestId('sla-targets').getByLabel('Normal First reply').fill('480');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').first().waitFor();
    await page.getByRole('row', { name: /VPN/ }).getByText('First reply 8 h').waitFor();

    // The ticket was there before the policy: the save brings it its target, without any change to it.
    const sla = page.getByTestId('ticket-sla');
    const shows = async (text: RegExp) => {
      await expect
        .poll(async () => {
          await page.goto(`/wswt/ticket/edit/${ticket.data.ticket_id}`);
          await page.getByRole('heading', { name: 'VPN drops every hour' }).waitFor();
          await page.getByText('Properties').waitFor();
          return (await sla.count()) > 0 && (await sla.getByText(text).count()) > 0;
        })
        .toBe(true);
    };
    await shows(/^(7 h 59 min|8 h) left$/);
    await sla.getByText(/Policy: VPN/).waitFor();

    // Shortened to 45 minutes on the policy's page: the ticket's page follows within seconds.
    await page.goto('/wswt/setting/sla');
    await page.getByRole('row', { name: /VPN/ }).getByRole('button', { name: 'Edit' }).click();
    const first = page.getByTestId('sla-targets').getByLabel('Normal First reply');
    await expect.poll(() => first.inputValue()).toBe('480');
    await first.fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').first().waitFor();
    const saved = Date.now();
    // Back to the ticket through its header tab, as an agent does: the page follows by itself.
    await page.getByRole('tab', { name: 'VPN drops every hour' }).click();
    await sla.getByText(/^(4[45]) min left$/).waitFor();
    const waited = Date.now() - saved;
    console.log(`policy saved -> ticket page shows the new target: ${waited} ms`);
    // The worker polls every 2 s and the recompute takes milliseconds; a page opened in the last
    // minute reads its target again every 5 s: under 10 s; 15 s leaves room for a busy machine.
    expect(waited).toBeLessThan(15_000);
    await page.waitForTimeout(300);
    await screenshot(page, 'sla-ticket-target-after-policy-edit-en');
    // Untouched: the ticket itself was not changed (same update time).
    expect(await updated(ticket.data.ticket_id)).toBe(before);
  }, 240_000);
});
