import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../auth/storage';
import {
  account,
  brandingDefaults,
  fakeServer,
  holdCalls,
  ok,
  page,
  type TFakeServerOptions,
} from '../../../test/fakeServer';
import { comment, ticket, ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../../test/session';
import { markSeen } from '../shared/seenTickets';

signInEachTest();

// Sunday 22 November 2026, 10:00 in Berlin (the signed-in user's time zone).
const now = Date.UTC(2026, 10, 22, 9, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

const mine = ticketView({ columns: ['ticket_id', 'subject', 'requester', 'ticket_state', 'assignee', 'update_ts'] });
const all = ticketView({ view_id: 2, title: 'All unsolved tickets', count: 12000, count_estimated: true });
const printer = ticketRow({ update_ts: now - 5 * 60_000, assignee_id: 7 });
const vpn = ticketRow({
  ticket_id: 102,
  subject: '<b>VPN</b> drops',
  ticket_state: 'pending',
  priority: 'urgent',
  requester_name: 'Alan Turing',
  update_ts: Date.UTC(2026, 10, 21, 8, 30),
});
const old = ticketRow({
  ticket_id: 90,
  subject: 'Old one',
  ticket_state: 'solved',
  update_ts: Date.UTC(2026, 9, 1, 8),
});

function serve(options: TFakeServerOptions = {}) {
  return fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/ticket.view.list': () => ok({ list: [mine, all] }),
      'admin/ticket.list': () => ok({ list: [printer, vpn, old], total: 3, total_estimated: false }),
      'admin/auth.agent.all.list': () =>
        ok({
          list: [
            {
              ...account({ account_id: 7, real_name: 'Linus Agent' }),
              alias_name: '',
              chat_state: 'online',
              group_ids: [],
            },
          ],
        }),
      ...options.handlers,
    },
  });
}

