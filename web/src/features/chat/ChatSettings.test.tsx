import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, page } from '../../test/fakeServer';
import { group } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const chatSetting = {
  business_hours_enabled: false,
  timezone: 'UTC',
  business_hours: [{ day: 1, start: '09:00', end: '18:00' }],
  auto_assign: false,
  agent_chat_limit: 5,
  missed_after_minutes: 10,
  greeting: 'Hello! How can we help you?',
};
const widget = {
  color: '#1677ff',
  position: 'right',
  title: 'Chat with us',
  pre_chat_form: true,
  offline_behavior: 'leave_message',
  allowed_origins: [],
};

describe('Settings › Chats', () => {
  it('turns on business hours, refuses an opening that ends before it starts, then saves the whole setting', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/chat.setting.get': () => ok(chatSetting),
        'admin/settings/chat.setting.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/chat');
    const hours = await screen.findByRole('switch', { name: 'Take chats only within business hours' });
    // Off: no hours to edit.
    expect(screen.queryByLabelText('Opens')).toBeNull();
    fireEvent.click(hours);
    const opens = await screen.findByLabelText('Opens');
    // Named in words only: the icon's own name ("plus") is not read before them.
    screen.getByRole('button', { name: 'Add opening hours' });
    expect((opens as HTMLInputElement).value).toBe('09:00');
    typeInto('Closes', '08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The end time must be later than the start time');
    expect(callsTo(calls, 'admin/settings/chat.setting.edit')).toHaveLength(0);

    typeInto('Closes', '17:30');
    fireEvent.click(screen.getByRole('switch', { name: 'Assign new chats automatically' }));
    typeInto('End a chat nobody takes after', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/chat.setting.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/settings/chat.setting.edit')[0]?.body).toEqual({
      ...chatSetting,
      business_hours_enabled: true,
      auto_assign: true,
      missed_after_minutes: 20,
      business_hours: [{ day: 1, start: '09:00', end: '17:30' }],
    });
    await screen.findByText('Successfully saved');
  });

  it('shows a zh-cn admin the default greeting as their visitors read it, and offers it back after an edit', async () => {
    await chooseLanguage('zh-cn');
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/chat.setting.get': () => ok(chatSetting),
        'admin/settings/chat.setting.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/chat');
    const greeting = (await screen.findByLabelText('欢迎语')) as HTMLTextAreaElement;
    expect(greeting.value).toBe('您好！有什么可以帮您？');
    screen.getByText(/默认欢迎语：每位访客会以自己的语言/);
    typeInto('欢迎语', '欢迎光临');
    fireEvent.click(await screen.findByRole('button', { name: '使用默认欢迎语' }));
    expect(greeting.value).toBe('您好！有什么可以帮您？');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/chat.setting.edit')).toHaveLength(1));
    // Sent as shown: the server stores any language's default as the default (server test).
    expect(callsTo(calls, 'admin/settings/chat.setting.edit')[0]?.body).toMatchObject({
      greeting: '您好！有什么可以帮您？',
    });
  });

  it('says so when the settings cannot be loaded', async () => {
    fakeServer({
      user: admin,
      handlers: { 'admin/settings/chat.setting.get': () => ({ code: '0500', msg: 'x', data: null }) },
    });
    renderApp('/wswt/setting/chat');
    await screen.findByText('The chat settings could not be loaded. Please try again.');
  });
});

describe('Settings › Widget', () => {
  it('shows the snippet and a preview with the Chats greeting, and saves only the widget fields', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/widget.get': () => ok(widget),
        'admin/settings/widget.edit': () => ok(null),
        'admin/settings/chat.setting.get': () => ok({ ...chatSetting, greeting: 'Welcome to the bike shop' }),
        'admin/settings/question.all.get': () => ok({ list: [] }),
      },
    });
    renderApp('/wswt/setting/widget');
    await screen.findByText('Welcome to the bike shop');
    screen.getByText('The default title: each visitor reads it in their own language (English or Simplified Chinese).');
    screen.getByText(`<script src="${window.location.origin}/widget.js" async></script>`);
    typeInto('Title', 'Talk to Bob');
    // The preview follows the form as it is typed.
    await within(await screen.findByRole('img', { name: 'Talk to Bob' })).findByText('Talk to Bob');
    fireEvent.click(screen.getByRole('radio', { name: 'Bottom left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/widget.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/settings/widget.edit')[0]?.body).toEqual({
      ...widget,
      title: 'Talk to Bob',
      position: 'left',
    });
  });

  it('writes the chosen widget language into the snippet, and copies the snippet as shown', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void writes.push(text) },
    });
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/widget.get': () => ok(widget),
        'admin/settings/chat.setting.get': () => ok(chatSetting),
        'admin/settings/question.all.get': () => ok({ list: [] }),
      },
    });
    renderApp('/wswt/setting/widget');
    const origin = window.location.origin;
    const language = await screen.findByRole('radiogroup', { name: 'Widget language' });
    expect((within(language).getByRole('radio', { name: 'Automatic' }) as HTMLInputElement).checked).toBe(true);
    screen.getByText(`<script src="${origin}/widget.js" async></script>`);
    fireEvent.click(within(language).getByRole('radio', { name: '简体中文' }));
    const zh = `<script src="${origin}/widget.js" data-lang="zh-cn" async></script>`;
    screen.getByText(zh);
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writes).toEqual([zh]));
    fireEvent.click(within(language).getByRole('radio', { name: 'English' }));
    screen.getByText(`<script src="${origin}/widget.js" data-lang="en" async></script>`);
  });

  it('shows a zh-cn admin the default title and greeting as their visitors read them', async () => {
    await chooseLanguage('zh-cn');
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/widget.get': () => ok(widget),
        'admin/settings/chat.setting.get': () => ok(chatSetting),
        'admin/settings/question.all.get': () => ok({ list: [] }),
      },
    });
    renderApp('/wswt/setting/widget');
    const preview = await screen.findByRole('img', { name: '在线咨询' });
    await within(preview).findByText('您好！有什么可以帮您？');
    expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('在线咨询');
  });
});

