import type { TTrigger } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { trigger } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const rule = (trigger_id: number, title: string, position: number): TTrigger =>
  trigger({
    trigger_id,
    title,
    position,
    conditions: { all: [{ field: 'subject', operator: 'contains', value: 'x' }], any: [] },
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

  it('manages the categories: renames with Enter, deletes after asking, adds; shows one category’s triggers', async () => {
    let categories = [
      { category_id: 4, name: 'Routing', position: 1 },
      { category_id: 6, name: 'Escalaton', position: 2 },
    ];
    const list = [{ ...rule(1, 'Route printers', 1), category_id: 4 }, rule(2, 'Tag VIPs', 2)];
    const { calls } = fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/trigger', '/wswt/setting/trigger/edit'],
      buttons: ['trigger.edit'],
      handlers: {
        'admin/settings/trigger.list': () => ok({ list, categories }),
        'admin/settings/trigger.category.edit': (call) => {
          categories = categories.map((c) =>
            c.category_id === call.body.category_id ? { ...c, name: call.body.name as string } : c,
          );
          return ok();
        },
        'admin/settings/trigger.category.delete': (call) => {
          categories = categories.filter((c) => c.category_id !== call.body.category_id);
          return ok();
        },
        'admin/settings/trigger.category.add': (call) => {
          categories = [...categories, { category_id: 8, name: call.body.name as string, position: 3 }];
          return ok({ category_id: 8 });
        },
      },
    });
    renderApp('/wswt/setting/trigger');
    await screen.findByRole('row', { name: /Route printers/ });

    // One category's triggers only; the order is not changed from there.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByTitle('Routing'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Tag VIPs/ })).toBeNull());
    screen.getByRole('row', { name: /Route printers/ });
    expect(screen.queryByRole('button', { name: 'Move down' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = await screen.findByRole('dialog');
    const typo = within(dialog).getByText('Escalaton').closest('li') as HTMLElement;
    fireEvent.click(within(typo).getByRole('button', { name: 'Rename' }));
    const input = within(dialog).getByRole('textbox', { name: 'Category name' });
    fireEvent.change(input, { target: { value: 'Escalation' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await within(dialog).findByText('Escalation');
    expect(callsTo(calls, 'admin/settings/trigger.category.edit')[0]?.body).toEqual({
      category_id: 6,
      name: 'Escalation',
    });

    const routing = within(dialog).getByText('Routing').closest('li') as HTMLElement;
    fireEvent.click(within(routing).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Its triggers stay, without a category.');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    await waitFor(() => expect(within(dialog).queryByText('Routing')).toBeNull());
    expect(callsTo(calls, 'admin/settings/trigger.category.delete')[0]?.body).toEqual({ category_id: 4 });

    const name = within(dialog).getByRole('textbox', { name: 'New category' });
    // Nothing typed: said, and nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText('Category name is required');
    expect(callsTo(calls, 'admin/settings/trigger.category.add')).toEqual([]);
    fireEvent.change(name, { target: { value: 'Billing' } });
    expect(within(dialog).queryByText('Category name is required')).toBeNull();
    fireEvent.keyDown(name, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await within(dialog).findByText('Billing');
  });

  it('switches a trigger off from the list, saving it whole with only that changed', async () => {
    const list = [rule(1, 'Route printers', 1)];
    const { calls } = fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/trigger', '/wswt/setting/trigger/edit'],
      buttons: ['trigger.edit'],
      handlers: {
        'admin/settings/trigger.list': () => ok({ list, categories: [] }),
        'admin/settings/trigger.edit': (call) => {
          list[0] = { ...(list[0] as TTrigger), active: call.body.active as boolean };
          return ok();
        },
      },
    });
    renderApp('/wswt/setting/trigger');
    const row = await screen.findByRole('row', { name: /Route printers/ });
    const toggle = within(row).getByRole('switch', { name: 'Active' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(callsTo(calls, 'admin/settings/trigger.edit')).toHaveLength(1));
    const { trigger_id, title, category_id, conditions, actions } = rule(1, 'Route printers', 1);
    expect(callsTo(calls, 'admin/settings/trigger.edit')[0]?.body).toEqual({
      trigger_id,
      title,
      category_id,
      active: false,
      conditions,
      actions,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('false'),
    );
  });
});
