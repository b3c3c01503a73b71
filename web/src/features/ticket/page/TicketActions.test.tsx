import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastTicketList } from '../../../layout/tabs';
import { account, ok } from '../../../test/fakeServer';
import { abilities } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown } from '../../../test/ticketPage';

signInEachTest();
vi.setConfig({ testTimeout: 90_000 });

describe('ticket actions', () => {
  it('marks as spam only after a confirmation that says what it does, then goes back to the list', async () => {
    lastTicketList.set('/wswt?view_id=2');
    const { calls } = serveTicket({
      handlers: {
        'admin/ticket.spam': () => ({ code: '0000', msg: 'Marked as spam', data: null }),
      },
    });
    const { here } = renderApp('/wswt/ticket/edit/101');
    await ticketShown(45_000);
    // No red button on the page: spam is in the "more" menu.
    expect(screen.queryByRole('button', { name: /Mark as spam/ })).toBeNull();
    const openDialog = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: /Mark as spam/ }));
      return (await screen.findAllByRole('dialog')).at(-1) as HTMLElement;
    };
    const first = await openDialog();
    expect(first.textContent).toContain('Mark this ticket as spam?');
    expect(first.textContent).toContain('Grace Hopper will be suspended and every ticket they requested');
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(calls, 'admin/ticket.spam')).toHaveLength(0);
    expect(here()).toBe('/wswt/ticket/edit/101');

    const second = await openDialog();
    fireEvent.click(within(second).getByRole('button', { name: /Mark as spam/ }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.spam')[0]?.body).toEqual({ ticket_id: 101 }));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=2'));
    await screen.findByText('Marked as spam');
  });

  it('offers restore instead of delete on a deleted ticket, without the composer', async () => {
    const { calls } = serveTicket({
      ticket: { is_deleted: true, abilities: abilities({ edit: false, delete: false, spam: false, restore: true }) },
      handlers: { 'admin/ticket.restore': () => ok() },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(45_000);
    screen.getByText('This ticket is deleted. Restore it to work on it again.');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Restore/ }));
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.restore')[0]?.body).toEqual({ ticket_ids: [101] }));
  });

  it('shows an agent only the actions the ticket says they may take', async () => {
    serveTicket({
      ticket: { abilities: abilities({ spam: false }) },
      user: account(),
      menus: ['/wswt', '/wswt/ticket/edit/:ticket_id'],
      buttons: ['ticket.edit', 'ticket.delete'],
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(45_000);
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await screen.findByRole('menuitem', { name: /Delete/ });
    expect(screen.queryByRole('menuitem', { name: /Mark as spam/ })).toBeNull();
  });
});
