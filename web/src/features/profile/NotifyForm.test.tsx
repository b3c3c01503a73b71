import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, myInfo, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const ada = account({ email: 'ada@example.com', real_name: 'Ada Lovelace', update_ts: 1 });

describe('my email notifications', () => {
  it('shows the stored choice and saves a new one for the caller alone', async () => {
    let info = myInfo(ada, { notify_replied: false });
    const { calls } = fakeServer({
      user: ada,
      menus: [],
      handlers: {
        'admin/auth.my.info.get': () => ok(info),
        'admin/auth.account.info.edit': (c) => {
          info = { ...info, ...(c.body as object), update_ts: 2 };
          return ok(null);
        },
      },
    });
    renderApp('/wswt/account/my/profile');
    const card = (await screen.findByText('Email notifications')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByRole('radio', { name: 'All tickets I can see', checked: true })).toBeTruthy();
    const replied = within(card).getByRole('switch', {
      name: 'A customer replied on a ticket assigned to me or that I follow',
    });
    const assigned = within(card).getByRole('switch', { name: 'A ticket was assigned to me' });
    expect([replied.getAttribute('aria-checked'), assigned.getAttribute('aria-checked')]).toEqual(['false', 'true']);

    fireEvent.click(within(card).getByRole('radio', { name: 'Only tickets in my groups' }));
    fireEvent.click(assigned);
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    // Only the choice goes: no account is named, the server saves it on the caller's own.
    expect(callsTo(calls, 'admin/auth.account.info.edit')[0]?.body).toEqual({
      notify_new: 'groups',
      notify_replied: false,
      notify_assigned: false,
    });
    // The screen shows what the server now holds.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Only tickets in my groups', checked: true })).toBeTruthy(),
    );
  });
});