describe('Settings › Chat triggers', () => {
  const question = {
    question_id: 5,
    question_module: 'chat',
    title: 'Which team?',
    question_type: 'single_choice',
    rule_question_id: null,
    rule_choice_id: null,
    answers: [
      { choice_id: 51, text: 'Sales' },
      { choice_id: 52, text: 'Support' },
    ],
    need_submit_user_info: false,
    end_live_chat: false,
    end_live_message: '',
    create_ts: 0,
    update_ts: 0,
  };
  const trigger = (o: Record<string, unknown>) => ({
    trigger_id: 1,
    title: 'Pricing nudge',
    trigger_type: 'page_greeting',
    enabled: true,
    delay_seconds: 10,
    url_contains: '/pricing',
    message: 'Questions about plans?',
    question_id: null,
    choice_id: null,
    group_id: null,
    update_ts: 0,
    ...o,
  });

  function serve() {
    return fakeServer({
      user: admin,
      handlers: {
        'admin/settings/chat.trigger.list': () =>
          ok({
            list: [
              trigger({}),
              trigger({
                trigger_id: 2,
                title: 'Sales to sales',
                trigger_type: 'route_by_answer',
                delay_seconds: null,
                url_contains: null,
                message: null,
                question_id: 5,
                choice_id: 51,
                group_id: 7,
              }),
            ],
          }),
        'admin/settings/question.all.get': () => ok({ list: [question] }),
        'admin/auth.group.list': () => page([group({ group_id: 7, group_name: 'Sales team' })]),
        'admin/settings/chat.trigger.add': () => ok({ trigger_id: 3 }),
      },
    });
  }

  it('lists each trigger with its rule in words', async () => {
    serve();
    renderApp('/wswt/setting/chat_trigger');
    const greet = await screen.findByRole('row', { name: /Pricing nudge/ });
    within(greet).getByText('After 10 s on a page whose address contains “/pricing”');
    within(greet).getByText('Page greeting');
    const route = screen.getByRole('row', { name: /Sales to sales/ });
    await within(route).findByText('“Which team?” answered “Sales” → Sales team');
  });

  it('adds a reply for chats nobody accepts in time, asking for what is missing first', async () => {
    const { calls } = serve();
    renderApp('/wswt/setting/chat_trigger');
    fireEvent.click(await screen.findByRole('button', { name: /Add chat trigger/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'No answer in time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Name is required');
    await within(dialog).findByText('Message is required');
    expect(callsTo(calls, 'admin/settings/chat.trigger.add')).toHaveLength(0);
    typeInto('Name', 'Hold on');
    typeInto('Seconds without an accept', '45');
    typeInto('Message', 'All agents are busy, hold on');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/chat.trigger.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/settings/chat.trigger.add')[0]?.body).toEqual({
      title: 'Hold on',
      enabled: true,
      trigger_type: 'no_accept_reply',
      delay_seconds: 45,
      message: 'All agents are busy, hold on',
    });
  });
});

describe('Settings › Widget › Pre-chat questions', () => {
  const first = {
    question_id: 5,
    question_module: 'chat',
    title: 'Which team?',
    question_type: 'single_choice',
    rule_question_id: null,
    rule_choice_id: null,
    answers: [
      { choice_id: 51, text: 'Sales' },
      { choice_id: 52, text: 'Support' },
    ],
    need_submit_user_info: false,
    end_live_chat: false,
    end_live_message: '',
    create_ts: 0,
    update_ts: 0,
  };
  const followUp = {
    ...first,
    question_id: 6,
    title: 'Order number',
    question_type: 'text',
    answers: [],
    rule_question_id: 5,
    rule_choice_id: 52,
  };

  it('lists the questions with when each is asked, and adds one that follows a choice and ends the chat', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/widget.get': () => ok(widget),
        'admin/settings/chat.setting.get': () => ok(chatSetting),
        'admin/settings/question.all.get': () => ok({ list: [first, followUp] }),
        'admin/settings/question.add': () => ok({ question_id: 7 }),
      },
    });
    renderApp('/wswt/setting/widget');
    const row = await screen.findByRole('row', { name: /Order number/ });
    within(row).getByText('“Which team?” was answered “Support”');
    within(screen.getByRole('row', { name: /^Which team\?/ })).getByText('Always');

    // Named in words only: the icon's own name ("plus") is not read before them.
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog');
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Question', 'Is it about spam?');
    // The choices show once the form's watched type is in (a render after the dialog's first).
    await within(dialog).findByLabelText('Choice 1');
    fill('Choice 1', 'Yes');
    fill('Choice 2', 'No');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Ask only after' }));
    fireEvent.click(await screen.findByTitle('Which team?'));
    fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: '…when the answer was' }));
    fireEvent.click(await screen.findByTitle('Sales'));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Answering ends the chat' }));
    fireEvent.change(await within(dialog).findByLabelText('Message to show'), {
      target: { value: 'We do not chat about spam' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/question.add')).toHaveLength(1));
    expect(callsTo(calls, 'admin/settings/question.add')[0]?.body).toEqual({
      question_module: 'chat',
      title: 'Is it about spam?',
      question_type: 'single_choice',
      answers: [{ text: 'Yes' }, { text: 'No' }],
      rule_question_id: 5,
      rule_choice_id: 51,
      need_submit_user_info: false,
      end_live_chat: true,
      end_live_message: 'We do not chat about spam',
    });
  });
});
