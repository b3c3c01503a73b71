import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { buildGroup } from '../../server/test/factories.js';
import { newPage, screenshot } from '../support/browser.js';
import { adminToken, browser, hostUrl, server, setUpChatTests } from '../support/chatSetup.js';

const { chatAgent, agentOnChat } = setUpChatTests();

const as = (token: string, path: string, body: unknown) => call(server.app, 'POST', path, { token, body });

/** The agent accepts the first chat of their waiting queue; answers its ticket's id. */
async function acceptFirstWaiting(token: string): Promise<number> {
  const queue = await call<{ waiting: Array<{ ticket_id: number }> }>(server.app, 'GET', '/api/admin/chat.queue.list', {
    token,
  });
  const ticketId = queue.data.waiting[0]?.ticket_id as number;
  expect((await as(token, '/api/admin/chat.accept', { ticket_id: ticketId })).code).toBe('0000');
  return ticketId;
}

/** A chat started as the widget does, kept in the host page's storage as the launcher keeps it. */
async function storedChat(page: Page, realName: string) {
  const started = await call<{ ticket_id: number; visitor_token: string }>(server.app, 'POST', '/api/home/chat.start', {
    body: { real_name: realName, answers: [], page_url: hostUrl },
  });
  expect(started.code, started.msg).toBe('0000');
  const value = { token: started.data.visitor_token, ticketId: started.data.ticket_id, name: realName, email: '' };
  await page.evaluate((v) => localStorage.setItem('parley.chat.v1', JSON.stringify(v)), value);
  return started.data.ticket_id;
}

async function openWidget(page: Page): Promise<FrameLocator> {
  await page.locator('[data-parley-widget]').locator('button.btn').click();
  return page.frameLocator('iframe[title]');
}

/** Whether the focused element of the chat window is `selector`'s. */
const focusedIn = (frame: FrameLocator, selector: string) =>
  frame
    .locator(selector)
    .first()
    .evaluate((e) => e.ownerDocument.activeElement === e);

