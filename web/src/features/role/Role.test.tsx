import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { pkg, role } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const agentRole = role();
const lead = role({ role_id: 5, role_name: 'Team lead', is_default: false, auth_pkg_ids: [7, 8], account_ids: [] });

function serve(handlers = {}, options = {}) {
  return fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/auth.role.list': (c) =>
        page(
          c.query.get('role_state') === 'inactive'
            ? [role({ role_id: 6, role_name: 'Retired', role_state: 'inactive' })]
            : [agentRole, lead],
        ),
      'admin/auth.role.get': () => ok(lead),
      'admin/auth.pkg.list': () => page([pkg(), pkg({ pkg_id: 8, pkg_title: 'Reports' })]),
      ...handlers,
    },
  });
}

describe('roles', () => {
  it('lists active roles, and inactive ones on request', async () => {
    const { calls } = serve();
    renderApp('/wswt/setting/role');
    await screen.findByRole('row', { name: /Team lead/ });
    fireEvent.click(screen.getByRole('radio', { name: 'Inactive' }));
    await screen.findByRole('row', { name: /Retired/ });
    expect(callsTo(calls, 'admin/auth.role.list').at(-1)?.query.get('role_state')).toBe('inactive');
    expect(callsTo(calls, 'admin/auth.role.list').at(-1)?.query.get('need_account')).toBe('true');
  });

  it('shows the seeded role in Chinese, and a role an admin named as they wrote it', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/setting/role');
    await screen.findByRole('row', { name: /Team lead/ });
    // The seeded "Agent" (still as bootstrap wrote it) reads as 客服; the edit form keeps the stored text.
    screen.getByRole('row', { name: /客服/ });
    expect(screen.queryByRole('row', { name: /^Agent/ })).toBeNull();
  });

  it('writes two-character Chinese buttons as words ("保存"), not spaced out ("保 存")', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/setting/role/add');
    await screen.findByRole('button', { name: '保存' }, { timeout: 10_000 });
  });

  it('switches a role off with auth.role.state.edit', async () => {
    const { calls } = serve({ 'admin/auth.role.state.edit': () => ok(null) });
    renderApp('/wswt/setting/role');
    fireEvent.click(await screen.findByRole('switch', { name: 'Team lead active' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.role.state.edit')[0]?.body).toEqual({ role_id: 5, role_state: 'inactive' });
  });

  it('keeps the default role switched on: its switch is disabled and its tooltip says why', async () => {
    const { calls } = serve({ 'admin/auth.role.state.edit': () => ok(null) });
    renderApp('/wswt/setting/role');
    const kept = await screen.findByRole('switch', { name: 'Agent active' });
    expect((kept as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(kept);
    fireEvent.mouseEnter(kept.parentElement as HTMLElement);
    await screen.findByText('New agents get this role: it cannot be made inactive or deleted');
    expect(callsTo(calls, 'admin/auth.role.state.edit')).toEqual([]);
    expect((screen.getByRole('switch', { name: 'Team lead active' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server refusing a role name another role has under the name field', async () => {
    serve({
      'admin/auth.role.add': () =>
        fail('FFFF', 'A role of this name already exists', {
          fields: { role_name: 'A role of this name already exists' },
        }),
    });
    renderApp('/wswt/setting/role/add');
    await screen.findByRole('heading', { name: 'Add role' });
    typeInto('Role name', ' agent ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('A role of this name already exists')).length).toBeGreaterThan(0);
  });

  it('asks for the role name, then adds the role with its packages', async () => {
    const { calls } = serve({ 'admin/auth.role.add': () => ok({ role_id: 9 }) });
    renderApp('/wswt/setting/role/add');
    await screen.findByRole('heading', { name: 'Add role' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Role name is required');
    typeInto('Role name', 'Auditor');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Reports' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.role.add')[0]?.body).toEqual({
      role_name: 'Auditor',
      remark: '',
      auth_pkg_ids: [8],
      account_ids: [],
    });
  });

  it('edits the role chosen in the list', async () => {
    const { calls } = serve({ 'admin/auth.role.edit': () => ok(null) });
    const { here } = renderApp('/wswt/setting/role');
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Team lead/ })).getByRole('button', { name: /Edit/ }),
    );
    await screen.findByRole('heading', { name: 'Edit role' });
    expect(here()).toBe('/wswt/setting/role/edit');
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Reports' }) as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.role.edit')[0]?.body).toMatchObject({ role_id: 5, auth_pkg_ids: [8] });
  });

  it('sends the edit screen opened without a chosen role back to the list', async () => {
    serve();
    const { here } = renderApp('/wswt/setting/role/edit');
    await screen.findByRole('heading', { name: 'Roles and permissions' });
    expect(here()).toBe('/wswt/setting/role');
  });

  it('shows the state but no switch, add or edit to an agent without the nodes', async () => {
    serve({}, { user: account(), menus: ['/wswt/setting/role'], buttons: ['company.add'] });
    renderApp('/wswt/setting/role');
    await screen.findByRole('row', { name: /Team lead/ });
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Add role/ })).toBeNull();
  });
});
