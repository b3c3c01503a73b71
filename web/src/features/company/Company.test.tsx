import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok, page, type TFakeServerOptions } from '../../test/fakeServer';
import { company, ticketRow } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const acme = company();
const globex = company({ company_id: 6, company_name: 'Globex', company_domains: [], note: 'Key account' });

function serve(options: TFakeServerOptions = {}) {
  return fakeServer({
    user: admin,
    ...options,
    handlers: {
      'admin/settings/company.list': () => page([acme, globex]),
      'admin/settings/company.get': (c) => ok(c.query.get('company_id') === '6' ? globex : acme),
      ...options.handlers,
    },
  });
}

describe('organizations', () => {
  it('lists the organizations with their domains', async () => {
    serve();
    renderApp('/wswt/setting/company');
    const row = await screen.findByRole('row', { name: /Acme Ltd/ });
    within(row).getByText('acme.com');
    within(await screen.findByRole('row', { name: /Globex/ })).getByText('Key account');
  });

  it('asks for a name and well-formed domains, then adds the organization', async () => {
    const { calls } = serve({ handlers: { 'admin/settings/company.add': () => ok({ company_id: 9 }) } });
    const { here } = renderApp('/wswt/setting/company/add');
    await screen.findByRole('heading', { name: 'Add organization' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Organization name is required');
    typeInto('Name', 'Initech');
    typeInto('Email domains', 'initech.com, not a domain');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Incorrect domain format');
    typeInto('Email domains', 'initech.com, @Initech.co.uk');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/company.add')[0]?.body).toEqual({
      company_name: 'Initech',
      company_domains: ['initech.com', 'initech.co.uk'],
      note: '',
    });
    await waitFor(() => expect(here()).toBe('/wswt/setting/company'));
  });

  it('opens the edit screen for the chosen organization, and saves it', async () => {
    const { calls } = serve({ handlers: { 'admin/settings/company.edit': () => ok(null) } });
    const { here } = renderApp('/wswt/setting/company');
    fireEvent.click(within(await screen.findByRole('row', { name: /Globex/ })).getByRole('button', { name: /Edit/ }));
    await screen.findByRole('heading', { name: 'Edit organization' });
    expect(here()).toBe('/wswt/setting/company/edit');
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Globex'));
    typeInto('Name', 'Globex Corporation');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/company.edit')[0]?.body).toEqual({
      company_id: 6,
      company_name: 'Globex Corporation',
      company_domains: [],
      note: 'Key account',
    });
  });

  it('sends the edit screen opened without a chosen organization back to the list', async () => {
    serve();
    const { here } = renderApp('/wswt/setting/company/edit');
    await screen.findByRole('heading', { level: 1, name: 'Organizations' });
    expect(here()).toBe('/wswt/setting/company');
  });

  it('deletes only after "Are you sure to delete?", saying how many people it leaves without one', async () => {
    const { calls } = serve({
      handlers: {
        'admin/settings/company.delete': () => ok(null),
        'admin/auth.account.list': (c) =>
          page(c.query.get('company_id') === '5' ? [account({ account_id: 8 }), account({ account_id: 9 })] : []),
      },
    });
    renderApp('/wswt/setting/company');
    fireEvent.click(
      within(await screen.findByRole('row', { name: /Acme Ltd/ })).getByRole('button', { name: /Delete/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Are you sure to delete?').length).toBeGreaterThan(0);
    within(dialog).getByText('Its 2 people stay, without an organization.');
    expect(callsTo(calls, 'admin/settings/company.delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(calls, 'admin/settings/company.delete')[0]?.body).toEqual({ company_id: 5 });
  });

  it('shows no write buttons to an agent without their nodes', async () => {
    serve({ user: account(), menus: ['/wswt/setting/company'], buttons: ['black.add'] });
    renderApp('/wswt/setting/company');
    await screen.findByRole('row', { name: /Acme Ltd/ });
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('link', { name: /Add organization/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
  });

  it("shows an organization's people and its tickets", async () => {
    const { calls } = serve({
      handlers: {
        'admin/ticket.list': () =>
          ok({
            list: [ticketRow({ ticket_id: 77, subject: 'Anvil arrived broken', company_id: 5 })],
            total: 1,
            total_estimated: false,
          }),
        'admin/auth.account.list': () =>
          page([account({ account_id: 30, real_name: 'Wile E. Coyote', user_type: 'end_user', company_id: 5 })]),
      },
    });
    renderApp('/wswt/company/5');
    await screen.findByRole('heading', { name: 'Acme Ltd' });
    await screen.findByText('Wile E. Coyote');
    expect(callsTo(calls, 'admin/auth.account.list')[0]?.query.get('company_id')).toBe('5');
    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    await screen.findByRole('row', { name: /Anvil arrived broken/ }, { timeout: 45_000 });
    expect(callsTo(calls, 'admin/ticket.list')[0]?.query.get('company_id')).toBe('5');
  }, 90_000);

  it('says an organization has no tickets when it has none', async () => {
    serve({
      handlers: {
        'admin/auth.account.list': () => page([]),
      },
    });
    renderApp('/wswt/company/5');
    await screen.findByRole('heading', { name: 'Acme Ltd' }, { timeout: 45_000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    await screen.findByText('No tickets from this organization yet', {}, { timeout: 45_000 });
  }, 90_000);
});
