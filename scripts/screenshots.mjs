// `npm run screenshots`: the README's pictures, taken anew from the product as it is. Runs the
// browser tests (they photograph what they check, into test-results/screenshots/), then copies
// the pictures the README shows into docs/screenshots/. `--no-run` copies from the last run.
import fs from 'node:fs';
import path from 'node:path';
import { buildWebIfStale, chromiumPath, mustRun, root } from './lib.mjs';

/** docs/screenshots/<name> ← test-results/screenshots/<taken by a browser test>. */
const pictures = {
  'login.png': 'login.png',
  'shell.png': 'workspace-list-en-1366x768.png',
  'shell-zh-cn.png': 'workspace-list-zh-cn-1366x768.png',
  'ticket.png': 'tickets-composer-note.png',
  'public-form.png': 'tickets-public-form.png',
  'search.png': 'tickets-search-snippet-en.png',
  'search-zh-cn.png': 'tickets-search-snippet-zh-cn.png',
  'chat.png': 'chat-workspace-en.png',
  'chat-zh-cn.png': 'chat-workspace-zh-cn.png',
  'widget.png': 'widget-conversation-en.png',
  'email.png': 'email-ticket-thread.png',
};

const taken = path.join(root, 'test-results', 'screenshots');
if (!process.argv.includes('--no-run')) {
  const chromium = chromiumPath();
  if (!chromium) {
    console.error('The screenshots need Chromium at /usr/bin/chromium (apt-get install -y chromium).');
    process.exit(1);
  }
  await buildWebIfStale();
  await mustRun('npx', ['vitest', 'run'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
}
const into = path.join(root, 'docs', 'screenshots');
fs.mkdirSync(into, { recursive: true });
const missing = [];
for (const [name, source] of Object.entries(pictures)) {
  const from = path.join(taken, source);
  if (fs.existsSync(from)) {
    fs.copyFileSync(from, path.join(into, name));
    console.log(`docs/screenshots/${name} ← ${source}`);
  } else {
    missing.push(source);
  }
}
if (missing.length) {
  console.error(`Not taken by the browser tests: ${missing.join(', ')}`);
  process.exit(1);
}
