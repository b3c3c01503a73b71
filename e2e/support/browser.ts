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

/** The file's browsers: a test's contexts are closed when it ends (support/testEnd.ts). */
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

/** The pages of the file's tests, with what their consoles said: a failing test prints them (support/testEnd.ts). */
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

/** The desktop viewport every page starts with. */
const desktop = { width: 1366, height: 800 };

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
    viewport: desktop,
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

/** A staff member, as the tests sign them in. */
type TWho = { email: string; password: string };

/**
 * Per browser, the pages kept signed in, one per server and person, and whether a test holds one.
 * A new context signed in costs 2-4 s of Chromium's CPU (its sign-in page, then the staff page's
 * code compiled afresh); a staff page loaded in a kept one, under 1 s (docs/decisions/0012).
 */
const keptPages = new WeakMap<Browser, Map<string, { page: Page; held: boolean }>>();
const keptContexts = new WeakSet<BrowserContext>();

/** Whether `context` is kept from test to test (support/testEnd.ts closes the others a test opened). */
export const isKept = (context: BrowserContext) => keptContexts.has(context);

/** Whether a test is running (support/testEnd.ts): a page signed in outside one (a beforeAll's) is not kept. */
export const testRunning = { now: false };

/**
 * `who` signed in, on the staff page `next` (a path). The first time in a file, a new page signed
 * in through the sign-in form, where it sends afterwards; after that, the page kept for `who`,
 * set back between tests to a new browser's state but for the session (releaseKeptPages). A second
 * page for the same person in one test is a new context, signed in through the form.
 */
export async function signedIn(browser: Browser, baseURL: string, who: TWho, next = '/wswt'): Promise<Page> {
  let kept = keptPages.get(browser);
  if (!kept) {
    kept = new Map();
    keptPages.set(browser, kept);
  }
  const key = `${baseURL} ${who.email}`;
  const own = kept.get(key);
  if (own && !own.held && testRunning.now) {
    own.held = true;
    await own.page.goto(next);
    return own.page;
  }
  const { context, page } = await newPage(browser, baseURL);
  await page.goto(`/wswt/login?next=${encodeURIComponent(next)}`);
  await signInThroughForm(page, who.email, who.password);
  await page.waitForURL((url) => url.pathname === new URL(next, baseURL).pathname);
  if (!own && testRunning.now) {
    const entry = { page, held: true };
    kept.set(key, entry);
    keptContexts.add(context);
    context.on('close', () => kept.get(key) === entry && kept.delete(key));
  }
  return page;
}

/** The keys of the web app's storage a session is (web/src/auth/storage.ts): the rest is the device's. */
const sessionKeys = ['parley.token', 'parley.real_name', 'parley.timezone', 'parley.stay_login'];

/**
 * At a test's end (support/testEnd.ts), each kept page it held leaves the app (no socket, timer or
 * query of it runs during the next test) and is set back to a new browser's state but for the
 * session: the device's language, views, tabs, drafts and choices gone, its routes, viewport and
 * cookies as newPage gives them. One whose session ended (signed out) is closed.
 */
export async function releaseKeptPages(): Promise<void> {
  for (const browser of browsers) {
    for (const entry of keptPages.get(browser)?.values() ?? []) {
      if (!entry.held) {
        continue;
      }
      entry.held = false;
      const { page } = entry;
      // Other pages a test opened in it (a second tab) go with the test.
      await Promise.all(
        page
          .context()
          .pages()
          .filter((other) => other !== page)
          .map((other) => other.close()),
      );
      const stillSignedIn = await (async () => {
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.setViewportSize(desktop);
        await page.context().clearCookies({ name: /^parley_(lang|view)$/ });
        await page.goto('/favicon.svg');
        return page.evaluate(async (keep) => {
          for (const name of Object.keys(localStorage)) {
            if (!keep.includes(name)) {
              localStorage.removeItem(name);
            }
          }
          sessionStorage.clear();
          const token = JSON.parse(localStorage.getItem('parley.token') ?? 'null')?.value;
          const answer = token
            ? await fetch('/api/admin/auth.my.info.get', { headers: { Authorization: token } }).then((r) => r.json())
            : null;
          return answer?.code === '0000';
        }, sessionKeys);
      })().catch(() => false);
      if (!stillSignedIn) {
        await page.context().close();
      }
    }
  }
}
