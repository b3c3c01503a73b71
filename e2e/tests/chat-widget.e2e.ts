import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { buildGroup } from '../../server/test/factories.js';
import { uploadAs } from '../../server/test/images.js';
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
async function storedChat(page: Page, realName: string): Promise<{ ticketId: number; token: string }> {
  const started = await call<{ ticket_id: number; visitor_token: string }>(server.app, 'POST', '/api/home/chat.start', {
    body: { real_name: realName, answers: [], page_url: hostUrl },
  });
  expect(started.code, started.msg).toBe('0000');
  const value = { token: started.data.visitor_token, ticketId: started.data.ticket_id, name: realName, email: '' };
  await page.evaluate((v) => localStorage.setItem('parley.chat.v1', JSON.stringify(v)), value);
  return { ticketId: started.data.ticket_id, token: started.data.visitor_token };
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

/**
 * A phone (375x740 CSS px, as the audit's): a touch screen that honours a page's viewport tag. At
 * one device pixel per CSS pixel: with two, a click into the chat's frame after a screenshot was at
 * times hit-tested at half its coordinates (Playwright's check, not the page's layout).
 */
const phone = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};

/** What the chat window's field says about itself: its own message(s), read through `aria-describedby`. */
const describedBy = (field: Locator) =>
  field.evaluate((e) =>
    (e.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (id ? (e.ownerDocument.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim(),
  );

/** Whether `node` is on the screen and not under anything (elementFromPoint at its middle). */
const onScreen = (node: Locator) =>
  node.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = e.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.height > 0 && !!hit && (e === hit || e.contains(hit));
  });

// First in the file: no agent has been online yet, so the widget offers to leave a message.
describe('the chat widget on a phone', () => {
  it('fills the screen and follows the keyboard, names each missing field and goes to it, and ends a chat only on a button a thumb can hit', async () => {
    const { page } = await newPage(browser, hostUrl, phone);
    await page.goto('/en-phone');
    let frame = await openWidget(page);
    const send = frame.getByRole('button', { name: 'Send message' });
    await send.waitFor();
    const iframe = page.locator('iframe[title]');
    // The whole screen, not a card floating on it; its close control in view.
    await expect(iframe.boundingBox()).resolves.toEqual({ x: 0, y: 0, width: 375, height: 740 });
    await expect(onScreen(frame.getByRole('button', { name: 'Close' }))).resolves.toBe(true);

    // Sent empty: each field says what it misses, and the keyboard is on the first, in view.
    const fields = [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Subject', 'Subject is required'],
      ['Message', 'Message is required'],
    ] as const;
    for (const [label] of fields) {
      await expect(frame.getByLabel(label).getAttribute('aria-required')).resolves.toBe('true');
    }
    await send.click();
    for (const [label, message] of fields) {
      await expect(frame.getByLabel(label).getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(describedBy(frame.getByLabel(label))).resolves.toBe(message);
    }
    await expect.poll(() => focusedIn(frame, '#lm-real_name')).toBe(true);
    await expect(onScreen(frame.getByText('Name is required'))).resolves.toBe(true);
    await screenshot(page, 'widget-phone-form-errors-en');
    // Three filled, the email mistyped: that one alone is marked, and gone to.
    await frame.getByLabel('Name').fill('Otto Owl');
    await frame.getByLabel('Message').fill('Do you ship at night?');
    await frame.getByLabel('Subject').fill(`Night question ${'?'.repeat(250)}`);
    await frame.getByLabel('Email').fill('otto@');
    await frame.getByLabel('Name').focus();
    await send.click();
    await expect.poll(() => focusedIn(frame, '#lm-email')).toBe(true);
    await expect(describedBy(frame.getByLabel('Email'))).resolves.toBe('Incorrect mailbox format');
    await expect(frame.locator('[aria-invalid="true"]').count()).resolves.toBe(1);
    // What the server refuses is said at its field too (the subject is over 250 characters).
    await frame.getByLabel('Email').fill('otto@example.com');
    await send.click();
    await expect.poll(() => focusedIn(frame, '#lm-subject')).toBe(true);
    await expect(describedBy(frame.getByLabel('Subject'))).resolves.toBe('Too long');
    await expect(frame.getByLabel('Subject').getAttribute('aria-invalid')).resolves.toBe('true');

    // A chat with more messages than the screen holds.
    const { token } = await storedChat(page, 'Pia Phone');
    for (let i = 1; i <= 12; i++) {
      const sent = await call(server.app, 'POST', '/api/home/chat.message.add', {
        body: { visitor_token: token, body: `Message number ${i}`, client_message_id: `phone-${i}` },
      });
      expect(sent.code, sent.msg).toBe('0000');
    }
    await page.reload();
    frame = await openWidget(page);
    const newest = frame.getByText('Message number 12');
    await newest.waitFor();
    await expect.poll(() => onScreen(newest)).toBe(true);
    // The keyboard opens (the visual viewport shrinks): the window shrinks with it, the newest message stays in view.
    await frame.getByRole('textbox').focus();
    await page.setViewportSize({ width: 375, height: 444 });
    await expect.poll(() => iframe.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 444 });
    await expect.poll(() => onScreen(newest)).toBe(true);
    await expect(onScreen(frame.getByRole('textbox'))).resolves.toBe(true);
    await screenshot(page, 'widget-phone-keyboard-en');
    await page.setViewportSize(phone.viewport);

    // End chat is a thumb's height itself, not a 12px link.
    const tall = async (button: Locator) => (await button.boundingBox())?.height ?? 0;
    await expect(tall(frame.getByRole('button', { name: 'End chat' }))).resolves.toBeGreaterThanOrEqual(44);
    // Ending is asked with two buttons, apart, a thumb's height; the one that ends is the red one.
    await frame.getByRole('button', { name: 'End chat' }).click();
    const ask = frame.getByRole('group', { name: 'End this chat?' });
    const yes = ask.getByRole('button', { name: 'Yes, end chat' });
    const no = ask.getByRole('button', { name: 'No, keep chatting' });
    const [y, n] = [await yes.boundingBox(), await no.boundingBox()];
    if (!y || !n) {
      throw new Error('the end-chat buttons are not shown');
    }
    expect(Math.min(y.height, n.height)).toBeGreaterThanOrEqual(44);
    const apart = Math.max(
      y.x - (n.x + n.width),
      n.x - (y.x + y.width),
      y.y - (n.y + n.height),
      n.y - (y.y + y.height),
    );
    expect(apart).toBeGreaterThanOrEqual(8);
    const red = (b: Locator) =>
      b.evaluate((e) => {
        const [r = 0, g = 0, bl = 0] = (getComputedStyle(e).backgroundColor.match(/\d+/g) ?? []).map(Number);
        return r > 150 && g < 90 && bl < 90;
      });
    await expect(red(yes)).resolves.toBe(true);
    await expect(red(no)).resolves.toBe(false);
    await screenshot(page, 'widget-phone-end-ask-en');
    // The keyboard: on No (the safe one) first, Escape takes the question back, Tab reaches Yes.
    await expect.poll(() => no.evaluate((e) => e.ownerDocument.activeElement === e)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(ask.isVisible()).resolves.toBe(false);
    await expect(iframe.isVisible()).resolves.toBe(true);
    await frame.getByRole('button', { name: 'End chat' }).click();
    await page.keyboard.press('Tab');
    await expect.poll(() => yes.evaluate((e) => e.ownerDocument.activeElement === e)).toBe(true);
    await page.keyboard.press('Enter');
    await frame.getByRole('button', { name: 'Start a new chat' }).waitFor();
    await expect(tall(frame.getByRole('button', { name: 'Start a new chat' }))).resolves.toBeGreaterThanOrEqual(44);

    // A page not made for phones (no viewport tag) is laid out about 980px wide and shown zoomed
    // out: the chat is still laid out for the screen's 375px and fills it, at the screen's own size.
    await page.goto('/');
    frame = await openWidget(page);
    await frame.getByRole('button', { name: 'Start a new chat' }).waitFor();
    const fit = await iframe.evaluate((e) => {
      const r = e.getBoundingClientRect();
      const v = window.visualViewport as VisualViewport;
      return { scale: v.scale, width: r.width / v.width, height: r.height / v.height };
    });
    expect(fit.scale).toBeLessThan(0.5);
    expect(fit.width).toBeCloseTo(1, 2);
    expect(fit.height).toBeCloseTo(1, 2);
    await expect(frame.locator('html').evaluate((e) => e.clientWidth)).resolves.toBe(375);
    await screenshot(page, 'widget-phone-no-viewport-tag-en');
    await page.close();
  });
});

/**
 * The chat window's controls (and the launcher page's) under a finger's 44×44 CSS px, each as
 * "what it says width×height": none on a touch screen.
 */
const smallTargets = (root: Locator) =>
  root.evaluate((top) =>
    Array.from(
      top.querySelectorAll<HTMLElement>(
        'button, input:not([type="hidden"]):not([type="file"]), textarea, select, a[href], [role="button"]',
      ),
    )
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0 && (r.width < 44 || r.height < 44))
      .map(
        ({ e, r }) =>
          `${e.getAttribute('aria-label') || e.textContent?.trim() || e.id || e.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`,
      ),
  );

describe('the chat widget on a phone, every control', () => {
  it('is a finger’s size (44×44) on a touch screen: the forms, the message box, quick replies, ending, the rating (en and zh-cn) and the page greeting', async () => {
    const device = { ...phone, viewport: { width: 390, height: 844 } };
    const trigger = await call<{ trigger_id: number }>(server.app, 'POST', '/api/admin/settings/chat.trigger.add', {
      token: adminToken,
      body: {
        title: 'Touch greeting',
        trigger_type: 'page_greeting',
        delay_seconds: 1,
        url_contains: 'touch-phone',
        message: 'Need a hand with your bike?',
      },
    });
    expect(trigger.code, trigger.msg).toBe('0000');
    const { page } = await newPage(browser, hostUrl, device);
    await page.goto('/touch-phone');
    // The page greeting's close, on the shop's page.
    const greeting = page.locator('[data-parley-widget] .greet');
    await greeting.waitFor();
    await expect.soft(smallTargets(greeting)).resolves.toEqual([]);
    await screenshot(page, 'widget-phone-greeting-en-390x844');
    let frame = await openWidget(page);
    const body = frame.locator('body');

    // Nobody online: the leave-a-message form.
    await frame.getByRole('button', { name: 'Send message' }).waitFor();
    await expect.soft(smallTargets(body)).resolves.toEqual([]);

    // A chat an agent answers with quick replies: the message box, Send, the paper clip, End chat.
    const { ticketId } = await storedChat(page, 'Rita Rating');
    const agent = await chatAgent('Rudi Rater');
    expect((await as(agent.token, '/api/admin/chat.accept', { ticket_id: ticketId })).code).toBe('0000');
    const answered = await as(agent.token, '/api/admin/chat.message.add', {
      ticket_id: ticketId,
      body: 'Did the new chain fit?',
      client_message_id: 'touch-1',
      quick_replies: ['Yes, thanks', 'Not quite'],
    });
    expect(answered.code, answered.msg).toBe('0000');
    await page.reload();
    frame = await openWidget(page);
    await frame.getByRole('button', { name: 'Not quite' }).waitFor();
    await expect.soft(smallTargets(body)).resolves.toEqual([]);
    await screenshot(page, 'widget-phone-quick-replies-en-390x844');

    // Ending: the question's two buttons; then the rating and the way to a new chat.
    await frame.getByRole('button', { name: 'End chat' }).click();
    await frame.getByRole('button', { name: 'Yes, end chat' }).waitFor();
    await expect.soft(smallTargets(body)).resolves.toEqual([]);
    await frame.getByRole('button', { name: 'Yes, end chat' }).click();
    await frame.getByText('How was this chat?').waitFor();
    for (const name of ['Good', 'Bad']) {
      const box = await frame.getByRole('button', { name }).boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    }
    await expect.soft(smallTargets(body)).resolves.toEqual([]);
    await screenshot(page, 'widget-phone-rating-en-390x844');

    // The same ended chat on a Chinese page.
    await page.goto('/zh-touch-phone');
    frame = await openWidget(page);
    await frame.getByText('您对本次对话满意吗？').waitFor();
    await expect.soft(smallTargets(frame.locator('body'))).resolves.toEqual([]);
    await screenshot(page, 'widget-phone-rating-zh-cn-390x844');

    // Someone online and a question with choices: the pre-chat form.
    const question = await call<{ question_id: number }>(server.app, 'POST', '/api/admin/settings/question.add', {
      token: adminToken,
      body: {
        title: 'What can we help with?',
        question_type: 'single_choice',
        answers: [{ text: 'An order' }, { text: 'Something else' }],
      },
    });
    expect(question.code, question.msg).toBe('0000');
    const { agentPage } = await agentOnChat('Tina Touch', { nothingWaiting: true });
    await frame.getByRole('button', { name: '开始新的对话' }).click();
    await frame.getByRole('button', { name: '开始对话' }).waitFor();
    await frame.getByRole('button', { name: 'An order' }).waitFor();
    await expect.soft(smallTargets(frame.locator('body'))).resolves.toEqual([]);
    await screenshot(page, 'widget-phone-pre-chat-zh-cn-390x844');

    await call(server.app, 'POST', '/api/admin/settings/question.delete', {
      token: adminToken,
      body: { question_id: question.data.question_id },
    });
    await call(server.app, 'POST', '/api/admin/settings/chat.trigger.delete', {
      token: adminToken,
      body: { trigger_ids: [trigger.data.trigger_id] },
    });
    await agentPage.close();
    await page.close();
  });
});

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

    const ticketId = await acceptFirstWaiting(carl.token);
    await frame.getByText('Carl Agent joined the chat').waitFor();
    await expect(frame.locator('#status').textContent()).resolves.toBe('Carl Agent');

    // Send with the button: the keyboard stays in the message box.
    await frame.getByRole('textbox').fill('Hello Carl');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.locator('.msg.me').getByText('Hello Carl').waitFor();
    await expect(focusedIn(frame, 'textarea')).resolves.toBe(true);
    // Three more, each before the last one's answer: shown at once, all sent, in order (the second
    // was refused with a notice that stayed).
    const box = frame.getByRole('textbox');
    for (const word of ['one', 'two', 'three']) {
      await box.fill(`Quick ${word}`);
      await box.press('Enter');
    }
    await expect.poll(() => frame.locator('.msg.me.pending, .msg.me.failed').count()).toBe(0);
    expect((await frame.locator('.msg.me').allTextContents()).slice(-3).map((m) => m.match(/Quick \w+/)?.[0])).toEqual([
      'Quick one',
      'Quick two',
      'Quick three',
    ]);
    const atAgent = await call<{ list: Array<{ body: string }> }>(
      server.app,
      'GET',
      `/api/admin/chat.message.list?ticket_id=${ticketId}`,
      { token: carl.token },
    );
    expect(atAgent.data.list.map((m) => /Quick \w+/.exec(m.body)?.[0]).filter(Boolean)).toEqual([
      'Quick one',
      'Quick two',
      'Quick three',
    ]);
    await expect(frame.locator('.typing').first().textContent()).resolves.not.toMatch(/wait/i);
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
    const { ticketId } = await storedChat(page, 'Quinn Quick');
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

  it("downloads a file the agent sent, the chat's key out of the download's address", async () => {
    const fay = await chatAgent('Fay Files');
    const { page } = await newPage(browser, hostUrl);
    await page.goto('/');
    const { ticketId } = await storedChat(page, 'Walt Visitor');
    expect((await as(fay.token, '/api/admin/chat.accept', { ticket_id: ticketId })).code).toBe('0000');
    const guide = Buffer.from('Step 1: unplug the router.\n');
    const fileId = await uploadAs(server.app, fay.token, guide, 'Reset guide.txt', 'text/plain');
    const sent = await as(fay.token, '/api/admin/chat.message.add', {
      ticket_id: ticketId,
      body: 'Here is the guide',
      client_message_id: 'file-1',
      file_ids: [fileId],
    });
    expect(sent.code, sent.msg).toBe('0000');
    await page.reload();
    const frame = await openWidget(page);
    const button = frame.getByRole('button', { name: 'Download Reset guide.txt' });
    await button.waitFor();
    const addresses: string[] = [];
    page.on('request', (r) => addresses.push(r.url()));
    const [saved] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(saved.suggestedFilename()).toBe('Reset guide.txt');
    const fs = await import('node:fs');
    expect(fs.readFileSync(await saved.path()).equals(guide)).toBe(true);
    const { token } = JSON.parse((await page.evaluate(() => localStorage.getItem('parley.chat.v1'))) as string) as {
      token: string;
    };
    // The download's address holds no key: a browser's download list keeps it (it goes in the body).
    const downloads = addresses.filter((a) => a.includes('chat.attachment.get'));
    expect(downloads.length).toBeGreaterThan(0);
    expect(downloads.filter((a) => a.includes(token))).toEqual([]);
    await screenshot(page, 'widget-file-download-en');
    await page.close();
  });

  it('says when the agent who has the chat goes offline and comes back, after a reload too (en and zh-cn)', async () => {
    const dana = await chatAgent('Dana Agent');
    const { page } = await newPage(browser, hostUrl);
    await page.goto('/');
    const { ticketId } = await storedChat(page, 'Vera Visitor');
    expect((await as(dana.token, '/api/admin/chat.accept', { ticket_id: ticketId })).code).toBe('0000');
    // The chat's state asked again once the socket is up (the second ask) answered only after the
    // agent has gone offline, with what it was when asked: an answer older than the socket's event
    // must not undo it (it put "back online" under "gone offline" when it came late).
    let asked = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let delivered: Promise<void> = Promise.resolve();
    await page.route('**/api/home/chat.get?*', async (route) => {
      asked += 1;
      if (asked !== 2) {
        return route.continue();
      }
      const answer = await route.fetch();
      delivered = released.then(() => route.fulfill({ response: answer }));
    });
    await page.reload();
    const frame = await openWidget(page);
    const status = () => frame.locator('#status').textContent();
    await expect.poll(status).toBe('Dana Agent');
    await expect.poll(() => asked).toBe(2);
    const state = async (chat_state: string) =>
      expect((await as(dana.token, '/api/admin/auth.my.chat.state.edit', { chat_state })).code).toBe('0000');

    await state('offline');
    const log = frame.getByRole('log');
    await log.getByText('Dana Agent has gone offline. Your messages are kept').waitFor();
    await expect.poll(status).toBe('Dana Agent (offline)');
    release();
    await delivered;
    await page.unroute('**/api/home/chat.get?*');
    // Still a conversation: what the visitor writes goes to the chat's ticket.
    await frame.locator('textarea').fill('I will wait for the answer');
    await frame.getByRole('button', { name: 'Send' }).click();
    await log.getByText('I will wait for the answer').waitFor();
    // The late answer changed nothing.
    expect(await status()).toBe('Dana Agent (offline)');
    expect(await log.getByText('Dana Agent is back online').count()).toBe(0);
    await screenshot(page, 'widget-agent-offline-en');
    // Reopened meanwhile: the header still says so.
    await page.reload();
    const again = await openWidget(page);
    await expect.poll(() => again.locator('#status').textContent()).toBe('Dana Agent (offline)');
    // …and so does the conversation, below what was written.
    await expect
      .poll(() => again.getByRole('log').evaluate((log) => log.lastElementChild?.textContent))
      .toBe('Dana Agent has gone offline. Your messages are kept, and you will be answered as soon as possible.');
    await screenshot(page, 'widget-agent-offline-reopened-en');
    await state('online');
    await again.getByRole('log').getByText('Dana Agent is back online').waitFor();
    await expect.poll(() => again.locator('#status').textContent()).toBe('Dana Agent');

    // The same in Chinese.
    await page.goto('/zh');
    const zh = await openWidget(page);
    await expect.poll(() => zh.locator('#status').textContent()).toBe('Dana Agent');
    // Reopened, the accept stands where it happened: before the message written after it.
    await expect
      .poll(() => zh.getByRole('log').evaluate((log) => Array.from(log.children).map((c) => c.textContent)))
      .toEqual([expect.stringContaining('您好'), 'Dana Agent 已加入对话', 'I will wait for the answer']);
    await state('offline');
    await zh.getByRole('log').getByText('Dana Agent 已离线。您的消息已保存，我们会尽快回复您。').waitFor();
    await expect.poll(() => zh.locator('#status').textContent()).toBe('Dana Agent（离线）');
    await screenshot(page, 'widget-agent-offline-zh-cn');
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
    // At 1100px, beside the chats and the visitor's panel: the actions within reach of a click, the
    // visitor's name not under the transfer box (End chat went under the panel, the box over the name).
    await agentPage.setViewportSize({ width: 1100, height: 768 });
    await agentPage.goto(`/wswt/chat?chat=${ids[0]}`);
    const end = agentPage.getByRole('button', { name: 'End chat' });
    // The page may take its time to come under a loaded machine; once the button shows, a trial
    // click fails only if something lies over it.
    await end.waitFor();
    await end.click({ trial: true, timeout: 5_000 });
    const name = await agentPage.locator('.ant-card-head').getByText('Fay First').boundingBox();
    const transfer = await agentPage.getByRole('combobox', { name: 'Transfer to…' }).boundingBox();
    expect(name && transfer && (transfer.y >= name.y + name.height || transfer.x >= name.x + name.width)).toBe(true);
    await screenshot(agentPage, 'chat-workspace-en-1100x768');
    await end.focus();
    await agentPage.keyboard.press('Enter');
    await agentPage.getByRole('dialog').getByRole('button', { name: 'End chat' }).click();
    const next = agentPage.locator(`[data-chat-id="${ids[1]}"]`);
    await expect.poll(() => next.evaluate((e) => document.activeElement === e)).toBe(true);
    await agentPage.close();
  });
});
