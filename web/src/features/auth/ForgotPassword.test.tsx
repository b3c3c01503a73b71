import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok, type THandlers } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { callsTo, chooseLanguage, freshEachTest, typeInto } from '../../test/session';

freshEachTest();

const sent =
  'If an account with that address exists, we have sent it a link to set a new password. The link works once and for 1 hour.';

function serve(handlers: THandlers = {}) {
  return fakeServer({
    handlers: {
      'home/password.forgot.state.get': () => ok({ can_mail: true }),
      'home/password.forgot.send': () => ok(null),
      ...handlers,
    },
  });
}

describe('Forgot password? on the sign-in page', () => {
  it('opens from the sign-in form with the typed address, checks it, sends it, answers the same neutral words, and goes back to sign in keeping next', async () => {
    const { calls } = serve();
    const next = encodeURIComponent('/wswt/tickets');
    const { here } = renderApp(`/wswt/login?next=${next}`);
    await screen.findByLabelText('Email', {}, { timeout: 10_000 });
    typeInto('Email', 'Fay@Example.com ');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));

    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(here()).toBe(`/wswt/login?next=${next}&forgot=1`);
    const box = screen.getByLabelText('Email') as HTMLInputElement;
    expect(box.value).toBe('Fay@Example.com');
    await waitFor(() => expect(document.activeElement).toBe(box));

    typeInto('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    await screen.findByText('Incorrect mailbox format');
    expect(callsTo(calls, 'home/password.forgot.send')).toHaveLength(0);

    typeInto('Email', ' fay@example.com ');
    // Enter in the box sends the form.
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await screen.findByRole('heading', { name: 'Check your email' });
    screen.getByText(sent);
    screen.getByText(/No mail at fay@example\.com within a few minutes\?/);
    expect(callsTo(calls, 'home/password.forgot.send').map((c) => c.body)).toEqual([{ email: 'fay@example.com' }]);
    // The keyboard's place moves to the outcome (the form it was in is gone).
    await waitFor(() => expect(document.activeElement?.contains(screen.getByText(sent))).toBe(true));

    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(here()).toBe(`/wswt/login?next=${next}`);
  });

  it('says plainly that reset by mail is not available without outgoing mail, and offers no form', async () => {
    const { calls } = serve({ 'home/password.forgot.state.get': () => ok({ can_mail: false }) });
    renderApp('/wswt/login?forgot=1');
    await screen.findByRole('heading', { name: 'Password reset by mail is not available' }, { timeout: 10_000 });
    screen.getByText(
      'Password reset by mail is not available on this help desk (no outgoing mail is set up). Ask your admin to set a new password for you.',
    );
    expect(screen.queryByRole('button', { name: 'Send me a link' })).toBeNull();
    expect(callsTo(calls, 'home/password.forgot.send')).toHaveLength(0);
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  it("shows the server's refusal (too many requests) and keeps the form", async () => {
    const tooMany = 'Too many requests for a new password; please try again later.';
    serve({ 'home/password.forgot.send': () => fail('FFFF', tooMany) });
    renderApp('/wswt/login?forgot=1');
    await screen.findByRole('heading', { name: 'Forgot your password?' }, { timeout: 10_000 });
    typeInto('Email', 'fay@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tooMany);
    screen.getByRole('button', { name: 'Send me a link' });
  });

  it('is in Chinese for a Chinese reader', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/login');
    fireEvent.click(await screen.findByRole('link', { name: '忘记密码？' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: '忘记密码？' });
    typeInto('邮箱', 'li@example.com');
    fireEvent.click(screen.getByRole('button', { name: '发送链接' }));
    await screen.findByRole('heading', { name: '请查收邮件' });
    screen.getByText('如果该邮箱对应的账号存在，我们已向其发送设置新密码的链接。链接仅可使用一次，1 小时内有效。');
    screen.getByRole('link', { name: '返回登录' });
  });
});
