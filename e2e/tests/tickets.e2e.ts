import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, newPage, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  // The agent's main flow on the embedded database, as `npm start` serves it; the other files on PostgreSQL when the run has one.
  server = await startServer({ engine: 'pglite' });
  browser = await launchBrowser();
  token = await signInAdmin(server.app);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A ticket submitted through the public call, as the form at `/` does. */
async function submitPublicly(subject: string, description: string, email = 'visitor@example.com') {
  const res = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
    body: { email, real_name: 'Vera Visitor', subject, description },
  });
  expect(res.code).toBe('0000');
  return res.data.ticket_id;
}

async function ticket(ticketId: number) {
  const res = await call<{ ticket_state: string; assignee_id: number | null; is_deleted: boolean }>(
    server.app,
    'GET',
    '/api/admin/ticket.get',
    { token, query: { ticket_id: String(ticketId) } },
  );
  return res.data;
}

async function comments(ticketId: number) {
  const res = await call<{ list: Array<{ body: string; is_public: boolean }> }>(
    server.app,
    'GET',
    '/api/admin/ticket.comment.list',
    { token, query: { ticket_id: String(ticketId) } },
  );
  return res.data.list;
}

/** The after-submit choice (it starts as "Close tab" and is remembered in this browser). */
async function afterSubmit(page: Page, choice: 'Close tab' | 'Next ticket in view' | 'Stay on ticket') {
  await page.getByLabel('After submit').click();
  await page.locator('.ant-select-item-option').getByText(choice, { exact: true }).click();
}

