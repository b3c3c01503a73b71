import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { emailSetting } from '../../test/fixtures';
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
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    for (const text of [
      'Sender is required',
      'Smtp host is required',
      'Imap host is required',
      'Gateway is required',
      'Account is required',
      'Password is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
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
    expect(await screen.findByText('A password is stored; leave this empty to keep it.')).toBeTruthy();
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
});
