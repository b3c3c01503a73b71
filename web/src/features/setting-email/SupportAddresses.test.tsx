import type { TInboxLogEntry, TSupportAddress } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, ok } from '../../test/fakeServer';
import { emailSetting, inboxLogEntry } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const sales: TSupportAddress = {
  address_id: 4,
  address: 'sales@example.com',
  name: 'Sales',
  group_id: 7,
  has_mailbox: false,
  imap_host: '',
  account: '',
  has_password: false,
  use_ssl: true,
  create_ts: 1_700_000_000_000,
};
const billing: TSupportAddress = {
  ...sales,
  address_id: 5,
  address: 'billing@example.com',
  name: '',
  group_id: null,
  has_mailbox: true,
  imap_host: 'imap.example.com',
  account: 'billing',
  has_password: true,
};
const group = {
  group_id: 7,
  group_name: 'Sales team',
  is_default: false,
  remark: '',
  account_ids: [],
  create_ts: 1,
  update_ts: 1,
};

const openTab = async () => {
  renderApp('/wswt/setting/email');
  fireEvent.click(await screen.findByRole('tab', { name: 'Support addresses' }, { timeout: 15_000 }));
};

describe('support addresses', () => {
  it('lists aliases and own mailboxes with their group, and adds an alias with the exact call', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.address.all.list': () => ok({ list: [sales, billing] }),
        'admin/auth.group.list': () => ok({ list: [group], total: 1 }),
        'admin/settings/email.address.add': () => ok({ address_id: 9 }),
      },
    });
    await openTab();
    const salesRow = (await screen.findByText('sales@example.com')).closest('tr') as HTMLElement;
    await within(salesRow).findByText('Sales team');
    within(salesRow).getByText('Alias of the main mailbox');
    const billingRow = screen.getByText('billing@example.com').closest('tr') as HTMLElement;
    within(billingRow).getByText('Default group');
    within(billingRow).getByText('Own mailbox at imap.example.com');

    fireEvent.click(screen.getByRole('button', { name: /Add support address/ }));
    const dialog = await screen.findByRole('dialog');
    // Enter in an input submits: the inputs and the Save button are one form, Save its submit button.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.getAttribute('type')).toBe('submit');
    const form = within(dialog).getByLabelText('Address').closest('form') as HTMLFormElement;
    expect(form.contains(save)).toBe(true);
    fireEvent.submit(form);
    await within(dialog).findByText('Email is required');
    typeInto('Address', 'Help@Example.com');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    // The mailbox fields are not on screen for an alias; the server fills their defaults.
    expect(callsTo(calls, 'admin/settings/email.address.add')[0]?.body).toEqual({
      address: 'Help@Example.com',
      name: '',
      has_mailbox: false,
    });
  });

  it('asks an own mailbox for its server, account and password, and shows the refusal under the field', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.address.all.list': () => ok({ list: [sales] }),
        'admin/auth.group.list': () => ok({ list: [group], total: 1 }),
        'admin/settings/email.address.add': () =>
          fail('FFFF', 'This email is already in use', { fields: { address: 'This email is already in use' } }),
      },
    });
    await openTab();
    fireEvent.click(await screen.findByRole('button', { name: /Add support address/ }));
    const dialog = await screen.findByRole('dialog');
    typeInto('Address', 'sales@example.com');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const text of ['Imap host is required', 'Account is required', 'Password is required']) {
      await within(dialog).findByText(text);
    }
    expect(callsTo(calls, 'admin/settings/email.address.add')).toEqual([]);
    typeInto('IMAP host', 'imap.example.com:993');
    typeInto('Account', 'sales');
    typeInto('Password', 'secret');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('This email is already in use');
    expect(callsTo(calls, 'admin/settings/email.address.add')[0]?.body).toMatchObject({
      has_mailbox: true,
      imap_host: 'imap.example.com:993',
      account: 'sales',
      password: 'secret',
    });
  });
});

describe('mails without a ticket', () => {
  it('retries a kept raw mail and says which ticket it became', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.inbox_log': () =>
          ok({
            list: [
              inboxLogEntry({
                log_id: 31,
                outcome: 'unparseable',
                reason: 'could not be stored: connection terminated',
                reason_code: 'not_stored',
                reason_detail: 'connection terminated',
                has_raw: true,
                raw_size: 2048,
              }),
            ],
          }),
        'admin/settings/email.inbox_log.retry': () => ok({ outcome: 'ticket', ticket_id: 12 }),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Mails without a ticket' }, { timeout: 15_000 }));
    await screen.findByText('Could not be stored: connection terminated');
    screen.getByRole('button', { name: /Download/ });
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await screen.findByText('The mail is now on ticket #12');
    await waitFor(() =>
      expect(callsTo(calls, 'admin/settings/email.inbox_log.retry')[0]?.body).toEqual({ log_id: 31 }),
    );
  });

  it('says in Chinese why a mail made no ticket by its code, whatever its English words; the detail kept', async () => {
    await chooseLanguage('zh-cn');
    const entry = (log_id: number, outcome: string, why: Partial<TInboxLogEntry>) =>
      inboxLogEntry({ log_id, outcome, ...why, from_address: `a${log_id}@example.test`, subject: `Mail ${log_id}` });
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.inbox_log': () =>
          ok({
            list: [
              // The server's words reworded: the code still says what it was.
              entry(1, 'ignored', { reason: 'written by one of our own mailboxes', reason_code: 'own_mailbox' }),
              entry(2, 'auto_reply', {
                reason: 'auto-submitted header: auto-replied',
                reason_code: 'auto_submitted',
                reason_detail: 'auto-replied',
              }),
              entry(3, 'banned', { reason: 'the sender is banned', reason_code: 'banned' }),
              entry(4, 'unparseable', {
                reason: 'Unexpected end of headers',
                reason_code: 'unreadable',
                reason_detail: 'Unexpected end of headers',
              }),
              entry(5, 'bounce', {
                reason: 'gone@example.com',
                reason_code: 'undeliverable',
                reason_detail: 'gone@example.com',
              }),
              entry(6, 'ignored', { reason: 'a reason no code names', reason_code: null }),
            ],
          }),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: '未生成工单的邮件' }));
    const row = async (subject: string) => (await screen.findByText(subject)).closest('tr') as HTMLElement;
    expect((await row('Mail 1')).textContent).toContain('由我们自己的邮箱发出');
    expect((await row('Mail 2')).textContent).toContain('标记为自动发送（Auto-Submitted: auto-replied）');
    expect((await row('Mail 3')).textContent).toContain('发件人在禁止名单中');
    expect((await row('Mail 4')).textContent).toContain('无法读取：Unexpected end of headers');
    expect((await row('Mail 5')).textContent).toContain('无法投递到 gone@example.com');
    expect((await row('Mail 6')).textContent).toContain('a reason no code names');
    expect(screen.queryByText(/our own mailboxes|banned|auto-submitted header/)).toBeNull();
  });
});
