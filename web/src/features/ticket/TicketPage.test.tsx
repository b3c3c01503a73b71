import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, page, type TFakeServerOptions } from '../../test/fakeServer';
import { comment, ticket } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const printer = ticket();
const reply = comment({ comment_id: 1, body: '<p>It smokes.</p>' });
const note = comment({
  comment_id: 2,
  author_id: 1,
  author_name: 'Root Admin',
  author_type: 'admin',
  body: '<p>Call facilities first.</p>',
  is_public: false,
});

function serve(options: TFakeServerOptions = {}) {
  return fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/ticket.get': () => ok(printer),
      'admin/ticket.comment.list': () => ok({ list: [reply, note] }),
      'admin/ticket.edit': (c) => ok({ ...printer, ticket_state: c.body.submit_as ?? printer.ticket_state }),
      'admin/auth.agent.all.list': () => ok({ list: [] }),
      'admin/auth.group.list': () => page([]),
      'admin/ticket.view.list': () => ok({ list: [] }),
      ...options.handlers,
    },
  });
}

describe('ticket page', () => {
  it('shows the conversation with internal notes apart from public replies', async () => {
    serve();
    renderApp('/wswt/ticket/edit/101');
    const noteCard = await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    expect(within(noteCard).getByText('Call facilities first.')).toBeTruthy();
    expect(within(noteCard).getByText('Internal note')).toBeTruthy();
    expect(noteCard.style.background).not.toBe('');
    const replyCard = screen.getByTestId('public-reply');
    expect(within(replyCard).getByText('It smokes.')).toBeTruthy();
    expect(within(replyCard).getByText('Public reply')).toBeTruthy();
    expect(replyCard.style.background).toBe('');
    expect(screen.getByRole('heading', { name: /Printer on fire/ })).toBeTruthy();
  });

  it('sends the comment, the changed properties and the state in one ticket.edit', async () => {
    const { calls } = serve();
    renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByText('Internal note', { selector: '.ant-segmented-item-label' }));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Checked <the> fuse\nall good' } });
    fireEvent.mouseDown(screen.getByLabelText('Priority'));
    fireEvent.click(await screen.findByTitle('High'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit as…' }));
    fireEvent.click(await screen.findByText('Submit as Pending'));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toEqual({
      ticket_id: 101,
      submit_as: 'pending',
      priority: 'high',
      comment: { body: '<p>Checked &lt;the&gt; fuse<br>all good</p>', is_public: false, file_ids: [] },
    });
    await waitFor(() => expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe(''));
  });

  it('refuses a second submit while the first is being sent', async () => {
    const { calls } = serve();
    renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'On it' } });
    const button = screen.getByRole('button', { name: 'Submit as Open' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('A message is being sent, please resubmit later')).toBeTruthy();
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(1);
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toEqual({
      ticket_id: 101,
      submit_as: 'open',
      comment: { body: '<p>On it</p>', is_public: true, file_ids: [] },
    });
  });
});
