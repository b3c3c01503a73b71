import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { launchBrowser, screenshot, signedIn } from '../support/browser.js';
import { admin, type RunningServer, startServer } from '../support/server.js';

let server: RunningServer;
let browser: Browser;
let token: string;
let urgentId: number;
let calmId: number;

const api = async <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) => {
  const res = await call<T>(server.app, method, `/api${path}`, {
    token,
    ...(method === 'GET'
      ? { query: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])) }
      : { body }),
  });
  expect(res.code, `${path}: ${res.msg}`).toBe('0000');
  return res.data;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = (await call<{ token: string }>(server.app, 'POST', '/api/admin/auth.login', { body: admin })).data.token;
  const add = async (subject: string, priority: string, tags: string[]) =>
    (
      await api<{ ticket_id: number }>('POST', '/admin/ticket.add', {
        requester_email: 'grace@example.com',
        requester_name: 'Grace Hopper',
        subject,
        comment: { body: '<p>It smokes.</p>', is_public: true },
        priority,
        tags,
      })
    ).ticket_id;
  urgentId = await add('Printer on fire', 'urgent', ['printer']);
  calmId = await add('Printer needs paper', 'normal', ['printer']);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function toChinese(page: Page) {
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByText('简体中文').last().click();
}

describe('views editor and macros', () => {
  it('adds a view filtered by a condition: it lists the ticket in its columns, and its dragged place persists', async () => {
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/view/add');
    await page.getByLabel('Title').fill('Urgent printers');
    // All of: the default "state is one of new, open, pending", plus "tags contain printer"; any of: priority urgent.
    const all = page.getByTestId('conditions-all');
    await all.getByRole('button', { name: 'Add condition' }).click();
    const second = all.getByTestId('view-condition').nth(1);
    await second.getByLabel('Property').click();
    await page.getByTitle('Tags', { exact: true }).last().click();
    await second.getByPlaceholder('A tag').fill('printer');
    const any = page.getByTestId('conditions-any');
    await any.getByRole('button', { name: 'Add condition' }).click();
    await any.getByTestId('view-condition').first().getByLabel('Property').click();
    await page.getByTitle('Priority', { exact: true }).last().click();
    await any.getByTestId('view-condition').first().getByLabel('Priority').click();
    await page.getByTitle('Urgent', { exact: true }).last().click();
    await page.keyboard.press('Escape');
    // Columns: the default seven, plus Tags.
    await page.getByLabel('Columns').click();
    await page.getByTitle('Tags', { exact: true }).last().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'view-edit-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').waitFor();
    await page.waitForURL((url) => url.pathname === '/wswt/setting/view');

    // Drag it from last place to the top (the keyboard drives the same drag as the mouse).
    const rows = page.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(8);
    await expect.poll(() => rows.last().innerText()).toContain('Urgent printers');
    const handle = rows.last().getByRole('button', { name: 'Drag to reorder' });
    const box = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number };
    const target = (await rows.first().boundingBox()) as { x: number; y: number };
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y - 10, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2, target.y + 2, { steps: 20 });
    await page.mouse.up();
    await page.getByText('Successfully saved').waitFor();
    await screenshot(page, 'view-list-en');
    await page.reload();
    await expect.poll(() => rows.first().innerText()).toContain('Urgent printers');
    const stored = await api<{ list: Array<{ view_id: number; title: string; columns: string[] }> }>(
      'GET',
      '/admin/settings/view.all.list',
    );
    expect(stored.list[0]?.title).toBe('Urgent printers');
    expect(stored.list[0]?.columns).toContain('tags');

    // The agent's sidebar lists it first; it holds the urgent printer ticket only, with a Tags column.
    await page.goto('/wswt');
    const sidebar = page.getByRole('menu').filter({ hasText: 'Urgent printers' });
    await expect
      .poll(async () => (await sidebar.getByRole('menuitem').first().innerText()).trim())
      .toMatch(/^Urgent printers/);
    await sidebar.getByRole('menuitem', { name: /Urgent printers/ }).click();
    await page.getByRole('link', { name: 'Printer on fire' }).waitFor();
    await page.getByRole('columnheader', { name: 'Tags' }).waitFor();
    expect(await page.getByRole('link', { name: 'Printer needs paper' }).count()).toBe(0);
    await screenshot(page, 'view-tickets-en');

    await page.goto('/wswt/setting/view');
    await toChinese(page);
    await page.getByText('客服工作所用的视图').waitFor();
    await screenshot(page, 'view-list-zh-cn');
    await page
      .getByRole('row', { name: /Urgent printers/ })
      .getByRole('button', { name: /编辑/ })
      .click();
    await page.getByText('工单必须满足以下所有条件').waitFor();
    await screenshot(page, 'view-edit-zh-cn');
  });

  it('adds a view filtered by a custom field, with the field as a column', async () => {
    const field = await api<{ field_id: number }>('POST', '/admin/settings/field.add', {
      field_type: 'nested',
      title: 'Category',
      options: [{ name: 'Hardware::Printer' }, { name: 'Software' }],
    });
    await api('POST', '/admin/ticket.edit', {
      ticket_id: urgentId,
      fields: { [`field_${field.field_id}`]: 'hardware::printer' },
    });
    await api('POST', '/admin/ticket.edit', { ticket_id: calmId, fields: { [`field_${field.field_id}`]: 'software' } });
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/view/add');
    await page.getByLabel('Title').fill('Printer category');
    const row = page.getByTestId('conditions-all').getByTestId('view-condition').first();
    await row.getByLabel('Property').click();
    await row.getByLabel('Property').fill('Categ');
    await page.getByTitle('Category', { exact: true }).last().click();
    await row.locator('.ant-form-item').nth(4).locator('.ant-select').click();
    await page.getByTitle('Hardware › Printer', { exact: true }).last().click();
    await page.getByLabel('Columns').click();
    await page.getByLabel('Columns').fill('Categ');
    await page.getByTitle('Category', { exact: true }).last().click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'view-custom-field-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').waitFor();
    const views = await api<{ list: Array<{ view_id: number; title: string }> }>('GET', '/admin/ticket.view.list');
    const viewId = views.list.find((v) => v.title === 'Printer category')?.view_id;
    await page.goto(`/wswt?view_id=${viewId}`);
    await page.getByRole('link', { name: 'Printer on fire' }).waitFor();
    await page.getByRole('columnheader', { name: 'Category' }).waitFor();
    await page.getByRole('cell', { name: 'Hardware › Printer' }).waitFor();
    expect(await page.getByRole('link', { name: 'Printer needs paper' }).count()).toBe(0);
    await screenshot(page, 'view-custom-field-tickets-en');
  });

  it('applies a macro on a ticket: the changes show before submitting, and the ticket changes as shown', async () => {
    await api('POST', '/admin/settings/note.add', {
      title: 'Escalate printer',
      actions: {
        submit_as: 'pending',
        priority: 'high',
        add_tags: ['escalated'],
        comment: { body: 'Hello {{requester.name}}, ticket #{{ticket.id}} is with our printer team.', is_public: true },
      },
    });
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/note');
    await page.getByRole('row', { name: /Escalate printer/ }).waitFor();
    await screenshot(page, 'note-list-en');
    await page.goto(`/wswt/ticket/edit/${calmId}`);
    await page.getByRole('button', { name: /Apply macro/ }).click();
    await page.getByRole('menuitem', { name: 'Escalate printer' }).click();
    await page.getByText('Macro “Escalate printer” applied: review the changes, then submit.').waitFor();
    const composer = page.getByRole('textbox', { name: 'Comment' });
    await expect
      .poll(() => composer.innerText())
      .toContain(`Hello Grace Hopper, ticket #${calmId} is with our printer team.`);
    await page.getByRole('button', { name: 'Submit as Pending' }).waitFor();
    // Nothing saved yet.
    const before = await api<{ priority: string; tags: string[] }>('GET', '/admin/ticket.get', { ticket_id: calmId });
    expect([before.priority, before.tags]).toEqual(['normal', ['printer']]);
    await screenshot(page, 'note-applied-en');
    await page.getByRole('button', { name: 'Submit as Pending' }).click();
    await page.getByTestId('ticket-updated').waitFor();
    const after = await api<{ priority: string; tags: string[]; ticket_state: string }>('GET', '/admin/ticket.get', {
      ticket_id: calmId,
    });
    expect([after.priority, after.tags, after.ticket_state]).toEqual(['high', ['printer', 'escalated'], 'pending']);
    const comments = await api<{ list: Array<{ body: string; is_public: boolean }> }>(
      'GET',
      '/admin/ticket.comment.list',
      {
        ticket_id: calmId,
      },
    );
    expect(comments.list.at(-1)).toMatchObject({
      body: `<p>Hello Grace Hopper, ticket #${calmId} is with our printer team.</p>`,
      is_public: true,
    });
    const notes = await api<{ list: Array<{ title: string; usage_count: number }> }>(
      'GET',
      '/admin/settings/note.list',
    );
    expect(notes.list.find((n) => n.title === 'Escalate printer')?.usage_count).toBe(1);
    await page.goto('/wswt/setting/note');
    await toChinese(page);
    await page.getByText('客服一键应用到工单的一组操作').waitFor();
    await screenshot(page, 'note-list-zh-cn');
    expect(urgentId).not.toBe(calmId);
  });
});
