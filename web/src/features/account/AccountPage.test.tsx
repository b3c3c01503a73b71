import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok, page, type THandlers } from '../../test/fakeServer';
import { group, role } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const grace = account({
  account_id: 3,
  email: 'grace@example.com',
  real_name: 'Grace Hopper',
  user_type: 'agent',
  role_ids: [4],
  group_ids: [2],
  tool_access: ['chat'],
});

async function openAccount(target = grace, handlers: THandlers = {}) {
  const server = fakeServer({
    user: admin,
    handlers: {
      'admin/auth.account.get': () => ok(target),
      'admin/auth.role.list': (call) => page(call.query.get('role_state') === 'inactive' ? [] : [role()]),
      'admin/auth.group.list': () => page([group()]),
      'admin/auth.account.visit.history.list': () =>
        page([{ visit_id: 1, ip: '198.51.100.4', user_agent: 'Firefox on Linux', create_ts: 1_700_000_000_000 }]),
      ...handlers,
    },
  });
  const app = renderApp(`/wswt/account/${target.account_id}`);
  await screen.findByRole('heading', { name: new RegExp(target.real_name) });
  return { ...server, ...app };
}

describe('account page', () => {
  it("edits the account's fields and sends them with its id", async () => {
    const { calls } = await openAccount(grace, { 'admin/auth.account.edit': () => ok(null) });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grace Hopper');
    typeInto('Name', 'Grace B. Hopper');
    typeInto('Internal notes', 'Speaks COBOL');
    fireEvent.click(screen.getByRole('switch', { name: 'Can close tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.edit')[0]?.body).toMatchObject({
      account_id: 3,
      real_name: 'Grace B. Hopper',
      inner_notes: 'Speaks COBOL',
      can_close_ticket: false,
      role_ids: [4],
      group_ids: [2],
      tool_access: ['chat'],
    });
  });

  it('shows a chat visitor who gave no email without the made-up address, and keeps it on saving', async () => {
    const made = 'visitor-0123456789abcdef@anonymous.invalid';
    const visitor = account({ account_id: 9, email: made, real_name: 'Visitor', user_type: 'end_user' });
    const { calls } = await openAccount(visitor, { 'admin/auth.account.edit': () => ok(null) });
    expect(document.body.textContent).not.toContain('anonymous.invalid');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect([email.value, email.placeholder]).toEqual(['', 'None given (a chat visitor)']);
    typeInto('Name', 'Ada from the chat');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.edit')[0]?.body).toMatchObject({
      real_name: 'Ada from the chat',
      email: made,
    });
    // An address typed in replaces it.
    typeInto('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'admin/auth.account.edit')).toHaveLength(2));
    expect(callsTo(calls, 'admin/auth.account.edit')[1]?.body).toMatchObject({ email: 'ada@example.com' });
  });

  it('shows an account the caller may not change as it is, without the buttons the server would refuse', async () => {
    await openAccount(
      account({ ...grace, account_id: 8, real_name: 'Root Admin', user_type: 'admin', manageable: false }),
    );
    screen.getByText('This person holds permissions you do not: you may see their details, not change them.');
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    for (const name of ['Save', 'Suspend', 'Delete', 'Send the link', 'Set a new password']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('shows a role the account holds that is now inactive by its name, marked, and keeps it on save', async () => {
    const { calls } = await openAccount(account({ ...grace, role_ids: [4, 9] }), {
      'admin/auth.role.list': (call) =>
        page(
          call.query.get('role_state') === 'inactive'
            ? [role({ role_id: 9, role_name: 'Night shift', role_state: 'inactive', is_default: false })]
            : [role()],
        ),
      'admin/auth.account.edit': () => ok(null),
    });
    await screen.findByText('Night shift (Inactive)');
    expect(screen.queryByText('9')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.edit')[0]?.body).toMatchObject({ role_ids: [4, 9] });
  });

  it('refuses an agent without roles', async () => {
    const { calls } = await openAccount(account({ ...grace, role_ids: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Must choose role(s)');
    expect(callsTo(calls, 'admin/auth.account.edit')).toHaveLength(0);
  });

  it('says "User has been suspended" and offers to allow the account again', async () => {
    const { calls } = await openAccount(account({ ...grace, access_state: 'suspended' }), {
      'admin/auth.account.access_state.edit': () => ok(null),
    });
    screen.getByText('User has been suspended');
    fireEvent.click(screen.getByRole('button', { name: /Allow/ }));
    const dialog = (await screen.findAllByText('Allow Grace Hopper again?'))[0]?.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(callsTo(calls, 'admin/auth.account.access_state.edit')[0]?.body).toEqual({
        account_id: 3,
        access_state: 'allowed',
      }),
    );
  });

  it('sets a new password only when typed the same twice', async () => {
    const { calls } = await openAccount(grace, { 'admin/auth.account.edit': () => ok(null) });
    typeInto('Password', 'fresh-pass');
    typeInto('Confirm password', 'fresh-pas');
    fireEvent.click(screen.getByRole('button', { name: 'Set a new password' }));
    await screen.findByText('The passwords entered two times are inconsistent');
    typeInto('Confirm password', 'fresh-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set a new password' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.edit')[0]?.body).toEqual({ account_id: 3, password: 'fresh-pass' });
  });

  it('lists the sign-ins, and shows no tickets while the ticket history is empty or absent', async () => {
    await openAccount();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign-ins' }));
    await screen.findByText('198.51.100.4');
    screen.getByText('Firefox on Linux');
    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    await screen.findByText('No tickets yet');
  });

  it('is read-only without the edit node', async () => {
    fakeServer({
      user: account({ account_id: 50, user_type: 'agent' }),
      menus: ['/wswt/account/:account_id'],
      handlers: { 'admin/auth.account.get': () => ok(grace) },
    });
    renderApp('/wswt/account/3');
    await screen.findByRole('heading', { name: /Grace Hopper/ });
    await screen.findAllByRole('menu');
    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Suspend|Delete|Set a new password/ })).toBeNull();
  });

  it('sends an address that names no account to page_not_found', async () => {
    fakeServer({ user: admin });
    const { here } = renderApp('/wswt/account/someone');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(here()).toBe('/page_not_found');
  });
});
