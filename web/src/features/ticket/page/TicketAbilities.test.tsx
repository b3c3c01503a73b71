import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { abilities } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';

signInEachTest();

const open = async () => {
  renderApp('/wswt/ticket/edit/101');
  await ticketShown(10_000);
};

describe('the ticket page offers what the server allows', () => {
  it('an agent who writes notes only gets a composer on Internal note, and sends a note', async () => {
    const { calls } = serveTicket({ ticket: { abilities: abilities({ reply_publicly: false }) } });
    await open();
    const option = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(option('Public reply').disabled).toBe(true);
    expect(option('Internal note').checked).toBe(true);
    typeComment('<p>Only for us</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ comment: { is_public: false } });
  });

  it('an agent who may not close is not offered Submit as Closed', async () => {
    serveTicket({ ticket: { abilities: abilities({ close: false }) } });
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Submit as…' }));
    await screen.findByText('Submit as Pending');
    const items = screen.getAllByRole('menuitem').filter((item) => item.textContent?.startsWith('Submit as'));
    expect(items.map((item) => item.textContent)).toEqual(['Submit as Open', 'Submit as Pending', 'Submit as Solved']);
  });

  it('with reassigning not allowed, the assignee cannot be changed and the panel says why', async () => {
    serveTicket({ ticket: { assignee_id: 7, abilities: abilities({ reassign: false }) } });
    await open();
    expect(screen.getByText('Only the assignee or an admin may reassign this ticket').textContent).not.toBe('');
    const assignee = screen.getByRole('combobox', { name: 'Assignee' }) as HTMLInputElement;
    await waitFor(() => expect(assignee.disabled).toBe(true));
    // The other properties stay editable.
    expect((screen.getByRole('combobox', { name: 'Priority' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('a ticket nobody may edit (deleted) does not blame the reassign rule for its locked assignee', async () => {
    serveTicket({ ticket: { assignee_id: 7, abilities: abilities({ edit: false, reassign: false }) } });
    renderApp('/wswt/ticket/edit/101');
    const assignee = (await screen.findByRole(
      'combobox',
      { name: 'Assignee' },
      { timeout: 10_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(assignee.disabled).toBe(true));
    expect(screen.queryByText('Only the assignee or an admin may reassign this ticket')).toBeNull();
  });

  it('a closed ticket says so and offers no composer, no property edits and no rename', async () => {
    serveTicket({
      ticket: {
        ticket_state: 'closed',
        abilities: abilities({ edit: false, reply_publicly: false, close: false, reassign: false }),
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await screen.findByText('This ticket is closed and can no longer be changed.', {}, { timeout: 10_000 });
    await ticketShown();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Submit as/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const priority = screen.getByRole('combobox', { name: 'Priority' }) as HTMLInputElement;
    await waitFor(() => expect(priority.disabled).toBe(true));
  });
});
