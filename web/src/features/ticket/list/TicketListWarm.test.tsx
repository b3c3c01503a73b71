import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, page } from '../../../test/fakeServer';
import { ticket, ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../../test/session';

signInEachTest();

// Its own file: the list warms the next screens once per page load (routes/warmScreens).
describe('ticket list, once its rows are shown', () => {
  it('asks for the lists the ticket page reads beside the ticket, so that opening one waits for the ticket only', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.view.list': () => ok({ list: [ticketView()] }),
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
      },
    });
    renderApp('/wswt');
    await screen.findByText('Printer on fire', {}, { timeout: 10_000 });
    const lists = [
      'admin/settings/field.all.list',
      'admin/settings/form.all.list',
      'admin/settings/note.all.list',
      'admin/settings/ticket.get',
    ];
    // The ticket page's code is loaded first (a dynamic import): on a cold, busy machine its
    // first transform alone took over 10 s (seen once, with five other files running).
    await waitFor(() => expect(lists.filter((path) => callsTo(calls, path).length !== 1)).toEqual([]), {
      timeout: 30_000,
    });
  });

  it('opens the first ticket in one move: the router never draws a "loading" state before it', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.view.list': () => ok({ list: [ticketView()] }),
        'admin/ticket.list': () => ok({ list: [ticketRow({ ticket_id: 7 })], total: 1, total_estimated: false }),
        'admin/ticket.get': () => ok(ticket({ ticket_id: 7, subject: 'Printer on fire' })),
        'admin/ticket.comment.list': () => ok({ list: [] }),
        'admin/ticket.requester.tickets': () => page([]),
      },
    });
    const { router } = renderApp('/wswt');
    const link = await screen.findByRole('link', { name: 'Printer on fire' }, { timeout: 10_000 });
    // A route loaded by the router's `lazy` went through "loading" on its first visit, and the
    // whole shell rendered for it (issue 15); the ticket page is the route's element instead.
    const states: string[] = [];
    const stop = router.subscribe((state) => states.push(state.navigation.state));
    fireEvent.click(link);
    await screen.findByRole('heading', { name: /Printer on fire/ }, { timeout: 10_000 });
    stop();
    expect(router.state.location.pathname).toBe('/wswt/ticket/edit/7');
    expect(states).not.toContain('loading');
  });
});
