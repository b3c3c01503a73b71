import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signedIn, signInThroughForm } from '../support/browser.js';
import { browser, server, setUpMailTests } from '../support/mailSetup.js';
import { admin } from '../support/server.js';

const { inboxOf } = setUpMailTests();
const nina = 'nina@customer.test';

describe('inviting an agent by mail', () => {
  it('an admin invites an agent; the agent sets a password through the mailed link and signs in', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/people');
    await page.getByRole('button', { name: /Add person/ }).click();
    const dialog = page.getByRole('dialog');
    const invite = dialog.getByRole('checkbox', { name: 'Send an invitation by email' });
    await expect.poll(() => invite.isChecked()).toBe(true);
    await dialog.getByLabel('Name', { exact: true }).fill('Nina New');
    await dialog.getByLabel('Email', { exact: true }).fill(nina);
    await screenshot(page, 'people-add-invite-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').waitFor();

    const [mail] = await inboxOf(nina);
    expect(mail).toBeTruthy();
    expect(mail?.subject).toBe('You are invited to Parley');
    const link = /href="([^"]*\/wswt\/password\?token=[A-Za-z0-9_-]{43})"/.exec(String(mail?.html))?.[1];
    expect(link).toBeTruthy();

    const { page: agentPage } = await newPage(browser, server.url);
    await agentPage.goto(link as string);
    await agentPage.getByRole('heading', { name: 'Set your password' }).waitFor();
    await screenshot(agentPage, 'password-set-en');
    await agentPage.getByLabel('New password').fill('nina-chose-1');
    await agentPage.getByLabel('Confirm password').fill('nina-chose-2');
    await agentPage.getByRole('button', { name: 'Set password' }).click();
    await agentPage.getByText('The passwords entered two times are inconsistent').waitFor();
    await agentPage.getByLabel('Confirm password').fill('nina-chose-1');
    await agentPage.getByRole('button', { name: 'Set password' }).click();
    await agentPage.getByText('Your password is set: sign in with it').waitFor();
    await screenshot(agentPage, 'password-set-then-sign-in-en');
    await signInThroughForm(agentPage, nina, 'nina-chose-1');
    await agentPage.waitForURL((url) => url.pathname === '/wswt');

    // The link worked once; in Chinese the page says so too.
    const { page: again } = await newPage(browser, server.url);
    await again.goto(link as string);
    await again.getByText(/This link was already used/).waitFor();
    await screenshot(again, 'password-link-used-en');
    await again
      .getByRole('button', { name: /Language|English/ })
      .first()
      .click();
    await again.getByText('简体中文').last().click();
    // The reason is the server's, in the language of the request: asked again in Chinese.
    await again.reload();
    await again.getByText(/此链接已使用过/).waitFor();
    await screenshot(again, 'password-link-used-zh-cn');
  });
});