describe('ticket list', () => {
  it('shows the views with counts and the first view’s tickets with relative times', async () => {
    const { calls } = serve();
    renderApp('/wswt');
    // The first test also pays for loading the lazy screens.
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    within(row).getByText('#101');
    within(row).getByText('Open');
    within(row).getByText('5 minutes ago');
    await waitFor(() => within(row).getByText('Linus Agent'));
    const vpnRow = screen.getByRole('row', { name: /VPN/ });
    // Subjects are text, never markup.
    within(vpnRow).getByText('<b>VPN</b> drops');
    within(vpnRow).getByText('Yesterday 09:30');
    within(vpnRow).getByText('Unassigned');
    // Names stay on one line and may end in "…": the cell's tooltip holds the whole name.
    expect(within(vpnRow).getByText('Alan Turing').closest('td')?.title).toBe(`Alan Turing <${vpn.requester_email}>`);
    expect(within(row).getByText('Linus Agent').closest('td')?.title).toBe('Linus Agent');
    within(screen.getByRole('row', { name: /Old one/ })).getByText('1 Oct 2026');
    screen.getByText('12000+');
    const listCall = callsTo(calls, 'admin/ticket.list')[0];
    expect(listCall?.query.get('view_id')).toBe('1');
    expect(listCall?.query.get('limit')).toBe('20');
  });

  it('previews the latest comment when the pointer rests on a subject', async () => {
    const { calls } = serve({
      handlers: {
        'admin/ticket.comment.list': () =>
          ok({
            list: [
              { ...comment({ comment_id: 1, body: '<p>First words</p>' }) },
              {
                ...comment({ comment_id: 2, body: '<p>Tried a <b>new</b> cable.</p><p>Still jams.</p>' }),
                author_name: 'Linus Agent',
                is_public: false,
              },
            ],
          }),
      },
    });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 20_000 });
    fireEvent.mouseEnter(within(row).getByRole('link', { name: 'Printer on fire' }));
    const preview = await screen.findByTestId('latest-comment', {}, { timeout: 5_000 });
    expect(preview.textContent).toContain('Linus Agent');
    expect(preview.textContent).toContain('Internal note');
    expect(preview.textContent).toContain('Tried a new cable.\nStill jams.');
    expect(preview.textContent).not.toContain('First words');
    expect(callsTo(calls, 'admin/ticket.comment.list').map((c) => c.query.get('ticket_id'))).toEqual(['101']);
  });

  it('keeps the chosen view and the page in the address', async () => {
    const { calls } = serve();
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByText('All unsolved tickets'));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=2'));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('view_id')).toBe('2'));
    // Kept once the list has drawn the view (the rows are asked for at the click, before the move).
    await waitFor(() => expect(sessionStorage.getItem('parley.last_ticket_list')).toContain('view_id=2'));
  });

  it('changes the state of the selected tickets through the bulk call', async () => {
    const { calls } = serve({ handlers: { 'admin/ticket.bulk.edit': () => ok({ ticket_ids: [101, 102] }) } });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(screen.getByRole('row', { name: /VPN/ })).getByRole('checkbox'));
    await screen.findByText('2 selected');
    // A click, as Enter on the focused button gives too: the menu does not wait for a hover.
    fireEvent.click(screen.getByRole('button', { name: /Change state/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Solved' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/ticket.bulk.edit')[0]?.body).toEqual({ ticket_ids: [101, 102], submit_as: 'solved' });
  });

  it('moves the selected tickets to a group and sets their priority through the bulk call', async () => {
    const { calls } = serve({ handlers: { 'admin/ticket.bulk.edit': () => ok({ ticket_ids: [101] }) } });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    await screen.findByText('1 selected');
    fireEvent.click(screen.getByRole('button', { name: /Set priority/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Urgent' }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.bulk.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/ticket.bulk.edit')[0]?.body).toEqual({ ticket_ids: [101], priority: 'urgent' });
    // Selected again: its group, "No group" included.
    fireEvent.click(within(await screen.findByRole('row', { name: /Printer on fire/ })).getByRole('checkbox'));
    const group = await screen.findByRole('combobox', { name: 'Move to group…' });
    fireEvent.mouseDown(group);
    fireEvent.click(await screen.findByTitle('No group'));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.bulk.edit')).toHaveLength(2));
    expect(callsTo(calls, 'admin/ticket.bulk.edit')[1]?.body).toEqual({ ticket_ids: [101], group_id: null });
  });

  it('does not offer closing the selected tickets to an agent who may not close tickets', async () => {
    serve({
      user: account({ user_type: 'agent', can_close_ticket: false }),
      menus: ['/wswt'],
      buttons: ['ticket.edit'],
    });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    await screen.findByText('1 selected');
    fireEvent.click(screen.getByRole('button', { name: /Change state/ }));
    await screen.findByRole('menuitem', { name: 'Solved' });
    expect(screen.queryByRole('menuitem', { name: 'Closed' })).toBeNull();
  });

  it('starts another view without the selection made in the last, its rows drawn once', async () => {
    serve();
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    fireEvent.click(within(row).getByRole('checkbox'));
    await screen.findByText('1 selected');
    fireEvent.click(screen.getByText('All unsolved tickets'));
    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
    // The same ticket in the other view is not selected: the selection belongs to its view.
    const again = await screen.findByRole('row', { name: /Printer on fire/ });
    expect((within(again).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    // The table is the same one: its rows were updated, not drawn anew (the row kept its element).
    expect(again).toBe(row);
  });

  it('asks for another view’s rows at the click and puts them in place of the last view’s, no spinner between', async () => {
    const other = ticketRow({ ticket_id: 300, subject: 'Only in all unsolved' });
    const { calls } = serve({
      handlers: {
        'admin/ticket.list': (c) =>
          ok({
            list: c.query.get('view_id') === '2' ? [other] : [printer],
            total: 1,
            total_estimated: false,
          }),
      },
    });
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    let spun = false;
    const watch = new MutationObserver(() => {
      spun ||= document.querySelector('.ant-spin-spinning') !== null;
    });
    watch.observe(document.body, { subtree: true, childList: true, attributes: true });
    fireEvent.click(screen.getByText('All unsolved tickets'));
    // At the click: the view is marked chosen and its rows asked for; the last view's rows stay.
    expect(screen.getByText('All unsolved tickets').closest('li')?.className).toContain('ant-menu-item-selected');
    expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('view_id')).toBe('2');
    expect(here()).toBe('/wswt');
    screen.getByRole('row', { name: /Printer on fire/ });
    await screen.findByRole('row', { name: /Only in all unsolved/ });
    expect(screen.queryByRole('row', { name: /Printer on fire/ })).toBeNull();
    expect(here()).toBe('/wswt?view_id=2');
    watch.disconnect();
    expect(spun).toBe(false);
    // Asked for once: the list found the rows the click asked for.
    expect(callsTo(calls, 'admin/ticket.list').filter((c) => c.query.get('view_id') === '2')).toHaveLength(1);
  });

  it('moves to a view whose rows are slow to come and shows them under a spinner meanwhile', async () => {
    serve({
      handlers: {
        'admin/ticket.list': (c) =>
          ok({
            list: c.query.get('view_id') === '2' ? [vpn] : [printer],
            total: 1,
            total_estimated: false,
          }),
      },
    });
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    const release = holdCalls('admin/ticket.list');
    fireEvent.click(screen.getByText('All unsolved tickets'));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=2'));
    await waitFor(() => expect(document.querySelector('[aria-busy="true"].ant-spin-spinning')).not.toBeNull());
    release();
    await screen.findByRole('row', { name: /VPN/ });
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('opens a ticket with its conversation at once: the ticket and its comments asked for at the click', async () => {
    const { calls } = serve({
      handlers: {
        'admin/ticket.get': () => ok(ticket({ ticket_id: 101, subject: 'Printer on fire' })),
        'admin/ticket.comment.list': () => ok({ list: [comment({ comment_id: 1, body: '<p>It smokes.</p>' })] }),
        'admin/ticket.requester.tickets': () => page([]),
      },
    });
    const { here } = renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    // A skeleton where the conversation goes (the page waiting for its ticket or comments).
    let waited = false;
    const watch = new MutationObserver(() => {
      waited ||=
        document.querySelector('main .ant-skeleton') !== null && !document.body.textContent?.includes('It smokes.');
    });
    watch.observe(document.body, { subtree: true, childList: true });
    fireEvent.click(within(row).getByRole('link', { name: 'Printer on fire' }));
    expect(callsTo(calls, 'admin/ticket.get').map((c) => c.query.get('ticket_id'))).toEqual(['101']);
    expect(callsTo(calls, 'admin/ticket.comment.list').map((c) => c.query.get('ticket_id'))).toEqual(['101']);
    expect(here()).toBe('/wswt');
    await screen.findByText('It smokes.', {}, { timeout: 10_000 });
    expect(here()).toBe('/wswt/ticket/edit/101');
    watch.disconnect();
    // The page came with its ticket: no loading skeleton first, no second call for either.
    expect(waited).toBe(false);
    expect(callsTo(calls, 'admin/ticket.get')).toHaveLength(1);
    expect(callsTo(calls, 'admin/ticket.comment.list')).toHaveLength(1);
  });

  it('names the rows’ states in the language switched to', async () => {
    serve();
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    // Each tag reads its label as the row draws, without a language subscription of its own.
    within(row).getByText('Open');
    within(screen.getByRole('row', { name: /VPN/ })).getByText('Pending');
    fireEvent.click(await screen.findByRole('button', { name: /English/ }));
    fireEvent.click(await screen.findByText('简体中文'));
    await within(row).findByText('处理中');
    within(screen.getByRole('row', { name: /VPN/ })).getByText('待回应');
  });

  it('tells times in the help desk’s time zone to a user without one of their own, recent and old alike', async () => {
    authStore.save({ token: 'tok-1', real_name: 'Ada Lovelace', timezone: '', stay_login: false });
    const late = { ...old, update_ts: Date.UTC(2026, 9, 1, 20) }; // 2 October, 04:00 in Shanghai
    serve({
      user: { ...admin, timezone: '' },
      handlers: {
        'home/setting/branding.get': () => ok({ ...brandingDefaults, default_timezone: 'Asia/Shanghai' }),
        'admin/ticket.list': () => ok({ list: [printer, vpn, late], total: 3, total_estimated: false }),
      },
    });
    renderApp('/wswt');
    const vpnRow = await screen.findByRole('row', { name: /VPN/ }, { timeout: 10_000 });
    within(vpnRow).getByText('Yesterday 16:30');
    within(screen.getByRole('row', { name: /Old one/ })).getByText('2 Oct 2026');
  });

  it('says so when the view has no tickets', async () => {
    serve({ handlers: { 'admin/ticket.list': () => ok({ list: [], total: 0, total_estimated: false }) } });
    renderApp('/wswt');
    await screen.findByText('No tickets in this view');
  });

  it('marks live tickets not opened yet, and those updated since they were opened', async () => {
    markSeen(102, Date.UTC(2026, 10, 21, 8, 30)); // VPN: seen as it is now
    markSeen(101, now - 60 * 60_000); // Printer: seen before its last update
    serve({
      handlers: {
        'admin/ticket.list': () =>
          ok({
            list: [printer, vpn, old, ticketRow({ ticket_id: 103, subject: 'Brand new' })],
            total: 4,
            total_estimated: false,
          }),
      },
    });
    renderApp('/wswt');
    const fresh = await screen.findByRole('row', { name: /Brand new/ }, { timeout: 10_000 });
    within(fresh).getByRole('img', { name: 'Not opened yet' });
    const printerRow = screen.getByRole('row', { name: /Printer on fire/ });
    within(printerRow).getByRole('img', { name: 'Updated since you last opened it' });
    expect(within(screen.getByRole('row', { name: /VPN/ })).queryByRole('img', { name: /opened/ })).toBeNull();
    // Solved tickets need no attention, seen or not.
    expect(within(screen.getByRole('row', { name: /Old one/ })).queryByRole('img', { name: /opened/ })).toBeNull();
  });

  it('lists the views with their counts', async () => {
    serve();
    renderApp('/wswt/ticket_views');
    const row = await screen.findByRole('row', { name: /All unsolved tickets/ });
    within(row).getByText('12000+');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/wswt?view_id=2');
  });

  it('shows the view’s columns only, in the view’s order', async () => {
    const narrow = ticketView({ columns: ['subject', 'priority'] });
    serve({ handlers: { 'admin/ticket.view.list': () => ok({ list: [narrow, all] }) } });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /VPN/ }, { timeout: 10_000 });
    const headers = screen
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim())
      .filter(Boolean);
    expect(headers).toEqual(['Subject', 'Priority']);
    within(row).getByText('Urgent');
    expect(within(row).queryByText('#102')).toBeNull();
    expect(within(row).queryByText('Pending')).toBeNull();
    // Bulk selection stays.
    within(row).getByRole('checkbox');
  });

  it('sorts by the view’s sort until a column is sorted otherwise', async () => {
    const newest = ticketView({ columns: ['ticket_id', 'subject', 'create_ts', 'update_ts'], sort: '-create_ts' });
    const { calls } = serve({ handlers: { 'admin/ticket.view.list': () => ok({ list: [newest, all] }) } });
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /VPN/ }, { timeout: 10_000 });
    const created = screen.getByRole('columnheader', { name: /Created/ });
    expect(created.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Updated/ }).getAttribute('aria-sort')).toBeNull();
    // The server applies the view's sort itself.
    expect(callsTo(calls, 'admin/ticket.list')[0]?.query.get('sort')).toBeNull();
    fireEvent.click(created);
    await waitFor(() => expect(here()).toBe('/wswt?sort=create_ts'));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('sort')).toBe('create_ts'));
    expect(screen.getByRole('columnheader', { name: /Created/ }).getAttribute('aria-sort')).toBe('ascending');
    // Another view starts in its own sort.
    fireEvent.click(screen.getByText('All unsolved tickets'));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=2'));
  });
});

describe('ticket list times', () => {
  it('says Just now for a ticket updated seconds ago, not "1 minute ago"', async () => {
    const fresh = ticketRow({ ticket_id: 103, subject: 'Made just now', update_ts: now - 20_000 });
    serve({ handlers: { 'admin/ticket.list': () => ok({ list: [fresh], total: 1, total_estimated: false }) } });
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Made just now/ }, { timeout: 20_000 });
    within(row).getByText('Just now');
    expect(within(row).queryByText('1 minute ago')).toBeNull();
  });
});