/** From now on, keeps the text of each `<style>` the page adds (Ant Design adds its runtime styles so). */
async function collectAddedStyles(page: Page) {
  await page.evaluate(() => {
    const added: string[] = [];
    (window as unknown as { addedStyles: string[] }).addedStyles = added;
    new MutationObserver((changes) => {
      for (const change of changes) {
        change.addedNodes.forEach((node) => {
          if (node instanceof HTMLStyleElement) {
            added.push(node.textContent ?? '');
          }
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

async function addedStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { addedStyles: string[] }).addedStyles);
}

/** Types into the rich-text composer the way a person does. */
async function compose(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Comment' });
  await composer.click();
  await page.keyboard.type(text);
}

describe('tickets from the public form to solved', () => {
  it('a visitor submits with an attachment; an agent answers, notes, and solves it going to the next ticket', async () => {
    // Another unassigned ticket, older, so that "next ticket in view" has somewhere to go.
    const waiting = await submitPublicly('Scanner jams on every page', 'It jams after one page.', 'sam@example.com');

    // The visitor, at the public home.
    const { page: visitor } = await newPage(browser, server.url);
    await visitor.goto('/');
    await visitor.getByLabel('Email').fill('pat@example.com');
    await visitor.getByLabel('Name').fill('Pat Doe');
    await visitor.getByLabel('Subject').fill('VPN disconnects every few minutes');
    await visitor.getByLabel('Description').fill('Since the update my VPN drops every 5 minutes.');
    await visitor.locator('input[type=file]').setInputFiles({
      name: 'vpn-log.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('12:00 tunnel down\n12:05 tunnel down\n'),
    });
    // Uploaded (a submit while a file is on its way is refused with a warning).
    await visitor.locator('.pl-file-name[data-uploading="false"]', { hasText: 'vpn-log.txt' }).waitFor();
    // Let the file list's entry animation finish so that the picture shows the form at rest.
    await visitor.waitForTimeout(500);
    await screenshot(visitor, 'tickets-public-form');
    await visitor.getByRole('button', { name: 'Submit ticket' }).click();
    await visitor.getByText('Your ticket has been submitted').waitFor();
    const number = Number(
      (
        (await visitor
          .getByText(/^#\d+$/)
          .first()
          .textContent()) ?? ''
      ).slice(1),
    );
    expect(number).toBeGreaterThan(waiting);
    await screenshot(visitor, 'tickets-public-submitted');

    // The agent finds it in Unassigned tickets and opens it in a tab.
    const agent = await signedIn(browser, server.url, admin);
    await agent.getByText('Unassigned tickets').first().click();
    const row = agent.getByRole('row', { name: /VPN disconnects every few minutes/ });
    await row.waitFor();
    await agent.waitForLoadState('networkidle');
    await screenshot(agent, 'tickets-unassigned');
    await collectAddedStyles(agent);
    await row.getByRole('link', { name: 'VPN disconnects every few minutes' }).click();
    await agent.waitForURL((url) => url.pathname === `/wswt/ticket/edit/${number}`);
    // The header tab carries the subject, not a number.
    await agent.getByRole('tab', { name: /VPN disconnects every few minutes/ }).waitFor();
    await agent.getByText('Since the update my VPN drops every 5 minutes.').waitFor();
    await agent.getByText('vpn-log.txt').waitFor();
    // The components' CSS variables come with the build's style sheet: opening the ticket (cards,
    // tags, the composer...) added none of them to the page again, each a restyle of the page.
    expect((await addedStyles(agent)).filter((css) => /\.parley\.ant-[\w-]+\{--/.test(css))).toEqual([]);

    // A public reply…
    await afterSubmit(agent, 'Stay on ticket');
    await compose(agent, 'We are looking into it, thank you for the log.');
    await agent.getByRole('button', { name: 'Submit as Open' }).click();
    await agent.getByText('We are looking into it, thank you for the log.').waitFor();

    // …then an internal note, submitted as solved, moving on to the next ticket in the view.
    await agent.getByText('Internal note', { exact: true }).click();
    await compose(agent, 'Known issue with client 4.2; told them to upgrade.');
    await afterSubmit(agent, 'Next ticket in view');
    await screenshot(agent, 'tickets-composer-note');
    await agent.getByRole('button', { name: 'Submit as…' }).click();
    await agent.getByRole('menuitem', { name: 'Submit as Solved' }).click();
    await agent.waitForURL((url) => url.pathname === `/wswt/ticket/edit/${waiting}`);
    await agent.getByText('It jams after one page.').waitFor();

    const solved = await ticket(number);
    expect(solved.ticket_state).toBe('solved');
    const list = await comments(number);
    expect(list.map((c) => c.is_public)).toEqual([true, true, false]);
    expect(list[2]?.body).toContain('Known issue with client 4.2');
  });
});

describe('properties', () => {
  it('edits tags, followers and priority with the pointer and the keyboard, and saves them with the submit', async () => {
    const id = await submitPublicly('Invoice shows the wrong address', 'The billing address is the old one.');
    const me = await call<{ account_id: number }>(server.app, 'GET', '/api/admin/auth.my.info.get', { token });
    await call(server.app, 'POST', '/api/admin/ticket.edit', {
      token,
      body: { ticket_id: id, tags: ['billing'], follower_ids: [me.data.account_id] },
    });
    const agent = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${id}`);
    const item = (label: string) =>
      agent.locator('.ant-form-item').filter({ has: agent.getByText(label, { exact: true }) });
    await item('Followers').getByTitle('Administrator').waitFor();

    // Tags: a press opens the real Select (drawn as its markup until then); a typed tag and Enter add it.
    await agent.getByLabel('Tags').click();
    await agent.keyboard.type('refund');
    await agent.keyboard.press('Enter');
    await item('Tags').getByTitle('refund').waitFor();
    await agent.keyboard.press('Escape');

    // Followers: the remove button on an item removes it, without opening the list.
    await item('Followers').getByTitle('Administrator').locator('.ant-select-selection-item-remove').click();
    await expect.poll(() => item('Followers').getByTitle('Administrator').count()).toBe(0);
    expect(await agent.locator('.ant-select-dropdown:visible').count()).toBe(0);

    // Priority from the keyboard: the focus (the label's) brings the real Select, ArrowDown opens it.
    await agent.getByText('Priority', { exact: true }).click();
    await agent.keyboard.press('ArrowDown');
    await expect
      .poll(() => agent.getByRole('combobox', { name: 'Priority' }).getAttribute('aria-expanded'))
      .toBe('true');
    await agent.locator('.ant-select-item-option').getByText('Urgent', { exact: true }).click();

    await afterSubmit(agent, 'Stay on ticket');
    await agent.getByRole('button', { name: 'Submit as Open' }).click();
    await agent.getByTestId('ticket-updated').waitFor();
    const saved = (
      await call<{ tags: string[]; follower_ids: number[]; priority: string }>(
        server.app,
        'GET',
        '/api/admin/ticket.get',
        { token, query: { ticket_id: String(id) } },
      )
    ).data;
    expect(saved.tags).toEqual(['billing', 'refund']);
    expect(saved.follower_ids).toEqual([]);
    expect(saved.priority).toBe('urgent');
  });
});

describe('search', () => {
  it('finds a ticket by a Chinese word inside its subject', async () => {
    const id = await submitPublicly('我的打印机无法连接网络', '办公室的打印机从昨天开始无法打印。', 'li@example.com');
    await submitPublicly('显示器闪烁', '屏幕一直闪烁。', 'wang@example.com');
    const agent = await signedIn(browser, server.url, admin, '/wswt/search');
    const box = agent.getByPlaceholder('Words, "a phrase", status:pending, tag:vip, requester:…');
    await box.fill('打印机');
    await box.press('Enter');
    const row = agent.getByRole('row', { name: /我的打印机无法连接网络/ });
    await row.waitFor();
    // The list before the search held every ticket; the search's leaves the other one out.
    await agent.getByRole('row', { name: /显示器闪烁/ }).waitFor({ state: 'detached' });
    await expect(row.getByText(`#${id}`).count()).resolves.toBe(1);
    await screenshot(agent, 'tickets-search-chinese');
  });

  it("finds a requester's tickets by email with another form of a word, and shows where it was found", async () => {
    const id = await submitPublicly(
      'Office equipment',
      'The printers in room 4 stopped printing on Monday.',
      'kim.lee@example.org',
    );
    await submitPublicly('Printer toner', 'We need toner.', 'someone.else@example.org');
    const agent = await signedIn(browser, server.url, admin, '/wswt/search');
    const box = agent.getByPlaceholder('Words, "a phrase", status:pending, tag:vip, requester:…');
    await box.fill('printer requester:kim.lee@example.org');
    await box.press('Enter');
    const row = agent.getByRole('row', { name: /Office equipment/ });
    await row.waitFor();
    await agent.getByRole('row', { name: /Printer toner/ }).waitFor({ state: 'detached' });
    await expect(row.getByText(`#${id}`).count()).resolves.toBe(1);
    await expect(row.locator('mark').allTextContents()).resolves.toEqual(['printers']);
    await screenshot(agent, 'tickets-search-snippet-en');
    // Resting on the subject previews the latest comment.
    await row.getByRole('link', { name: 'Office equipment' }).hover();
    await agent.getByTestId('latest-comment').getByText('The printers in room 4 stopped printing on Monday.').waitFor();
    await screenshot(agent, 'tickets-latest-comment-preview');
    await agent.mouse.move(0, 0);
    await agent.getByTestId('latest-comment').waitFor({ state: 'hidden' });
    await agent.getByRole('button', { name: /English/ }).click();
    await agent.getByText('简体中文').click();
    await agent.getByPlaceholder('文字、"短语"、status:pending、tag:vip、requester:…').waitFor();
    await row.waitFor();
    await agent.keyboard.press('Escape');
    await screenshot(agent, 'tickets-search-snippet-zh-cn');
  });
});

describe('attachments', () => {
  it('shows an attached picture as a thumbnail that opens larger', async () => {
    const id = await submitPublicly('Broken screen', 'The screen has a crack.', 'dana@example.com');
    const agent = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${id}`);
    // Any picture will do: this page's own top left corner.
    const picture = await agent.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
    const chooser = agent.waitForEvent('filechooser');
    await agent.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles({ name: 'crack.png', mimeType: 'image/png', buffer: picture });
    // Uploaded, as the list shows it (a submit while a file is still on its way is refused with a
    // warning: under load the upload outlasted the typing below, and the click did nothing).
    await agent.locator('.ant-upload-list-item-done', { hasText: 'crack.png' }).waitFor();
    await agent.getByRole('textbox', { name: 'Comment' }).fill('A photo of it');
    await agent
      .getByRole('button', { name: /^Submit as/ })
      .first()
      .click();
    await agent.getByTestId('ticket-updated').waitFor();
    await agent.goto(`/wswt/ticket/edit/${id}`);
    const thumbnail = agent.getByTestId('attachment-thumbnails').getByRole('img', { name: 'crack.png' });
    await thumbnail.waitFor();
    await expect(thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).resolves.toBe(320);
    await screenshot(agent, 'tickets-attachment-thumbnail');
    await thumbnail.click();
    await agent.locator('.ant-image-preview-img').waitFor();
    await screenshot(agent, 'tickets-attachment-preview');
  });
});

describe('new ticket by an agent', () => {
  it('writes the first comment in the rich composer with a file attached', async () => {
    const agent = await signedIn(browser, server.url, admin, '/wswt/ticket/add');
    await agent.getByText('New requester').click();
    await agent.getByLabel('Email').fill('lee.phone@example.com');
    await agent.getByLabel('Subject').fill('Phone call: replacement charger');
    const editor = agent.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await agent.keyboard.type('Customer called: the charger of order A-77 is broken.');
    const chooser = agent.waitForEvent('filechooser');
    await agent.getByRole('button', { name: 'Attach file' }).click();
    await (await chooser).setFiles({ name: 'call-notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
    await agent.locator('.ant-upload-list-item-done', { hasText: 'call-notes.txt' }).waitFor();
    // Let the file list's entry animation finish so that the picture shows the form at rest.
    await agent.waitForTimeout(500);
    await screenshot(agent, 'tickets-agent-new-ticket');
    await agent.getByRole('button', { name: 'Create ticket' }).click();
    await agent.waitForURL((url) => url.pathname.startsWith('/wswt/ticket/edit/'));
    const card = agent.getByTestId('public-reply');
    await card.getByText('Customer called: the charger of order A-77 is broken.').waitFor();
    await card.getByText('call-notes.txt').waitFor();
  });
});

describe('spam', () => {
  it('marks a ticket as spam, then restores it from Deleted tickets and allows the requester again', async () => {
    const id = await submitPublicly('Cheap watches!!!', 'Buy now at cheap-watches.example', 'spammer@example.com');
    const agent = await signedIn(browser, server.url, admin, `/wswt/ticket/edit/${id}`);
    // Delete and spam live in the "More actions" menu.
    await agent.getByRole('button', { name: 'More actions' }).click();
    await agent.getByRole('menuitem', { name: /Mark as spam/ }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByText(/will be suspended and every ticket they requested/).waitFor();
    await dialog.getByRole('button', { name: 'Mark as spam' }).click();
    await agent.waitForURL((url) => url.pathname === '/wswt');
    expect((await ticket(id)).is_deleted).toBe(true);

    // Deleted tickets hold it; restoring brings it back.
    await agent.getByText('Deleted tickets').first().click();
    await agent
      .getByRole('row', { name: /Cheap watches!!!/ })
      .getByRole('link')
      .click();
    await agent.getByText('This ticket is deleted. Restore it to work on it again.').waitFor();
    await agent.getByRole('button', { name: 'Restore' }).click();
    await agent.getByText('This ticket is deleted. Restore it to work on it again.').waitFor({ state: 'detached' });
    expect((await ticket(id)).is_deleted).toBe(false);

    // The requester was suspended: allowed again from People.
    await agent.goto('/wswt/setting/people');
    const person = agent.getByRole('row', { name: /spammer@example\.com/ });
    await person.getByText('Suspended').waitFor();
    await person.getByRole('button', { name: 'Allow' }).click();
    await agent
      .getByRole('dialog')
      .getByRole('button', { name: /OK|Allow/ })
      .click();
    await person.getByText('Suspended').waitFor({ state: 'detached' });
    const again = await call(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'spammer@example.com', real_name: 'S', subject: 'Sorry', description: 'It was my cousin.' },
    });
    expect(again.code).toBe('0000');
  });
});

describe('script payloads', () => {
  it('render as text in the list, the conversation and a reply, and never run', async () => {
    const subject = '<img src=x onerror="window.__pwned=1">Help';
    const id = await submitPublicly(subject, '<script>window.__pwned=2</script><b>bold</b> text', 'eve@example.com');
    const agent = await signedIn(browser, server.url, admin);
    const dialogs: string[] = [];
    agent.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await agent.getByText('All unsolved tickets').first().click();
    await agent.getByRole('row', { name: /Help/ }).getByText(subject).waitFor();

    await agent.goto(`/wswt/ticket/edit/${id}`);
    await agent.getByRole('heading', { name: subject }).waitFor();
    await agent.getByText('bold').waitFor();
    await afterSubmit(agent, 'Stay on ticket');
    await compose(agent, '<img src=y onerror="window.__pwned=3"> typed as text');
    await agent.getByRole('button', { name: 'Submit as Open' }).click();
    await agent.getByText('<img src=y onerror="window.__pwned=3"> typed as text').waitFor();
    await screenshot(agent, 'tickets-script-payloads');

    expect(await agent.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const stored = await comments(id);
    expect(stored[0]?.body).not.toContain('<script');
    expect(stored[1]?.body).not.toMatch(/<img[^>]*onerror/);
  });
});

// The ticket page by keyboard alone: what a pointer reaches, Tab, Enter and Escape reach too.

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
    const id = await submitPublicly('Keyboard delete', 'By keyboard.', 'kim@example.com');
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
