import type { TTicket, TTicketSetting } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { account, fakeServer, ok, page, type TFakeServerOptions } from './fakeServer';
import { comment, ticket, ticketSetting } from './fixtures';
import { admin } from './session';

// A fake server for the ticket page of ticket #101, and the comments and agent it serves.

export const reply = comment({ comment_id: 1, body: '<p>It smokes.</p>' });
export const note = comment({
  comment_id: 2,
  author_id: 1,
  author_name: 'Root Admin',
  author_type: 'admin',
  body: '<p>Call facilities first.</p>',
  is_public: false,
});
export const linus = { ...account({ account_id: 7, real_name: 'Linus Agent' }), alias_name: '', group_ids: [] };

export function serveTicket(
  options: TFakeServerOptions & { ticket?: Partial<TTicket>; settings?: Partial<TTicketSetting> } = {},
) {
  const shown = ticket(options.ticket);
  return fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/ticket.get': () => ok(shown),
      'admin/ticket.comment.list': () => ok({ list: [reply, note] }),
      'admin/ticket.event.list': () => ok({ list: [] }),
      'admin/ticket.requester.tickets': () => page([]),
      'admin/ticket.edit': (c) => ok({ ...shown, ticket_state: c.body.submit_as ?? shown.ticket_state }),
      'admin/settings/ticket.get': () => ok(ticketSetting(options.settings)),
      'admin/auth.agent.all.list': () => ok({ list: [linus] }),
      'admin/ticket.view.list': () => ok({ list: [] }),
      ...options.handlers,
    },
  });
}

/** Puts `html` in the rich-text composer as if typed. */
export function typeComment(html: string): HTMLElement {
  const editor = screen.getByRole('textbox', { name: 'Comment' });
  editor.innerHTML = html;
  fireEvent.input(editor);
  return editor;
}

/**
 * The ticket screen drawn whole: its conversation (every test ticket has an internal note), then
 * its properties, requester panel and composer, which come in the pass after the first paint (the
 * screen is `aria-busy` until then).
 */
export async function ticketShown(timeout = 10_000): Promise<HTMLElement> {
  const note = await screen.findByTestId('internal-note', {}, { timeout });
  await waitFor(
    () => {
      if (!document.querySelector('.ticket-screen[aria-busy="false"]')) {
        throw new Error('The ticket screen has not drawn its panels yet');
      }
    },
    { timeout },
  );
  return note;
}
