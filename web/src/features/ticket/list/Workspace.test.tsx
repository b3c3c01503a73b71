import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, fail, fakeServer, ok, page } from '../../../test/fakeServer';
import { ticket, ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../../test/session';
import { serveTicket } from '../../../test/ticketPage';

signInEachTest();
// Screens load lazily; on a busy machine the first render of a file takes long.
vi.setConfig({ testTimeout: 90_000 });

const mine = ticketView({ view_id: 1, title: 'Your unsolved tickets', count: 0 });
const unassigned = ticketView({ view_id: 2, title: 'Unassigned tickets', count: 3 });
const rows = [
  ticketRow({ ticket_id: 101, subject: 'Printer on fire' }),
  ticketRow({ ticket_id: 102, subject: 'VPN drops' }),
  ticketRow({ ticket_id: 103, subject: 'Mail bounces' }),
];

function serve(list: () => unknown = () => ok({ list: rows, total: 3, total_estimated: false })) {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/ticket.view.list': () => ok({ list: [mine, unassigned] }),
      'admin/ticket.list': list as never,
      // A ticket opened from the list (its page asks for it as it opens).
      'admin/ticket.get': (c) => {
        const id = Number(c.query.get('ticket_id'));
        return ok(ticket({ ticket_id: id, subject: rows.find((r) => r.ticket_id === id)?.subject ?? '' }));
      },
      'admin/ticket.comment.list': () => ok({ list: [] }),
      'admin/ticket.requester.tickets': () => page([]),
    },
  });
}

/** The ticket page of `subject` is on screen. */
const ticketShown = (subject: string) =>
  screen.findByRole('heading', { name: new RegExp(subject) }, { timeout: 45_000 });

describe('the agent workspace', () => {
  it('opens on the first view with tickets, then on the view the agent chose last', async () => {
    const { calls } = serve();
    const first = renderApp('/wswt');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    expect(callsTo(calls, 'admin/ticket.list')[0]?.query.get('view_id')).toBe('2');
    screen.getByRole('heading', { name: 'Unassigned tickets' });
    // The agent picks their own (empty) view: next time the list opens there.
    fireEvent.click(screen.getByRole('menuitem', { name: /Your unsolved tickets/ }));
    await waitFor(() => expect(first.here()).toBe('/wswt?view_id=1'));
    first.view.unmount();
    const again = serve();
    renderApp('/wswt');
    await waitFor(() => expect(callsTo(again.calls, 'admin/ticket.list')[0]?.query.get('view_id')).toBe('1'), {
      timeout: 45_000,
    });
  });

  it('stays on the view it opened on when a bulk change fills a view above it', async () => {
    let assigned = false;
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        // The agent takes two unassigned tickets: their own view, empty at first, now counts 2.
        'admin/ticket.view.list': () => ok({ list: [{ ...mine, count: assigned ? 2 : 0 }, unassigned] }),
        'admin/ticket.list': () => ok({ list: rows, total: 3, total_estimated: false }),
        'admin/ticket.bulk.edit': () => {
          assigned = true;
          return ok({ ticket_ids: [101, 102] });
        },
      },
    });
    const { here } = renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    screen.getByRole('heading', { name: 'Unassigned tickets' });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /Change state/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Solved' }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.view.list').length).toBeGreaterThan(1));
    await within(screen.getByRole('menuitem', { name: /Your unsolved tickets/ })).findByText('2');
    screen.getByRole('heading', { name: 'Unassigned tickets' });
    expect(callsTo(calls, 'admin/ticket.list').every((c) => c.query.get('view_id') === '2')).toBe(true);
    expect(here()).toBe('/wswt');
  });

  it('goes to another view when the one in the address was deleted meanwhile, instead of "Page not found"', async () => {
    let deleted = false;
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.view.list': () => ok({ list: deleted ? [mine] : [mine, unassigned] }),
        'admin/ticket.list': (c) =>
          c.query.get('view_id') === '2' && deleted
            ? fail('0404', 'Not found')
            : ok({ list: rows, total: 3, total_estimated: false }),
      },
    });
    const { here, router } = renderApp('/wswt?view_id=2');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    // Another tab deletes the view; this one sorts its list.
    deleted = true;
    await router.navigate('/wswt?view_id=2&sort=create_ts');
    await waitFor(() => expect(here()).toBe('/wswt'));
    screen.getByRole('heading', { name: 'Your unsolved tickets' });
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Unassigned tickets/ })).toBeNull());
    expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('view_id')).toBe('1');
  });

  it('opens a ticket by a click anywhere on its row, in a new tab with Ctrl', async () => {
    serve();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { here } = renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 45_000 });
    fireEvent.click(within(row).getByText('#102'), { ctrlKey: true });
    expect(opened).toHaveBeenCalledWith('/wswt/ticket/edit/102', '_blank', 'noopener');
    expect(here()).toBe('/wswt');
    fireEvent.click(within(row).getByText('#102'));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/102'));
    await ticketShown('VPN drops');
    opened.mockRestore();
  });

  it('opens a ticket by its subject, a link: in the app on a click, left to the browser with Ctrl', async () => {
    serve();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { here } = renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 45_000 });
    const link = within(row).getByRole('link', { name: /VPN drops/ });
    expect(link.getAttribute('href')).toBe('/wswt/ticket/edit/102');
    // Not taken by the app (fireEvent says true when nothing prevented it): the browser opens a new tab.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(opened).not.toHaveBeenCalled();
    expect(here()).toBe('/wswt');
    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/102'));
    await ticketShown('VPN drops');
    opened.mockRestore();
  });

  it('triages from the keyboard: j/k move, x selects, Enter opens, ? lists the keys', async () => {
    serve();
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    const key = (k: string) => fireEvent.keyDown(document.body, { key: k });
    key('j');
    key('j');
    key('k');
    key('j');
    const active = () => document.querySelector('tr.ticket-row-active')?.textContent ?? '';
    expect(active()).toContain('VPN drops');
    key('x');
    await screen.findByText('1 selected');
    key('?');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Select or unselect the ticket');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Keys on a control are the control's: Enter on the bulk bar's button opens its menu, an arrow
    // in the views moves through the views; the list's row stays put and no ticket opens.
    const stateButton = await screen.findByRole('button', { name: /Change state/ });
    expect(fireEvent.keyDown(stateButton, { key: 'Enter' })).toBe(true);
    fireEvent.keyDown(screen.getAllByRole('menuitem')[0] as HTMLElement, { key: 'ArrowDown' });
    expect(active()).toContain('VPN drops');
    expect(here()).toBe('/wswt');
    key('Enter');
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/102'));
    await ticketShown('VPN drops');
  });

  it('keeps the list while a ticket opened from it is on screen: back, its rows are the same, and hidden it takes no keys', async () => {
    const { calls } = serveTicket({
      handlers: {
        'admin/ticket.view.list': () => ok({ list: [mine, unassigned] }),
        'admin/ticket.list': () => ok({ list: rows, total: 3, total_estimated: false }),
      },
    });
    const { router, here } = renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 45_000 });
    fireEvent.click(within(row).getByText('#102'));
    await screen.findByRole('textbox', { name: 'Comment' }, { timeout: 45_000 });
    // Hidden, not gone; and its keys (j, Enter) do not act on the ticket page.
    expect(row.isConnected).toBe(true);
    expect(screen.queryByRole('row', { name: /VPN drops/ })).toBeNull();
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(here()).toBe('/wswt/ticket/edit/102');
    const listCalls = callsTo(calls, 'admin/ticket.list').length;
    await router.navigate('/wswt');
    await waitFor(() => expect(screen.getByRole('row', { name: /VPN drops/ })).toBe(row));
    // The row opened is still the keyboard's row: the j pressed on the ticket page did not move it.
    expect(document.querySelector('tr.ticket-row-active')?.textContent).toContain('VPN drops');
    // Within the cache's freshness: shown as it was, not asked for again.
    expect(callsTo(calls, 'admin/ticket.list')).toHaveLength(listCalls);
  });

  it('says the list failed to load, with a retry, instead of "no tickets"', async () => {
    let failing = true;
    serve(() => (failing ? fail('0500', 'Server error') : ok({ list: rows, total: 3, total_estimated: false })));
    renderApp('/wswt');
    await screen.findByText('The tickets of this view could not be loaded', {}, { timeout: 45_000 });
    expect(screen.queryByText('No tickets in this view')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('row', { name: /Printer on fire/ });
  });
});

