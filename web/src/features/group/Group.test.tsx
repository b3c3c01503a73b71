import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { group } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

/** The form item the server's refusal is shown under, and that text. */
const refusedItem = () =>
  Array.from(document.querySelectorAll('.ant-form-item-has-error')).map((item) => [
    item.querySelector('label')?.textContent,
    item.querySelector('.ant-form-item-explain-error')?.textContent,
  ]);

const agents = [
  account({ account_id: 3, real_name: 'Grace Hopper', email: 'grace@example.com' }),
  account({ account_id: 4, real_name: 'Alan Turing', email: 'alan@example.com' }),
];

function serve(handlers = {}) {
  return fakeServer({
    user: admin,
    handlers: {
      'admin/auth.group.list': () => page([group()]),
      'admin/auth.group.get': () => ok(group({ account_ids: [3] })),
      'admin/auth.account.list': () => page([]),
      'admin/auth.agent.all.list': () => ok({ list: agents }),
      ...handlers,
    },
  });
}

describe('groups', () => {
  it('shows the server refusing a name another group has under the name field', async () => {
    const taken = 'A group of this name already exists';
    serve({ 'admin/auth.group.add': () => fail('FFFF', taken, { fields: { group_name: taken } }) });
    renderApp('/wswt/setting/group/add');
    await screen.findByRole('heading', { name: 'Add group' });
    typeInto('Group name', ' support ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refusedItem()).toEqual([['Group name', taken]]));
  });

  it('asks for the group name, then adds the group with its members', async () => {
    const { calls } = serve({ 'admin/auth.group.add': () => ok({ group_id: 8 }) });
    const { here } = renderApp('/wswt/setting/group/add');
    await screen.findByRole('heading', { name: 'Add group' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Group name is required');
    typeInto('Group name', 'Billing');
    fireEvent.mouseDown(screen.getByLabelText('Members'));
    fireEvent.click(await screen.findByTitle('Alan Turing <alan@example.com>'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.group.add')[0]?.body).toEqual({
      group_name: 'Billing',
      is_default: false,
      account_ids: [4],
      remark: '',
    });
    await waitFor(() => expect(here()).toBe('/wswt/setting/people?tab=groups'));
  });

  it('edits the group chosen on the groups tab', async () => {
    const { calls } = serve({ 'admin/auth.group.edit': () => ok(null) });
    renderApp('/wswt/setting/people?tab=groups');
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    await screen.findByRole('heading', { name: 'Edit group' });
    await waitFor(() => expect((screen.getByLabelText('Group name') as HTMLInputElement).value).toBe('Support'));
    typeInto('Group name', 'First line');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.group.edit')[0]?.body).toMatchObject({
      group_id: 2,
      group_name: 'First line',
      account_ids: [3],
    });
  });

  it('sends the edit screen opened without a chosen group back to the groups', async () => {
    serve();
    const { here } = renderApp('/wswt/setting/group/edit');
    await screen.findByRole('tab', { name: /Groups/, selected: true });
    expect(here()).toBe('/wswt/setting/people?tab=groups');
  });
});
