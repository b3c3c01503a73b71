import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../../server/test/app.js';
import { defaultPassword } from '../../server/test/factories.js';
import { newPage, screenshot, signedIn, signInThroughForm } from '../support/browser.js';
import { adminToken, browser, hostUrl, server, setUpChatTests } from '../support/chatSetup.js';
import { admin } from '../support/server.js';

const { agentOnChat, chatAgent } = setUpChatTests();

const post = (path: string, body: unknown) => call(server.app, 'POST', path, { token: adminToken, body });

/** A pre-chat question, and its choices' ids by their text. */
async function addQuestion(
  body: Record<string, unknown>,
): Promise<{ id: number; choice: (text: string) => number | undefined }> {
  const added = await call<{ question_id: number }>(server.app, 'POST', '/api/admin/settings/question.add', {
    token: adminToken,
    body,
  });
  const full = await call<{ answers: Array<{ choice_id: number; text: string }> }>(
    server.app,
    'GET',
    '/api/admin/settings/question.get',
    { token: adminToken, query: { question_id: String(added.data.question_id) } },
  );
  return {
    id: added.data.question_id,
    choice: (text) => full.data.answers.find((a) => a.text === text)?.choice_id,
  };
}

/** Only this test's pre-chat questions (an earlier test's stay otherwise). */
async function deleteChatQuestions() {
  const before = await call<{ list: Array<{ question_id: number }> }>(
    server.app,
    'GET',
    '/api/admin/settings/question.all.get',
    { token: adminToken, query: { question_module: 'chat' } },
  );
  for (const q of before.data.list) {
    await post('/api/admin/settings/question.delete', { question_id: q.question_id });
  }
}

/** Agent activity: 15 s without input turns an online agent away (docs/product.md §9), and routing skips them. */
async function stayActive(page: Page) {
  await page.mouse.move(200 + Math.random() * 100, 300);
}

/** Opens the widget on the host page and answers the chat window's frame. */
async function openWidget(page: Page): Promise<FrameLocator> {
  await page.locator('[data-parley-widget]').locator('button.btn').click();
  return page.frameLocator('iframe[title]');
}

