import type { BrowserContext } from 'playwright-core';
import { beforeEach } from 'vitest';
import { browsers, isKept, openPages, releaseKeptPages, testRunning } from './browser.js';

/** Every context of the file's browsers now open. */
const contexts = () => new Set<BrowserContext>([...browsers].flatMap((browser) => browser.contexts()));

/**
 * When a browser test ends, the contexts it opened are closed: a page left open keeps its socket,
 * its timers and its queries alive, and went on reacting to every later test's tickets and chats
 * (the pages of a file's earlier tests drawing its later tests' changes). Contexts opened before
 * the test (a file's beforeAll) stay, and so do the pages kept signed in (browser.ts's signedIn),
 * set back for the next test.
 *
 * When it fails, first what each open page showed and did last: its address, its visible text, its
 * console and its API answers. A failure in CI is then readable from the log alone.
 */
beforeEach(({ onTestFinished }) => {
  const before = contexts();
  testRunning.now = true;
  onTestFinished(async ({ task }) => {
    testRunning.now = false;
    if (task.result?.state === 'fail') {
      await printOpenPages();
    }
    await releaseKeptPages();
    await Promise.all(
      [...contexts()]
        .filter((context) => !before.has(context) && !isKept(context))
        .map((context) => context.close().catch(() => undefined)),
    );
  });
});

async function printOpenPages() {
  for (const [page, said] of openPages) {
    if (page.isClosed()) {
      continue;
    }
    // What the page shows, not what it holds: hidden menus and closed dialogs left out.
    const text = await page
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500))
      .catch((error: Error) => `(unreadable: ${error.message})`);
    console.log(`\n--- page at ${page.url()}\nshows: ${text}\nlast:\n  ${said.join('\n  ')}\n`);
  }
}
