import type { TSlaTicketResponse } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { chooseLanguage, signInEachTest } from '../../test/session';
import { serveTicket } from '../../test/ticketPage';

signInEachTest();

const serveSla = (sla: TSlaTicketResponse) =>
  serveTicket({ ticket: { ticket_state: 'open' }, handlers: { 'admin/sla.ticket.get': () => ok(sla) } });

/** A new ticket under a policy whose schedule has no business hours (none set, or all holiday). */
const neverDue: TSlaTicketResponse = {
  policy_title: 'Night shift',
  metric: 'first_reply',
  due_ts: null,
  paused_left: null,
  breached: false,
};

describe("the ticket's SLA target", () => {
  it('says a schedule without business hours ahead never brings the target due, not "Paused, 0 min left"', async () => {
    serveSla(neverDue);
    renderApp('/wswt/ticket/edit/101');
    const sla = await screen.findByTestId('ticket-sla');
    await within(sla).findByText('No business hours ahead in its schedule');
    within(sla).getByText('First reply');
    expect(sla.textContent).not.toMatch(/Paused/);
  });

  it('still says a pending ticket is paused with the time left', async () => {
    serveSla({ ...neverDue, paused_left: 0 });
    renderApp('/wswt/ticket/edit/101');
    await within(await screen.findByTestId('ticket-sla')).findByText(/^Paused, /);
  });

  it('says it in Chinese', async () => {
    serveSla(neverDue);
    await chooseLanguage('zh-cn');
    renderApp('/wswt/ticket/edit/101');
    await within(await screen.findByTestId('ticket-sla')).findByText('其工作时间今后没有营业时间');
  });
});
