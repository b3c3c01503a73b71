// Tests resolve Ant Design's CommonJS copy (vite.config.ts), so its style context is this one.
import StyleContext from '@ant-design/cssinjs/lib/StyleContext';
import { configure } from '@testing-library/react';
import { createElement, useContext } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';
import { i18n } from '../i18n';
import { takeUnexpectedUnserved } from './fakeServer';

// A call the fake server does not answer gets 0404 and sends the app to page_not_found, at a moment
// that depends on the machine's load: a test serves every call its screens make, or names the ones
// it leaves unanswered (fakeServer's allowUnserved).
afterEach(() => {
  const unserved = takeUnexpectedUnserved();
  if (unserved.length > 0) {
    throw new Error(`The fake server answered 0404 to calls the test did not serve: ${unserved.join(', ')}`);
  }
});

// Each file starts with empty storage and in English: files share one window (isolate: false), and
// what a file left there (a language a survey link kept for the tab, in sessionStorage; the
// language a test switched the interface to) must not reach the next file's calls and texts.
beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') {
    await i18n.changeLanguage('en');
  }
});

// Screens load lazily; the first load of a module under test takes a moment (longer on a busy machine).
configure({ asyncUtilTimeout: 10_000 });

// The staff shell loads the back office's texts; screens tested alone need them too, in both
// languages. (The translation test checks that the public pages use only the texts they carry.)
import { loadStaffStrings } from '../i18n/staffStrings';

await Promise.all([loadStaffStrings('en'), loadStaffStrings('zh-cn')]);

// Ant Design and the account calls (with the contracts' schemas) load with the staff shell now (the
// public pages never load them). Under happy-dom their first import takes seconds, which would land
// inside the first test of each file; load them here as the app's root and route guard used to.
await Promise.all([import('../AntdRoot'), import('../AppHolders'), import('../api/auth')]);

// Ant Design's theme variables (the one style block per component kind it still inserts with its
// static sheet, decision 0013) go to an element outside the document. happy-dom's getComputedStyle
// cascades every style sheet over an element and each of its ancestors, and Testing Library's role
// queries ask it for every node under each candidate to compute accessible names: with those blocks
// in the document that was a third of the web pass's CPU (measured: 191 → 127 CPU-s, 113 → 73 s
// wall). Nothing here lays out, and the static sheet is already empty under the tests.
function DetachAntdStyles() {
  const context = useContext(StyleContext);
  // The context's default value (no StyleProvider in the app): every component without one reads it.
  context.container = document.createElement('div');
  return null;
}
flushSync(() => createRoot(document.createElement('div')).render(createElement(DetachAntdStyles)));
