import type { TViewSetting } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, holdCalls, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const menus = ['/wswt/setting/view', '/wswt/setting/view/add', '/wswt/setting/view/edit'];
const view = (o: Partial<TViewSetting> = {}): TViewSetting => ({
  view_id: 3,
  title: 'VIP tickets',
  conditions: { all: [{ field: 'tags', operator: 'includes', value: 'vip' }], any: [] },
  columns: ['ticket_id', 'subject'],
  sort: '-update_ts',
  group_by: null,
  position: 1,
  view_state: 'active',
  share_type: 'all',
  group_id: null,
  owner_id: null,
  create_ts: 0,
  update_ts: 0,
  ...o,
});

function serve(handlers = {}) {
  return fakeServer({
    user: account(),
    menus,
    buttons: ['view.add', 'view.edit', 'view.delete'],
    handlers: {
      'admin/settings/view.all.list': () =>
        ok({ list: [view(), view({ view_id: 4, title: 'Old view', view_state: 'inactive', share_type: 'me' })] }),
      'admin/settings/view.get': () => ok(view()),
      'admin/auth.group.list': () => ok({ list: [], total: 0 }),
      ...handlers,
    },
  });
}

describe('views editor', () => {
  it('lists the views in order with their state and who sees them', async () => {
    serve();
    renderApp('/wswt/setting/view');
    const vip = await screen.findByRole('row', { name: /VIP tickets/ });
    within(vip).getByText('All agents');
    within(screen.getByRole('row', { name: /Old view/ })).getByText('Inactive');
    expect(screen.getAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(2);
  });

  it('asks for a title, then adds the view with its conditions, columns and share', async () => {
    const { calls } = serve({ 'admin/settings/view.add': () => ok({ view_id: 9 }) });
    renderApp('/wswt/setting/view/add');
    await screen.findByRole('heading', { name: 'Add view' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('View title is required');
    typeInto('Title', 'My open tickets');
    fireEvent.click(screen.getByRole('radio', { name: 'Only me' }));
    // A double click on Save while the first is on its way: one view, not two.
    const release = holdCalls('admin/settings/view.add');
    // The same button twice (its name gains "loading" once the save is under way).
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(save);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/view.add')).toHaveLength(1);
    expect(callsTo(calls, 'admin/settings/view.add')[0]?.body).toEqual({
      title: 'My open tickets',
      view_state: 'active',
      share_type: 'me',
      group_id: null,
      conditions: { all: [{ field: 'ticket_state', operator: 'in', value: ['new', 'open', 'pending'] }], any: [] },
      columns: ['ticket_id', 'subject', 'requester', 'ticket_state', 'priority', 'assignee', 'update_ts'],
      sort: '-update_ts',
      group_by: null,
    });
  });

  it('puts the keyboard in the row that "Add condition" adds', async () => {
    serve();
    renderApp('/wswt/setting/view/add');
    await screen.findByRole('heading', { name: 'Add view' });
    const any = screen.getByTestId('conditions-any');
    fireEvent.click(within(any).getByRole('button', { name: 'Add condition' }));
    const property = await within(any).findByRole('combobox', { name: 'Property' });
    await waitFor(() => expect(document.activeElement).toBe(property));
  });

  it('refuses more than 10 columns before saving', async () => {
    const eleven = [
      'ticket_id',
      'subject',
      'requester',
      'company',
      'ticket_state',
      'priority',
      'ticket_type',
      'assignee',
      'group',
      'tags',
      'update_ts',
    ] as const;
    const { calls } = serve({ 'admin/settings/view.get': () => ok(view({ columns: [...eleven] })) });
    renderApp('/wswt/setting/view');
    fireEvent.click(
      within(await screen.findByRole('row', { name: /VIP tickets/ })).getByRole('button', { name: /Edit/ }),
    );
    await screen.findByRole('heading', { name: 'Edit view' });
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('VIP tickets'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Views allow up to 10 columns');
    expect(callsTo(calls, 'admin/settings/view.edit')).toEqual([]);
  });
});
