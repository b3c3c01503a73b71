import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { emailSetting, ticketSetting } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

describe('email settings', () => {
  it('asks for every server field and a first password, then saves', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: { 'admin/settings/email.get': () => ok(emailSetting()), 'admin/settings/email.edit': () => ok(null) },
    });
    renderApp('/wswt/setting/email');
    // The first render of the file loads the lazy screen: slow on a busy machine.
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 15_000 }));
    for (const text of [
      'Sender is required',
      'Smtp host is required',
      'Imap host is required',
      'Gateway is required',
      'Account is required',
      'Password is required',
    ]) {
      await screen.findByText(text);
    }
    typeInto('Sender', 'Support <help@example.com>');
    typeInto('SMTP host', 'smtp.example.com');
    typeInto('IMAP host', 'imap.example.com');
    typeInto('Gateway', 'gw.example.com');
    typeInto('Account', 'help@example.com');
    typeInto('Password', 'mail-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/email.edit')[0]?.body).toMatchObject({
      sender: 'Support <help@example.com>',
      smtp_host: 'smtp.example.com',
      imap_host: 'imap.example.com',
      gateway: 'gw.example.com',
      account: 'help@example.com',
      password: 'mail-secret',
      use_ssl: true,
    });
  });

  it('is as wide as the other settings pages (Ticket settings)', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/ticket.get': () => ok(ticketSetting()),
      },
    });
    const { router } = renderApp('/wswt/setting/email');
    // The page's column: the heading's nearest box with a width of its own.
    const column = (heading: HTMLElement) => heading.closest<HTMLElement>('[style*="max-width"]')?.style.maxWidth;
    const emails = column(await screen.findByRole('heading', { name: 'Emails' }, { timeout: 15_000 }));
    await router.navigate('/wswt/setting/ticket');
    const tickets = column(await screen.findByRole('heading', { name: 'Ticket settings' }));
    expect(tickets).toMatch(/^\d+px$/);
    expect(emails).toBe(tickets);
  });

  it('keeps a stored password when the field is left empty', async () => {
    const stored = emailSetting({
      sender: 'help@example.com',
      smtp_host: 'smtp.example.com',
      imap_host: 'imap.example.com',
      gateway: 'gw',
      account: 'help',
      has_password: true,
    });
    const { calls } = fakeServer({
      user: admin,
      handlers: { 'admin/settings/email.get': () => ok(stored), 'admin/settings/email.edit': () => ok(null) },
    });
    renderApp('/wswt/setting/email');
    await screen.findByText('A password is stored; leave this empty to keep it.');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/email.edit')[0]?.body).toMatchObject({
      password: '',
      smtp_host: 'smtp.example.com',
    });
    expect(callsTo(calls, 'admin/settings/email.edit')[0]?.body).not.toHaveProperty('has_password');
  });

  it('is read-only without email.edit', async () => {
    fakeServer({
      user: account(),
      menus: ['/wswt/setting/email'],
      buttons: ['black.add'],
      handlers: { 'admin/settings/email.get': () => ok(emailSetting({ sender: 'help@example.com' })) },
    });
    renderApp('/wswt/setting/email');
    await waitFor(() => expect((screen.getByLabelText('Sender') as HTMLInputElement).value).toBe('help@example.com'));
    await screen.findAllByRole('menu');
    expect((screen.getByLabelText('Sender') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('checks the form before a test mail: what is missing is said under its field, once', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: { 'admin/settings/email.get': () => ok(emailSetting({ sender: '', smtp_host: '' })) },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test mail' }));
    const sender = (screen.getByLabelText('Sender') as HTMLElement).closest('.ant-form-item') as HTMLElement;
    await within(sender).findByText('Sender is required');
    expect(screen.getAllByText('Sender is required')).toHaveLength(1);
    expect(callsTo(calls, 'admin/settings/email.test_send')).toEqual([]);
  });

  it('tests the mailbox and the sending with the values on screen and says plainly what failed', async () => {
    const stored = emailSetting({
      sender: 'help@example.com',
      smtp_host: 'smtp.example.com',
      imap_host: 'imap.example.com:1993',
      gateway: 'gw',
      account: 'help@example.com',
      has_password: true,
    });
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(stored),
        'admin/settings/email.test_mailbox': () =>
          ok({ ok: false, stage: 'login', detail: 'AUTHENTICATIONFAILED', endpoint: 'imap.example.com:1993 (TLS)' }),
        'admin/settings/email.test_send': () =>
          ok({ ok: true, stage: null, detail: '', endpoint: 'smtp.example.com:465 (TLS)' }),
      },
    });
    renderApp('/wswt/setting/email');
    await waitFor(() =>
      expect((screen.getByLabelText('IMAP host') as HTMLInputElement).value).toBe('imap.example.com:1993'),
    );
    typeInto('Account', 'other@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Test the mailbox' }));
    await screen.findByText('Login refused at imap.example.com:1993 (TLS): check the account and password.');
    screen.getByText('AUTHENTICATIONFAILED');
    expect(callsTo(calls, 'admin/settings/email.test_mailbox')[0]?.body).toMatchObject({
      account: 'other@example.com',
      imap_host: 'imap.example.com:1993',
      password: '',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test mail' }));
    await screen.findByText('The test mail was sent through smtp.example.com:465 (TLS).');
  });

  it('says a server that never greeted timed out on its greeting, and that Use SSL may be why', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () =>
          ok(
            emailSetting({
              sender: 'a@example.com',
              smtp_host: 'h',
              imap_host: 'mail.example.com:993',
              gateway: 'g',
              account: 'a',
              has_password: true,
            }),
          ),
        'admin/settings/email.test_mailbox': () =>
          ok({
            ok: false,
            stage: 'greeting',
            detail: 'Failed to receive greeting from server in required time. Maybe should use TLS?',
            endpoint: 'mail.example.com:993',
          }),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('button', { name: 'Test the mailbox' }, { timeout: 15_000 }));
    await screen.findByText(
      "Timed out waiting for the server's greeting at mail.example.com:993: it took the connection but said nothing. Check the port, and Use SSL (a port that expects SSL/TLS waits for it first).",
    );
  });

  it('lists failed jobs with their error and retries one', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.failed_jobs': () =>
          ok({
            list: [
              {
                id: '6f1c2b1e-0b7a-4b8e-9d55-0e8b3f9f6c11',
                queue: 'mail.send',
                data: {},
                error: 'connect ECONNREFUSED 127.0.0.1:25',
                attempts: 6,
                created_ts: 1_700_000_000_000,
                completed_ts: 1_700_000_100_000,
              },
            ],
            retrying: { count: 0, error: '' },
          }),
        'admin/settings/email.job_retry': () => ok(null),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Failed jobs' }));
    await screen.findByText('connect ECONNREFUSED 127.0.0.1:25');
    // The retry button's column is named like every other list's.
    screen.getByRole('columnheader', { name: 'Actions' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(callsTo(calls, 'admin/settings/email.job_retry')[0]?.body).toEqual({
        id: '6f1c2b1e-0b7a-4b8e-9d55-0e8b3f9f6c11',
      }),
    );
  });

  it('says when mails have not gone yet and wait for another try, with the error, before any used every try', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.failed_jobs': () =>
          ok({ list: [], retrying: { count: 3, error: 'connect ECONNREFUSED 127.0.0.1:2525' } }),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Failed jobs' }));
    await screen.findByText('3 mails have not gone yet and will be tried again');
    screen.getByText('connect ECONNREFUSED 127.0.0.1:2525');
    screen.getByText('No job has used all its tries yet');
    expect(screen.queryByText('No failed jobs: every mail went out')).toBeNull();
  });

  it('asks before unsaved template edits are left for another template, and before going back to the default', async () => {
    const reply = {
      name: 'public_reply',
      lang: 'en',
      subject: 'Re: {{subject}}',
      body: '<p>Hi</p>',
      is_default: false,
    };
    const solved = { ...reply, name: 'ticket_solved', subject: 'Solved: {{subject}}', body: '<p>Done</p>' };
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.template.list': () => ok({ list: [reply, solved], placeholders: ['{{subject}}'] }),
        'admin/settings/email.template.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Templates' }));
    const body = (await screen.findByLabelText('Body (HTML)')) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe('<p>Hi</p>'));
    fireEvent.change(body, { target: { value: '<p>Hi there, a long answer</p>' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Template' }));
    fireEvent.click(await screen.findByTitle(/^Ticket solved/));
    const [ask] = await screen.findAllByText('This template has changes that are not saved. Leave them?');
    fireEvent.click(within(ask?.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Cancel' }));
    // Still the reply template, with the edit (the other one's body would show otherwise).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(body.value).toBe('<p>Hi there, a long answer</p>');

    fireEvent.click(screen.getByRole('button', { name: 'Back to the default' }));
    const [reset] = await screen.findAllByText('Put this template back to the default? Your changes to it are lost.');
    expect(callsTo(calls, 'admin/settings/email.template.edit')).toHaveLength(0);
    fireEvent.click(
      within(reset?.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Back to the default' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'admin/settings/email.template.edit')[0]?.body).toMatchObject({ subject: '', body: '' }),
    );
  });

  it('shows the default text again after a template is saved empty, which stands for the default', async () => {
    const defaultBody = '<p>Hello {{requester_name}},</p>';
    const template = {
      name: 'public_reply',
      lang: 'en',
      subject: 'Re: {{subject}}',
      body: defaultBody,
      is_default: true,
    };
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.template.list': () => ok({ list: [template], placeholders: ['{{requester_name}}'] }),
        'admin/settings/email.template.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Templates' }));
    const body = (await screen.findByLabelText('Body (HTML)')) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe(defaultBody));
    screen.getByRole('combobox', { name: 'Template' });
    fireEvent.change(body, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(callsTo(calls, 'admin/settings/email.template.edit')).toHaveLength(1));
    await waitFor(() => expect(body.value).toBe(defaultBody));
  });
});