describe('the ticket page', () => {
  it('says a server error is an error, not that the ticket does not exist', async () => {
    serveTicket({ handlers: { 'admin/ticket.get': () => fail('0500', 'Internal error') } });
    renderApp('/wswt/ticket/edit/101');
    await screen.findByText('This ticket could not be loaded', {}, { timeout: 45_000 });
    expect(screen.queryByText('This ticket does not exist or you may not see it')).toBeNull();
    screen.getByRole('button', { name: 'Try again' });
  });

  it('still says not found for a ticket that is not there', async () => {
    serveTicket({ handlers: { 'admin/ticket.get': () => fail('0404', 'Not found') } });
    const { here } = renderApp('/wswt/ticket/edit/999');
    await screen.findByText('This ticket does not exist or you may not see it', {}, { timeout: 45_000 });
    // Said on the page itself: the address stays the ticket's.
    await new Promise((r) => setTimeout(r, 300)); // the router's navigation is asynchronous
    expect(here()).toBe('/wswt/ticket/edit/999');
  });

  it('sends with Ctrl+Enter and says which ticket was updated, with a link', async () => {
    const { calls } = serveTicket({ user: account({ user_type: 'admin' }) });
    renderApp('/wswt/ticket/edit/101');
    const editor = await screen.findByRole('textbox', { name: 'Comment' }, { timeout: 45_000 });
    editor.innerHTML = '<p>On it.</p>';
    fireEvent.input(editor);
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(1));
    const toast = await screen.findByTestId('ticket-updated');
    expect(toast.textContent).toContain('Ticket #101');
    expect(within(toast).getByRole('link', { name: 'Open it' }).getAttribute('href')).toBe('/wswt/ticket/edit/101');
  });
});
