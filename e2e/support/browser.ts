import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

export const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * Chromium's features Playwright turns off (playwright-core 1.65's chromiumSwitches.ts), and the
 * browser's own omnibox drop-downs. Chromium reads only the last `--disable-features`, so ours must
 * repeat Playwright's. Headless Chromium is the whole browser with its window hidden: each window
 * (a Playwright context) preloaded two WebUI renderers for the address bar's suggestions
 * (chrome://omnibox-popup.top-chrome), which nobody here types into. Measured on tickets.e2e.ts,
 * two runs each: Chromium's CPU 106 / 87 s → 77 / 64 s, the file 90 / 83 s → 78 / 70 s.
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Ours:
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** The file's browsers: a test's contexts are closed when it ends (support/failure.ts). */
export const browsers = new Set<Browser>();

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no network chatter). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${disabledFeatures.join(',')}`,
    ],
  });
  browsers.add(browser);
  browser.on('disconnected', () => browsers.delete(browser));
  return browser;
}

/** The pages of the file's tests, with what their consoles said: a failing test prints them (support/failure.ts). */
export const openPages = new Map<Page, string[]>();

function watch(page: Page): void {
  const said: string[] = [];
  openPages.set(page, said);
  const note = (line: string) => {
    said.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (said.length > 30) {
      said.shift();
    }
  };
  page.on('console', (m) => note(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => note(`page error: ${e.message}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`at ${f.url()}`));
  page.on('response', (r) => r.url().includes('/api/') && note(`${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('close', () => openPages.delete(page));
}

/** A desktop's page, or with `device` another device's (a phone: its viewport, `isMobile`, `hasTouch`). */
export async function newPage(
  browser: Browser,
  baseURL: string,
  device: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion, as a person may ask of their system: menus and messages open without
  // animating, so a click never lands on a menu still sliding in (web/src/AntdRoot.tsx).
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 800 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    ...device,
  });
  const page = await context.newPage();
  watch(page);
  // Two browser files run at once (vitest.config.ts): a step gets room on a busy machine.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Fills the sign-in form the way a person does and submits it with Enter. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

/**
 * A new page signed in as `who` through the sign-in form, opened at `next` (a path) where the
 * sign-in page sends afterwards.
 */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string },
  next = '/wswt',
): Promise<Page> {
  const { page } = await newPage(browser, baseURL);
  await page.goto(`/wswt/login?next=${encodeURIComponent(next)}`);
  await signInThroughForm(page, who.email, who.password);
  await page.waitForURL((url) => url.pathname === new URL(next, baseURL).pathname);
  return page;
}
