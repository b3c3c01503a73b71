// Screenshots of the staff shell with the ticket list in its states (side menu with settings open,
// ticket tabs, the user and language menus, keyboard focus, collapsed, narrow), English and
// Chinese, to compare the look before and after a change of the shell's components (issue 15):
//   npx tsx e2e/bench/shell-screens.ts <suffix>   → test-results/screenshots/shell-<state>-<lang>-<suffix>.png
// Builds nothing: it serves web/dist as it is.
import type { Page } from 'playwright-core';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, startServer } from '../support/server.js';

const suffix = process.argv[2] ?? 'now';
const server = await startServer();
const browser = await launchBrowser();

async function shoot(page: Page, name: string, lang: string) {
  await page.waitForTimeout(500);
  await screenshot(page, `shell-${name}-${lang}-${suffix}`);
}

try {
  const token = await signInAdmin(server.app);
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/admin/ticket.add', {
      token,
      body: {
        requester_email: `customer${i}@example.com`,
        requester_name: `Customer ${i}`,
        subject: `Order ${1000 + i}: refund question number ${i}`,
        comment: { body: '<p>Hello, the refund has not arrived yet.</p>' },
      },
    });
    ids.push(added.data.ticket_id);
  }
  for (const lang of ['en', 'zh-cn'] as const) {
    const page = await signedIn(browser, server.url, admin, '/wswt');
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.evaluate((l) => {
      localStorage.setItem('parley.language', JSON.stringify({ value: l, expires_at: null }));
    }, lang);
    await page.goto('/wswt');
    await page.locator('tbody tr[data-row-key]').first().waitFor();
    await shoot(page, 'list', lang);
    // Two ticket tabs, back on the list.
    for (const id of ids.slice(0, 2)) {
      await page.goto(`/wswt/ticket/edit/${id}`);
      await page
        .getByText(`Order ${1000 + ids.indexOf(id)}`)
        .first()
        .waitFor();
    }
    await shoot(page, 'ticket-tab', lang);
    await page.getByRole('tab').first().dispatchEvent('click');
    await page.locator('tbody tr[data-row-key]').first().waitFor();
    await shoot(page, 'list-tabs', lang);
    // Keyboard: focus on the menu.
    await page.locator('aside').getByRole('menuitem').nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await shoot(page, 'menu-focus', lang);
    await page.getByRole('button', { name: /Language|语言/ }).click();
    await shoot(page, 'language-menu', lang);
    await page.keyboard.press('Escape');
    await page.locator('header button').last().click();
    await shoot(page, 'user-menu', lang);
    await page.keyboard.press('Escape');
    await page.goto('/wswt/setting/people');
    await page.waitForTimeout(1500);
    await shoot(page, 'settings', lang);
    await page.goto('/wswt');
    await page.locator('tbody tr[data-row-key]').first().waitFor();
    await page.locator('header button').first().click();
    await shoot(page, 'collapsed', lang);
    await page.locator('header button').first().click();
    await page.setViewportSize({ width: 900, height: 800 });
    await shoot(page, 'narrow', lang);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
