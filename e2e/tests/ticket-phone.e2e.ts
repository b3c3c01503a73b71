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

/**
 * A phone as the audit held it: 375px wide (or `viewport`), a touch screen, the page laid out for
 * a phone; in `language` (the app's own choice, kept in the browser).
 */
async function phone(viewport = { width: 375, height: 740 }, language: 'en' | 'zh-cn' = 'en'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
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
  if (language !== 'en') {
    await page.evaluate(
      (value) => localStorage.setItem('parley.language', JSON.stringify({ value, expires_at: null })),
      language,
    );
    await page.reload();
  }
  return page;
}

/** The phone of the second audit: 390×844. */
const phone390 = { width: 390, height: 844 };

/** What has the keyboard's focus: its tag, classes and name, and whether its ring is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    const style = e ? getComputedStyle(e) : null;
    return {
      label: e?.getAttribute('aria-label') ?? e?.textContent?.trim() ?? '',
      href: e?.getAttribute('href') ?? null,
      ring: style ? style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2 : false,
    };
  });

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
    // A macro, so that the composer's head holds "Apply macro" beside the reply kind.
    const macro = await call(server.app, 'POST', '/api/admin/settings/note.add', {
      token: await signInAdmin(server.app),
      body: { title: 'Escalate', actions: { priority: 'high' } },
    });
    expect(macro.code).toBe('0000');
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
    // The reply kind whole, and "Apply macro" on a line of its own rather than over "Internal note".
    const note = page.getByRole('radio', { name: 'Internal note' });
    await note.waitFor({ state: 'attached' });
    const noteBox = await note.locator('..').boundingBox();
    const macroBox = await page.getByRole('button', { name: /Apply macro/ }).boundingBox();
    if (!noteBox || !macroBox) {
      throw new Error('the reply kind or Apply macro is not on screen');
    }
    expect(macroBox.y).toBeGreaterThanOrEqual(noteBox.y + noteBox.height);
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: /Apply macro/ }).scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-phone-composer-en-375x740');
    await page.evaluate(() => window.scrollTo(0, 0));
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

  it('folds search’s filters behind a Filters button that counts them, the results on the first screen; Escape closes the drawer and the focus is back on the button (en, zh-cn); the desktop keeps its row', async () => {
    for (const subject of ['Bell rings twice', 'Bell cable frayed']) {
      const added = await call(server.app, 'POST', '/api/home/ticket.add', {
        body: { email: 'bea@example.com', real_name: 'Bea Bell', subject, description: 'The bell.' },
      });
      expect(added.code).toBe('0000');
    }
    for (const [language, button, dialog, state] of [
      ['en', 'Filters (2)', 'Filters', 'State'],
      ['zh-cn', '筛选（2）', '筛选', '状态'],
    ] as const) {
      const page = await phone(phone390, language);
      await page.goto('/wswt/search?kw=bell&ticket_state=new&created=7d');
      const first = page.getByRole('link', { name: /Bell/ }).first();
      await first.waitFor();
      // The results on the first screen, the filters not before them.
      const box = await first.boundingBox();
      expect((box?.y ?? 999) + (box?.height ?? 0)).toBeLessThanOrEqual(phone390.height);
      await expect(page.getByRole('combobox', { name: state, exact: true }).count()).resolves.toBe(0);
      const filters = page.getByRole('button', { name: button });
      expect(await widths(page)).toEqual({ page: 390, screen: 390 });
      await screenshot(page, `search-phone-folded-${language}-390x844`);
      // Reached with Tab from the box, opened with Enter: the focus goes into the drawer.
      await page.locator('.ant-input-search input').first().focus();
      for (let i = 0; i < 5 && !(await filters.evaluate((e) => e === document.activeElement)); i++) {
        await page.keyboard.press('Tab');
      }
      await expect(filters.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: dialog });
      await drawer.waitFor();
      await drawer.getByRole('combobox', { name: state, exact: true }).waitFor();
      await expect.poll(() => drawer.evaluate((e) => e.contains(document.activeElement))).toBe(true);
      expect(await widths(page)).toEqual({ page: 390, screen: 390 });
      await screenshot(page, `search-phone-open-${language}-390x844`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => filters.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.context().close();
    }

    // The desktop: the filters in their row, no Filters button.
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const desk = await context.newPage();
    openPages.set(desk, []);
    await desk.goto('/wswt/login?next=%2Fwswt');
    await signInThroughForm(desk, admin.email, admin.password);
    await desk.waitForURL((url) => url.pathname === '/wswt');
    await desk.goto('/wswt/search?kw=bell&ticket_state=new&created=7d');
    await desk.getByRole('row', { name: /Bell rings twice/ }).waitFor();
    await desk.getByRole('combobox', { name: 'State', exact: true }).waitFor();
    await desk.getByRole('button', { name: 'Clear filters' }).waitFor();
    await expect(desk.getByRole('button', { name: /^Filters/ }).count()).resolves.toBe(0);
    await screenshot(desk, 'search-desktop-en-1440x900');
    await context.close();
  }, 240_000);

  it('takes the list’s keys on the cards: j/k give a card the focus and its ring, x selects it, Enter opens it (en, zh-cn)', async () => {
    for (const subject of ['Chain slips in third gear', 'Saddle squeaks']) {
      const added = await call(server.app, 'POST', '/api/home/ticket.add', {
        body: { email: 'cyd@example.com', real_name: 'Cyd Cycle', subject, description: 'On the way to work.' },
      });
      expect(added.code).toBe('0000');
    }
    for (const language of ['en', 'zh-cn'] as const) {
      const page = await phone(phone390, language);
      const cards = page.locator('a.ticket-card');
      await cards.nth(1).waitFor();
      const [first, second] = await cards.evaluateAll((all) => all.slice(0, 2).map((a) => a.getAttribute('href')));
      await page.keyboard.press('j');
      await expect.poll(() => focused(page)).toMatchObject({ href: first, ring: true });
      await page.keyboard.press('j');
      await expect.poll(() => focused(page)).toMatchObject({ href: second, ring: true });
      await page.keyboard.press('k');
      await page.keyboard.press('j');
      await expect.poll(() => focused(page)).toMatchObject({ href: second, ring: true });
      // x selects the focused card: its checkbox ticked, the bulk bar over the cards.
      await page.keyboard.press('x');
      const boxes = page.locator('.ticket-cards > li').getByRole('checkbox');
      await expect.poll(() => boxes.nth(1).isChecked()).toBe(true);
      await page.getByText(language === 'en' ? '1 selected' : '已选 1 个').waitFor();
      expect(await widths(page)).toEqual({ page: 390, screen: 390 });
      await screenshot(page, `ticket-phone-cards-focused-${language}-390x844`);
      // ? lists x too.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog');
      await help.getByText(language === 'en' ? 'Select or unselect the ticket' : '选择或取消选择工单').waitFor();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(page)).toMatchObject({ href: second });
      // Enter opens the focused card's ticket.
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === second);
      // Back on the list, a finger selects: the card's checkbox is a finger's size and ticks it.
      await page.goBack();
      await boxes.nth(0).waitFor();
      const pick = await page.locator('.ticket-card-pick').first().boundingBox();
      expect(pick && Math.min(pick.width, pick.height)).toBeGreaterThanOrEqual(44);
      await boxes.nth(0).tap();
      await expect.poll(() => boxes.nth(0).isChecked()).toBe(true);
      await page.getByText(language === 'en' ? /^\d selected$/ : /^已选 \d 个$/).waitFor();
      await page.context().close();
    }
  }, 240_000);
});
