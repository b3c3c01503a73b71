import {
  chatOps,
  chatSettingOps,
  chatWidgetOps,
  questionOps,
  type TOp,
  type TOpInput,
  ticketOps,
} from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callOp, signInAdmin, type TestApp } from '../../../test/app.js';
import { chatAgent, randomIp } from '../../../test/chat-kit.js';
import { uniqueEmail } from '../../../test/factories.js';
import { compactScript } from './widget.routes.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

/** An operation from a visitor address of its own (the chat limits count per address). */
const post = <T extends TOp>(op: T, input: TOpInput<T>, token?: string) =>
  callOp(t.app, op, input, { token, headers: { 'x-forwarded-for': randomIp() } });

describe('the widget files and settings', () => {
  it('writes the saved colour and side into widget.js and lets only the allowed origins frame the chat', async () => {
    const saved = await callOp(t.app, chatSettingOps.widgetGet, {}, { token: admin });
    expect(saved.data).toMatchObject({ color: '#1677ff', position: 'right', pre_chat_form: true, allowed_origins: [] });
    const open = await t.app.inject({ method: 'GET', url: '/widget/chat' });
    expect(open.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(open.headers['x-frame-options']).toBeUndefined();
    // Laid out at the phone's width, whatever the host page's own viewport says.
    expect(open.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');

    const edit = await post(
      chatSettingOps.widgetEdit,
      { ...saved.data, color: '#ff5500', position: 'left', allowed_origins: ['https://shop.example'] },
      admin,
    );
    expect(edit.code).toBe('0000');
    const script = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('"color":"#ff5500"');
    expect(script.body).toContain('"position":"left"');
    const framed = await t.app.inject({ method: 'GET', url: '/widget/chat' });
    expect(framed.headers['content-security-policy']).toContain('frame-ancestors https://shop.example');
    expect(framed.body).toContain('/widget/chat.js');
    // The launcher stays small: the chat's own script loads only in the iframe, when opened.
    expect(Buffer.byteLength(script.body)).toBeLessThan(8 * 1024);
    // Sent without its comment lines and indentation, and nothing else: code after a comment stays.
    expect(compactScript("a();\n  /* x */ b();\n  // c\n  /* d\n   e */\n  f('//', 1); // g\n")).toBe(
      "a();\n/* x */ b();\nf('//', 1); // g\n",
    );

    const bad = await post(chatSettingOps.widgetEdit, { ...saved.data, allowed_origins: ['not a url'] }, admin);
    expect(bad.code).toBe('FFFF');
    expect(Object.keys(bad.fields)).toEqual(['allowed_origins.0']);
    await post(chatSettingOps.widgetEdit, saved.data, admin);
  });

  it('gives the default title and greeting in the visitor’s language, and an admin’s own words as written', async () => {
    const visitor = (lang: string) =>
      callOp(t.app, chatWidgetOps.widgetGet, {}, { headers: { 'x-forwarded-for': randomIp(), Language: lang } });
    const words = async (lang: string) => {
      const { setting } = (await visitor(lang)).data;
      return [setting.title, setting.greeting];
    };
    expect(await words('en')).toEqual(['Chat with us', 'Hello! How can we help you?']);
    expect(await words('zh-cn')).toEqual(['在线咨询', '您好！有什么可以帮您？']);
    const saved = await callOp(t.app, chatSettingOps.widgetGet, {}, { token: admin });
    expect((await post(chatSettingOps.widgetEdit, { ...saved.data, title: 'Bike help' }, admin)).code).toBe('0000');
    expect((await words('zh-cn'))[0]).toBe('Bike help');
    await post(chatSettingOps.widgetEdit, saved.data, admin);
  });

  it('keeps the default title and greeting a default when a zh-cn admin saves them as the screens show them', async () => {
    const words = async (lang: string) => {
      const { setting } = (
        await callOp(t.app, chatWidgetOps.widgetGet, {}, { headers: { 'x-forwarded-for': randomIp(), Language: lang } })
      ).data;
      return [setting.title, setting.greeting];
    };
    const widget = await callOp(t.app, chatSettingOps.widgetGet, {}, { token: admin });
    const chat = await callOp(t.app, chatSettingOps.get, {}, { token: admin });
    // The admin's screens show the defaults in Chinese; saved untouched, visitors still read their own language.
    expect((await post(chatSettingOps.widgetEdit, { ...widget.data, title: '在线咨询' }, admin)).code).toBe('0000');
    expect((await post(chatSettingOps.edit, { ...chat.data, greeting: '您好！有什么可以帮您？' }, admin)).code).toBe(
      '0000',
    );
    expect(await words('en')).toEqual(['Chat with us', 'Hello! How can we help you?']);
    expect(await words('zh-cn')).toEqual(['在线咨询', '您好！有什么可以帮您？']);
    // Written words are anyone's: every visitor reads them as written.
    expect((await post(chatSettingOps.edit, { ...chat.data, greeting: '您好！欢迎光临' }, admin)).code).toBe('0000');
    expect((await words('en'))[1]).toBe('您好！欢迎光临');
    await post(chatSettingOps.edit, chat.data, admin);
  });

  it('names a returning visitor’s new chat by the name they typed for it; their account keeps its own', async () => {
    const email = uniqueEmail('returning');
    const first = await post(chatWidgetOps.start, { real_name: 'Ann Lee', email });
    expect(first.code).toBe('0000');
    const again = await post(chatWidgetOps.start, { real_name: '  Annie Lee-Park ', email });
    expect(again.code).toBe('0000');
    const said = await post(chatWidgetOps.messageAdd, {
      visitor_token: again.data.visitor_token,
      body: 'It is me again',
      client_message_id: 'returning-1',
    });
    expect(said.code).toBe('0000');
    const summary = async (ticketId: number) =>
      (await callOp(t.app, chatOps.get, { ticket_id: String(ticketId) }, { token: admin })).data;
    // The agent reads the name given for this chat, on the chat and on the visitor's messages.
    expect(await summary(again.data.ticket_id)).toMatchObject({ visitor_name: 'Annie Lee-Park', visitor_email: email });
    const messages = await callOp(
      t.app,
      chatOps.messageList,
      { ticket_id: String(again.data.ticket_id) },
      { token: admin },
    );
    expect(messages.data.list.filter((m) => m.from_visitor).map((m) => m.real_name)).toEqual(['Annie Lee-Park']);
    // The earlier chat keeps the name it was given; one requester for both (a typed address renames nobody).
    const earlier = await summary(first.data.ticket_id);
    expect(earlier.visitor_name).toBe('Ann Lee');
    expect(earlier.requester_id).toBe((await summary(again.data.ticket_id)).requester_id);
    // No name typed: the account's name, as before.
    const unnamed = await post(chatWidgetOps.start, { email });
    expect((await summary(unnamed.data.ticket_id)).visitor_name).toBe('Ann Lee');
    const tooLong = await post(chatWidgetOps.start, { real_name: 'x'.repeat(101), email });
    expect(Object.keys(tooLong.fields)).toEqual(['real_name']);
  });

  it('refuses an empty message as a chat message, and a rating of a chat no agent answered', async () => {
    const unanswered = await post(chatWidgetOps.start, { real_name: 'Una Answered' });
    const token = unanswered.data.visitor_token;
    const blank = await post(chatWidgetOps.messageAdd, {
      visitor_token: token,
      body: '  \n ',
      client_message_id: 'b-1',
    });
    expect(blank).toMatchObject({ code: 'FFFF', msg: 'Message is required', fields: { body: 'Message is required' } });
    expect((await post(chatWidgetOps.end, { visitor_token: token })).code).toBe('0000');
    // The widget offers no rating here; the call refuses one too (it would count in the reports).
    const rated = await post(chatWidgetOps.rate, { visitor_token: token, satisfaction: 'good' });
    expect(rated).toMatchObject({ code: 'FFFF', msg: 'Rating is not available for this ticket' });
    const ticket = await callOp(t.app, ticketOps.get, { ticket_id: unanswered.data.ticket_id }, { token: admin });
    expect(ticket.data.satisfaction).not.toBe('good');

    const agent = await chatAgent(t, { realName: 'Ann Swer' });
    const answered = await post(chatWidgetOps.start, { real_name: 'Ada Answered' });
    const accepted = await callOp(
      t.app,
      chatOps.accept,
      { ticket_id: answered.data.ticket_id },
      { token: agent.token },
    );
    expect(accepted.code).toBe('0000');
    await post(chatWidgetOps.end, { visitor_token: answered.data.visitor_token });
    const good = await post(chatWidgetOps.rate, { visitor_token: answered.data.visitor_token, satisfaction: 'good' });
    expect(good.code).toBe('0000');
  });

  it('asks the pre-chat questions and refuses a chat that a question ends', async () => {
    const q1 = await post(
      questionOps.add,
      { title: 'What about?', question_type: 'single_choice', answers: [{ text: 'Billing' }, { text: 'Spam' }] },
      admin,
    );
    expect(q1.code).toBe('0000');
    const full = await callOp(t.app, questionOps.get, { question_id: String(q1.data.question_id) }, { token: admin });
    const spam = full.data.answers.find((a) => a.text === 'Spam')?.choice_id as number;
    const billing = full.data.answers.find((a) => a.text === 'Billing')?.choice_id as number;
    const q2 = await post(
      questionOps.add,
      {
        title: 'Sorry',
        question_type: 'text',
        rule_question_id: q1.data.question_id,
        rule_choice_id: spam,
        end_live_chat: true,
        end_live_message: 'We do not chat about that',
      },
      admin,
    );
    expect(q2.code).toBe('0000');
    const widget = await callOp(t.app, chatWidgetOps.widgetGet, {});
    expect(widget.data.questions.map((q) => q.question_id)).toEqual([q1.data.question_id, q2.data.question_id]);
    const refused = await post(chatWidgetOps.start, {
      answers: [
        { question_id: q1.data.question_id, choice_id: spam },
        { question_id: q2.data.question_id, text: 'x' },
      ],
    });
    expect(refused.msg).toBe('This chat has ended');
    // Without an email the visitor is anonymous; the answers are kept with the chat.
    const started = await post(chatWidgetOps.start, {
      answers: [{ question_id: q1.data.question_id, choice_id: billing }],
      page_url: 'https://shop.example/pricing',
    });
    expect(started.code).toBe('0000');
    const chat = await callOp(t.app, chatOps.get, { ticket_id: String(started.data.ticket_id) }, { token: admin });
    expect(chat.data).toMatchObject({
      visitor_name: 'Visitor',
      page_url: 'https://shop.example/pricing',
      answers: [{ question_id: q1.data.question_id, title: 'What about?', answer: 'Billing' }],
    });
    await post(questionOps.delete, { question_id: q2.data.question_id }, admin);
    await post(questionOps.delete, { question_id: q1.data.question_id }, admin);
  });
});
