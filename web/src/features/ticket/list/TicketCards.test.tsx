import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, page } from '../../../test/fakeServer';
import { ticket, ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, signInEachTest } from '../../../test/session';

signInEachTest();
// Screens load lazily; on a busy machine the first render of a file takes long.
vi.setConfig({ testTimeout: 90_000 });

// happy-dom answers media queries from its viewport (1024 × 768 unless a test changes it).
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 812 });

// Sunday 22 November 2026, 10:00 in Berlin (the signed-in user's time zone).
const now = Date.UTC(2026, 10, 22, 9, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  viewport(375);
});
afterEach(() => {
  vi.useRealTimers();
  viewport(1024);
});

// A view of eight columns: on a phone the cards show their own few whatever the view's columns.
const unassigned = ticketView({
  view_id: 2,
  title: 'Unassigned tickets',
  count: 2,
  columns: ['ticket_id', 'subject', 'requester', 'ticket_state', 'priority', 'assignee', 'group', 'update_ts'],
});
const printer = ticketRow({
  ticket_id: 101,
  subject: 'Printer on fire',
  ticket_state: 'open',
  priority: 'normal',
  requester_name: 'Grace Hopper',
  assignee_id: 7,
  update_ts: now - 5 * 60_000,
});
const vpn = ticketRow({
  ticket_id: 102,
  subject: 'VPN drops every few minutes',
  ticket_state: 'pending',
  priority: 'urgent',
  requester_name: '',
  requester_email: 'alan@example.com',
  update_ts: Date.UTC(2026, 10, 21, 8, 30),
});

function serve() {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/ticket.view.list': () => ok({ list: [unassigned] }),
      'admin/ticket.list': () => ok({ list: [printer, vpn], total: 2, total_estimated: false }),
      'admin/auth.agent.all.list': () => ok({ list: [] }),
      'admin/ticket.get': (c) => {
        const id = Number(c.query.get('ticket_id'));
        return ok(ticket({ ticket_id: id, subject: [printer, vpn].find((r) => r.ticket_id === id)?.subject ?? '' }));
      },
      'admin/ticket.comment.list': () => ok({ list: [] }),
      'admin/ticket.requester.tickets': () => page([]),
    },
  });
}

/** The card of a ticket: the link that is the whole card. */
const card = (subject: RegExp) => screen.findByRole('link', { name: subject }, { timeout: 45_000 });

describe('the ticket list on a phone', () => {
  it('shows a card a ticket: subject, state, priority when not normal, requester and when it was updated', async () => {
    serve();
    renderApp('/wswt');
    const first = await card(/Printer on fire/);
    const second = screen.getByRole('link', { name: /VPN drops/ });
    // Not the desktop's table scrolled sideways: no table, no column headers; a checkbox a card,
    // named by its ticket, where tickets can be edited in bulk.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('columnheader')).toBeNull();
    expect(screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/Printer on fire/),
      expect.stringMatching(/VPN drops/),
    ]);
    // The cards in the list's order, each a link to its ticket.
    const cards = within(first.closest('ul') as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link'));
    expect(cards).toEqual([first, second]);
    expect(first.getAttribute('href')).toBe('/wswt/ticket/edit/101');
    expect(second.getAttribute('href')).toBe('/wswt/ticket/edit/102');

    within(first).getByText('Printer on fire');
    within(first).getByText('Open');
    within(first).getByText('Grace Hopper');
    within(first).getByText('5 minutes ago');
    // A normal priority goes without saying; the view's other columns (assignee, group, id) are the table's.
    expect(within(first).queryByText('Normal')).toBeNull();
    expect(within(first).queryByText('#101')).toBeNull();

    within(second).getByText('VPN drops every few minutes');
    within(second).getByText('Pending');
    within(second).getByText('Urgent');
    // A requester without a name is their email.
    within(second).getByText('alan@example.com');
    within(second).getByText('Yesterday 09:30');
  });

  it('opens the ticket on a tap anywhere on its card, in the app', async () => {
    serve();
    const { here } = renderApp('/wswt');
    const vpnCard = await card(/VPN drops/);
    // Not on the subject: on the requester's email at the card's bottom.
    expect(fireEvent.click(within(vpnCard).getByText('alan@example.com'))).toBe(false);
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/102'));
    await screen.findByRole('heading', { name: /VPN drops every few minutes/ }, { timeout: 45_000 });
  });

  it('takes the list’s keys on the cards: j/k give a card the focus, x selects it, Enter opens it', async () => {
    serve();
    const { here } = renderApp('/wswt');
    const first = await card(/Printer on fire/);
    const second = screen.getByRole('link', { name: /VPN drops/ });
    const key = (k: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key: k });
    // j gives the first card the focus (its ring is the card's :focus-visible outline) and marks it.
    key('j');
    expect(document.activeElement).toBe(first);
    expect(first.classList.contains('ticket-card-active')).toBe(true);
    // Keys on the focused card, a link, are still the list's.
    key('j');
    expect(document.activeElement).toBe(second);
    expect(first.classList.contains('ticket-card-active')).toBe(false);
    // x selects the card the keyboard is on: its checkbox is ticked, and the bulk bar says so.
    key('x');
    const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('checkbox', { name });
    expect(box(/VPN drops/).checked).toBe(true);
    await screen.findByText('1 selected', {}, { timeout: 45_000 });
    expect(box(/Printer on fire/).checked).toBe(false);
    // A phone has no x: a finger ticks the card's checkbox (44px wide), and unticks it.
    fireEvent.click(box(/Printer on fire/));
    await screen.findByText('2 selected', {}, { timeout: 45_000 });
    fireEvent.click(box(/Printer on fire/));
    await screen.findByText('1 selected', {}, { timeout: 45_000 });
    key('k');
    expect(document.activeElement).toBe(first);
    // The help lists x where x selects.
    key('?');
    const help = await screen.findByRole('dialog', {}, { timeout: 45_000 });
    within(help).getByText('Select or unselect the ticket');
    fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A card come to with Tab is where j/k go on from.
    second.focus();
    key('k');
    expect(document.activeElement).toBe(first);
    // Enter on the focused card opens its ticket, in the app.
    key('Enter');
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/101'));
    await screen.findByRole('heading', { name: /Printer on fire/ }, { timeout: 45_000 });
  });

  it('keeps the table with its columns and checkboxes on a wide screen', async () => {
    viewport(1024);
    serve();
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    within(row).getByText('#101');
    within(row).getByText('Normal');
    within(row).getByRole('checkbox');
    screen.getByRole('columnheader', { name: /Assignee/ });
    // The subject is the row's link, not a card.
    expect(within(row).getByRole('link', { name: 'Printer on fire' }).closest('li')).toBeNull();
  });
});
