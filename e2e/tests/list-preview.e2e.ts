// The ticket list drawn on the server for its first paint (issue 15, decision 0019): the page comes
// with the agent's rows in it, the app takes over, and nothing of it outlives the session.

import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';
import { sessionCookieValue } from '../support/sessionCookie.js';

let server: RunningServer;
let browser: Browser;
const hostile = '<img src=x onerror="window.__xss=1"></div> Broken printer';
// String.replace reads these as patterns ($` is the text before the match): text, as written.
const dollars = "Quote costs $` and $& and $$ and $' today";

beforeAll(async () => {
  server = await startServer({ listPreview: true });
  browser = await launchBrowser();
  for (const subject of ['Refund for order 1001', 'Password reset link expired', hostile, dollars]) {
    const res = await call(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'jane@example.com', real_name: 'Jane', subject, description: `About: ${subject}.` },
    });
    expect(res.code).toBe('0000');
  }
  // As `npm start` does once it listens: the render thread is up before the first agent comes.
  expect(await server.app.warmListPreview()).toBe(true);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((c) => c.name === 'parley_session')?.value;

/** The page as the server sends it, with the browser's cookies (no JavaScript run). */
async function pageHtml(page: Page, address = '/wswt') {
  const res = await page.request.get(address);
  return { html: await res.text(), cacheControl: res.headers()['cache-control'] };
}

