import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const token = 'Tk_0123456789abcdefghijKLMNOPQRSTUVWXYZ0123';
const address = `/wswt/password?token=${token}`;

function serve(handlers: THandlers = {}) {
  return fakeServer({
    handlers: {
      'home/password.link.get': () => ok({ email: 'nina@example.com', real_name: 'Nina New', purpose: 'invite' }),
      'home/password.link.set': () => ok({ email: 'nina@example.com' }),
      ...handlers,
    },
  });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Set password' }));

describe('the set-password page of a mailed link', () => {
  it('checks the password as the server does, sets it, and sends the person to sign in with their address filled in', async () => {
    const { calls } = serve();
    renderApp(address);
    await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 10_000 });
    screen.getByText('For nina@example.com');
    expect(callsTo(calls, 'home/password.link.get')[0]?.query.get('token')).toBe(token);

    submit();
    await screen.findByText('Password is required');
    typeInto('New password', 'nina');
    submit();
    await screen.findByText('Password must be 5 to 127 characters');
    typeInto('New password', 'nina@example.com');
    typeInto('Confirm password', 'nina@example.com');
    submit();
    await screen.findByText('Password must not be the same as the email address');
    typeInto('New password', 'chosen-1');
    typeInto('Confirm password', 'chosen-2');
    submit();
    await screen.findByText('The passwords entered two times are inconsistent');
    expect(callsTo(calls, 'home/password.link.set')).toHaveLength(0);

    typeInto('Confirm password', 'chosen-1');
    submit();
    await screen.findByRole('heading', { name: 'Sign in' });
    screen.getByText('Your password is set: sign in with it');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('nina@example.com');
    expect(callsTo(calls, 'home/password.link.set')[0]?.body).toEqual({ token, password: 'chosen-1' });
  });

  it("shows the server's reason for a link it refuses, and the way to sign in", async () => {
    const expired = 'This link has expired. Ask your admin for a new invitation.';
    serve({ 'home/password.link.get': () => fail('FFFF', expired, { fields: { token: expired } }) });
    renderApp(address);
    await screen.findByText(expired, {}, { timeout: 10_000 });
    screen.getByRole('heading', { name: 'This link cannot be used' });
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/wswt/login?forgot=1');
    fireEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  it('makes no call for a link whose token is cut short', async () => {
    const { calls } = serve();
    renderApp('/wswt/password?token=short');
    await screen.findByText(/^This link is not valid \(a newer link may have replaced it\)/, {}, { timeout: 10_000 });
    await waitFor(() => expect(callsTo(calls, 'home/password.link.get')).toHaveLength(0));
  });
});
