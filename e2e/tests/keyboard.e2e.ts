import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

// What the keyboard does in a real browser: happy-dom moves no focus on Tab and returns none on
// its own, so the screen tests could not tell these apart from their bugs.

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await signInAdmin(server.app);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What has the focus: its tag and its text, or its accessible label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}` : '';
  });

describe('the keyboard in the staff screens', () => {
  it('a confirm dialog starts on its safe button, and Tab goes round its buttons with no empty stop', async () => {
    const res = await call(server.app, 'POST', '/api/admin/settings/tag.add', { token, body: { tag_name: 'urgent' } });
    expect(res.code).toBe('0000');
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/tag');
    await page
      .getByRole('row', { name: /urgent/ })
      .getByRole('checkbox')
      .check();
    await page
      .getByRole('button', { name: /Delete/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Are you sure to delete?' }).waitFor();
    await expect.poll(() => focused(page)).toBe('BUTTON Cancel');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('BUTTON Delete');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('BUTTON Cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('BUTTON Delete');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('BUTTON Cancel');
    await screenshot(page, 'keyboard-confirm');
    await page.keyboard.press('Escape');
  });

  it('Escape on the ticket list’s keys help gives the focus back to where "?" was pressed', async () => {
    await call(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'vera@example.com', real_name: 'Vera', subject: 'Printer on fire', description: 'Smoke.' },
    });
    const page = await signedIn(browser, server.url, admin, '/wswt');
    await page.getByRole('row', { name: /Printer on fire/ }).waitFor();
    const sort = page.getByRole('columnheader', { name: /Updated/ }).getByRole('button');
    await sort.focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Keyboard shortcuts').waitFor();
    // The dialog has the keyboard while it is open.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => sort.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('after a submit that leaves the ticket, the keyboard is on the toast’s "Open it", and the toast stays while focused', async () => {
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'sam@example.com', real_name: 'Sam', subject: 'Scanner jams', description: 'Every page.' },
    });
    const id = added.data.ticket_id;
    const page = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${id}`);
    const composer = page.getByRole('textbox', { name: 'Comment' });
    await composer.click();
    await page.keyboard.type('On it.');
    // After submit (its default): back to the list.
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => url.pathname === '/wswt');
    const open = page.getByRole('link', { name: 'Open it' });
    await open.waitFor();
    // The focus went with the ticket page: it lands on the link, not on the page's body.
    // (Else the poll says where the focus is, to tell a lost focus from one taken elsewhere.)
    const focusedOr = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        const link = document.querySelector('[data-action-toast] a');
        return (
          link === at ||
          `${link ? 'toast' : 'no toast'}; ${at?.tagName}.${at?.className} "${at?.textContent?.slice(0, 40)}"`
        );
      });
    await expect.poll(focusedOr).toBe(true);
    await screenshot(page, 'keyboard-toast-focused');
    // Longer than the toast's 8 seconds: it stays while the keyboard is on it.
    await page.waitForTimeout(9_500);
    expect(await open.isVisible()).toBe(true);
    // Tab goes on to the page; left, the toast goes after its time.
    await page.keyboard.press('Tab');
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(false);
    await open.waitFor({ state: 'detached', timeout: 12_000 });
  });

  it('in the composer, reply-or-note is one Tab stop, on the chosen option with its focus ring; arrows switch', async () => {
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'ann@example.com', real_name: 'Ann', subject: 'Badge reader', description: 'Red light.' },
    });
    const page = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${added.data.ticket_id}`);
    const kind = page.getByRole('radiogroup', { name: 'Reply or note' });
    const reply = kind.getByRole('radio', { name: 'Public reply' });
    await reply.waitFor({ state: 'attached' });
    const onSwitch = () =>
      kind.evaluate((group) => {
        const el = document.activeElement;
        return el === group
          ? 'group'
          : el instanceof HTMLInputElement && group.contains(el)
            ? el.value || 'radio'
            : 'out';
      });
    await reply.focus();
    // Before it: not the switch's own box (a stop where nothing showed the focus).
    await page.keyboard.press('Shift+Tab');
    expect(await onSwitch()).toBe('out');
    // Back: on the chosen option, ringed; on: out of the switch (not to the other option).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.checked)).toBe(true);
    expect(await kind.locator('.ant-segmented-item-focused').count()).toBe(1);
    await screenshot(page, 'keyboard-composer-kind');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => kind.getByRole('radio', { name: 'Internal note' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await onSwitch()).toBe('out');
  });
});