describe('live chat in the browser', () => {
  it('a visitor on another site chats with an agent in the workspace, both ways, to the end and a rating', async () => {
    // A pre-chat question with a follow-up that only one choice opens, asking for name and email.
    const q1 = await addQuestion({
      title: 'What can we help with?',
      question_type: 'single_choice',
      answers: [{ text: 'An order' }, { text: 'Something else' }],
      need_submit_user_info: true,
    });
    await post('/api/admin/settings/question.add', {
      title: 'Order number',
      question_type: 'text',
      rule_question_id: q1.id,
      rule_choice_id: q1.choice('An order'),
    });
    await post('/api/admin/settings/shortcut.add', {
      title: 'thanks',
      message: 'Thank you for waiting!',
      allow_type: 'all',
      choice_list: ['Still waiting', 'All good'],
    });
    // A page greeting on this host page after 1 s.
    await post('/api/admin/settings/chat.trigger.add', {
      title: 'Welcome',
      trigger_type: 'page_greeting',
      delay_seconds: 1,
      url_contains: '',
      message: 'Need a hand with your bike?',
    });

    const { agentPage } = await agentOnChat('Alice Agent', { nothingWaiting: true });

    const { page: visitorPage } = await newPage(browser, hostUrl);
    await stayActive(agentPage);
    await visitorPage.goto('/');
    await visitorPage.locator('[data-parley-widget] button.btn').waitFor();
    await screenshot(visitorPage, 'widget-closed-en');
    // The page greeting shows by itself after its delay.
    await visitorPage.locator('[data-parley-widget]').getByText('Need a hand with your bike?').waitFor();
    await screenshot(visitorPage, 'widget-greeting-en');
    const frame = await openWidget(visitorPage);
    await frame.getByText('What can we help with?').waitFor();
    // The follow-up appears only after its choice.
    await expect(frame.getByText('Order number').count()).resolves.toBe(0);
    await frame.getByRole('button', { name: 'An order' }).click();
    await frame.getByText('Order number').waitFor();
    await frame.locator('[data-question] input[type=text]').fill('A-1042');
    await frame.getByLabel('Name').fill('Vera Visitor');
    await frame.getByLabel('Email').fill('vera@example.com');
    await screenshot(visitorPage, 'widget-pre-chat-en');
    await stayActive(agentPage);
    await frame.getByRole('button', { name: 'Start chat' }).click();
    await frame.getByText('Waiting for an agent…').waitFor();

    // The agent sees it waiting, with the visitor's answers; accepts and answers.
    await agentPage.locator('[data-chat-id]').getByText('Vera Visitor').click();
    await agentPage.getByText('A-1042').waitFor();
    await agentPage.getByRole('button', { name: 'Accept' }).click();
    await frame.getByText('Alice Agent joined the chat').waitFor();
    // The agent answers once the chat shows as theirs (its End chat button), as a person would.
    await agentPage.getByRole('button', { name: 'End chat' }).waitFor();
    const composer = agentPage.getByRole('textbox', { name: 'Message' });
    // A desktop keeps its 14px fields (a phone's are 16px).
    await expect(composer.evaluate((e) => getComputedStyle(e).fontSize)).resolves.toBe('14px');
    await composer.fill('Hello Vera, let me look at A-1042');
    await composer.press('Enter');
    await frame.getByText('Hello Vera, let me look at A-1042').waitFor();

    await frame.getByRole('textbox').fill('Thanks, it has not arrived yet');
    await frame.getByRole('button', { name: 'Send' }).click();
    // The transcript's line (the screen reader's status repeats it after "New message from …").
    await agentPage.getByText('Thanks, it has not arrived yet', { exact: true }).waitFor();

    // The connection drops for a moment: the message says on screen that it did not go, and goes
    // by itself once the connection is back, once.
    await visitorPage.context().setOffline(true);
    await frame.getByRole('textbox').fill('Are you still there?');
    await frame.getByRole('button', { name: 'Send' }).click();
    await frame.getByText('Not sent. Tap to retry').waitFor();
    await screenshot(visitorPage, 'widget-not-sent-en');
    await visitorPage.context().setOffline(false);
    await agentPage.getByText('Are you still there?', { exact: true }).waitFor();
    await frame.getByText('Not sent. Tap to retry').waitFor({ state: 'detached' });
    await expect(agentPage.getByText('Are you still there?', { exact: true }).count()).resolves.toBe(1);

    // A file over 20M is refused on the spot; the next one that goes up takes the refusal away.
    // (A sparse file by its path: 20 MB of bytes through the protocol took over 30 s on a busy machine.)
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-chat-')), 'scan.pdf');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 20 * 1024 * 1024 + 1);
    await frame.locator('input[type=file]').setInputFiles(big);
    await frame.getByText('File size cannot exceed 20M').waitFor();
    fs.rmSync(path.dirname(big), { recursive: true });
    // A file from the visitor: its name on both sides.
    await frame.locator('input[type=file]').setInputFiles({
      name: 'receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Order A-1042, paid'),
    });
    await frame.locator('.files').getByText('receipt.txt').waitFor();
    await agentPage.getByText('receipt.txt').waitFor();
    await frame.getByText('File size cannot exceed 20M').waitFor({ state: 'detached' });

    // A shortcut from the "/" picker.
    await composer.fill('/tha');
    await agentPage.getByText('Thank you for waiting!').first().click();
    await expect(composer.inputValue()).resolves.toBe('Thank you for waiting!');
    await composer.press('Enter');
    await frame.getByText('Thank you for waiting!').waitFor();
    // Its choices are buttons for the visitor: one click answers.
    await frame.getByRole('button', { name: 'All good' }).waitFor();
    await screenshot(visitorPage, 'widget-conversation-en');
    await frame.getByRole('button', { name: 'All good' }).click();
    await agentPage.locator('.chat-body').getByText('All good', { exact: true }).waitFor();
    await expect(frame.getByRole('button', { name: 'Still waiting' }).count()).resolves.toBe(0);
    await screenshot(agentPage, 'chat-workspace-en');

    // Reload: the same chat comes back, each message once.
    await visitorPage.reload();
    const again = await openWidget(visitorPage);
    await again.getByText('Thank you for waiting!').waitFor();
    await expect(again.getByText('Hello Vera, let me look at A-1042').count()).resolves.toBe(1);
    // The agent's joining is part of the story too: said once, before their first answer, as it was live.
    const lines = await again.locator('.list > *').allTextContents();
    const joinedAt = lines.indexOf('Alice Agent joined the chat');
    expect(lines.filter((l) => l.includes('joined the chat'))).toEqual(['Alice Agent joined the chat']);
    expect(joinedAt).toBeGreaterThan(-1);
    expect(joinedAt).toBeLessThan(lines.findIndex((l) => l.includes('Hello Vera, let me look at A-1042')));

    // End, rate, and the ticket is solved with the rating.
    await agentPage.getByRole('button', { name: 'End chat' }).click();
    // Asked first: one stray click does not end a customer's chat.
    await agentPage.getByRole('dialog').getByRole('button', { name: 'End chat' }).click();
    await again.getByText('How was this chat?').waitFor();
    await again.getByRole('button', { name: /Good/ }).click();
    await again.getByText('Thank you for your rating').waitFor();
    // A new chat asks again, with the name and email already given.
    await again.getByRole('button', { name: 'Start a new chat' }).click();
    await expect(again.getByLabel('Name').inputValue()).resolves.toBe('Vera Visitor');
    await expect(again.getByLabel('Email').inputValue()).resolves.toBe('vera@example.com');
    const list = await call<{ list: Array<{ ticket_id: number }> }>(server.app, 'GET', '/api/admin/ticket.list', {
      token: adminToken,
      query: { kw: 'A-1042' },
    });
    const ticketId = list.data.list[0]?.ticket_id as number;
    const ticket = await call<{ ticket_state: string; ticket_type: string; satisfaction: string }>(
      server.app,
      'GET',
      '/api/admin/ticket.get',
      { token: adminToken, query: { ticket_id: String(ticketId) } },
    );
    expect(ticket.data).toMatchObject({ ticket_state: 'solved', ticket_type: 'chat', satisfaction: 'good' });
    await agentPage.close();
    await visitorPage.close();
  });

  it('shows the widget and the workspace in Chinese', async () => {
    const { agentPage } = await agentOnChat('王客服', { nothingWaiting: true });
    await agentPage.getByRole('button', { name: /Language/ }).click();
    await agentPage.getByText('简体中文').last().click();
    await agentPage.getByText('没有等待中的对话').waitFor();

    const context = await browser.newContext({
      baseURL: hostUrl,
      viewport: { width: 1366, height: 800 },
      locale: 'zh-CN',
    });
    const visitorPage = await context.newPage();
    visitorPage.setDefaultTimeout(15_000);
    await stayActive(agentPage);
    await visitorPage.goto('/');
    await screenshot(visitorPage, 'widget-closed-zh-cn');
    await visitorPage.locator('[data-parley-widget]').getByText('Need a hand with your bike?').waitFor();
    const frame = await openWidget(visitorPage);
    await frame.getByRole('button', { name: '开始对话' }).waitFor();
    // The default title and greeting in the visitor's language too.
    await frame.getByText('您好！有什么可以帮您？').waitFor();
    await expect(frame.locator('#title').textContent()).resolves.toBe('在线咨询');
    await frame.getByRole('button', { name: 'Something else' }).click();
    await frame.getByLabel('姓名').fill('李访客');
    await frame.getByLabel('邮箱').fill('li@example.com');
    await screenshot(visitorPage, 'widget-pre-chat-zh-cn');
    await stayActive(agentPage);
    await frame.getByRole('button', { name: '开始对话' }).click();
    await frame.getByText('正在等待客服接入…').waitFor();
    await agentPage.locator('[data-chat-id]').getByText('李访客').click();
    await agentPage.getByRole('button', { name: /接\s*入/ }).click();
    await frame.getByText('王客服 已加入对话').waitFor();
    const composer = agentPage.getByRole('textbox', { name: '消息' });
    await composer.fill('您好，请问有什么可以帮您？');
    await composer.press('Enter');
    await frame.getByText('您好，请问有什么可以帮您？').waitFor();
    await screenshot(visitorPage, 'widget-conversation-zh-cn');
    await screenshot(agentPage, 'chat-workspace-zh-cn');
    await context.close();
    await agentPage.close();
  });

  it('works on a phone: one column at a time, nothing wider than the screen; the agent accepts, answers and ends', async () => {
    const agent = await chatAgent('Pia Phone');
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/wswt/login?next=%2Fwswt%2Fchat');
    await signInThroughForm(page, agent.email, defaultPassword);
    await page.getByText('No chat is waiting').waitFor();
    /**
     * Nothing wider than the screen. A phone widens its layout to a page wider than itself (and
     * shows it zoomed out), innerWidth with it: the measure is the phone's 375px.
     */
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= Math.min(window.innerWidth, 375));
    expect(await fits()).toBe(true);
    // The header's link to the chats is a finger's size, not its 14px icon's.
    const link = await page.getByRole('link', { name: /Chats waiting/ }).boundingBox();
    expect(Math.min(link?.width ?? 0, link?.height ?? 0)).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'chat-phone-empty-en');

    const pageUrl = `${hostUrl}/products/${'a-very-long-product-name-'.repeat(6)}`;
    const started = await call<{ ticket_id: number; visitor_token: string }>(
      server.app,
      'POST',
      '/api/home/chat.start',
      {
        body: { real_name: 'Pat Phone', page_url: pageUrl },
      },
    );
    expect(started.code, started.msg).toBe('0000');
    const asked = '订单还没到，请帮我查一下';
    await call(server.app, 'POST', '/api/home/chat.message.add', {
      body: { visitor_token: started.data.visitor_token, body: asked, client_message_id: 'phone-1' },
    });

    await page.locator('[data-chat-id]').getByText('Pat Phone').tap();
    const question = page.locator('.chat-body').getByText(asked);
    await question.waitFor();
    expect(await fits()).toBe(true);
    // The conversation has the screen: the question reads on one line, not a character a line.
    expect((await question.boundingBox())?.height).toBeLessThan(30);
    await page.getByRole('button', { name: 'Accept' }).tap();
    await page.getByRole('button', { name: 'End chat' }).waitFor();
    // 16px, or iOS zooms the page in as the field takes the focus.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await expect(composer.evaluate((e) => getComputedStyle(e).fontSize)).resolves.toBe('16px');
    await composer.fill('好的，我马上帮您查。');
    await page.getByRole('button', { name: 'Send' }).tap();
    await page.locator('.chat-body').getByText('好的，我马上帮您查。').waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'chat-phone-open-en');

    // The visitor's details in their own column, and back.
    await page.getByRole('button', { name: 'Visitor details' }).tap();
    await page.getByRole('link', { name: pageUrl }).waitFor();
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Back to the chat' }).tap();

    await page.getByRole('button', { name: 'End chat' }).tap();
    const dialog = page.getByRole('dialog', { name: 'End this chat?' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, 'chat-phone-end-en');
    await dialog.getByRole('button', { name: 'End chat' }).tap();
    await page.getByText('Chat ended').first().waitFor();
    // Back to the list, which has the screen again.
    await page.getByRole('button', { name: 'All chats' }).tap();
    await page.getByRole('tab', { name: /My chats/ }).waitFor();
    expect(await fits()).toBe(true);
    await context.close();
  });
});

