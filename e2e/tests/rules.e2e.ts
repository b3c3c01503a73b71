import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInAdmin } from '../../server/test/app.js';
import { launchBrowser, newPage, screenshot, signedIn } from '../support/browser.js';
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

/** Picks an option of an Ant Design select by typing its label, as a person does with the keyboard. */
async function pick(page: Page, scope: ReturnType<Page['getByTestId']>, label: string, option: string, nth = 0) {
  const select = scope.getByLabel(label, { exact: true }).nth(nth);
  await select.click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('business rules', () => {
  it('an admin builds a trigger that tags and assigns tickets about printers; a visitor’s ticket arrives so; the dry run explains it', async () => {
    const token = await signInAdmin(server.app);
    const agent = await call<{ account_id: number }>(server.app, 'POST', '/api/admin/auth.account.add', {
      token,
      body: { email: 'petra@example.com', real_name: 'Petra Printer', user_type: 'agent', password: 'petra-pass-1' },
    });
    expect(agent.code).toBe('0000');

    // A printer ticket from before the trigger: the dry run will show what the trigger would change on it.
    const earlier = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'rob@example.com', real_name: 'Rob', subject: 'Printer out of toner', description: 'Empty.' },
    });
    expect(earlier.code).toBe('0000');

    const page = await signedIn(browser, server.url, admin, '/wswt/setting/trigger/add');
    await page.getByLabel('Title').fill('Printer tickets to Petra');
    const all = page.getByTestId('conditions-all');
    await all.getByRole('button', { name: 'Add condition' }).click();
    await pick(page, all, 'Field', 'Subject');
    await pick(page, all, 'Operator', 'contains');
    await all.getByLabel('Value').fill('printer');
    const actions = page.getByTestId('rule-actions');
    await actions.getByRole('button', { name: 'Add action' }).click();
    await actions.getByLabel('Value').first().click();
    await page.keyboard.type('printer');
    await page.keyboard.press('Enter');
    await actions.getByRole('button', { name: 'Add action' }).click();
    await pick(page, actions, 'Action', 'Assign to', 1);
    await pick(page, actions, 'Value', 'Petra Printer', 1);
    await screenshot(page, 'rules-trigger-editor-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').first().waitFor();
    await page.getByRole('cell', { name: 'Printer tickets to Petra' }).waitFor();

    // A visitor at the public home.
    const { page: visitor } = await newPage(browser, server.url);
    await visitor.goto('/');
    await visitor.getByLabel('Email').fill('quinn@example.com');
    await visitor.getByLabel('Name').fill('Quinn');
    await visitor.getByLabel('Subject').fill('The printer on floor 2 jams');
    await visitor.getByLabel('Description').fill('Every page since Monday.');
    await visitor.getByRole('button', { name: 'Submit ticket' }).click();
    await visitor.getByText('Your ticket has been submitted').waitFor();
    const ticketId = Number(
      (
        (await visitor
          .getByText(/^#\d+$/)
          .first()
          .textContent()) ?? ''
      ).slice(1),
    );

    const ticket = await call<{ tags: string[]; assignee_id: number | null }>(
      server.app,
      'GET',
      '/api/admin/ticket.get',
      {
        token,
        query: { ticket_id: String(ticketId) },
      },
    );
    expect(ticket.data.tags).toEqual(['printer']);
    expect(ticket.data.assignee_id).toBe(agent.data.account_id);
    await page.goto(`/wswt/ticket/edit/${ticketId}`);
    await page.getByRole('heading', { name: 'The printer on floor 2 jams' }).waitFor();
    await page.waitForTimeout(800);
    await screenshot(page, 'rules-ticket-tagged-assigned');

    // The dry run in the editor says why.
    await page.goto('/wswt/setting/trigger');
    await page
      .getByRole('row', { name: /Printer tickets to Petra/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    const dry = page.getByTestId('dry-run');
    await dry.getByLabel('Ticket ID').fill(String(ticketId));
    await dry.getByRole('button', { name: 'Run' }).click();
    const row = dry.getByRole('row', { name: /Printer tickets to Petra/ });
    await row.getByText('Would fire').waitFor();
    // Why: the condition and what the ticket had; nothing left to change on this one.
    await row.getByText(/Subject contains printer \(The printer on floor 2 jams\)/).waitFor();
    await row.getByText('No change').waitFor();
    // On the earlier ticket: what it would change, and nothing is changed.
    await dry.getByLabel('Ticket ID').fill(String(earlier.data.ticket_id));
    await dry.getByRole('button', { name: 'Run' }).click();
    await row.getByText(/Tags: .*printer/).waitFor();
    await row.getByText(/Assignee: .*Petra Printer/).waitFor();
    const untouched = await call<{ tags: string[]; assignee_id: number | null }>(
      server.app,
      'GET',
      '/api/admin/ticket.get',
      {
        token,
        query: { ticket_id: String(earlier.data.ticket_id) },
      },
    );
    expect(untouched.data).toMatchObject({ tags: [], assignee_id: null });
    await dry.scrollIntoViewIfNeeded();
    await screenshot(page, 'rules-dry-run-en');

    // The same screens in Chinese.
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByText('简体中文').click();
    await page.getByText('试运行').first().waitFor();
    await dry.getByRole('button', { name: /运\s*行/ }).click();
    await dry.getByText('会生效').waitFor();
    await screenshot(page, 'rules-dry-run-zh-cn');
    await page.goto('/wswt/setting/trigger');
    await page.getByRole('cell', { name: 'Printer tickets to Petra' }).waitFor();
    await screenshot(page, 'rules-trigger-list-zh-cn');
  }, 240_000);

  it('an admin builds a trigger on a custom field that sets another field; an agent’s change fires it, in English and Chinese', async () => {
    const token = await signInAdmin(server.app);
    const addField = async (title: string, options: string[]) => {
      const res = await call<{ field_id: number }>(server.app, 'POST', '/api/admin/settings/field.add', {
        token,
        body: { field_type: 'dropdown', title, options: options.map((o) => ({ name: o, value: o.toLowerCase() })) },
      });
      expect(res.code, res.msg).toBe('0000');
      return res.data.field_id;
    };
    const area = await addField('Product area', ['Hardware', 'Billing']);
    const team = await addField('Escalation team', ['Support', 'Finance']);
    const ticket = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/ticket.add', {
      body: { email: 'una@example.com', real_name: 'Una', subject: 'Charged twice this month', description: 'Twice.' },
    });
    expect(ticket.code).toBe('0000');
    const ticketId = ticket.data.ticket_id;

    // The editor: a condition on one custom field (under "Custom fields" in the field list), an action setting another.
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/trigger/add');
    await page.getByLabel('Title').fill('Billing tickets to Finance');
    const all = page.getByTestId('conditions-all');
    await all.getByRole('button', { name: 'Add condition' }).click();
    await all.getByLabel('Field', { exact: true }).click();
    await page.keyboard.type('Product area');
    // The list is long (and virtual): typing narrows it to the custom field, under its group.
    await page.locator('.ant-select-dropdown:visible').getByText('Custom fields').waitFor();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Product area' }).click();
    await pick(page, all, 'Operator', 'changed to');
    await pick(page, all, 'Product area', 'Billing');
    const actions = page.getByTestId('rule-actions');
    await actions.getByRole('button', { name: 'Add action' }).click();
    await pick(page, actions, 'Action', 'Set custom field');
    await pick(page, actions, 'Field', 'Escalation team');
    await pick(page, actions, 'Escalation team', 'Finance');
    await screenshot(page, 'rules-trigger-custom-field-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully saved').first().waitFor();
    await page.getByRole('cell', { name: 'Billing tickets to Finance' }).waitFor();
    const saved = await call<{ list: Array<{ title: string; conditions: unknown; actions: unknown }> }>(
      server.app,
      'GET',
      '/api/admin/settings/trigger.list',
      { token },
    );
    expect(saved.data.list.find((x) => x.title === 'Billing tickets to Finance')).toMatchObject({
      conditions: { all: [{ field: `field_${area}`, operator: 'changed_to', value: 'billing' }], any: [] },
      actions: [{ action: 'set_field', field_id: team, value: 'finance' }],
    });

    // An agent sets the product area on the ticket page; the trigger fills in the team.
    await page.goto(`/wswt/ticket/edit/${ticketId}`);
    const properties = page.locator('.ticket-properties');
    await properties.getByText('Escalation team').waitFor();
    await properties.getByLabel('Product area', { exact: true }).click();
    await page.getByTitle('Billing', { exact: true }).last().click();
    await page.getByRole('button', { name: 'Submit as Open' }).click();
    await page.getByTestId('ticket-updated').waitFor();
    await page.goto(`/wswt/ticket/edit/${ticketId}`);
    await properties.getByTitle('Billing', { exact: true }).waitFor();
    await properties.getByTitle('Finance', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'rules-ticket-field-set-en');
    const after = await call<{ fields: Record<string, unknown> }>(server.app, 'GET', '/api/admin/ticket.get', {
      token,
      query: { ticket_id: String(ticketId) },
    });
    expect(after.data.fields).toEqual({ [`field_${area}`]: 'billing', [`field_${team}`]: 'finance' });

    // The editor again, in Chinese: the custom-field condition and action as saved.
    await page.goto('/wswt/setting/trigger');
    await page
      .getByRole('row', { name: /Billing tickets to Finance/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByTestId('conditions-all').getByTitle('Product area', { exact: true }).waitFor();
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByText('简体中文').click();
    await page.getByText('设置自定义字段').first().waitFor();
    await page.getByTestId('conditions-all').getByTitle('变更为').waitFor();
    await screenshot(page, 'rules-trigger-custom-field-zh-cn');
  }, 240_000);
});

describe('business rules by keyboard', () => {
  it('Space on a trigger’s Active switch saves it, and the focus stays on the switch', async () => {
    const token = await signInAdmin(server.app);
    const added = await call(server.app, 'POST', '/api/admin/settings/trigger.add', {
      token,
      body: {
        title: 'Urgent printers',
        conditions: { all: [{ field: 'subject', operator: 'contains', value: 'printer' }], any: [] },
        actions: [{ action: 'set_priority', value: 'urgent' }],
      },
    });
    expect(added.code).toBe('0000');
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/trigger');
    const toggle = page.getByRole('row', { name: /Urgent printers/ }).getByRole('switch', { name: 'Active' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    // The focus never went to the page while it saved: Space again switches it back on.
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // On a phone the list scrolls sideways, and its Edit and Delete stay on the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const row = page.getByRole('row', { name: /Urgent printers/ });
    // Still named by their words (shown as icons alone there), and both within the screen.
    for (const name of ['Edit', 'Delete']) {
      const button = row.getByRole('button', { name });
      await expect
        .poll(async () => {
          const box = await button.boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'trigger-list-phone-en-390x844');
  });
});
