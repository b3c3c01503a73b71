import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok, page, type TFakeServerOptions } from '../../test/fakeServer';
import { group, role } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const agent = account({ account_id: 3, email: 'grace@example.com', real_name: 'Grace Hopper', user_type: 'agent' });
const customer = account({
  account_id: 8,
  email: 'linus@customer.com',
  real_name: 'Linus Customer',
  user_type: 'end_user',
  access_state: 'suspended',
});

async function openPeople(options: TFakeServerOptions = {}, path = '/wswt/setting/people') {
  const server = fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/auth.account.list': (c) => {
        const type = c.query.get('user_type');
        return page([admin, agent, customer].filter((a) => !type || a.user_type === type));
      },
      'admin/auth.role.list': (c) =>
        page(
          c.query.get('role_state') === 'inactive'
            ? []
            : [role({ role_id: 4, role_name: 'Agent' }), role({ role_id: 5, role_name: 'Lead', is_default: false })],
        ),
      'admin/auth.group.list': () => page([group()]),
      ...options.handlers,
    },
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'People' });
  return { ...server, ...app };
}

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

describe('people', () => {
  it('names its buttons and tabs by their words alone, never their icons’ English file names (en and zh-cn)', async () => {
    const names = async (words: { add: string; tab: string; edit: string; suspend: string; remove: string }) => {
      screen.getByRole('button', { name: words.add });
      screen.getByRole('tab', { name: words.tab });
      const row = await rowOf('Grace Hopper');
      within(row).getByRole('link', { name: words.edit });
      within(row).getByRole('button', { name: words.suspend });
      within(row).getByRole('button', { name: words.remove });
    };
    await openPeople();
    await names({ add: 'Add person', tab: 'People', edit: 'Edit', suspend: 'Suspend', remove: 'Delete' });
    cleanup();
    await chooseLanguage('zh-cn');
    fakeServer({
      user: admin,
      handlers: {
        'admin/auth.account.list': () => page([admin, agent, customer]),
        'admin/auth.role.list': () => page([role({ role_id: 4, role_name: 'Agent' })]),
        'admin/auth.group.list': () => page([group()]),
      },
    });
    renderApp('/wswt/setting/people');
    await screen.findByRole('heading', { name: '人员' });
    await names({ add: '添加用户', tab: '用户', edit: '编辑', suspend: '停用', remove: '删除' });
    await chooseLanguage('en');
  });

  it('lists accounts and filters them by user type, marking suspended ones', async () => {
    const { calls } = await openPeople();
    await screen.findByText('Grace Hopper');
    const row = await rowOf('Linus Customer');
    within(row).getByText('Suspended');
    within(row).getByText('End user');

    // The filter is named for what it filters, not "segmented control".
    const filter = screen.getByRole('radiogroup', { name: 'User type' });
    fireEvent.click(within(filter).getByRole('radio', { name: 'Agent' }));
    await waitFor(() => expect(screen.queryByText('Linus Customer')).toBeNull());
    expect(callsTo(calls, 'admin/auth.account.list').at(-1)?.query.get('user_type')).toBe('agent');
  });

  it('suspends an account only after confirming, and allows a suspended one again', async () => {
    const { calls } = await openPeople({ handlers: { 'admin/auth.account.access_state.edit': () => ok(null) } });
    fireEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: /Suspend/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Suspend Grace Hopper?').length).toBeGreaterThan(0);
    expect(callsTo(calls, 'admin/auth.account.access_state.edit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.access_state.edit')[0]?.body).toEqual({
      account_id: 3,
      access_state: 'suspended',
    });

    fireEvent.click(within(await rowOf('Linus Customer')).getByRole('button', { name: /Allow/ }));
    const allow = (await screen.findAllByText('Allow Linus Customer again?'))[0]?.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(allow).getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(callsTo(calls, 'admin/auth.account.access_state.edit')).toHaveLength(2));
    expect(callsTo(calls, 'admin/auth.account.access_state.edit')[1]?.body).toEqual({
      account_id: 8,
      access_state: 'allowed',
    });
  });

  it('deletes an account after "Are you sure to delete?", and not the own one', async () => {
    const { calls } = await openPeople({ handlers: { 'admin/auth.account.delete': () => ok(null) } });
    expect(within(await rowOf('Root Admin')).queryByRole('button', { name: /Delete/ })).toBeNull();
    fireEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Are you sure to delete?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(calls, 'admin/auth.account.delete')[0]?.body).toEqual({ account_id: 3 });
  });

  it('adds an agent: asks for name, email, role and password, then sends the account', async () => {
    const { calls } = await openPeople({ handlers: { 'admin/auth.account.add': () => ok({ account_id: 20 }) } });
    fireEvent.click(await screen.findByRole('button', { name: /Add person/ }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('radiogroup', { name: 'User type' });
    // The default role is chosen for a new agent; clearing it is refused.
    await waitFor(() => within(dialog).getByText('Agent', { selector: '.ant-select-selection-item-content' }));
    fireEvent.click(dialog.querySelector('.ant-select-selection-item-remove') as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Name is required');
    within(dialog).getByText('Email is required');
    within(dialog).getByText('Must choose role(s)');
    within(dialog).getByText('Password is required');

    typeInto('Name', 'Ada Byron');
    typeInto('Email', 'ada@@example');
    fireEvent.blur(screen.getByLabelText('Email'));
    await within(dialog).findByText('Incorrect mailbox format');
    typeInto('Email', 'ada@example.com');
    typeInto('Password', 'abcd');
    await within(dialog).findByText('Password must be 5 to 127 characters');
    typeInto('Password', 'ada@example.com');
    await within(dialog).findByText('Password must not be the same as the email address');
    typeInto('Password', 'secret-1');
    typeInto('Confirm password', 'secret-2');
    await within(dialog).findByText('The passwords entered two times are inconsistent');
    typeInto('Confirm password', 'secret-1');
    fireEvent.mouseDown(within(dialog).getByLabelText('Roles'));
    fireEvent.click(await screen.findByTitle('Lead'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/auth.account.add')[0]?.body).toMatchObject({
      real_name: 'Ada Byron',
      email: 'ada@example.com',
      user_type: 'agent',
      role_ids: [5],
      password: 'secret-1',
      company_id: null,
    });
  });

  it('invites an agent by mail when the email channel is set up: no password asked, the invitation sent', async () => {
    const { calls } = await openPeople({
      handlers: {
        'admin/auth.account.add': () => ok({ account_id: 21 }),
        'admin/auth.account.invite.state.get': () => ok({ can_mail: true }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Add person/ }));
    const dialog = await screen.findByRole('dialog');
    const invite = (await within(dialog).findByRole('checkbox', {
      name: 'Send an invitation by email',
    })) as HTMLInputElement;
    await waitFor(() => expect(invite.checked).toBe(true));
    within(dialog).getByText('They get a mail with a link (valid 7 days) to set their own password.');
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    expect(within(dialog).queryByLabelText('Confirm password')).toBeNull();

    // Unchecked, the password is asked for again; checked, it is not.
    fireEvent.click(invite);
    await within(dialog).findByLabelText('Password');
    fireEvent.click(invite);
    await waitFor(() => expect(within(dialog).queryByLabelText('Password')).toBeNull());

    typeInto('Name', 'Ada Byron');
    typeInto('Email', 'ada@example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    const body = callsTo(calls, 'admin/auth.account.add')[0]?.body;
    expect(body).toMatchObject({ real_name: 'Ada Byron', email: 'ada@example.com', user_type: 'agent', invite: true });
    expect(body).not.toHaveProperty('password');
  });

  it('offers no invitation without the email channel, says why, and asks for a password; none for an end user', async () => {
    await openPeople();
    fireEvent.click(await screen.findByRole('button', { name: /Add person/ }));
    const dialog = await screen.findByRole('dialog');
    const invite = (await within(dialog).findByRole('checkbox', {
      name: 'Send an invitation by email',
    })) as HTMLInputElement;
    await within(dialog).findByText(/Set up the email channel \(Settings › Emails\) to invite by mail/);
    expect(invite.disabled).toBe(true);
    expect(invite.checked).toBe(false);
    within(dialog).getByLabelText('Password');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'End user' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: 'Send an invitation by email' })).toBeNull(),
    );
  });

  it('shows the server refusing an email under the Email input', async () => {
    await openPeople({
      handlers: {
        'admin/auth.account.add': () =>
          fail('FFFF', 'This email is already in use', { fields: { email: 'This email is already in use' } }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Add person/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'End user' }));
    await within(dialog).findByText('Organization');
    typeInto('Name', 'Linus Two');
    typeInto('Email', 'linus@customer.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const emailItem = screen.getByLabelText('Email').closest('.ant-form-item') as HTMLElement;
    await within(emailItem).findByText('This email is already in use');
  });

  it('shows no write buttons to an agent holding none of their nodes', async () => {
    await openPeople({ user: agent, menus: ['/wswt/setting/people'], buttons: ['company.add'] });
    await screen.findByText('Linus Customer');
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('button', { name: /Add person/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Suspend|Allow|Delete/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
    // Without the account page's node, a name is not a link to "Access denied".
    expect(screen.queryByRole('link', { name: 'Linus Customer' })).toBeNull();
  });

  it('links each name to the account for whoever may open it', async () => {
    await openPeople();
    expect((await screen.findByRole('link', { name: 'Linus Customer' })).getAttribute('href')).toBe('/wswt/account/8');
  });

  it('shows the groups on their own tab', async () => {
    const { here } = await openPeople();
    fireEvent.click(await screen.findByRole('tab', { name: /Groups/ }));
    await screen.findByText('Support');
    expect(here()).toBe('/wswt/setting/people?tab=groups');
    screen.getByRole('link', { name: /Add group/ });
  });
});
