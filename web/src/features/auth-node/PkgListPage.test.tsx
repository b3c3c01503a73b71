import type { TAuthNode, TAuthPkg } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page, type TFakeServerOptions } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const nodes: TAuthNode[] = [
  { node_id: 1, node_type: 'menu', node_title: 'People', node_value: '/wswt/setting/people', node_state: 'active' },
  { node_id: 2, node_type: 'menu', node_title: 'Roles', node_value: '/wswt/setting/role', node_state: 'active' },
  { node_id: 3, node_type: 'btn', node_title: 'Add organization', node_value: 'company.add', node_state: 'active' },
];
const pkgs: TAuthPkg[] = [{ pkg_id: 7, pkg_title: 'Managers', node_ids: [1, 2, 3] }];

async function openPkgs(options: TFakeServerOptions = {}) {
  const server = fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/auth.node.list': () => page(nodes),
      'admin/auth.pkg.list': () => page(pkgs),
      ...options.handlers,
    },
  });
  const app = renderApp('/wswt/setting/auth/pkg');
  await screen.findByRole('heading', { name: 'Auth packages' });
  return { ...server, ...app };
}

describe('auth packages', () => {
  it('lists the packages with how many menus and buttons each holds', async () => {
    await openPkgs();
    const row = (await screen.findByText('Managers')).closest('tr') as HTMLElement;
    await waitFor(() => within(row).getByText('Menu 2'));
    within(row).getByText('Button 1');
  });

  it('asks for a name, then adds a package with the chosen nodes', async () => {
    const { calls } = await openPkgs({ handlers: { 'admin/auth.pkg.add': () => ok({ pkg_id: 8 }) } });
    fireEvent.click(await screen.findByRole('button', { name: /Add package/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Name is required');

    typeInto('Name', 'Organizations');
    fireEvent.click(await within(dialog).findByText('Roles'));
    fireEvent.click(within(dialog).getByText('Add organization'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.pkg.add')[0]?.body).toEqual({ pkg_title: 'Organizations', node_ids: [2, 3] });
  });

  it('edits a package, keeping the nodes a filter hides', async () => {
    const { calls } = await openPkgs({ handlers: { 'admin/auth.pkg.edit': () => ok(null) } });
    const row = (await screen.findByText('Managers')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Managers');
    typeInto('Filter nodes', 'people');
    await waitFor(() => expect(within(dialog).queryByText('Roles')).toBeNull());
    fireEvent.click(within(dialog).getByText('People'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.pkg.edit')[0]?.body).toEqual({
      pkg_id: 7,
      pkg_title: 'Managers',
      node_ids: [2, 3],
    });
  });

  it('deletes a package only after "Are you sure to delete?"', async () => {
    const { calls } = await openPkgs({ handlers: { 'admin/auth.pkg.delete': () => ok(null) } });
    const row = (await screen.findByText('Managers')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Are you sure to delete?').length).toBeGreaterThan(0);
    expect(callsTo(calls, 'admin/auth.pkg.delete')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(calls, 'admin/auth.pkg.delete')[0]?.body).toEqual({ pkg_id: 7 });
  });

  it('shows why the server refuses to delete a package that roles still use', async () => {
    const refusal = 'This package is still used by 2 role(s): Agent, Team lead. Remove it from them first';
    await openPkgs({
      handlers: { 'admin/auth.pkg.delete': () => fail('FFFF', refusal, { fields: { pkg_id: refusal } }) },
    });
    const row = (await screen.findByText('Managers')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(refusal);
    expect(screen.queryByText('Successfully deleted')).toBeNull();
  });

  it('shows no write buttons to an agent without their button nodes', async () => {
    await openPkgs({ user: account(), menus: ['/wswt/setting/auth/pkg'], buttons: ['auth.node.add'] });
    await screen.findByText('Managers');
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('button', { name: /Add package/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
