import type { TAccount } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, ok, page } from '../../../test/fakeServer';
import { comment, company, ticket, ticketRow } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, chooseLanguage, signInEachTest } from '../../../test/session';
import { note, serveTicket, ticketShown } from '../../../test/ticketPage';

signInEachTest();

const grace = account({
  account_id: 20,
  email: 'grace@example.com',
  real_name: 'Grace Hopper',
  user_type: 'end_user',
  company_id: 4,
});
const older = ticketRow({
  ticket_id: 90,
  subject: 'Toner is low',
  ticket_state: 'solved',
  create_ts: Date.UTC(2025, 9, 2, 9, 0),
  update_ts: Date.UTC(2025, 10, 11, 9, 0),
});

/** The requester card, found by its title. */
const card = () =>
  screen.getByText('Requester', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

function serve(lastWrote: number, who: { user?: TAccount; menus?: string[] } = {}) {
  return serveTicket({
    ...who,
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
    await ticketShown(10_000);
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
    await ticketShown(10_000);
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
    await ticketShown(10_000);
    within(card()).getByText('grace@example.com');
    expect(within(card()).queryByText('Active')).toBeNull();
  });

  it('opens the requester seen from the ticket, with the way back to it', async () => {
    serve(0);
    const { here } = renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    fireEvent.click(within(card()).getByRole('link', { name: 'Grace Hopper' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/101/account/20'));
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await screen.findByText('Navy Labs');
    const back = screen.getByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/wswt/ticket/edit/101');
    fireEvent.click(back);
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/101'));
  });

  it('links their organization to its page for those who may open it, and names it plainly for others', async () => {
    serve(0);
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const link = (await within(card()).findByText('Navy Labs')).closest('a');
    expect(link?.getAttribute('href')).toBe('/wswt/company/4');
    cleanup();
    serve(0, {
      user: account({ account_id: 3, user_type: 'agent' }),
      menus: ['/wswt', '/wswt/ticket/edit/:ticket_id', '/wswt/ticket/edit/:ticket_id/account/:account_id'],
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const plain = await within(card()).findByText('Navy Labs');
    expect(plain.closest('a')).toBeNull();
  });

  it('says the other tickets show when they were last updated, with the full time on hover', async () => {
    serve(0);
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    await within(card()).findByText('#90 Toner is low');
    const when = within(card()).getByText(/^Updated /);
    expect(when.textContent).toMatch(/11/);
    expect(when.getAttribute('title')).toMatch(/^Updated .*2025/);
  });

  it("opened from the ticket: the tab says the requester's name, the organization links to its page, the tickets show updated and created", async () => {
    serve(0);
    renderApp('/wswt/ticket/edit/101/account/20');
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await screen.findByRole('tab', { name: /Grace Hopper/ });
    expect(screen.queryByRole('tab', { name: /Requester #20/ })).toBeNull();
    const link = (await screen.findByText('Navy Labs')).closest('a');
    expect(link?.getAttribute('href')).toBe('/wswt/company/4');
    screen.getByRole('columnheader', { name: 'Updated' });
    screen.getByRole('columnheader', { name: 'Created' });
  });

  it('in Chinese too', async () => {
    await chooseLanguage('zh-cn');
    serve(0);
    renderApp('/wswt/ticket/edit/101/account/20');
    await screen.findByRole('tab', { name: /Grace Hopper/ });
    expect(screen.queryByRole('tab', { name: /请求者 #20/ })).toBeNull();
    screen.getByRole('columnheader', { name: '更新时间' });
  });
});
