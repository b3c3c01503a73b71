import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../../auth/storage';
import { account, brandingDefaults, fail, fakeServer, myInfo, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { chooseLanguage, signInEachTest } from '../../test/session';

signInEachTest();

// The first test would otherwise load the staff shell's and this screen's modules inside its
// 10-s wait for the heading: under a loaded machine's happy-dom that alone took longer.
beforeAll(async () => {
  await Promise.all([import('../../layout/StaffShell'), import('./ProfilePage')]);
});

const user = account({ email: 'ada@example.com', real_name: 'Ada Lovelace', user_type: 'agent' });

async function openProfile(handlers = {}) {
  // No menu nodes at all: own profile needs none.
  const server = fakeServer({ user, menus: [], handlers });
  const app = renderApp('/wswt/account/my/profile');
  await screen.findByRole('heading', { name: 'My profile' });
  return { ...server, ...app };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('my profile', () => {
  it("names the help desk by its brand name in the notification mails' note", async () => {
    const branding = { 'home/setting/branding.get': () => ok({ ...brandingDefaults, brand_name: 'Acme Care' }) };
    await openProfile(branding);
    await screen.findByText("Which mails Acme Care sends you. Other agents' choices are their own.");
    expect(screen.queryByText(/Parley sends you/)).toBeNull();
  });

  it('says 选择 <brand name> in Chinese', async () => {
    await chooseLanguage('zh-cn');
    fakeServer({
      user,
      menus: [],
      handlers: { 'home/setting/branding.get': () => ok({ ...brandingDefaults, brand_name: 'Acme Care' }) },
    });
    renderApp('/wswt/account/my/profile');
    await screen.findByText('选择 Acme Care 给您发送哪些邮件，只影响您自己。', {}, { timeout: 10_000 });
  });

  it('falls back to the product name while no brand name is set', async () => {
    await openProfile();
    await screen.findByText("Which mails Parley sends you. Other agents' choices are their own.");
  });

  it("shows the caller's account without asking for a menu node", async () => {
    const { calls } = await openProfile();
    const card = screen.getByText('Account').closest('.ant-card') as HTMLElement;
    expect(within(card).getAllByText('ada@example.com').length).toBeGreaterThan(0);
    within(card).getByText('Agent');
    const profile = screen.getByText('Profile').closest('.ant-card') as HTMLElement;
    within(profile).getByTitle('Europe/Berlin');
    expect((within(profile).getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(calls.some((c) => c.path === 'admin/auth.check')).toBe(false);
  });

  it('refuses a short password and the email as password, naming the rule each breaks, and two different entries', async () => {
    const { calls } = await openProfile();
    type('Current password', 'old-secret');
    type('New password', 'abcd');
    await screen.findByText('Password must be 5 to 127 characters');
    type('New password', 'new-secret');
    await waitFor(() => expect(screen.queryByText('Password must be 5 to 127 characters')).toBeNull());
    type('New password', 'Ada@Example.com');
    await screen.findByText('Password must not be the same as the email address');

    type('New password', 'new-secret');
    type('Confirm new password', 'other-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByText('The passwords entered two times are inconsistent');
    expect(calls.some((c) => c.path === 'admin/auth.password.edit')).toBe(false);
  });

  it('names the length a short password misses in Chinese', async () => {
    await chooseLanguage('zh-cn');
    fakeServer({ user, menus: [] });
    renderApp('/wswt/account/my/profile');
    fireEvent.change(await screen.findByLabelText('新密码', {}, { timeout: 10_000 }), { target: { value: 'abcd' } });
    await screen.findByText('密码长度须为 5 到 127 个字符');
  });

  it('shows a wrong current password at its field', async () => {
    await openProfile({
      'admin/auth.password.edit': () =>
        fail('FFFF', 'The current password is incorrect', {
          fields: { old_pass: 'The current password is incorrect' },
        }),
    });
    type('Current password', 'wrong-one');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByText('The current password is incorrect');
    expect(authStore.token()).toBe('tok-1');
  });

  it('saves the new password, says so, and signs out', async () => {
    const { calls, here } = await openProfile({ 'admin/auth.password.edit': () => ok(null) });
    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByText('Successfully saved');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(here()).toBe('/wswt/login');
    expect(authStore.token()).toBeNull();
    expect(calls.find((c) => c.path === 'admin/auth.password.edit')?.body).toEqual({
      old_pass: 'old-secret',
      new_pass: 'new-secret',
    });
  });

  // Every save bumps the account's update_ts: the other card must not be drawn afresh for it.
  describe('saving one card keeps what is typed and not yet saved in the other', () => {
    function serveSaves() {
      let info = myInfo(user, { update_ts: 1 });
      return openProfile({
        'admin/auth.my.info.get': () => ok(info),
        'admin/auth.account.info.edit': (c: { body: object }) => {
          info = { ...info, ...c.body, update_ts: info.update_ts + 1 };
          return ok(null);
        },
      });
    }
    const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;
    /** Until the account read again after the save is in the session (and the page drawn with it). */
    async function reloaded(calls: { path: string }[]) {
      await waitFor(() => expect(calls.filter((c) => c.path === 'admin/auth.my.info.get').length).toBe(2));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }

    it('the profile, when the notification mails are saved', async () => {
      const { calls } = await serveSaves();
      type('Alias', 'Countess');
      const notify = card('Email notifications');
      fireEvent.click(within(notify).getByRole('radio', { name: 'Only tickets in my groups' }));
      fireEvent.click(within(notify).getByRole('button', { name: 'Save' }));
      await screen.findByText('Successfully saved');
      await reloaded(calls);
      expect((within(card('Profile')).getByLabelText('Alias') as HTMLInputElement).value).toBe('Countess');
    });

    it('the notification mails, when the profile is saved', async () => {
      const { calls } = await serveSaves();
      const notify = card('Email notifications');
      fireEvent.click(within(notify).getByRole('radio', { name: 'Only tickets in my groups' }));
      type('Alias', 'Countess');
      fireEvent.click(within(card('Profile')).getByRole('button', { name: 'Save' }));
      await screen.findByText('Successfully saved');
      await reloaded(calls);
      expect(within(notify).getByRole('radio', { name: 'Only tickets in my groups', checked: true })).toBeTruthy();
    });
  });
});