describe('the ticket list drawn on the server', () => {
  it('comes with the rows, gives way to the app, and ends with the session', async () => {
    const agent = await signedIn(browser, server.url, admin);
    await agent.getByRole('row', { name: /Refund for order 1001/ }).waitFor();
    const context = agent.context();
    // The app keeps the cookie beside its token: the same session.
    const token = await agent.evaluate(() => JSON.parse(localStorage.getItem('parley.token') ?? '{}').value);
    expect(await sessionCookie(context)).toBe(sessionCookieValue(token));
    // The cookie calls nothing: the API takes tokens, not their hashes.
    const asToken = await call(server.app, 'GET', '/api/admin/auth.my.info.get', { token: sessionCookieValue(token) });
    expect(asToken.code).toBe('0401');

    const { html, cacheControl } = await pageHtml(agent);
    expect(html).toContain('id="parley-preview"');
    expect(html).toContain('Refund for order 1001');
    expect(html).toContain('Unassigned tickets');
    // The hostile subject is text, and the page holds tickets: never cached.
    expect(html).toContain('&lt;img src=x onerror=');
    expect(html).not.toContain('<img src=x');
    expect(cacheControl).toBe('private, no-store');
    // The page's own head once: a subject's `$` did not splice it into the rows.
    expect(html.split('src="/prefetch.js"').length).toBe(2);
    expect(html.split('<title>').length).toBe(2);
    // Each style sheet linked once (the shell's sheets beside the entry's own, which index.html links).
    const sheets = Array.from(html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g), (m) => m[1]);
    expect(sheets.length).toBeGreaterThan(1);
    expect(new Set(sheets).size).toBe(sheets.length);

    // With no JavaScript at all, the rows are on screen: the first paint needs none.
    const still = await context.newPage();
    await still.route(/\.js$/, (route) => route.abort());
    await still.goto('/wswt');
    const drawn = still.locator('#parley-preview tbody tr[data-row-key]');
    await drawn.first().waitFor();
    expect(await drawn.count()).toBe(4);
    expect(await still.locator('#parley-preview').getByText(hostile).isVisible()).toBe(true);
    expect(await still.locator('#parley-preview').getByText(dollars).isVisible()).toBe(true);
    // The names in the rows are the app's (not the numbers it shows before it has them).
    expect(
      await drawn
        .first()
        .locator('td', { hasText: /^Support$/ })
        .count(),
    ).toBe(1);
    // It cannot know which tickets this browser opened: it marks none "new" (the app does).
    expect(await still.locator('#parley-preview td span[role="img"]').count()).toBe(0);
    await screenshot(still, 'list-preview-en');
    await still.close();

    // A press on the picture while the app's list is still on its way reveals the app and does
    // nothing else: not the app's account menu, unseen beneath the picture's.
    const slow = await context.newPage();
    // Held until the press was made (a fixed 4-s delay ran from the prefetch's early request: on a
    // loaded machine the rows were in, and the picture gone, before the press).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await slow.route('**/api/admin/ticket.list**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await slow.goto('/wswt');
    await slow.getByRole('button', { name: 'Account menu' }).waitFor({ state: 'attached' });
    const account = await slow.locator('#parley-preview [aria-label="Account menu"]').boundingBox();
    expect(account).not.toBeNull();
    await slow.mouse.click((account?.x ?? 0) + 10, (account?.y ?? 0) + 10);
    expect(await slow.locator('#parley-preview').count()).toBe(0);
    await slow.waitForTimeout(500);
    expect(await slow.getByRole('menuitem', { name: 'Sign out' }).count()).toBe(0);
    release();
    await slow.close();

    // With it, the app takes over: the drawing goes, and the list is the app's own and works.
    await agent.reload();
    await agent.waitForFunction(() => document.getElementById('parley-preview') === null);
    expect(await agent.locator('#root td span[role="img"][title="Not opened yet"]').count()).toBe(4);
    await agent
      .getByRole('row', { name: /Password reset link expired/ })
      .getByRole('link')
      .click();
    await agent.getByRole('heading', { name: 'Password reset link expired' }).waitFor();
    expect(await agent.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // Another language on this device: the server draws in it.
    await agent.goto('/wswt');
    await agent.getByRole('button', { name: 'Language: English' }).click();
    await agent.getByRole('menuitem', { name: '简体中文' }).click();
    await agent.getByRole('heading', { name: '未分配的工单' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'parley_lang')?.value).toBe('zh-cn');
    const chinese = await pageHtml(agent);
    expect(chinese.html).toContain('未分配的工单');
    await agent.waitForFunction(() => document.getElementById('parley-preview') === null);
    await agent.reload();
    await agent.waitForFunction(() => document.getElementById('parley-preview') === null);
    await agent.waitForFunction(() => document.querySelector('.ant-spin-spinning') === null);
    await screenshot(agent, 'list-preview-app-zh-cn');

    // Signing out takes the cookie away, and the session it named draws nothing any more.
    await agent.getByRole('button', { name: '账号菜单' }).click();
    await agent.getByRole('menuitem', { name: '退出登录' }).click();
    await agent.waitForURL((url) => url.pathname === '/wswt/login');
    expect(await sessionCookie(context)).toBeUndefined();
    await context.addCookies([{ name: 'parley_session', value: sessionCookieValue(token), url: `${server.url}/wswt` }]);
    const after = await pageHtml(agent);
    expect(after.html).not.toContain('parley-preview');
    expect(after.html).not.toContain('Refund for order 1001');
    expect(after.cacheControl).toBe('no-cache');
    await context.close();
  });

  it('is not drawn without a good session cookie, nor for an address it does not draw', async () => {
    const { page } = await (async () => {
      const context = await browser.newContext({ baseURL: server.url });
      return { page: await context.newPage() };
    })();
    const plain = await pageHtml(page);
    expect(plain.html).not.toContain('parley-preview');
    await page.context().addCookies([{ name: 'parley_session', value: 'x'.repeat(43), url: `${server.url}/wswt` }]);
    expect((await pageHtml(page)).html).not.toContain('parley-preview');
    // A search or a sort is the app's to draw.
    const login = await call<{ token: string }>(server.app, 'POST', '/api/admin/auth.login', {
      body: { email: admin.email, password: admin.password },
    });
    await page
      .context()
      .addCookies([{ name: 'parley_session', value: sessionCookieValue(login.data.token), url: `${server.url}/wswt` }]);
    expect((await pageHtml(page)).html).toContain('parley-preview');
    expect((await pageHtml(page, '/wswt?sort=-ticket_id')).html).not.toContain('parley-preview');
    // An address naming a view the agent has not: drawn in the view the app opens instead (the
    // named view's rows, asked early, are not what it draws).
    const unknown = (await pageHtml(page, '/wswt?view_id=999999')).html;
    expect(unknown).toContain('parley-preview');
    expect(unknown).toContain('Refund for order 1001');
    // Likewise a device whose last view is gone (its cookie names it).
    await page.context().addCookies([{ name: 'parley_view', value: '999999', url: `${server.url}/wswt` }]);
    const stale = (await pageHtml(page)).html;
    expect(stale).toContain('parley-preview');
    expect(stale).toContain('Refund for order 1001');
    await page.context().close();
  });

  it("draws an agent's own menu and views, as the app then shows them", async () => {
    const login = await call<{ token: string }>(server.app, 'POST', '/api/admin/auth.login', {
      body: { email: admin.email, password: admin.password },
    });
    const added = await call(server.app, 'POST', '/api/admin/auth.account.add', {
      token: login.data.token,
      body: { email: 'ana@example.com', real_name: 'Ana Agent', user_type: 'agent', password: 'ana-pass-1' },
    });
    expect(added.code).toBe('0000');
    // Dates written as Settings › Localization says, in the help desk's time zone (the agent has
    // none of their own): a ticket from long ago shows its date, not "just now".
    const localized = await call(server.app, 'POST', '/api/admin/settings/localization.edit', {
      token: login.data.token,
      body: { default_language: 'en', default_timezone: 'Asia/Shanghai', date_format: 'iso' },
    });
    expect(localized.code).toBe('0000');
    await server.database.db.execute(
      sql`UPDATE ticket SET create_ts = 1700000000000, update_ts = 1700000000000 WHERE subject = 'Refund for order 1001'`,
    );
    // The others days old: "Just now" would read "1 minute ago" in the app if a minute turned
    // between the drawing and the app (a loaded machine), and the rows are compared word for word.
    const daysAgo = Date.now() - 3 * 86_400_000;
    await server.database.db.execute(
      sql`UPDATE ticket SET create_ts = ${daysAgo}::bigint - ticket_id * 60000, update_ts = ${daysAgo}::bigint - ticket_id * 60000 WHERE subject <> 'Refund for order 1001'`,
    );
    const agent = await signedIn(browser, server.url, { email: 'ana@example.com', password: 'ana-pass-1' });
    await agent.getByRole('heading', { name: 'Unassigned tickets' }).waitFor();
    const still = await agent.context().newPage();
    await still.route(/\.js$/, (route) => route.abort());
    await still.goto('/wswt');
    const texts = (page: Page, root: string, what: string) =>
      page.locator(`${root} ${what}`).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));
    const drawnMenu = await texts(still, '#parley-preview', 'nav [role="menuitem"]');
    const drawnViews = await texts(still, '#parley-preview', '.ant-card-body [role="menuitem"]');
    const drawnRows = await texts(still, '#parley-preview', 'tbody tr[data-row-key]');
    // 2023-11-15 in Shanghai (22:13 UTC the day before), written the ISO way.
    expect(drawnRows.join(' ')).toContain('2023-11-15');
    expect(drawnRows.join(' ')).not.toContain('2023-11-14');
    expect(drawnMenu.length).toBeGreaterThan(2);
    await still.close();
    // The groups' names come late (a slow answer): the drawing stays until the app can name the
    // group in its rows, not "#1" where the drawing said "Support".
    await agent.route(/\/api\/admin\/auth\.group\.list/, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    await agent.reload();
    await agent.waitForFunction(() => document.getElementById('parley-preview') === null);
    expect(await texts(agent, '#root', 'nav [role="menuitem"]')).toEqual(drawnMenu);
    expect(await texts(agent, '#root', '.ant-card-body [role="menuitem"]')).toEqual(drawnViews);
    // The rows read the same, cell for cell, the old ticket's dates included.
    expect(await texts(agent, '#root', 'tbody tr[data-row-key]')).toEqual(drawnRows);
    // An agent's menu is not the admin's (which has Reports): drawn from the agent's own nodes.
    expect(drawnMenu).not.toContain('Reports');
  });

  it('opens in the view the agent last chose: drawn, and its rows asked for once, before the app', async () => {
    const agent = await signedIn(browser, server.url, admin);
    await agent.getByRole('heading', { name: 'Unassigned tickets' }).waitFor();
    await agent.getByRole('menuitem', { name: /Recently updated tickets/ }).click();
    await agent.getByRole('heading', { name: 'Recently updated tickets' }).waitFor();
    const cookie = (await agent.context().cookies()).find((c) => c.name === 'parley_view')?.value;
    expect(Number(cookie)).toBeGreaterThan(0);

    // Without JavaScript: the drawing is of that view (a still picture, hidden from screen readers).
    const still = await agent.context().newPage();
    await still.route(/\.js$/, (route) => route.abort());
    await still.goto('/wswt');
    await still.locator('#parley-preview h1', { hasText: 'Recently updated tickets' }).waitFor();
    await still.close();

    // With it: the page's first request for rows is that view's, and the app takes its answer
    // rather than asking again once its code has run.
    // The names in the rows (agents, groups) likewise: asked for early, and taken, not asked twice.
    const lists: string[] = [];
    const names: string[] = [];
    agent.on('request', (r) => {
      if (r.url().includes('/api/admin/ticket.list')) {
        lists.push(new URL(r.url()).searchParams.get('view_id') ?? '');
      }
      const name = /\/api\/admin\/(auth\.agent\.all\.list|auth\.group\.list)/.exec(r.url());
      if (name?.[1]) {
        names.push(name[1]);
      }
    });
    await agent.goto('/wswt');
    await agent.locator('#root').getByRole('heading', { name: 'Recently updated tickets' }).waitFor();
    await agent.locator('#root tbody tr[data-row-key]').first().waitFor();
    await agent.waitForFunction(() => document.getElementById('parley-preview') === null);
    expect(lists).toEqual([cookie]);
    expect(names.sort()).toEqual(['auth.agent.all.list', 'auth.group.list']);
  });
});
