import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { freshEachTest, typeInto } from '../../test/session';

freshEachTest();

/** The page's own language switch, as a person uses it. */
async function switchTo(from: RegExp, to: string) {
  fireEvent.click(screen.getByRole('button', { name: from }));
  fireEvent.click(await screen.findByRole('menuitemradio', { name: to }));
}

// A message under an input is the form's: switching the language words it again, it does not
// stay in the language it was first shown in (issue: "Email is required" under a Chinese form).
describe('the messages under the inputs of the credentials forms follow a language switch', () => {
  it('sign in: a check that failed, and a message the server sent as a key', async () => {
    fakeServer({
      handlers: { 'admin/auth.login': () => fail('FFFF', 'bad', { fields: { password: 'password_not_allowed' } }) },
    });
    renderApp('/wswt/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 }));
    await screen.findByText('Email is required');
    screen.getByText('Password is required');
    await switchTo(/Language/, '简体中文');
    await screen.findByText('请输入邮箱');
    screen.getByText('请输入密码');
    expect(screen.queryByText('Email is required')).toBeNull();

    typeInto('邮箱', 'ada@example.com');
    typeInto('密码', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('密码不符合要求');
    await switchTo(/语言/, 'English');
    await screen.findByText('Password is not allowed');
  });

  it('forgot password: the address check', async () => {
    fakeServer({ handlers: { 'home/password.forgot.state.get': () => ok({ can_mail: true }) } });
    renderApp('/wswt/login?forgot=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a link' }, { timeout: 10_000 }));
    await screen.findByText('Email is required');
    await switchTo(/Language/, '简体中文');
    await screen.findByText('请输入邮箱');
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it('set password: the password checks', async () => {
    fakeServer({
      handlers: {
        'home/password.link.get': () => ok({ email: 'nina@example.com', real_name: 'Nina New', purpose: 'invite' }),
      },
    });
    renderApp('/wswt/password?token=Tk_0123456789abcdefghijKLMNOPQRSTUVWXYZ0123');
    await screen.findByRole('heading', { name: 'Set your password' }, { timeout: 10_000 });
    typeInto('New password', 'chosen-1');
    typeInto('Confirm password', 'chosen-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await screen.findByText('The passwords entered two times are inconsistent');
    await switchTo(/Language/, '简体中文');
    await screen.findByText('两次输入的密码不一致');
  });
});
