import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../auth/storage';
import { account, fail, fakeServer, ok, page } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { freshEachTest } from '../../test/session';

freshEachTest();

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign in', () => {
  it('sends a visitor without a token to the sign-in form with the page as next', async () => {
    fakeServer();
    const { here } = renderApp('/wswt/setting/people?x=1');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(here()).toBe(`/wswt/login?next=${encodeURIComponent('/wswt/setting/people?x=1')}`);
  });

  it('shows the spec validation messages before calling the server', async () => {
    const { calls } = fakeServer();
    renderApp('/wswt/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText('Email is required');
    await screen.findByText('Password is required');

    fill('Email', 'not-an-email');
    fireEvent.blur(screen.getByLabelText('Email'));
    await screen.findByText('Incorrect mailbox format');
    expect(calls.filter((c) => c.path === 'admin/auth.login')).toHaveLength(0);
  });

  it('stores the session and goes to next after signing in', async () => {
    const { calls } = fakeServer({
      user: account({ user_type: 'admin' }),
      handlers: {
        'admin/auth.login': () => ok({ token: 'tok-9', real_name: 'Ada Lovelace', timezone: 'Europe/Berlin' }),
        // The people page it lands on lists people: an empty list (an unanswered call would be a 404).
        'admin/auth.account.list': () => page([]),
      },
    });
    const { here } = renderApp(`/wswt/login?next=${encodeURIComponent('/wswt/setting/people?x=1')}`);
    await screen.findByLabelText('Email');
    fill('Email', 'Ada@Example.com');
    fill('Password', 'secret-1');
    fireEvent.click(screen.getByLabelText('Stay signed in for 30 days'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'People' });
    expect(here()).toBe('/wswt/setting/people?x=1');
    expect(authStore.token()).toBe('tok-9');
    expect(authStore.timezone()).toBe('Europe/Berlin');
    const login = calls.find((c) => c.path === 'admin/auth.login');
    expect(login?.body).toEqual({ email: 'Ada@Example.com', password: 'secret-1', stay_login: true });
    const info = calls.find((c) => c.path === 'admin/auth.my.info.get');
    expect(info?.headers.Authorization).toBe('tok-9');
  });

  it('never follows a next address off the site', async () => {
    const { calls } = fakeServer({
      user: account({ user_type: 'admin' }),
      handlers: {
        'admin/auth.login': () => ok({ token: 't', real_name: 'Ada', timezone: 'UTC' }),
        // The ticket list it lands on asks for its views (unanswered, a 404 the suite refuses).
        'admin/ticket.view.list': () => ok({ list: [] }),
      },
    });
    const { here } = renderApp(`/wswt/login?next=${encodeURIComponent('//evil.example/x')}`);
    await screen.findByLabelText('Email');
    fill('Email', 'ada@example.com');
    fill('Password', 'secret-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(here()).toBe('/wswt'));
    // The landing page is the app's own list: it asked for the views (whenever that came, the
    // test ended before or after it, and an unserved call failed the suite now and then).
    await waitFor(() => expect(calls.some((c) => c.path === 'admin/ticket.view.list')).toBe(true));
  });

  it("shows the server's message when signing in fails", async () => {
    fakeServer({ handlers: { 'admin/auth.login': () => fail('FFFF', 'User has been suspended') } });
    const { here } = renderApp('/wswt/login');
    await screen.findByLabelText('Email');
    fill('Email', 'ada@example.com');
    fill('Password', 'secret-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('User has been suspended');
    expect(authStore.token()).toBeNull();
    expect(here()).toBe('/wswt/login');
  });
});
