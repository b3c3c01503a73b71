import { ticketAttachmentPath } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastTicketList } from '../../../layout/tabs';
import { holdCalls, ok } from '../../../test/fakeServer';
import { ticket, ticketRow } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';
import { afterSubmitStore } from './afterSubmit';

signInEachTest();

const fileId = 'AbCdEfGhIjKlMnOpQrStUv';
const uploaded = { file_id: fileId, file_name: 'shot.png', size: 9, content_type: 'image/png' };
const png = () => new File(['png-bytes'], 'shot.png', { type: 'image/png' });

function paste(editor: HTMLElement, files: File[]) {
  fireEvent.paste(editor, { clipboardData: { files, getData: () => '' } });
}

describe('rich-text composer', () => {
  it('uploads a pasted image, shows it inline and sends it with the comment', async () => {
    const { calls } = serveTicket({ handlers: { 'admin/ticket.upload': () => ok(uploaded) } });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const editor = typeComment('See this:');
    paste(editor, [png()]);
    await waitFor(() => expect(editor.querySelector('img')).not.toBeNull());
    const img = editor.querySelector('img') as HTMLImageElement;
    // Shown from the pasted bytes (the attachment address needs the session's header), its id aside.
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(img.dataset.fileId).toBe(fileId);
    expect(img.getAttribute('alt')).toBe('shot.png');
    const upload = callsTo(calls, 'admin/ticket.upload');
    expect(upload).toHaveLength(1);
    expect((upload[0]?.form?.get('file') as File | undefined)?.name).toBe('shot.png');

    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toEqual({
      ticket_id: 101,
      base_update_ts: ticket().update_ts,
      submit_as: 'open',
      comment: {
        body: `<p>See this:<img src="${ticketAttachmentPath(fileId)}" alt="shot.png"></p>`,
        is_public: true,
        file_ids: [fileId],
      },
    });
  });

  it('refuses to submit while a pasted image is still uploading', async () => {
    const { calls } = serveTicket({ handlers: { 'admin/ticket.upload': () => ok(uploaded) } });
    // Hold the upload's answer until the test lets it go.
    const finish = holdCalls('admin/ticket.upload');
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    paste(typeComment('Wait for it'), [png()]);
    await screen.findByText('Uploading image…');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByText('A message is being sent, please resubmit later');
    expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(0);
    finish();
    await waitFor(() => expect(screen.queryByText('Uploading image…')).toBeNull());
  });

  it('pastes other content as clean markup, without styles or foreign images', async () => {
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const editor = typeComment('');
    fireEvent.paste(editor, {
      clipboardData: {
        files: [],
        getData: (type: string) =>
          type === 'text/html'
            ? '<p style="color:red"><b>Bold</b> and <img src="https://evil.example/t.png"><script>x()</script></p>'
            : 'Bold and',
      },
    });
    await waitFor(() => expect(editor.innerHTML).toBe('<p><b>Bold</b> and </p>'));
  });
});

