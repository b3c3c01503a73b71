import type { TTicketEvent, TTicketForm } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fakeServer';
import { ticketField } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { chooseLanguage, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown } from '../../../test/ticketPage';

signInEachTest();

const created = Date.now() - 3 * 86_400_000;
const edited = Date.now() - 5 * 60_000;
const event = (o: Partial<TTicketEvent>): TTicketEvent => ({
  event_id: 1,
  ticket_id: 101,
  actor_id: 20,
  field: 'created',
  old_value: null,
  new_value: null,
  create_ts: created,
  ...o,
});

const events: TTicketEvent[] = [
  event({ event_id: 1, new_value: { source: 'form', subject: 'Printer on fire' } }),
  event({ event_id: 2, field: 'comment', new_value: { comment_id: 1, is_public: true } }),
  event({ event_id: 3, actor_id: 7, field: 'priority', old_value: 'normal', new_value: 'urgent', create_ts: edited }),
  event({ event_id: 4, actor_id: 7, field: 'assignee_id', old_value: null, new_value: 7, create_ts: edited }),
  event({ event_id: 5, actor_id: 7, field: 'tags', old_value: [], new_value: ['printer', 'fire'], create_ts: edited }),
  event({
    event_id: 6,
    actor_id: 7,
    field: 'comment',
    new_value: { comment_id: 2, is_public: false },
    create_ts: edited,
  }),
];

