import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, ok, page } from '../../../test/fakeServer';
import { comment, company, ticket, ticketRow } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { note, serveTicket } from '../../../test/ticketPage';

signInEachTest();

const grace = account({
  account_id: 20,
  email: 'grace@example.com',
  real_name: 'Grace Hopper',
  user_type: 'end_user',
  company_id: 4,
});
const older = ticketRow({ ticket_id: 90, subject: 'Toner is low', ticket_state: 'solved' });

/** The requester card, found by its title. */
const card = () =>
  screen.getByText('Requester', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

function serve(lastWrote: number) {
  return serveTicket({
    ticket: {
      requester: { ...ticket().requester, company_id: 4 },
    },
    handlers: {
      'admin/ticket.comment.list': () => ok({ list: [comment({ comment_id: 1, create_ts: lastWrote }), note] }),
      'admin/ticket.requester.tickets': () => page([older], 7),
      'admin/settings/company.get': () => ok(company({ company_id: 4, company_name: 'Navy Labs' })),
      'admin/auth.account.get': () => ok(grace),
      'admin/auth.account.ticket.history.list': () => ok({ list: [] }),
    },
  });
}

describe('requester panel', () => {
  it('shows the requester, their organization, their other tickets and whether they are active', async () => {
    const { calls } = serve(Date.now() - 60_000);
    renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    within(card()).getByText('grace@example.com');
    within(card()).getByText('Active');
    await within(card()).findByText('Navy Labs');
    const other = await within(card()).findByText('#90 Toner is low');
    expect(other.closest('a')?.getAttribute('href')).toBe('/wswt/ticket/edit/90');
    expect(within(card()).getByText('6 more…').closest('a')?.getAttribute('href')).toBe(
      '/wswt/ticket/edit/101/account/20',
    );
    const query = callsTo(calls, 'admin/ticket.requester.tickets')[0]?.query;
    expect([query?.get('requester_id'), query?.get('except_ticket_id')]).toEqual(['20', '101']);
  });

  it('opens another ticket of theirs in the app with a plain click, and leaves a Ctrl+click to the browser', async () => {
    serve(0);
    const { here } = renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    const link = (await within(card()).findByText('#90 Toner is low')).closest('a') as HTMLAnchorElement;
    // A new tab is the browser's: the app does not prevent it nor move.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(here()).toBe('/wswt/ticket/edit/101');
    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/90'));
  });

  it('is not active when they last wrote more than 180 seconds ago', async () => {
    serve(Date.now() - 181_000);
    renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    within(card()).getByText('grace@example.com');
    expect(within(card()).queryByText('Active')).toBeNull();
  });

  it('opens the requester seen from the ticket, with the way back to it', async () => {
    serve(0);
    const { here } = renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    fireEvent.click(within(card()).getByRole('link', { name: 'Grace Hopper' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/101/account/20'));
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await screen.findByText('Navy Labs');
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/wswt/ticket/edit/101');
    fireEvent.click(back);
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/101'));
  });
});
