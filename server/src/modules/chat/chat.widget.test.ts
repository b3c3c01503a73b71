import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signInAdmin, type TestApp } from '../../../test/app.js';
import { randomIp } from '../../../test/chat-kit.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(() => t.close());

const post = <T = unknown>(path: string, body: unknown, token?: string) =>
  call<T>(t.app, 'POST', path, { body, ...(token ? { token } : {}), headers: { 'x-forwarded-for': randomIp() } });

describe('the widget files and settings', () => {
  it('writes the saved colour and side into widget.js and lets only the allowed origins frame the chat', async () => {
    const saved = await call<Record<string, unknown>>(t.app, 'GET', '/api/admin/settings/widget.get', { token: admin });
    expect(saved.data).toMatchObject({ color: '#1677ff', position: 'right', pre_chat_form: true, allowed_origins: [] });
    const open = await t.app.inject({ method: 'GET', url: '/widget/chat' });
    expect(open.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(open.headers['x-frame-options']).toBeUndefined();

    const edit = await post(
      '/api/admin/settings/widget.edit',
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

    const bad = await post('/api/admin/settings/widget.edit', { ...saved.data, allowed_origins: ['not a url'] }, admin);
    expect(bad.code).toBe('FFFF');
    expect(Object.keys((bad.data as { fields: object }).fields)).toEqual(['allowed_origins.0']);
    await post('/api/admin/settings/widget.edit', saved.data, admin);
  });

  it('asks the pre-chat questions and refuses a chat that a question ends', async () => {
    const q1 = await post<{ question_id: number }>(
      '/api/admin/settings/question.add',
      { title: 'What about?', question_type: 'single_choice', answers: [{ text: 'Billing' }, { text: 'Spam' }] },
      admin,
    );
    expect(q1.code).toBe('0000');
    const full = await call<{ answers: Array<{ choice_id: number; text: string }> }>(
      t.app,
      'GET',
      '/api/admin/settings/question.get',
      { token: admin, query: { question_id: String(q1.data.question_id) } },
    );
    const spam = full.data.answers.find((a) => a.text === 'Spam')?.choice_id as number;
    const billing = full.data.answers.find((a) => a.text === 'Billing')?.choice_id as number;
    const q2 = await post<{ question_id: number }>(
      '/api/admin/settings/question.add',
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
    const widget = await call<{ questions: Array<{ question_id: number; rule_choice_id: number | null }> }>(
      t.app,
      'GET',
      '/api/home/chat.widget.get',
    );
    expect(widget.data.questions.map((q) => q.question_id)).toEqual([q1.data.question_id, q2.data.question_id]);
    const refused = await post('/api/home/chat.start', {
      answers: [
        { question_id: q1.data.question_id, choice_id: spam },
        { question_id: q2.data.question_id, text: 'x' },
      ],
    });
    expect(refused.msg).toBe('This chat has ended');
    // Without an email the visitor is anonymous; the answers are kept with the chat.
    const started = await post<{ ticket_id: number }>('/api/home/chat.start', {
      answers: [{ question_id: q1.data.question_id, choice_id: billing }],
      page_url: 'https://shop.example/pricing',
    });
    expect(started.code).toBe('0000');
    const chat = await call<{ visitor_name: string; answers: unknown[]; page_url: string }>(
      t.app,
      'GET',
      '/api/admin/chat.get',
      { token: admin, query: { ticket_id: String(started.data.ticket_id) } },
    );
    expect(chat.data).toMatchObject({
      visitor_name: 'Visitor',
      page_url: 'https://shop.example/pricing',
      answers: [{ question_id: q1.data.question_id, title: 'What about?', answer: 'Billing' }],
    });
    await post('/api/admin/settings/question.delete', { question_id: q2.data.question_id }, admin);
    await post('/api/admin/settings/question.delete', { question_id: q1.data.question_id }, admin);
  });
});
