// Screenshots of the screens issue 15 touched (public form, sign-in, ticket list, a ticket with a
// reply), in English and Chinese, to compare before and after:
//   npx tsx e2e/bench/screens.ts [suffix]   → test-results/screenshots/speed-<screen>-<lang>[-suffix].png
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, startServer } from '../support/server.js';

const suffix = process.argv[2] ? `-${process.argv[2]}` : '';
const server = await startServer();
const browser = await launchBrowser();
try {
  const token = await signInAdmin(server.app);
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    const added = await call<{ ticket_id: number }>(server.app, 'POST', '/api/admin/ticket.add', {
      token,
      body: {
        requester_email: `customer${i}@example.com`,
        requester_name: `Customer ${i}`,
        subject: `Order ${1000 + i}: refund question number ${i}`,
        comment: { body: '<p>Hello, the refund has not arrived yet.</p>' },
      },
    });
    ids.push(added.data.ticket_id);
  }
  // A ticket with a public reply and an internal note: avatars, the two kinds of cards.
  const ticketId = ids[0] as number;
  await call(server.app, 'POST', '/api/admin/ticket.edit', {
    token,
    body: { ticket_id: ticketId, comment: { body: '<p>We have sent the refund again.</p>', is_public: true } },
  });
  await call(server.app, 'POST', '/api/admin/ticket.edit', {
    token,
    body: { ticket_id: ticketId, comment: { body: '<p>Checked with the bank.</p>', is_public: false } },
  });
  const views = await call<{ list: Array<{ view_id: number; title: string }> }>(
    server.app,
    'GET',
    '/api/admin/ticket.view.list',
    { token },
  );
  const allUnsolved = views.data.list.find((v) => v.title === 'All unsolved tickets')?.view_id;
  for (const lang of ['en', 'zh-cn'] as const) {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 800 } });
    await context.addInitScript((l) => {
      localStorage.setItem('parley.language', JSON.stringify({ value: l, expires_at: null }));
    }, lang);
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('form button[type="submit"]').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, `speed-public-form-${lang}${suffix}`);
    await page.goto('/wswt/login');
    await page.locator('input[type="password"]').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, `speed-login-${lang}${suffix}`);
    await context.close();
    const staff = await signedIn(browser, server.url, admin, '/wswt');
    await staff.evaluate((l) => {
      localStorage.setItem('parley.language', JSON.stringify({ value: l, expires_at: null }));
    }, lang);
    await staff.goto(`/wswt?view_id=${allUnsolved}`);
    await staff.locator('tbody tr[data-row-key]').first().waitFor();
    await staff.waitForTimeout(800);
    await screenshot(staff, `speed-ticket-list-${lang}${suffix}`);
    await staff.goto(`/wswt/ticket/edit/${ticketId}`);
    await staff.locator('.ticket-comment-body').nth(2).waitFor();
    await staff.waitForTimeout(800);
    await screenshot(staff, `speed-ticket-${lang}${suffix}`);
    await staff.context().close();
  }
} finally {
  await browser.close();
  await server.stop();
}
