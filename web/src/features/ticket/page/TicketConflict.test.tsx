import type { TTicket } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../test/fakeServer';
import { fakeIo, fakeSockets } from '../../../test/fakeSocket';
import { ticket } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { callsTo, signInEachTest } from '../../../test/session';
import { serveTicket, ticketShown, typeComment } from '../../../test/ticketPage';
import { afterSubmitStore } from './afterSubmit';

vi.mock('socket.io-client', () => ({ io: () => fakeIo() }));

signInEachTest();
beforeEach(() => {
  fakeSockets.length = 0;
  // The agent stays on the ticket after a submit: the page, and what it says, are still there to see.
  afterSubmitStore.set('stay');
});

const conflict =
  'Someone else changed this ticket while you were editing: their changes are shown now; check yours and submit again';

/** The ticket as Ben saved it while this agent's page was open: High priority, his tag. */
const bensVersion: TTicket = { ...ticket(), priority: 'high', tags: ['btag'], update_ts: ticket().update_ts + 60_000 };

/** Serves the ticket as this page first drew it, then as Ben saved it once `saved()` is called. */
function serveTwoVersions(edit?: () => ReturnType<typeof ok>) {
  let current = ticket();
  const served = serveTicket({
    settings: { enable_tag: true },
    handlers: {
      'admin/ticket.get': () => ok(current),
      ...(edit ? { 'admin/ticket.edit': edit } : {}),
    },
  });
  return { ...served, saved: () => (current = bensVersion) };
}

const item = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

/** The value a property's select shows. */
const shows = (label: string, value: string) =>
  expect(item(label).querySelector('.ant-select-content')?.getAttribute('title')).toBe(value);

async function pick(label: string, option: string) {
  fireEvent.mouseDown(within(item(label)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(option));
}

describe('two agents on one ticket', () => {
  it("refused because Ben changed the same thing: shows Ben's changes, keeps the comment and the rest", async () => {
    let refuse = true;
    const { calls, saved } = serveTwoVersions(() =>
      refuse ? fail('FFFF', conflict, { fields: { base_update_ts: conflict } }) : ok(bensVersion),
    );
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    const editor = typeComment('Replaced the <b>fuse</b>');
    await pick('Type', 'Incident');
    await pick('Priority', 'Urgent');
    saved();
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));

    const notice = await screen.findByTestId('ticket-changed-notice');
    within(notice).getByText(conflict);
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ base_update_ts: ticket().update_ts });
    // Ben's version is on the page; the agent's comment and the type nobody else changed stay.
    await waitFor(() => within(item('Tags')).getByText('btag'));
    shows('Priority', 'High');
    shows('Type', 'Incident');
    expect(editor.innerHTML).toBe('Replaced the <b>fuse</b>');
    // Said once: no toast repeats the notice.
    expect(screen.getAllByText(conflict)).toHaveLength(1);

    // Submitted again, it is based on Ben's version, and the notice of the refusal goes.
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    await waitFor(() => expect(screen.queryByTestId('ticket-changed-notice')).toBeNull());
    screen.getByTestId('internal-note');
    expect(callsTo(calls, 'admin/ticket.edit')[1]?.body).toMatchObject({
      base_update_ts: bensVersion.update_ts,
      ticket_type: 'incident',
      comment: { body: '<p>Replaced the <b>fuse</b></p>' },
    });
  });

  it('shows who saved the ticket while it is open, and keeps what the agent was doing', async () => {
    const { calls, saved } = serveTwoVersions(() => ok(bensVersion));
    renderApp('/wswt/ticket/edit/101');
    await ticketShown(10_000);
    await waitFor(() => expect(fakeSockets[0]?.emittedOf('ticket_view')).toEqual([{ ticket_id: 101 }]));
    const editor = typeComment('Half-written answer');
    await pick('Type', 'Incident');
    const gets = callsTo(calls, 'admin/ticket.get').length;

    // The agent's own save is on the page already: nothing to fetch, nothing to say.
    fakeSockets[0]?.push('ticket_updated', { ticket_id: 101, account_id: 1, real_name: 'Root Admin' });
    saved();
    fakeSockets[0]?.push('ticket_updated', { ticket_id: 101, account_id: 8, real_name: 'Ben Agent' });
    const notice = await screen.findByTestId('ticket-changed-notice');
    within(notice).getByText(/^Updated by Ben Agent/);
    await waitFor(() => within(item('Tags')).getByText('btag'));
    shows('Priority', 'High');
    shows('Type', 'Incident');
    expect(editor.innerHTML).toBe('Half-written answer');
    expect(callsTo(calls, 'admin/ticket.get').length).toBe(gets + 1);

    // The agent submits on Ben's version: the notice of it goes.
    fireEvent.click(screen.getByRole('button', { name: 'Submit as Open' }));
    await screen.findByTestId('ticket-updated');
    expect(callsTo(calls, 'admin/ticket.edit')[0]?.body).toMatchObject({ base_update_ts: bensVersion.update_ts });
    await waitFor(() => expect(screen.queryByTestId('ticket-changed-notice')).toBeNull());
    screen.getByTestId('internal-note');
  });
});
