import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn, signInThroughForm } from '../support/browser.js';
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

/** The package an administrator would assemble under Auth packages: organization screens and writes. */
async function organizationPackage(): Promise<string> {
  const token = await signInAdmin(server.app);
  const nodes = await call<{ list: Array<{ node_id: number; node_value: string }> }>(
    server.app,
    'GET',
    '/api/admin/auth.node.list',
    {
      token,
      query: { limit: '100', kw: 'rganization' },
    },
  );
  const wanted = [
    '/wswt/setting/company',
    '/wswt/setting/company/add',
    '/wswt/setting/company/edit',
    '/wswt/company/:company_id',
    'company.add',
    'company.edit',
  ];
  const nodeIds = nodes.data.list.filter((n) => wanted.includes(n.node_value)).map((n) => n.node_id);
  expect(nodeIds).toHaveLength(wanted.length);
  const title = 'Organization editing';
  const added = await call(server.app, 'POST', '/api/admin/auth.pkg.add', {
    token,
    body: { pkg_title: title, node_ids: nodeIds },
  });
  expect(added.code).toBe('0000');
  return title;
}

describe('people, roles and suspension', () => {
  it('an admin grants organization editing to a new agent, then suspends them', async () => {
    const pkgTitle = await organizationPackage();
    const adminPage = await signedIn(browser, server.url, admin, '/wswt/setting/role/add');

    // A role made of that package.
    await adminPage.getByLabel('Role name').fill('Organization editors');
    await adminPage.getByRole('checkbox', { name: pkgTitle }).check();
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Successfully saved').first().waitFor();

    // A new agent with the default Agent role and the new one.
    await adminPage.goto('/wswt/setting/people');
    await adminPage.getByRole('button', { name: 'Add person' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Olga Org');
    await dialog.getByLabel('Email', { exact: true }).fill('olga@example.com');
    await dialog.getByRole('radio', { name: 'Agent' }).check({ force: true });
    await dialog.getByLabel('Roles').fill('Organization');
    await dialog.getByLabel('Roles').press('Enter');
    await dialog.getByLabel('Roles').press('Escape');
    await dialog.getByLabel('Password', { exact: true }).fill('olga-pass-1');
    await dialog.getByLabel('Confirm password').fill('olga-pass-1');
    await screenshot(adminPage, 'people-add-agent');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Successfully saved').first().waitFor();
    await adminPage.getByRole('cell', { name: /olga@example\.com/ }).waitFor();
    await screenshot(adminPage, 'people-list');

    // The agent sees exactly what the roles grant: tickets, shortcuts and organizations; not people.
    const agentPage = await signedIn(browser, server.url, { email: 'olga@example.com', password: 'olga-pass-1' });
    await agentPage.getByRole('menuitem', { name: /Settings/ }).click();
    await agentPage.getByRole('menuitem', { name: 'Organizations' }).waitFor();
    await agentPage.getByRole('menuitem', { name: 'Shortcuts' }).waitFor();
    await expect(agentPage.getByRole('menuitem', { name: 'People' }).count()).resolves.toBe(0);
    await expect(agentPage.getByRole('menuitem', { name: 'Roles and permissions' }).count()).resolves.toBe(0);

    // …and adds an organization.
    await agentPage.getByRole('menuitem', { name: 'Organizations' }).click();
    await agentPage.waitForURL((url) => url.pathname === '/wswt/setting/company');
    await agentPage.getByText('Add organization').click();
    await agentPage.getByLabel('Name').fill('Acme Ltd');
    await agentPage.getByLabel('Email domains').fill('acme.example, ACME.test ');
    await agentPage.getByRole('button', { name: 'Save' }).click();
    await agentPage.getByText('Successfully saved').first().waitFor();
    await agentPage.goto('/wswt/setting/company');
    await agentPage.getByRole('cell', { name: 'Acme Ltd' }).waitFor();
    await screenshot(agentPage, 'agent-companies');

    // The admin suspends the agent; the agent's next click lands on the sign-in page.
    await adminPage
      .getByRole('row', { name: /olga@example\.com/ })
      .getByRole('button', { name: 'Suspend' })
      .click();
    await adminPage
      .getByRole('dialog')
      .getByRole('button', { name: /OK|Suspend/ })
      .click();
    await adminPage
      .getByRole('row', { name: /olga@example\.com/ })
      .getByText('Suspended')
      .waitFor();
    await agentPage.getByRole('menuitem', { name: 'Ticket list' }).click();
    await agentPage.waitForURL((url) => url.pathname === '/wswt/login');
    // Signing in again is refused with the spec's message.
    await signInThroughForm(agentPage, 'olga@example.com', 'olga-pass-1');
    await agentPage.getByRole('alert').filter({ hasText: 'User has been suspended' }).waitFor();
  });
});

describe('an agent who may edit people only', () => {
  it('starts on People, and sees an admin read-only: no button the server would refuse (en, zh-cn)', async () => {
    const token = await signInAdmin(server.app);
    const wanted = ['/wswt/setting/people', '/wswt/account/:account_id', 'auth.account.edit'];
    const nodeIds: number[] = [];
    for (let offset = 0; nodeIds.length < wanted.length && offset < 2000; offset += 100) {
      const page = await call<{ list: Array<{ node_id: number; node_value: string }> }>(
        server.app,
        'GET',
        '/api/admin/auth.node.list',
        { token, query: { limit: '100', offset: String(offset) } },
      );
      if (page.data.list.length === 0) {
        break;
      }
      nodeIds.push(...page.data.list.filter((n) => wanted.includes(n.node_value)).map((n) => n.node_id));
    }
    expect(nodeIds).toHaveLength(wanted.length);
    const pkg = await call<{ pkg_id: number }>(server.app, 'POST', '/api/admin/auth.pkg.add', {
      token,
      body: { pkg_title: 'People editing', node_ids: nodeIds },
    });
    const role = await call<{ role_id: number }>(server.app, 'POST', '/api/admin/auth.role.add', {
      token,
      body: { role_name: 'People editors', auth_pkg_ids: [pkg.data.pkg_id] },
    });
    const added = await call(server.app, 'POST', '/api/admin/auth.account.add', {
      token,
      body: {
        email: 'pat@example.com',
        real_name: 'Pat People',
        user_type: 'agent',
        password: 'pat-pass-1',
        role_ids: [role.data.role_id],
      },
    });
    expect(added.code).toBe('0000');

    // Home is the ticket list, which this role leaves out: the first page of their menu instead.
    const page = await signedIn(browser, server.url, { email: 'pat@example.com', password: 'pat-pass-1' });
    await page.waitForURL((url) => url.pathname === '/wswt/setting/people');
    // The administrators: open, but neither suspended nor deleted from here.
    await page.goto('/wswt/setting/people?user_type=admin');
    const row = page.getByRole('row', { name: /admin@example\.com/ });
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row.getByRole('link', { name: 'Edit' }).click();
    await page
      .getByText('This person holds permissions you do not: you may see their details, not change them.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    await screenshot(page, 'people-read-only-en');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.getByText('该用户拥有您没有的权限：您可以查看其资料，但不能修改。').waitFor();
    await screenshot(page, 'people-read-only-zh-cn');
  });
});

describe('my profile', () => {
  it('crops and scales a large picture for the avatar instead of refusing it', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/account/my/profile');
    // A 640 x 400 picture: this page's own top left corner.
    await page.getByRole('button', { name: 'Upload' }).waitFor();
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 640, height: 400 } });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    const crop = page.getByRole('dialog', { name: 'Crop the picture: it is scaled to under 100 × 100' });
    await crop.waitFor();
    await screenshot(page, 'profile-avatar-crop');
    await crop.getByRole('button', { name: 'Use this part' }).click();
    // Uploaded (the server takes only pictures under 100 x 100) and shown as the avatar.
    await page.getByRole('button', { name: 'Replace' }).waitFor();
    const avatar = page.locator('.ant-avatar img').first();
    await avatar.waitFor();
    const size = await avatar.evaluate((img) => [
      (img as HTMLImageElement).naturalWidth,
      (img as HTMLImageElement).naturalHeight,
    ]);
    expect(size[0]).toBeLessThan(100);
    expect(size[0]).toBe(size[1]);
    await screenshot(page, 'profile-avatar-cropped');
  });
});
