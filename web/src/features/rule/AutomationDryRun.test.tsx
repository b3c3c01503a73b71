import { fireEvent, screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { editState } from '../../components/RequireStateId';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { signInEachTest } from '../../test/session';

signInEachTest();

/** Solves tickets left pending for 4 days. */
const pending = {
  automation_id: 3,
  schedule_id: null,
  title: 'Close pending',
  active: true,
  position: 1,
  conditions: {
    all: [
      { field: 'ticket_state', operator: 'is', value: 'pending' },
      { field: 'hours_since_pending', operator: 'greater_than', value: 96 },
    ],
    any: [],
  },
  actions: [{ action: 'set_state', value: 'solved' }],
  usage_30d: 0,
  last_error: null,
  last_error_ts: null,
  update_ts: 0,
};

describe('automation dry run', () => {
  it('says when it lists only the first of the tickets it would act on', async () => {
    const list = Array.from({ length: 20 }, (_, i) => ({
      ticket_id: 100 + i,
      subject: `Waiting ${i}`,
      effects: [],
      error: null,
    }));
    fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/automation', '/wswt/setting/automation/edit'],
      buttons: ['automation.edit'],
      handlers: {
        'admin/settings/automation.list': () => ok({ list: [pending] }),
        'admin/settings/schedule.list': () => ok({ list: [] }),
        'admin/settings/automation.dryrun': () => ok({ total: 736, list }),
      },
    });
    renderApp('/wswt/setting/automation/edit', { state: editState(3) });
    await screen.findByRole('heading', { name: 'Edit automation' });
    const dryRun = await screen.findByTestId('dry-run');
    fireEvent.click(within(dryRun).getByRole('button', { name: 'Run' }));
    await within(dryRun).findByText('Would act on 736 tickets now (first 20 shown)');
    within(dryRun).getByText('Waiting 19');
  });

  it('counts one ticket as one ticket', async () => {
    fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/automation', '/wswt/setting/automation/edit'],
      buttons: ['automation.edit'],
      handlers: {
        'admin/settings/automation.list': () => ok({ list: [pending] }),
        'admin/settings/schedule.list': () => ok({ list: [] }),
        'admin/settings/automation.dryrun': () =>
          ok({ total: 1, list: [{ ticket_id: 100, subject: 'Waiting', effects: [], error: null }] }),
      },
    });
    renderApp('/wswt/setting/automation/edit', { state: editState(3) });
    const dryRun = await screen.findByTestId('dry-run');
    fireEvent.click(within(dryRun).getByRole('button', { name: 'Run' }));
    await within(dryRun).findByText('Would act on 1 ticket now');
  });
});
