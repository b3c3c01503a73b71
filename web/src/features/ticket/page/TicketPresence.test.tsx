import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeIo, fakeSockets } from '../../../test/fakeSocket';
import { renderApp } from '../../../test/renderApp';
import { signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';

vi.mock('socket.io-client', () => ({ io: () => fakeIo() }));

signInEachTest();
beforeEach(() => {
  fakeSockets.length = 0;
});

const ben = { account_id: 8, real_name: 'Ben Agent', typing: false };
const me = { account_id: 1, real_name: 'Root Admin', typing: false };

describe('presence on a ticket page', () => {
  it('joins the ticket, shows who else is on it and who types, and says when this agent types', async () => {
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    await waitFor(() => expect(fakeSockets[0]?.emittedOf('ticket_view')).toEqual([{ ticket_id: 101 }]));
    const socket = fakeSockets[0];
    // Alone on the page: nothing to say.
    expect(screen.queryByRole('status', { name: 'Other agents on this ticket' })).toBeNull();

    socket?.push('ticket_presence', { ticket_id: 101, viewers: [me, ben] });
    const banner = await screen.findByRole('status', { name: 'Other agents on this ticket' });
    within(banner).getByText('1 other agent(s) on this ticket');
    within(banner).getByText('Ben Agent');
    // Presence of another ticket is not this page's.
    socket?.push('ticket_presence', { ticket_id: 202, viewers: [me] });
    socket?.push('ticket_presence', { ticket_id: 101, viewers: [me, { ...ben, typing: true }] });
    await within(banner).findByText('Ben Agent writing a reply now');

    typeComment('Let me answer');
    await waitFor(() => expect(socket?.emittedOf('ticket_typing')).toContainEqual({ ticket_id: 101, typing: true }));

    socket?.push('ticket_presence', { ticket_id: 101, viewers: [me] });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Other agents on this ticket' })).toBeNull());
  });
});
