import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, page } from '../../test/fakeServer';
import { ticketRow } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../test/session';

signInEachTest();

describe('ticket search', () => {
  it('searches by keyword and filters, kept in the address', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/ticket.list': () => ok({ list: [ticketRow()], total: 1, total_estimated: false }),
        'admin/auth.agent.all.list': () => ok({ list: [] }),
        'admin/auth.group.list': () => page([]),
        'admin/settings/company.list': () => page([]),
      },
    });
    const { here } = renderApp('/wswt/search?ticket_state=pending&created=7d');
    await screen.findByRole('row', { name: /Printer on fire/ }, { timeout: 10_000 });
    const first = callsTo(calls, 'admin/ticket.list')[0];
    expect(first?.query.get('ticket_state')).toBe('pending');
    expect(first?.query.get('view_id')).toBeNull();
    const from = Number(first?.query.get('create_ts_from'));
    expect(Date.now() - from).toBeGreaterThan(7 * 24 * 3_600_000 - 120_000);
    expect(Date.now() - from).toBeLessThan(7 * 24 * 3_600_000 + 120_000);
    fireEvent.change(screen.getByLabelText('Words of the subject or comments'), { target: { value: 'printer' } });
    fireEvent.keyDown(screen.getByLabelText('Words of the subject or comments'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
    await waitFor(() => expect(callsTo(calls, 'admin/ticket.list').at(-1)?.query.get('kw')).toBe('printer'));
    expect(here()).toContain('kw=printer');
    expect(here()).toContain('ticket_state=pending');
  });
});
