import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../../test/fakeServer';
import { ticketSetting } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

describe('ticket settings', () => {
  it('shows the stored settings, and saves all eleven', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/ticket.get': () => ok(ticketSetting({ enable_ccs: true })),
        'admin/settings/ticket.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/ticket');
    const ccs = (await screen.findByRole('switch', { name: 'CCs' })) as HTMLButtonElement;
    expect(ccs.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Assign on first reply' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getAllByRole('switch')).toHaveLength(10);

    fireEvent.click(screen.getByRole('switch', { name: 'Assign on first reply' }));
    typeInto('Follower and CC blocklist', 'rival.example  boss@rival.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/ticket.edit')[0]?.body).toEqual({
      ...ticketSetting({ enable_ccs: true, auto_assign: true }),
      follow_and_ccs_blacklist: 'rival.example  boss@rival.example',
    });
  });

  it('names the blocklist entry that is not an address or a domain', async () => {
    const { calls } = fakeServer({ user: admin, handlers: { 'admin/settings/ticket.get': () => ok(ticketSetting()) } });
    renderApp('/wswt/setting/ticket');
    await screen.findByRole('switch', { name: 'CCs' });
    typeInto('Follower and CC blocklist', 'ok.example not_a_domain');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('not_a_domain is not an email address or a domain');
    await waitFor(() => expect(callsTo(calls, 'admin/settings/ticket.edit')).toHaveLength(0));
  });
});
