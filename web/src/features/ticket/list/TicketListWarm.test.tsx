import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../../test/fakeServer';
import { ticketRow, ticketView } from '../../../test/fixtures';
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
    await waitFor(() => expect(lists.filter((path) => callsTo(calls, path).length !== 1)).toEqual([]), {
      timeout: 10_000,
    });
  });
});