describe('drafts', () => {
  it('keeps an unsent note across a reload, in note mode, and forgets it once sent', async () => {
    const { calls } = serveTicket();
    const first = renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    fireEvent.click(screen.getByText('Internal note', { selector: '.ant-segmented-item-label' }));
    typeComment('<p>Half-written <b>note</b></p>');
    first.view.unmount();

    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const editor = screen.getByRole('textbox', { name: 'Comment' });
    expect(editor.innerHTML).toBe('<p>Half-written <b>note</b></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({
      comment: { body: '<p>Half-written <b>note</b></p>', is_public: false },
    });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('parley.draft.'))).toEqual([]);
  });

  const viewRow = (ticket_id: number) => ticketRow({ ticket_id, subject: `Ticket ${ticket_id}` });
  /** A view sorted by the last update: a ticket saved moves to its top. */
  function serveView() {
    afterSubmitStore.set('next_ticket');
    lastTicketList.set('/wswt?view_id=3');
    let saved = false;
    return serveTicket({
      handlers: {
        'admin/ticket.list': () =>
          ok({ list: (saved ? [101, 201, 202] : [201, 101, 202]).map(viewRow), total: 3, total_estimated: false }),
        'admin/ticket.get': (c) => ok(ticket({ ticket_id: Number(c.query.get('ticket_id')), ticket_state: 'open' })),
        'admin/ticket.edit': (c) => {
          saved = true;
          return ok(ticket({ ticket_id: Number(c.body.ticket_id), ticket_state: 'open' }));
        },
      },
    });
  }

  it('at the end of the view, goes back to the list and closes the ticket’s tab, as "close tab" does', async () => {
    serveView();
    const { here } = renderApp('/wswt/ticket/edit/202');
    await screen.findByRole('tab', { name: /Ticket #202|Printer/ });
    await ticketShown(10_000);
    typeComment('Done here.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=3'));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('parley.header_tabs') ?? '{}').value).toEqual([]));
  });

  it('says which ticket was updated without a link to it when the agent stays on it', async () => {
    afterSubmitStore.set('stay');
    serveTicket();
    const { here } = renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    typeComment('Noted.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    const toast = await screen.findByTestId('ticket-updated');
    expect(toast.textContent).toContain('#101');
    expect(within(toast).queryByRole('link')).toBeNull();
    expect(here()).toBe('/wswt/ticket/edit/101');
  });

  it('goes on to the next ticket of the view as the agent saw it, not as the save reordered it', async () => {
    const { calls } = serveView();
    const { here } = renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    typeComment('Done here.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await waitFor(() => expect(here()).toBe('/wswt/ticket/edit/202'));
    expect(callsTo(calls, 'admin/ticket.list')[0]?.query.get('view_id')).toBe('3');
  });

  it('goes back to the list after the view’s last ticket', async () => {
    serveView();
    const { here } = renderApp('/wswt/ticket/edit/202');
    await ticketShown(10_000);
    typeComment('Done too.');
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await waitFor(() => expect(here()).toBe('/wswt?view_id=3'));
  });
});

describe('nothing to submit', () => {
  it('says so instead of "updated" when nothing was written or changed, and calls no server', async () => {
    const { calls } = serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByText('Nothing to submit: write a comment or change a property first.');
    expect(screen.queryByTestId('ticket-updated')).toBeNull();
    expect(callsTo(calls, 'admin/ticket.edit')).toHaveLength(0);
    // A new state alone is something to submit.
    fireEvent.click(screen.getByRole('button', { name: 'Submit as…' }));
    fireEvent.click(await screen.findByText('Submit as Pending'));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toEqual({
      ticket_id: 101,
      submit_as: 'pending',
      base_update_ts: expect.any(Number),
    });
  });
});

describe('accessible names', () => {
  it('names the reply or note choice, and its buttons and menu items by their text alone', async () => {
    serveTicket();
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const kind = screen.getByRole('radiogroup', { name: 'Reply or note' });
    expect(
      within(kind)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Public reply', 'Internal note']);
    screen.getByRole('button', { name: 'Attach files' });
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await screen.findByRole('menuitem', { name: 'Delete' });
    screen.getByRole('menuitem', { name: 'Mark as spam' });
  });
});

describe('attached files', () => {
  it('takes several files at once from the picker and from a drop, uploads each and sends them all', async () => {
    const idOf = (name: string) => name.replace(/\W/g, '').padEnd(22, 'x');
    const { calls } = serveTicket({
      handlers: {
        'admin/ticket.upload': (c) => {
          const file = c.form?.get('file') as File;
          return ok({ file_id: idOf(file.name), file_name: file.name, size: file.size, content_type: file.type });
        },
      },
    });
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const doc = (name: string) => new File([name], name, { type: 'application/pdf' });
    const button = screen.getByRole('button', { name: /Attach files/ });
    const input = button.closest('.ant-upload')?.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    fireEvent.change(input, { target: { files: [doc('invoice.pdf'), doc('receipt.pdf')] } });
    await screen.findByText('receipt.pdf');
    screen.getByText('invoice.pdf');
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.upload')).toHaveLength(2));
    const editor = typeComment('Both papers, and two more.');
    fireEvent.drop(editor, { dataTransfer: { files: [doc('order.pdf'), doc('terms.pdf')] } });
    await screen.findByText('terms.pdf');
    screen.getByText('order.pdf');
    expect(screen.queryByText('An upload is in progress, please resubmit later')).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.upload')).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({
      comment: { file_ids: ['invoice.pdf', 'receipt.pdf', 'order.pdf', 'terms.pdf'].map(idOf) },
    });
  });
});
