import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

// The ticket page and list by keyboard alone: what a pointer reaches, Tab, Enter and Escape reach too.

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await signInAdmin(server.app);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newTicket(subject: string) {
  const res = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
    body: { email: 'kim@example.com', real_name: 'Kim Keys', subject, description: 'By keyboard.' },
  });
  expect(res.code).toBe('0000');
  return res.data.ticket_id;
}

async function isDeleted(ticketId: number) {
  const res = await call<{ is_deleted: boolean }>(server.app, 'GET', '/api/admin/ticket.get', {
    token,
    query: { ticket_id: String(ticketId) },
  });
  return res.data.is_deleted;
}

/** The accessible name of the focused element, as a screen reader would say it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el === document.body || !el ? 'body' : (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });

describe('more actions by keyboard', () => {
  it('Enter on Delete asks first; Escape brings focus back to the menu button; confirming deletes', async () => {
    const id = await newTicket('Keyboard delete');
    const agent = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${id}`);
    const more = agent.getByRole('button', { name: 'More actions' });
    const openDelete = async () => {
      await more.focus();
      await agent.keyboard.press('Enter');
      await agent.getByRole('menuitem', { name: /Delete/ }).waitFor();
      await agent.keyboard.press('Tab');
      expect(await focusedName(agent)).toContain('Delete');
      await agent.keyboard.press('Enter');
      const dialog = agent.getByRole('dialog', { name: 'Are you sure to delete?' });
      await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
      await agent.waitForTimeout(300);
      // The dialog stays: the Enter that opened it did not also press its Cancel.
      expect(await dialog.isVisible()).toBe(true);
      return dialog;
    };
    const dialog = await openDelete();
    await agent.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await agent.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'More actions');
    expect(await isDeleted(id)).toBe(false);

    await openDelete();
    await agent.getByRole('dialog').getByRole('button', { name: 'Delete' }).focus();
    await agent.keyboard.press('Enter');
    await agent.getByText('This ticket is deleted. Restore it to work on it again.').waitFor();
    expect(await isDeleted(id)).toBe(true);
    // The menu button went with the ticket's deletion: focus is on Restore, not lost.
    await agent.waitForFunction(() => document.activeElement?.textContent?.includes('Restore') === true);
  });
});