describe('chat settings screens', () => {
  it('shows Chats and Chat triggers in English and Chinese', async () => {
    await post('/api/admin/settings/chat.trigger.add', {
      title: 'Hold on',
      trigger_type: 'no_accept_reply',
      delay_seconds: 60,
      message: 'All our agents are busy; we will be with you shortly.',
    });
    const page = await signedIn(browser, server.url, admin, '/wswt/setting/chat');
    // The minutes show whole beside their unit (a narrow box cut "10" to "1").
    const minutes = page.getByLabel('End a chat nobody takes after');
    expect(await minutes.inputValue()).toBe('10');
    expect(await minutes.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.getByRole('switch', { name: 'Take chats only within business hours' }).click();
    await page.getByLabel('Opens').first().waitFor();
    await screenshot(page, 'setting-chats-en');
    await page.goto('/wswt/setting/chat_trigger');
    await page.getByRole('row', { name: /Hold on/ }).waitFor();
    await screenshot(page, 'setting-chat-triggers-en');
    await page.getByRole('button', { name: /Add chat trigger/ }).click();
    await page.getByRole('dialog').getByText('Route by answer').click();
    await page.getByRole('dialog').getByText('Pre-chat question').waitFor();
    await screenshot(page, 'setting-chat-trigger-add-en');
    await page.keyboard.press('Escape');
    await page.goto('/wswt/setting/widget');
    await page
      .getByRole('row', { name: /Order number/ })
      .getByText('“What can we help with?” was answered “An order”')
      .waitFor();
    await screenshot(page, 'setting-widget-en');

    await page.goto('/wswt/setting/chat_trigger');
    await page.getByRole('row', { name: /Hold on/ }).waitFor();
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByText('简体中文').last().click();
    await page
      .getByRole('row', { name: /Hold on/ })
      .getByText('超时未接入')
      .waitFor();
    await screenshot(page, 'setting-chat-triggers-zh-cn');
    await page.goto('/wswt/setting/chat');
    await page.getByText('服务时间').first().waitFor();
    await screenshot(page, 'setting-chats-zh-cn');
    await page.goto('/wswt/setting/widget');
    await page.getByText('对话前问题').first().waitFor();
    await screenshot(page, 'setting-widget-zh-cn');
    await page.close();
  });

  it('outside business hours the widget offers to leave a message, which becomes a ticket whatever the form requires', async () => {
    // The default form requires a field the widget does not ask: a message from the widget has no form.
    const product = await call<{ field_id: number }>(server.app, 'POST', '/api/admin/settings/field.add', {
      token: adminToken,
      body: { field_type: 'text', title: 'Product', customer_editable: true, required_to_submit: true },
    });
    const required = await post('/api/admin/settings/form.add', {
      form_name: 'Product required',
      field_ids: [product.data.field_id],
      is_default: true,
    });
    expect(required.code, required.msg).toBe('0000');
    const saved = await call<Record<string, unknown>>(server.app, 'GET', '/api/admin/settings/chat.setting.get', {
      token: adminToken,
    });
    const notToday = (new Date().getUTCDay() + 3) % 7;
    await post('/api/admin/settings/chat.setting.edit', {
      ...saved.data,
      business_hours_enabled: true,
      timezone: 'UTC',
      business_hours: [{ day: notToday, start: '00:00', end: '23:59' }],
    });
    try {
      const { page: visitorPage } = await newPage(browser, hostUrl);
      await visitorPage.goto('/');
      const frame = await openWidget(visitorPage);
      await frame.getByText('We are closed right now. Leave a message and we will reply by email.').waitFor();
      await frame.getByText('Closed', { exact: true }).waitFor();
      await screenshot(visitorPage, 'widget-closed-hours-en');
      // A phone with its keyboard open: the form is taller than the window.
      await visitorPage.setViewportSize({ width: 375, height: 520 });
      const send = frame.getByRole('button', { name: 'Send message' });
      /** The error line shows where the visitor looks: not below the fold, nor under anything. */
      const seen = (text: string) =>
        frame.getByText(text).evaluate((e) => {
          const r = e.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.height > 0 && !!hit && e.contains(hit);
        });
      await send.click();
      await expect(seen('Name is required')).resolves.toBe(true);
      await frame.getByLabel('Name').fill('Otto Owl');
      await frame.getByLabel('Subject').fill('Night question');
      await frame.getByLabel('Message').fill('Do you ship at night?');
      await send.click();
      await expect(seen('Email is required')).resolves.toBe(true);
      await frame.getByLabel('Email').fill('otto@');
      await send.click();
      await expect(seen('Incorrect mailbox format')).resolves.toBe(true);
      await frame.getByLabel('Email').fill('otto@example.com');
      await send.click();
      await frame.getByText('Thank you! We will reply by email.').waitFor();
      // Not a dead end: the form again, empty, for another message.
      await frame.getByRole('button', { name: 'Leave another message' }).click();
      await expect(frame.getByLabel('Subject').inputValue()).resolves.toBe('');
      const list = await call<{ list: Array<{ subject: string; source: string }> }>(
        server.app,
        'GET',
        '/api/admin/ticket.list',
        {
          token: adminToken,
          query: { kw: 'Night question' },
        },
      );
      // A chat's offline message: the ticket's source says so.
      expect(list.data.list.map((x) => [x.subject, x.source])).toContainEqual(['Night question', 'chat']);
      await visitorPage.close();
    } finally {
      await post('/api/admin/settings/chat.setting.edit', saved.data);
    }
  });

  it('asks a question that ends the chat and ends it on the answer; a chat nobody answered is not rated', async () => {
    await deleteChatQuestions();
    const why = await addQuestion({
      title: 'Why are you here?',
      question_type: 'single_choice',
      answers: [{ text: 'A question' }, { text: 'Just browsing' }],
    });
    await post('/api/admin/settings/question.add', {
      title: 'Shall we leave you to it?',
      question_type: 'single_choice',
      answers: [{ text: 'Yes please' }],
      rule_question_id: why.id,
      rule_choice_id: why.choice('Just browsing'),
      end_live_chat: true,
      end_live_message: 'Enjoy the shop!',
    });

    // Someone online, so that the widget offers a chat (nobody accepts it here).
    const { agentPage } = await agentOnChat('Olga Online', { nothingWaiting: true });
    await stayActive(agentPage);
    const { page: visitorPage } = await newPage(browser, hostUrl);
    await visitorPage.goto('/');
    const frame = await openWidget(visitorPage);
    await frame.getByRole('button', { name: 'Just browsing' }).click();
    // Asked first, like any question; its message only once answered.
    await frame.getByText('Shall we leave you to it?').waitFor();
    await expect(frame.getByText('Enjoy the shop!').count()).resolves.toBe(0);
    await frame.getByRole('button', { name: 'Yes please' }).click();
    await frame.getByText('Enjoy the shop!').waitFor();
    await expect(frame.getByRole('button', { name: 'Start chat' }).count()).resolves.toBe(0);

    // A chat ended before any agent took it: nothing to rate, only a new chat.
    await frame.getByRole('button', { name: 'A question' }).click();
    await frame.getByRole('button', { name: 'Start chat' }).click();
    await frame.getByText('Waiting for an agent…').waitFor();
    // Ending is for good: asked first, and No leaves the chat going.
    await frame.getByRole('button', { name: 'End chat' }).click();
    const ask = frame.getByRole('group', { name: 'End this chat?' });
    await ask.waitFor();
    await screenshot(visitorPage, 'widget-end-ask-en');
    await ask.getByRole('button', { name: 'No' }).click();
    await frame.getByRole('button', { name: 'End chat' }).waitFor();
    await expect(ask.isVisible()).resolves.toBe(false);
    await expect(frame.getByRole('button', { name: 'Start a new chat' }).count()).resolves.toBe(0);
    await frame.getByRole('textbox', { name: 'Type a message…' }).waitFor();
    await frame.getByRole('button', { name: 'End chat' }).click();
    await ask.getByRole('button', { name: 'Yes' }).click();
    await frame.getByRole('button', { name: 'Start a new chat' }).waitFor();
    await expect(frame.getByText('How was this chat?').count()).resolves.toBe(0);
    await visitorPage.close();
    await agentPage.close();
  });
  it('ends a chat nobody takes in time: the visitor reads that the answer comes by email, and the queue drops it', async () => {
    await deleteChatQuestions();
    await addQuestion({
      title: 'What is it about?',
      question_type: 'single_choice',
      answers: [{ text: 'A delivery' }],
      need_submit_user_info: true,
    });
    const setting = await call<Record<string, unknown>>(server.app, 'GET', '/api/admin/settings/chat.setting.get', {
      token: adminToken,
    });
    await post('/api/admin/settings/chat.setting.edit', { ...setting.data, missed_after_minutes: 2 });

    const { agentPage } = await agentOnChat('Mona Monitor', { nothingWaiting: true });
    await stayActive(agentPage);
    const { page: visitorPage } = await newPage(browser, hostUrl);
    await visitorPage.goto('/');
    const frame = await openWidget(visitorPage);
    await frame.getByRole('button', { name: 'A delivery' }).click();
    await frame.getByLabel('Name').fill('Mia Missed');
    await frame.getByLabel('Email').fill('mia@example.com');
    await frame.getByRole('button', { name: 'Start chat' }).click();
    await frame.getByText('Waiting for an agent…').waitFor();
    await agentPage.locator('[data-chat-id]').getByText('Mia Missed').waitFor();
    // A visitor whose browser speaks Chinese waits too.
    const zhContext = await browser.newContext({
      baseURL: hostUrl,
      viewport: { width: 1366, height: 800 },
      locale: 'zh-CN',
    });
    const zhPage = await zhContext.newPage();
    await zhPage.goto('/');
    const zhFrame = await openWidget(zhPage);
    await zhFrame.getByRole('button', { name: 'A delivery' }).click();
    await zhFrame.getByLabel('姓名').fill('李等待');
    await zhFrame.getByLabel('邮箱').fill('li.wait@example.com');
    await zhFrame.getByRole('button', { name: '开始对话' }).click();
    await zhFrame.getByText('正在等待客服接入…').waitFor();

    // Two minutes pass and nobody takes it.
    const db = server.database.db;
    await db.execute(sql`UPDATE chat_session SET waiting_ts = waiting_ts - 120000 WHERE ended_ts IS NULL`);
    await db.execute(
      sql`UPDATE pgboss.job SET start_after = now() WHERE name LIKE '%chat-missed' AND state = 'created'`,
    );
    await server.app.parley.jobs.drain();
    await frame
      .getByText(
        'Sorry, no one was free to take your chat. We have your messages and will answer by email to mia@example.com.',
      )
      .waitFor();
    await frame.locator('.sys').getByText('The chat has ended').waitFor();
    await frame.getByRole('button', { name: 'Start a new chat' }).waitFor();
    await expect(frame.getByText('How was this chat?').count()).resolves.toBe(0);
    await screenshot(visitorPage, 'widget-missed-en');
    // Escape closes the window and the keyboard goes on from the launcher.
    const launcher = visitorPage.locator('[data-parley-widget] button.btn');
    await expect(launcher.getAttribute('aria-expanded')).resolves.toBe('true');
    await frame.getByRole('button', { name: 'Start a new chat' }).focus();
    await visitorPage.keyboard.press('Escape');
    await expect.poll(() => launcher.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => launcher.evaluate((b) => (b.getRootNode() as Document).activeElement === b)).toBe(true);
    await zhFrame
      .getByText('抱歉，暂时没有客服可以接入您的对话。我们已收到您的消息，会通过邮件回复至 li.wait@example.com。')
      .waitFor();
    await zhFrame.getByRole('button', { name: '开始新的对话' }).waitFor();
    await screenshot(zhPage, 'widget-missed-zh-cn');
    await zhContext.close();
    // It leaves the agent's waiting list by itself.
    await agentPage.locator('[data-chat-id]').getByText('Mia Missed').waitFor({ state: 'detached' });
    await post('/api/admin/settings/chat.setting.edit', { ...setting.data, missed_after_minutes: 10 });
    await visitorPage.close();
    await agentPage.close();
  });
});
