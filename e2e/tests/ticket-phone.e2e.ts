import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, openPages, screenshot, signInThroughForm } from '../support/browser.js';
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

/** A phone as the audit held it: 375px wide, a touch screen, the page laid out for a phone. */
async function phone(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  openPages.set(page, []);
  page.setDefaultTimeout(30_000);
  await page.goto('/wswt/login?next=%2Fwswt');
  await signInThroughForm(page, admin.email, admin.password);
  await page.waitForURL((url) => url.pathname === '/wswt');
  return page;
}

/**
 * How wide the page is and how wide the screen: on a phone (isMobile) a page wider than the
 * screen also widens the layout viewport, so both are read, and the screen must stay 375.
 */
const widths = (page: Page) =>
  page.evaluate(() => ({ page: document.scrollingElement?.scrollWidth ?? 0, screen: window.innerWidth }));

describe('the tickets on a phone', () => {
  it('fits the list and a ticket with a long URL and an unspaced name in the screen', async () => {
    const url = `https://example.com/download/${'a'.repeat(150)}/${'b'.repeat(100)}?token=${'c'.repeat(20)}`;
    expect(url.length).toBeGreaterThanOrEqual(300);
    const subject = 'The download link in the welcome email that every new customer receives does not open on phones';
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: {
        email: 'maximilianus@example.com',
        real_name: 'Maximilianus_Bartholomew_Fitzgeraldsonwhitaker',
        subject,
        description: `The link: ${url}`,
      },
    });
    expect(added.code).toBe('0000');
    const id = added.data.ticket_id;
    const page = await phone();

    // The list: a card a ticket, nothing off to the right.
    const card = page.getByRole('link', { name: /The download link in the welcome email/ });
    await card.waitFor();
    expect(await widths(page)).toEqual({ page: 375, screen: 375 });
    // Nor scrolled sideways inside a box (the desktop's table was, in 303px).
    const sideways = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
    );
    expect(sideways).toEqual([]);
    // The state and the time it was updated are on screen, and the card is a finger's height.
    for (const part of [card.getByText('New', { exact: true }), card.locator('.ticket-card-time')]) {
      const box = await part.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect((await card.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'ticket-phone-list-en-375x740');

    // A tap opens the ticket.
    await card.tap();
    await page.waitForURL((u) => u.pathname === `/wswt/ticket/edit/${id}`);
    const heading = page.getByRole('heading', { name: subject });
    await heading.waitFor();
    await page.getByRole('link', { name: url }).waitFor();
    await page.getByRole('link', { name: 'Maximilianus_Bartholomew_Fitzgeraldsonwhitaker' }).waitFor();
    expect(await widths(page)).toEqual({ page: 375, screen: 375 });
    // The subject on a line of its own, below the id, as wide as the header card allows.
    const idBox = await page.getByText(`#${id}`, { exact: true }).boundingBox();
    const titleBox = await heading.boundingBox();
    expect(titleBox && idBox && titleBox.y).toBeGreaterThanOrEqual((idBox?.y ?? 0) + (idBox?.height ?? 0));
    expect(titleBox?.width).toBeGreaterThan(280);
    await screenshot(page, 'ticket-phone-ticket-en-375x740');

    // More → Delete: the dialog's buttons within the screen.
    await page.getByRole('button', { name: 'More actions' }).tap();
    await page.getByRole('menuitem', { name: /Delete/ }).tap();
    const ok = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
    await ok.waitFor();
    const okBox = await ok.boundingBox();
    expect(okBox && okBox.x >= 0 && okBox.x + okBox.width <= 375).toBe(true);
    await screenshot(page, 'ticket-phone-delete-en-375x740');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).tap();

    // Search: its result cards as wide as the list's (the page's 12px in, not the card's 24px more).
    await page.goto('/wswt/search?kw=download');
    const found = page.getByRole('link', { name: /The download link in the welcome email/ });
    await found.waitFor();
    const foundBox = await found.boundingBox();
    expect(foundBox?.x).toBeLessThanOrEqual(13);
    expect(foundBox?.width).toBeGreaterThanOrEqual(349);
    expect(await widths(page)).toEqual({ page: 375, screen: 375 });
    await screenshot(page, 'ticket-phone-search-en-375x740');
  }, 240_000);

  it('gives the survey’s comment box the screen’s width, less a thumb’s margin (en and zh-cn)', async () => {
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'sam@example.com', real_name: 'Sam', subject: 'Label printer', description: 'Blank labels' },
    });
    const token = await signInAdmin(server.app);
    const got = await call<{ update_ts: number }>(server.app, 'GET', '/api/admin/ticket.get', {
      token,
      query: { ticket_id: String(added.data.ticket_id) },
    });
    const solved = await call(server.app, 'POST', '/api/admin/ticket.edit', {
      token,
      body: { ticket_id: added.data.ticket_id, base_update_ts: got.data.update_ts, submit_as: 'solved' },
    });
    expect(solved.code, solved.msg).toBe('0000');
    const rows = await server.database.withConnection((q) =>
      q(`SELECT satisfaction_token FROM ticket WHERE ticket_id = ${added.data.ticket_id}`),
    );
    const survey = `/home/satisfaction?token=${rows[0]?.satisfaction_token}`;
    const page = await phone();
    for (const lang of ['en', 'zh-cn']) {
      await page.goto(`${survey}&lang=${lang}`);
      const comment = page.locator('textarea');
      await comment.waitFor();
      const box = await comment.boundingBox();
      // 16px from each side (it was 41: the page's 16 and the card's 24 and its border).
      expect(box?.x).toBeLessThanOrEqual(16);
      expect(box?.width).toBeGreaterThanOrEqual(375 - 32);
      expect(await widths(page)).toEqual({ page: 375, screen: 375 });
      await screenshot(page, `survey-phone-${lang}-375x740`);
    }
  }, 120_000);
});
