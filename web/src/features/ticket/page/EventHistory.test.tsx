import type { TTicketEvent } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { signInEachTest } from '../../../test/session';
import { serveTicket } from '../../../test/ticketPage';

signInEachTest();

const created = Date.now() - 3 * 86_400_000;
const edited = Date.now() - 5 * 60_000;
const event = (o: Partial<TTicketEvent>): TTicketEvent => ({
  event_id: 1,
  ticket_id: 101,
  actor_id: 20,
  field: 'created',
  old_value: null,
  new_value: null,
  create_ts: created,
  ...o,
});

const events: TTicketEvent[] = [
  event({ event_id: 1, new_value: { source: 'form', subject: 'Printer on fire' } }),
  event({ event_id: 2, field: 'comment', new_value: { comment_id: 1, is_public: true } }),
  event({ event_id: 3, actor_id: 7, field: 'priority', old_value: 'normal', new_value: 'urgent', create_ts: edited }),
  event({ event_id: 4, actor_id: 7, field: 'assignee_id', old_value: null, new_value: 7, create_ts: edited }),
  event({ event_id: 5, actor_id: 7, field: 'tags', old_value: [], new_value: ['printer', 'fire'], create_ts: edited }),
  event({
    event_id: 6,
    actor_id: 7,
    field: 'comment',
    new_value: { comment_id: 2, is_public: false },
    create_ts: edited,
  }),
];

describe('ticket history', () => {
  it('shows who changed which field from what to what, in words, newest first', async () => {
    serveTicket({ handlers: { 'admin/ticket.event.list': () => ok({ list: events }) } });
    renderApp('/wswt/ticket/edit/101');
    await screen.findByTestId('internal-note', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries).toHaveLength(2);
    const [edit, creation] = entries as [HTMLElement, HTMLElement];
    // Who and when head each entry.
    expect(edit.textContent).toMatch(/^Linus Agent5 minutes ago/);
    expect(edit.textContent).toContain('Priority: Normal → Urgent');
    expect(within(edit).getByText('Normal').tagName).toBe('DEL');
    expect(edit.textContent).toContain('Assignee: Unassigned → Linus Agent');
    expect(edit.textContent).toContain('Tags: (none) → printer, fire');
    expect(edit.textContent).toContain('Added an internal note');
    expect(creation.textContent).toMatch(/^Grace Hopper/);
    expect(creation.textContent).toContain('Created the ticket (Web form)');
    expect(creation.textContent).toContain('Added a public reply');
  });
});
