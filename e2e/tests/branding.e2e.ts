import { accountSettingOps } from '@parley/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, newPage, screenshot } from '../support/browser.js';
import { type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;

/** The longest name Settings › Details takes: 100 characters, here Chinese ones (the widest). */
const longName = '星辰大海科技有限公司客户服务中心'.repeat(7).slice(0, 100);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await signInAdmin(server.app);
  const res = await call(server.app, 'POST', accountSettingOps.detailsEdit.path, {
    token,
    body: { helpdesk_name: longName, site_url: '' },
  });
  expect(res.code).toBe('0000');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** How much wider than the window the page is (0: it fits), and the brand name as shown. */
async function brandFit(page: Page) {
  // The product's own name shows until the help desk's arrives.
  const brand = page.locator('.pl-frame-top .pl-brand-name', { hasText: longName.slice(0, 8) });
  await brand.waitFor();
  return {
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    title: await brand.getAttribute('title'),
    cut: await brand.evaluate((el) => el.scrollWidth > el.clientWidth),
    switchShown: await page.getByRole('button', { name: /Language|语言/ }).isVisible(),
  };
}

describe('a long help desk name on the public pages', () => {
  for (const language of ['en', 'zh-cn'] as const) {
    it(`is cut short with the whole name on hover, never widening the page (${language})`, async () => {
      const { context, page } = await newPage(browser, server.url);
      try {
        for (const path of ['/', '/wswt/login']) {
          await page.goto(path);
          if (language === 'zh-cn' && path === '/') {
            await page.getByRole('button', { name: /Language/ }).click();
            await page.getByRole('menuitemradio', { name: '简体中文' }).click();
          }
          for (const width of [390, 1400]) {
            await page.setViewportSize({ width, height: 800 });
            const shown = await brandFit(page);
            expect(shown, `${path} at ${width}px`).toEqual({
              overflow: 0,
              title: longName,
              cut: true,
              switchShown: true,
            });
            await screenshot(page, `brand-long-${language}-${path === '/' ? 'form' : 'login'}-${width}`);
          }
        }
      } finally {
        await context.close();
      }
    });
  }
});
