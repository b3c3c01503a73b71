import type { TBouncedAddress, TInboxLogEntry } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test/fakeServer';
import { emailSetting, inboxLogEntry } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, chooseLanguage, signInEachTest } from '../../test/session';

signInEachTest();

const gone: TBouncedAddress = {
  address: 'gone@example.com',
  ticket_id: 12,
  reason: 'Undelivered Mail Returned to Sender',
  create_ts: 1_700_000_000_000,
};

describe('bounced addresses (Settings › Emails)', () => {
  it('lists the addresses Parley no longer mails, and "Mail again" clears one with the exact call', async () => {
    let list = [gone];
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.bounce.list': () => ok({ list }),
        'admin/settings/email.bounce.clear': () => {
          list = [];
          return ok(null);
        },
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: 'Bounced addresses' }, { timeout: 30_000 }));
    const row = (await screen.findByText('gone@example.com')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('#12');
    expect(row.textContent).toContain('Undelivered Mail Returned to Sender');
    fireEvent.click(screen.getByRole('button', { name: /Mail again/ }));
    await screen.findByText('gone@example.com will be mailed again');
    expect(callsTo(calls, 'admin/settings/email.bounce.clear')[0]?.body).toEqual({ addresses: ['gone@example.com'] });
    await screen.findByText('No address has bounced');
  });

  it('says in Chinese what the new kinds of log entries are: a delayed delivery, a read receipt, a reused Message-ID', async () => {
    await chooseLanguage('zh-cn');
    const entry = (log_id: number, outcome: string, why: Partial<TInboxLogEntry>) =>
      inboxLogEntry({ log_id, outcome, ...why, from_address: `a${log_id}@example.test`, subject: `Mail ${log_id}` });
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/email.get': () => ok(emailSetting()),
        'admin/settings/email.bounce.list': () => ok({ list: [gone] }),
        'admin/settings/email.inbox_log': () =>
          ok({
            list: [
              entry(1, 'delivery_report', {
                reason_code: 'delivery_delayed',
                reason_detail: 'gina@example.com (delayed 4.4.1)',
              }),
              entry(2, 'auto_reply', { reason_code: 'read_receipt' }),
              entry(3, 'ignored', { reason_code: 'reused_message_id', reason_detail: '12' }),
            ],
          }),
      },
    });
    renderApp('/wswt/setting/email');
    fireEvent.click(await screen.findByRole('tab', { name: '未生成工单的邮件' }, { timeout: 15_000 }));
    const row = async (subject: string) => (await screen.findByText(subject)).closest('tr') as HTMLElement;
    expect((await row('Mail 1')).textContent).toContain('投递报告');
    expect((await row('Mail 1')).textContent).toContain(
      '投递延迟，邮件服务器仍在重试：gina@example.com (delayed 4.4.1)',
    );
    expect((await row('Mail 2')).textContent).toContain('已读回执');
    expect((await row('Mail 3')).textContent).toContain('工单 #12 中已有邮件的 Message-ID');
    fireEvent.click(screen.getByRole('tab', { name: '退信地址' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /恢复发送/ })).toBeTruthy());
  });
});
