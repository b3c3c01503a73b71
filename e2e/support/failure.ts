import { beforeEach } from 'vitest';
import { openPages } from './browser.js';

/**
 * When a browser test fails, what each open page showed and did last: its address, its visible
 * text, its console and its API answers. A failure in CI is then readable from the log alone.
 */
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
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
  });
});
