import type { TNote } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fakeServer';
import { ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';
import { serveTicket } from '../../test/ticketPage';

signInEachTest();

const escalate: TNote = {
  note_id: 5,
  title: 'Escalate',
  actions: { priority: 'urgent', submit_as: 'pending', add_tags: ['escalated'], remove_tags: [] },
  share_type: 'all',
  group_id: null,
  owner_id: null,
  creator_id: 1,
  usage_count: 0,
  last_used_ts: null,
  create_ts: 0,
  update_ts: 0,
};

/** The macro "Escalate" offered on the ticket page, its preview making these changes. */
const escalating = (changes: Record<string, unknown>) => ({
  'admin/settings/note.all.list': () => ok({ list: [escalate] }),
  'admin/settings/note.preview': () => ok({ note_id: escalate.note_id, title: escalate.title, changes }),
});

describe('applying a macro on the ticket page', () => {
  it('is a menu button for the keyboard: it says it opens a menu, the arrows go into it, and the focus ends in the composer', async () => {
    serveTicket({
      handlers: escalating({ comment: { body: '<p>On it.</p>', is_public: true } }),
    });
    renderApp('/wswt/ticket/edit/101');
    const button = await screen.findByRole('button', { name: 'Apply macro' }, { timeout: 40_000 });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    // Enter on a focused button clicks it.
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    // The focus goes into the menu; ArrowDown moves it to the first item, which Enter chooses.
    const item = await screen.findByRole('menuitem', { name: 'Escalate' });
    const menu = item.closest('[role="menu"]') as HTMLElement;
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown', keyCode: 40 });
    await waitFor(() => expect(document.activeElement).toBe(item));
    fireEvent.click(item);
    await screen.findByText('Macro “Escalate” applied: review the changes, then submit.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Comment' })));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('previews its changes in the form and composer, and submits them with the macro', async () => {
    const { calls } = serveTicket({
      ticket: { tags: ['printer'], priority: 'normal' },
      handlers: escalating({
        priority: 'urgent',
        submit_as: 'pending',
        tags: ['printer', 'escalated'],
        comment: { body: '<p>Hello Grace, we are on it.</p>', is_public: true },
      }),
    });
    renderApp('/wswt/ticket/edit/101');
    fireEvent.click(await screen.findByRole('button', { name: /Apply macro/ }, { timeout: 40_000 }));
    fireEvent.click(await screen.findByText('Escalate'));
    await screen.findByText('Macro “Escalate” applied: review the changes, then submit.');
    const editor = screen.getByRole('textbox', { name: 'Comment' });
    expect(editor.innerHTML).toBe('<p>Hello Grace, we are on it.</p>');
    // Nothing is saved yet.
    expect(callsTo(calls, 'admin/ticket.edit')).toEqual([]);
    const submit = screen.getByRole('button', { name: 'Submit as Pending' });
    within(screen.getByText('Properties').closest('.ant-card') as HTMLElement).getByText('Urgent');
    fireEvent.click(submit);
    await screen.findByTestId('ticket-updated');
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toEqual({
      ticket_id: 101,
      base_update_ts: ticket().update_ts,
      submit_as: 'pending',
      priority: 'urgent',
      tags: ['printer', 'escalated'],
      note_id: 5,
      comment: { body: '<p>Hello Grace, we are on it.</p>', is_public: true, file_ids: [] },
    });
  });

  it('never turns an internal note being written into a public reply: the macro’s text joins the note, and says so', async () => {
    const { calls } = serveTicket({
      handlers: escalating({ comment: { body: '<p>Hello Grace, we are on it.</p>', is_public: true } }),
    });
    renderApp('/wswt/ticket/edit/101');
    await screen.findByRole('button', { name: /Apply macro/ }, { timeout: 40_000 });
    fireEvent.click(screen.getByRole('radio', { name: 'Internal note' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Internal note' }) as HTMLInputElement).checked).toBe(true),
    );
    const editor = screen.getByRole('textbox', { name: 'Comment' });
    editor.innerHTML = '<p>Known fraudster, do not refund.</p>';
    fireEvent.input(editor);
    fireEvent.click(await screen.findByRole('button', { name: /Apply macro/ }));
    fireEvent.click(await screen.findByText('Escalate'));
    await screen.findByText(
      'The macro’s reply was added to your internal note: switch to Public reply to send it to the customer.',
    );
    expect(editor.innerHTML).toBe('<p>Known fraudster, do not refund.</p><p>Hello Grace, we are on it.</p>');
    fireEvent.click(screen.getAllByRole('button', { name: /^Submit as/ })[0] as HTMLElement);
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(1));
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ comment: { is_public: false } });
  });
});