describe('ticket history', () => {
  it('shows who changed which field from what to what, in words, newest first', async () => {
    serveTicket({ handlers: { 'admin/ticket.event.list': () => ok({ list: events }) } });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    const [edit, creation] = entries as [HTMLElement, HTMLElement];
    // Who and when head each entry.
    expect(edit.textContent).toMatch(/^Linus Agent5 minutes ago/);
    expect(edit.textContent).toContain('Priority: Normal → Urgent');
    expect(within(edit).getByText('Normal').tagName).toBe('DEL');
    expect(edit.textContent).toContain('Assignee: Unassigned → Linus Agent');
    expect(edit.textContent).toContain('Tags: (none) → printer, fire');
    expect(edit.textContent).toContain('Added an internal note');
    expect(creation.textContent).toMatch(/^Grace Hopper/);
    expect(creation.textContent).toContain('Created the ticket (Web form)');
    expect(creation.textContent).toContain('Added a public reply');
  });

  const ruleRan = (kind: string, at: number, id: number): TTicketEvent[] => [
    event({
      event_id: id,
      actor_id: null,
      field: 'rule',
      new_value: { kind, id: 1, title: 'Refund routing' },
      create_ts: at,
    }),
    event({
      event_id: id + 1,
      actor_id: null,
      field: 'notify',
      new_value: { target: 'requester', to: ['grace@example.com'] },
      create_ts: at,
    }),
    event({
      event_id: id + 2,
      actor_id: null,
      field: 'webhook',
      new_value: { url: 'https://hooks.example.com/t' },
      create_ts: at,
    }),
    event({ event_id: id + 3, actor_id: null, field: 'field_5', old_value: null, new_value: 'Printer', create_ts: at }),
  ];
  const bouncedAt = Date.now();
  const byRules = [
    ...ruleRan('trigger', created, 1),
    ...ruleRan('automation', edited, 11),
    event({
      event_id: 21,
      actor_id: null,
      field: 'delivery_failed',
      new_value: { address: 'gone@example.com' },
      create_ts: bouncedAt,
    }),
    event({
      event_id: 22,
      actor_id: null,
      field: 'mail_not_sent',
      new_value: { to: ['gone@example.com'], reason: 'bounced', comment_id: 7 },
      create_ts: bouncedAt,
    }),
    event({
      event_id: 23,
      actor_id: null,
      field: 'mail_not_sent',
      new_value: { to: ['loop@example.com'], reason: 'received_limit', comment_id: null },
      create_ts: bouncedAt,
    }),
  ];
  const serveRules = () =>
    serveTicket({
      handlers: {
        'admin/ticket.event.list': () => ok({ list: byRules }),
        'admin/settings/field.all.list': () =>
          ok({ list: [ticketField({ field_id: 5, field_key: 'field_5', title: 'Product' })] }),
      },
    });
  const historyOf = async () => {
    await ticketShown(10_000);
    fireEvent.click(screen.getByRole('tab', { name: /History|历史/ }));
    return (await screen.findAllByTestId('history-entry')).map((e) => e.textContent ?? '');
  };

  it("says which trigger or automation ran and what it sent, in words, not the rule's data", async () => {
    serveRules();
    renderApp('/wswt/ticket/edit/101');
    await historyOf();
    // A custom field by its title, once the fields are known.
    await waitFor(() => expect(screen.getAllByText(/^Product:/)).toHaveLength(2));
    const [bounce, automation, trigger] = screen.getAllByTestId('history-entry').map((e) => e.textContent ?? '');
    expect(trigger).toContain('Trigger “Refund routing” ran');
    expect(trigger).toContain('Emailed grace@example.com');
    expect(trigger).toContain('Sent the ticket to the webhook https://hooks.example.com/t');
    expect(trigger).toContain('Product: (none) → Printer');
    expect(automation).toContain('Automation “Refund routing” ran');
    expect(bounce).toContain('Mail to gone@example.com could not be delivered');
    // A reply the server did not mail is said on the ticket, with why.
    expect(bounce).toContain('The reply was not mailed to gone@example.com: earlier mail to it bounced');
    expect(bounce).toContain('No "we received your request" mail to loop@example.com');
    expect([bounce, automation, trigger].join()).not.toMatch(/kind:|\{|field_5/);
  });

  it('says so in Chinese too', async () => {
    await chooseLanguage('zh-cn');
    serveRules();
    renderApp('/wswt/ticket/edit/101');
    const [bounce, automation, trigger] = await historyOf();
    expect(trigger).toContain('触发器“Refund routing”已执行');
    expect(trigger).toContain('已发送邮件给 grace@example.com');
    expect(automation).toContain('自动化“Refund routing”已执行');
    expect(bounce).toContain('发往 gone@example.com 的邮件无法送达');
    expect(bounce).toContain('回复未发送给 gone@example.com：之前发往该地址的邮件被退回');
    expect(bounce).toContain('未向 loop@example.com 发送“已收到您的请求”邮件');
  });
});

describe('a change of ticket form in the history', () => {
  const hardware: TTicketForm = {
    form_id: 3,
    form_name: 'Hardware request',
    customer_title: '',
    field_ids: [],
    conditions: [],
    form_state: 'active',
    is_default: false,
    position: 1,
    create_ts: 0,
    update_ts: 0,
  };
  const serveForms = () =>
    serveTicket({
      handlers: {
        'admin/ticket.event.list': () =>
          ok({
            list: [
              event({ event_id: 1, actor_id: 7, field: 'form_id', old_value: null, new_value: 3, create_ts: created }),
              event({ event_id: 2, actor_id: 7, field: 'form_id', old_value: 3, new_value: 9, create_ts: edited }),
            ],
          }),
        'admin/settings/form.all.list': () => ok({ list: [hardware] }),
      },
    });
  const history = async (tab: RegExp) => {
    await ticketShown(10_000);
    fireEvent.click(screen.getByRole('tab', { name: tab }));
    await screen.findAllByTestId('history-entry');
  };
  const entries = () => screen.getAllByTestId('history-entry').map((e) => e.textContent ?? '');

  it('names the form, and says when the form is no longer there, never its id', async () => {
    serveForms();
    renderApp('/wswt/ticket/edit/101');
    await history(/History/);
    await waitFor(() => expect(entries()[0]).toContain('Ticket form: Hardware request → (deleted form)'));
    expect(entries()[1]).toContain('Ticket form: (none) → Hardware request');
    expect(entries().join()).not.toMatch(/form_id|→ 9|→ 3/);
  });

  it('says so in Chinese too', async () => {
    await chooseLanguage('zh-cn');
    serveForms();
    renderApp('/wswt/ticket/edit/101');
    await history(/历史/);
    await waitFor(() => expect(entries()[0]).toContain('工单表单: Hardware request → （已删除的表单）'));
  });
});