describe('the chat widget', () => {
  it('waits again once its chat is handed back to a group, then names the agent who takes it; the keyboard goes on after Send and End', async () => {
    const carl = await chatAgent('Carl Agent');
    await buildGroup(server.database.db, [carl.accountId]);
    const { agentPage } = await agentOnChat('Alice Agent');
    await agentPage.getByText('No chat is waiting').waitFor();
    const { page } = await newPage(browser, hostUrl);
    await page.goto('/');
    const frame = await openWidget(page);
    // No live region around the pre-chat form: a redrawn form is not read out whole.
    const start = frame.getByRole('button', { name: 'Start chat' });
    await start.waitFor();
    await expect(
      frame
        .locator('.card')
        .first()
        .evaluate((e) => e.closest('[aria-live]') === null),
    ).resolves.toBe(true);
    await expect(frame.locator('[aria-live]:not([aria-live="off"])').count()).resolves.toBe(0);
    await start.click();
    await frame.getByText('Waiting for an agent…').waitFor();
    // The visitor is still in the window: the keyboard is in the message box.
    await expect.poll(() => focusedIn(frame, 'textarea')).toBe(true);
    // The message list alone is said as it grows (the typing line below it has its own).
    const log = frame.getByRole('log');
    await expect.poll(() => log.getAttribute('aria-live')).toBe('polite');
    await expect(frame.locator('#body').getAttribute('aria-live')).resolves.toBeNull();
    await expect(
      frame.locator('textarea').evaluate((e) => e.closest('[aria-live]')?.getAttribute('aria-live') ?? null),
    ).resolves.toBeNull();

    await agentPage.locator('[data-chat-id]').first().click();
    await agentPage.getByRole('button', { name: 'Accept' }).click();
    await log.getByText('Alice Agent joined the chat').waitFor();
    await expect(frame.locator('#status').textContent()).resolves.toBe('Alice Agent');

    await agentPage.getByRole('combobox', { name: 'Transfer to…' }).click();
    await agentPage.getByTitle(/^Group [0-9a-f]{8}$/).click();
    await agentPage.getByRole('button', { name: 'Transfer' }).click();
    await expect.poll(() => frame.locator('#status').textContent()).toBe('Waiting for an agent…');
    await frame.locator('.sys').getByText('Waiting for an agent…').last().waitFor();
    await screenshot(page, 'widget-transferred-back-en');

    await acceptFirstWaiting(carl.token);
    await frame.getByText('Carl Agent joined the chat').waitFor();
    await expect(frame.locator('#status').textContent()).resolves.toBe('Carl Agent');

    // Send with the button: the keyboard stays in the message box.
    await frame.getByRole('textbox').fill('Hello Carl');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.locator('.msg.me').getByText('Hello Carl').waitFor();
    await expect(focusedIn(frame, 'textarea')).resolves.toBe(true);
    // End the chat: the keyboard goes on to the rating, whose thanks are said aloud.
    await frame.getByRole('button', { name: 'End chat' }).click();
    await frame.getByRole('button', { name: 'Yes' }).click();
    await frame.getByText('How was this chat?').waitFor();
    await expect.poll(() => focusedIn(frame, '[data-rate] button')).toBe(true);
    await page.keyboard.press('Enter');
    await frame.getByRole('status').getByText('Thank you for your rating').waitFor();
    await agentPage.close();
    await page.close();
  });

  it('speaks the host page’s language unless its snippet says otherwise, and names a typed pre-chat answer by its question', async () => {
    const question = await call<{ question_id: number }>(server.app, 'POST', '/api/admin/settings/question.add', {
      token: adminToken,
      body: { title: 'Order number', question_type: 'text' },
    });
    // Someone online (a chat agent on the workspace), so that the widget offers a chat.
    const { agent: olga, agentPage } = await agentOnChat('Olga Online');
    await agentPage.getByText('No chat is waiting').waitFor();
    const { page } = await newPage(browser, hostUrl);
    await page.goto('/zh');
    const launcher = page.locator('[data-parley-widget] button.btn');
    await expect(launcher.getAttribute('aria-label')).resolves.toBe('在线咨询');
    await expect(page.getByRole('button', { name: '在线咨询' }).count()).resolves.toBe(1);
    const frame = await openWidget(page);
    await frame.getByRole('button', { name: '开始对话' }).waitFor();
    await frame.getByRole('textbox', { name: 'Order number' }).fill('A-7');
    await screenshot(page, 'widget-host-lang-zh-cn');
    // Taken, then handed back to a group: the Chinese visitor reads that they wait again.
    await frame.getByRole('button', { name: '开始对话' }).click();
    await frame.getByText('正在等待客服接入…').waitFor();
    const chatId = await acceptFirstWaiting(olga.token);
    await frame.getByText('Olga Online 已加入对话').waitFor();
    const groupId = await buildGroup(server.database.db, []);
    expect((await as(olga.token, '/api/admin/chat.transfer', { ticket_id: chatId, group_id: groupId })).code).toBe(
      '0000',
    );
    await expect.poll(() => frame.locator('#status').textContent()).toBe('正在等待客服接入…');
    await screenshot(page, 'widget-transferred-back-zh-cn');
    await page.evaluate(() => localStorage.clear());

    await page.goto('/zh-snippet-en');
    await expect(page.getByRole('button', { name: 'Chat with us' }).count()).resolves.toBe(1);
    const en = await openWidget(page);
    await en.getByRole('button', { name: 'Start chat' }).waitFor();
    await en.getByRole('textbox', { name: 'Order number' }).waitFor();
    await screenshot(page, 'widget-host-lang-en');
    await call(server.app, 'POST', '/api/admin/settings/question.delete', {
      token: adminToken,
      body: { question_id: question.data.question_id },
    });
    await agentPage.close();
    await page.close();
  });

  it('hears a window closed before its chat had loaded: unread messages count on the launcher and are said', async () => {
    const agent = await chatAgent('Ute Unread');
    const { page } = await newPage(browser, hostUrl);
    await page.goto('/');
    const ticketId = await storedChat(page, 'Quinn Quick');
    await page.reload();
    expect((await as(agent.token, '/api/admin/chat.accept', { ticket_id: ticketId })).code).toBe('0000');
    // A slow network: the chat window arrives a moment after the visitor opened and closed it.
    await page.route('**/widget/chat?**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const launcher = page.locator('[data-parley-widget] button.btn');
    await launcher.click();
    await launcher.click();
    await expect(launcher.getAttribute('aria-expanded')).resolves.toBe('false');
    const frame = page.frameLocator('iframe[title]');
    await expect.poll(() => frame.locator('#status').textContent()).toBe('Ute Unread');
    const sent = await as(agent.token, '/api/admin/chat.message.add', {
      ticket_id: ticketId,
      body: 'Are you there?',
      client_message_id: 'u-1',
    });
    expect(sent.code, sent.msg).toBe('0000');
    await expect.poll(() => page.locator('[data-parley-widget] .badge').textContent()).toBe('1');
    await expect(page.locator('[data-parley-widget]').getByRole('status').textContent()).resolves.toBe('1 new message');
    await screenshot(page, 'widget-unread-en');
    await page.close();
  });
});

describe('the chat workspace', () => {
  it('sends the keyboard to the next chat once one is ended', async () => {
    const { agent, agentPage } = await agentOnChat('Eve Ender');
    const ids: number[] = [];
    for (const name of ['Fay First', 'Sam Second']) {
      const started = await call<{ ticket_id: number }>(server.app, 'POST', '/api/home/chat.start', {
        body: { real_name: name, answers: [], page_url: hostUrl },
      });
      ids.push(started.data.ticket_id);
      expect((await as(agent.token, '/api/admin/chat.accept', { ticket_id: started.data.ticket_id })).code).toBe(
        '0000',
      );
    }
    await agentPage.goto(`/wswt/chat?chat=${ids[0]}`);
    const end = agentPage.getByRole('button', { name: 'End chat' });
    await end.focus();
    await agentPage.keyboard.press('Enter');
    await agentPage.getByRole('dialog').getByRole('button', { name: 'End chat' }).click();
    const next = agentPage.locator(`[data-chat-id="${ids[1]}"]`);
    await expect.poll(() => next.evaluate((e) => document.activeElement === e)).toBe(true);
    await agentPage.close();
  });
});
