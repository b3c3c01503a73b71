import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgent, defaultPassword, giveDefaultRole } from '../../server/test/factories.js';
import { launchBrowser, newPage, screenshot, signInThroughForm } from '../support/browser.js';
import { pageWeight } from '../support/bundle.js';
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

async function withPage(run: (page: Page) => Promise<void>) {
  const { context, page } = await newPage(browser, server.url);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

describe('sign-in and the route guard', () => {
  it('signs in and lands on /wswt with the staff shell', async () => {
    await withPage(async (page) => {
      await page.goto('/wswt/login');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await screenshot(page, 'login');
      await signInThroughForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/wswt');
      await page.getByRole('menu').first().waitFor();
      await expect(page.getByRole('menuitem', { name: /Settings/ }).count()).resolves.toBeGreaterThan(0);
      await screenshot(page, 'shell');
    });
  });

  it('shows the server message for a wrong password and stays on the form', async () => {
    await withPage(async (page) => {
      await page.goto('/wswt/login');
      await signInThroughForm(page, admin.email, 'wrong-password');
      await page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/wswt/login');
    });
  });

  it('sends a signed-out visitor to login with next, and back there after signing in', async () => {
    await withPage(async (page) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js') && pathname.startsWith('/assets/')) {
          scripts.push(pathname.slice(1));
        }
      });
      await page.goto('/wswt/setting/people');
      await page.waitForURL((url) => url.pathname === '/wswt/login');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/wswt/setting/people');
      // Sent to sign in before the staff shell or the screen loaded: only the light sign-in page's
      // scripts came (issue 15), not the shell, Ant Design or the people screen.
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      const signInPage = pageWeight('/wswt/login').files;
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((file) => !signInPage.includes(file))).toEqual([]);
      await signInThroughForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/wswt/setting/people');
      expect(pathOf(page)).toBe('/wswt/setting/people');
    });
  });

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    it(`ignores a next of ${next} and lands on /wswt`, async () => {
      await withPage(async (page) => {
        await page.goto(`/wswt/login?next=${encodeURIComponent(next)}`);
        await signInThroughForm(page, admin.email, admin.password);
        await page.waitForURL((url) => url.pathname === '/wswt');
        expect(new URL(page.url()).origin).toBe(server.url);
      });
    });
  }

  it('shows page_not_found for an unknown route', async () => {
    await withPage(async (page) => {
      await page.goto('/wswt/no/such/screen');
      await page.waitForURL((url) => url.pathname === '/page_not_found');
      await page.getByText('Page not found').waitFor();
    });
  });

  it('sends an agent without the menu node to page_forbidden', async () => {
    const agent = await buildAgent(server.database.db, { realName: 'Ari Agent' });
    await giveDefaultRole(server.database.db, agent.accountId);
    await withPage(async (page) => {
      await page.goto('/wswt/login?next=%2Fwswt%2Fsetting%2Fpeople');
      await signInThroughForm(page, agent.email, defaultPassword);
      await page.waitForURL((url) => url.pathname === '/page_forbidden');
      await page.getByText('Access denied').waitFor();
      // Inside the staff shell, with the menu to go on from.
      await page.getByRole('menuitem', { name: /Ticket list/ }).waitFor();
      await screenshot(page, 'forbidden-in-shell');
      // The agent's menu holds ticket work and, among the settings, only shortcuts.
      await page.goto('/wswt');
      await page.getByRole('menuitem', { name: /Settings/ }).click();
      await page.getByRole('menuitem', { name: 'Shortcuts' }).waitFor();
      await expect(page.getByRole('menuitem', { name: 'People' }).count()).resolves.toBe(0);
      await expect(page.getByRole('menuitem', { name: 'Roles and permissions' }).count()).resolves.toBe(0);
    });
  });

  it('switches the interface to Chinese', async () => {
    await withPage(async (page) => {
      await page.goto('/wswt/login');
      await signInThroughForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/wswt');
      await page.getByRole('button', { name: /Language/ }).click();
      // The browser asks for reduced motion (support/browser.ts): the menu is there at once, not sliding in.
      const menu = page.locator('.ant-dropdown').last();
      await menu.waitFor();
      expect(await menu.getAttribute('class')).not.toMatch(/slide|motion|appear|enter/);
      await page.getByText('简体中文').last().click();
      await page.getByRole('menuitem', { name: /设置/ }).first().waitFor();
      await screenshot(page, 'shell-zh-cn');
      // The choice survives a reload, and the server answers in Chinese too.
      await page.reload();
      await page.getByRole('menuitem', { name: /设置/ }).first().waitFor();
    });
  });

  it('opens the language menu for a press made before its code is in and released after', async () => {
    await withPage(async (page) => {
      // The menu's code held back until the button is pressed (LateDropdown loads it after the shell).
      let letIn: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        letIn = resolve;
      });
      await page.route(/\/assets\/dropdown(Module)?-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/wswt/login');
      await signInThroughForm(page, admin.email, admin.password);
      await page.waitForURL((url) => url.pathname === '/wswt');
      // The shell's header is drawn (the sign-in page has a language button of its own).
      await page.getByRole('button', { name: 'Collapse menu' }).waitFor();
      const button = page.getByRole('button', { name: /Language/ });
      const box = await button.boundingBox();
      const before = await button.elementHandle();
      if (!box || !before) {
        throw new Error('no language button');
      }
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      letIn();
      // The loaded Dropdown draws its button anew under the held press: the browser sends no click.
      await page.waitForFunction((old) => !old?.isConnected, before);
      await page.mouse.up();
      await page.getByRole('menuitem', { name: '简体中文' }).waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
    });
  });
});
