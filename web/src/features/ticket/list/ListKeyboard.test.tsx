import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, fakeServer, ok } from '../../../test/fakeServer';
import { ticketRow, ticketView } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../../test/session';

signInEachTest();
// Screens load lazily; on a busy machine the first render of a file takes long.
vi.setConfig({ testTimeout: 90_000 });

const view = ticketView({ columns: ['ticket_id', 'subject', 'ticket_state', 'update_ts'] });
const rows = [
  ticketRow({ ticket_id: 101, subject: 'Printer on fire' }),
  ticketRow({ ticket_id: 102, subject: 'VPN drops' }),
];

function serve() {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/ticket.view.list': () => ok({ list: [view] }),
      'admin/ticket.list': () => ok({ list: rows, total: 2, total_estimated: false }),
      'admin/ticket.bulk.edit': () => ok({ ticket_ids: [102] }),
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
    },
  });
}

describe('the ticket list from the keyboard', () => {
  it('j/k give the row they move to the focus, so a screen reader reads that row', async () => {
    serve();
    renderApp('/wswt');
    const first = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(document.activeElement).toBe(first);
    // Keys on the focused row are still the list's.
    fireEvent.keyDown(first, { key: 'j' });
    expect(document.activeElement).toBe(screen.getByRole('row', { name: /VPN drops/ }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'k' });
    expect(document.activeElement).toBe(first);
    // Not a Tab stop each: the list stays one stop in the page's Tab order.
    expect(first.tabIndex).toBe(-1);
  });

  it('says how many tickets the list holds in a small status, not by reading the whole table', async () => {
    serve();
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 45_000 });
    const table = row.closest('table') as HTMLElement;
    expect(table.closest('[aria-live]')).toBeNull();
    const status = screen.getAllByRole('status').find((s) => s.textContent === '2 tickets');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(status?.contains(table)).toBe(false);
  });

  it('after a bulk assign, the focus is on the changed ticket’s box, not lost with the bar', async () => {
    const { calls } = serve();
    renderApp('/wswt');
    const row = await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 45_000 });
    const box = within(row).getByRole('checkbox');
    fireEvent.click(box);
    const assign = await screen.findByRole('combobox', { name: 'Assign to…' });
    assign.focus();
    fireEvent.mouseDown(assign);
    fireEvent.click(await screen.findByText('Linus Agent', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.bulk.edit')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Assign to…' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(within(screen.getByRole('row', { name: /VPN drops/ })).getByRole('checkbox')),
    );
  });

  it('sorts by a column from a button in its header: Enter and Space', async () => {
    const { calls } = serve();
    const { here } = renderApp('/wswt');
    await screen.findByRole('row', { name: /VPN drops/ }, { timeout: 45_000 });
    const header = screen.getByRole('columnheader', { name: /Updated/ });
    const sort = within(header).getByRole('button', { name: /Updated/ });
    expect(sort.tabIndex).toBe(0);
    fireEvent.keyDown(sort, { key: ' ' });
    await waitFor(() => expect(here()).toBe('/wswt?sort=update_ts'));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('sort')).toBe('update_ts'));
    fireEvent.keyDown(sort, { key: 'Enter' });
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
  });
});
