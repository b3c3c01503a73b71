import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, signedIn } from '../support/browser.js';
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

describe('business rules by keyboard', () => {
  it('Space on a trigger’s Active switch saves it, and the focus stays on the switch', async () => {
    const token = await signInAdmin(server.app);
    const added = await call(server.app, 'POST', '/api/admin/settings/trigger.add', {
      token,
      body: {
        title: 'Urgent printers',
        conditions: { all: [{ field: 'subject', operator: 'contains', value: 'printer' }], any: [] },
        actions: [{ action: 'set_priority', value: 'urgent' }],
      },
    });
    expect(added.code).toBe('0000');
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/trigger');
    const toggle = page.getByRole('row', { name: /Urgent printers/ }).getByRole('switch', { name: 'Active' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    // The focus never went to the page while it saved: Space again switches it back on.
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
