import {
  chatOps,
  chatSettingOps,
  chatTriggerOps,
  chatWidgetOps,
  groupOps,
  homeOps,
  questionOps,
  type TOpInput,
  ticketOps,
} from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { admin, api, closeClients, connect, setUpChatApp, t } from '../../../test/chat-app.js';
import { chatAgent, eventually, redisAnswers, sleep, startChat } from '../../../test/chat-kit.js';
import { noAcceptQueue } from './chat-trigger.service.js';

const hasRedis = await redisAnswers();

describe.skipIf(!hasRedis)('Settings › Chats and Chat triggers, with real socket.io clients', () => {
  setUpChatApp();

  it('checks the Chats settings and, outside business hours, closes the chat and offers a message instead', async () => {
    const saved = await api(chatSettingOps.get, {}, admin);
    expect(saved.data).toMatchObject({ business_hours_enabled: false, auto_assign: false, agent_chat_limit: 5 });

    const badZone = await api(chatSettingOps.edit, { ...saved.data, timezone: 'Mars/Base' }, admin);
    expect(badZone.code).toBe('FFFF');
    expect(Object.keys(badZone.fields)).toEqual(['timezone']);
    const backwards = await api(
      chatSettingOps.edit,
      { ...saved.data, business_hours: [{ day: 1, start: '18:00', end: '09:00' }] },
      admin,
    );
    expect(backwards.code).toBe('FFFF');
    expect(backwards.fields['business_hours.0.end']).toBe('The end time must be later than the start time');

    const agent = await chatAgent(t);
    await connect({ token: agent.token });
    const open = await api(chatWidgetOps.widgetGet, {});
    expect(open.data).toMatchObject({ online: true, closed: false });

    // Open only on a weekday that is not today (in UTC): closed now, whoever is online.
    const today = new Date().getUTCDay();
    const closedEdit = await api(
      chatSettingOps.edit,
      {
        ...saved.data,
        business_hours_enabled: true,
        timezone: 'UTC',
        business_hours: [{ day: (today + 3) % 7, start: '00:00', end: '23:59' }],
        greeting: 'Hi from the Chats screen',
      },
      admin,
    );
    expect(closedEdit.code).toBe('0000');
    try {
      const closed = await api(chatWidgetOps.widgetGet, {});
      expect(closed.data).toMatchObject({
        online: false,
        closed: true,
        setting: { greeting: 'Hi from the Chats screen' },
      });
      const refused = await api(chatWidgetOps.start, { real_name: 'Late Larry' });
      expect(refused.code).toBe('FFFF');
      expect(refused.msg).toBe('Chat is closed now. Please leave a message and we will reply by email');
      // The message the widget offers instead is an ordinary ticket.
      const left = await api(homeOps.ticketAdd, {
        real_name: 'Late Larry',
        email: 'larry@late.example',
        subject: 'After hours',
        description: 'Please call me back',
      });
      expect(left.code).toBe('0000');

      // Open all day today: chats start again.
      expect(
        (
          await api(
            chatSettingOps.edit,
            {
              ...saved.data,
              business_hours_enabled: true,
              business_hours: [{ day: today, start: '00:00', end: '23:59' }],
            },
            admin,
          )
        ).code,
      ).toBe('0000');
      // 23:59 itself is past the last opening minute; only assert outside that one minute.
      if (new Date().getUTCHours() * 60 + new Date().getUTCMinutes() < 23 * 60 + 59) {
        expect((await api(chatWidgetOps.widgetGet, {})).data.closed).toBe(false);
        await startChat(t);
      }
    } finally {
      await api(chatSettingOps.edit, saved.data, admin);
      closeClients();
    }
  });

  it('keeps chat triggers: each kind with its own fields, references checked, listed, edited and deleted', async () => {
    // Outside the contract's types: no trigger_type.
    const missing = await api(chatTriggerOps.add, { title: 'No kind' } as TOpInput<typeof chatTriggerOps.add>, admin);
    expect(missing.code).toBe('FFFF');
    const noMessage = await api(
      chatTriggerOps.add,
      { title: 'Empty', trigger_type: 'no_accept_reply', delay_seconds: 30, message: ' ' },
      admin,
    );
    expect(noMessage.fields.message).toBe('Message is required');
    const q = await api(
      questionOps.add,
      { title: 'Topic?', question_type: 'single_choice', answers: [{ text: 'Sales' }, { text: 'Support' }] },
      admin,
    );
    const strangerChoice = await api(
      chatTriggerOps.add,
      {
        title: 'Bad',
        trigger_type: 'route_by_answer',
        question_id: q.data.question_id,
        choice_id: 999999,
        group_id: 1,
      },
      admin,
    );
    expect(Object.keys(strangerChoice.fields)).toEqual(['choice_id']);

    const greeting = await api(
      chatTriggerOps.add,
      {
        title: 'Pricing nudge',
        trigger_type: 'page_greeting',
        delay_seconds: 5,
        url_contains: '/pricing',
        message: 'Questions about plans? </script><b>Ask us</b>',
      },
      admin,
    );
    expect(greeting.code).toBe('0000');
    const script = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(script.body).toContain('"url_contains":"/pricing"');
    expect(script.body).toContain('"delay_seconds":5');
    // The message cannot end the script early.
    expect(script.body).not.toContain('</script>');

    const edit = await api(
      chatTriggerOps.edit,
      {
        trigger_id: greeting.data.trigger_id,
        title: 'Pricing nudge',
        trigger_type: 'page_greeting',
        enabled: false,
        delay_seconds: 5,
        message: 'Off now',
      },
      admin,
    );
    expect(edit.code).toBe('0000');
    expect((await t.app.inject({ method: 'GET', url: '/widget.js' })).body).not.toContain('/pricing');
    const list = await api(chatTriggerOps.list, {}, admin);
    expect(list.data.list.find((x) => x.trigger_id === greeting.data.trigger_id)).toMatchObject({
      enabled: false,
      question_id: null,
    });
    const unknown = await api(
      chatTriggerOps.edit,
      { trigger_id: 999999, title: 'x', trigger_type: 'no_accept_reply', delay_seconds: 1, message: 'x' },
      admin,
    );
    expect(unknown.code).toBe('0404');
    // One unknown id: nothing is deleted.
    const partly = await api(chatTriggerOps.delete, { trigger_ids: [greeting.data.trigger_id, 999999] }, admin);
    expect(partly.code).toBe('0404');
    const kept = await api(chatTriggerOps.list, {}, admin);
    expect(kept.data.list.map((x) => x.trigger_id)).toContain(greeting.data.trigger_id);
    await api(chatTriggerOps.delete, { trigger_ids: [greeting.data.trigger_id] }, admin);
    await api(questionOps.delete, { question_id: q.data.question_id }, admin);
    const after = await api(chatTriggerOps.list, {}, admin);
    expect(after.data.list.map((x) => x.trigger_id)).not.toContain(greeting.data.trigger_id);
  });

  it('replies automatically when nobody accepts within the delay, through the job queue, and not once accepted', async () => {
    const trigger = await api(
      chatTriggerOps.add,
      { title: 'Hold on', trigger_type: 'no_accept_reply', delay_seconds: 3, message: 'All agents are busy, hold on' },
      admin,
    );
    expect(trigger.code).toBe('0000');
    try {
      const agent = await chatAgent(t);
      await connect({ token: agent.token });
      // Not before the delay: checked right after the chats start (the sockets and the accept
      // below took over three seconds on a loaded machine, and the job was due by then).
      const waiting = await startChat(t);
      const taken = await startChat(t);
      const takenAt = Date.now();
      expect(await t.app.parley.jobs.runOnce(noAcceptQueue)).toBe(0);
      const visitor = await connect({ visitor_token: waiting.visitor_token });
      const other = await connect({ visitor_token: taken.visitor_token });
      expect((await api(chatOps.accept, { ticket_id: taken.ticket_id }, agent.token)).code).toBe('0000');

      await sleep(Math.max(0, takenAt + 3300 - Date.now()));
      expect(await t.app.parley.jobs.runOnce(noAcceptQueue)).toBe(2);
      const reply = await eventually('automatic reply on the visitor socket', () =>
        visitor.messages.find((m) => m.automatic),
      );
      expect(reply).toMatchObject({ from_visitor: false, account_id: null, is_public: true });
      expect(reply.body).toContain('All agents are busy, hold on');
      await sleep(200);
      expect(other.messages.filter((m) => m.automatic)).toHaveLength(0);
      // The reply is part of the chat's history, once.
      const history = await api(chatWidgetOps.messageList, {
        visitor_token: waiting.visitor_token,
        after_message_id: '0',
      });
      expect(history.data.list.filter((m) => m.automatic)).toHaveLength(1);
    } finally {
      await api(chatTriggerOps.delete, { trigger_ids: [trigger.data.trigger_id] }, admin);
      closeClients();
    }
  });

  it('routes a chat by its pre-chat answer to the online agents of a group first', async () => {
    const q = await api(
      questionOps.add,
      { title: 'Which team?', question_type: 'single_choice', answers: [{ text: 'Sales' }, { text: 'Support' }] },
      admin,
    );
    const full = await api(questionOps.get, { question_id: String(q.data.question_id) }, admin);
    const sales = full.data.answers.find((a) => a.text === 'Sales')?.choice_id as number;
    const support = full.data.answers.find((a) => a.text === 'Support')?.choice_id as number;
    const seller = await chatAgent(t, { realName: 'Sally Sales' });
    const helper = await chatAgent(t, { realName: 'Hank Help' });
    const group = await api(
      groupOps.add,
      { group_name: `Sales ${Date.now()}`, account_ids: [seller.accountId] },
      admin,
    );
    expect(group.code).toBe('0000');
    const trigger = await api(
      chatTriggerOps.add,
      {
        title: 'Sales to sales',
        trigger_type: 'route_by_answer',
        question_id: q.data.question_id,
        choice_id: sales,
        group_id: group.data.group_id,
      },
      admin,
    );
    expect(trigger.code).toBe('0000');
    try {
      const sellerSocket = await connect({ token: seller.token });
      const helperSocket = await connect({ token: helper.token });
      const salesChat = await startChat(t, { answers: [{ question_id: q.data.question_id, choice_id: sales }] });
      await eventually('sales chat offered to the seller', () =>
        sellerSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(salesChat.ticket_id)),
      );
      const ticket = await api(ticketOps.get, { ticket_id: String(salesChat.ticket_id) }, admin);
      expect(ticket.data.group_id).toBe(group.data.group_id);
      // Another answer routes as before: to everyone online.
      const supportChat = await startChat(t, { answers: [{ question_id: q.data.question_id, choice_id: support }] });
      await eventually('support chat offered to the helper', () =>
        helperSocket.system.find((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(supportChat.ticket_id)),
      );
      expect(
        helperSocket.system.some((m) => m.type === 'new_chat_tickets' && m.ticket_ids.includes(salesChat.ticket_id)),
      ).toBe(false);
    } finally {
      await api(chatTriggerOps.delete, { trigger_ids: [trigger.data.trigger_id] }, admin);
      await api(questionOps.delete, { question_id: q.data.question_id }, admin);
      closeClients();
    }
  });
});
