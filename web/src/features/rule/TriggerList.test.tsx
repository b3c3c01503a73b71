import type { TTrigger } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const rule = (trigger_id: number, title: string, position: number): TTrigger => ({
  trigger_id,
  category_id: null,
  title,
  active: true,
  position,
  conditions: { all: [{ field: 'subject', operator: 'contains', value: 'x' }], any: [] },
  actions: [{ action: 'add_tags', value: ['x'] }],
  usage_30d: 0,
  last_error: null,
  last_error_ts: null,
  update_ts: 0,
});

describe('trigger list', () => {
  it('keeps the focus on the moved trigger’s buttons when it is moved by keyboard', async () => {
    let order = [rule(1, 'First', 1), rule(2, 'Second', 2), rule(3, 'Third', 3)];
    const { calls } = fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/trigger', '/wswt/setting/trigger/edit'],
      buttons: ['trigger.edit'],
      handlers: {
        'admin/settings/trigger.list': () => ok({ list: order, categories: [] }),
        'admin/settings/trigger.order.edit': (call) => {
          const ids = call.body.trigger_ids as number[];
          order = ids.map((id, i) => ({ ...(order.find((r) => r.trigger_id === id) as TTrigger), position: i + 1 }));
          return ok();
        },
      },
    });
    renderApp('/wswt/setting/trigger');
    const first = await screen.findByRole('row', { name: /First/ });
    const down = within(first).getByRole('button', { name: 'Move down' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(callsTo(calls, 'admin/settings/trigger.order.edit')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('row')[2]?.textContent).toContain('First'));
    // Still on First's "Move down", now in the second row: a second Enter moves it on.
    await waitFor(() => expect(document.activeElement?.getAttribute('data-row')).toBe('1'));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move down');
    fireEvent.click(document.activeElement as HTMLElement);
    await waitFor(() => expect(screen.getAllByRole('row')[3]?.textContent).toContain('First'));
    // At the bottom "Move down" is disabled: the focus is on its "Move up".
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move up'));
    expect(document.activeElement?.getAttribute('data-row')).toBe('1');
  });
});
