import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fakeServer, ok, page } from '../../test/fakeServer';
import { banned } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest, typeInto } from '../../test/session';

signInEachTest();

const entries = [banned(), banned({ black_id: 10, black_type: 'ip', black_value: '203.0.113.7', reason: '' })];

function serve(handlers = {}, options = {}) {
  return fakeServer({
    user: admin,
    ...options,
    handlers: { 'admin/settings/black.list': () => page(entries), ...handlers },
  });
}

describe('banned', () => {
  it('lists the banned entries', async () => {
    serve();
    renderApp('/wswt/setting/banned');
    const row = await screen.findByRole('row', { name: /@spam\.example/ });
    within(row).getByText('Spam');
    within(await screen.findByRole('row', { name: /203\.0\.113\.7/ })).getByText('IP address');
  });

  it('asks for an IP address of the IP type and checks its form, then adds it', async () => {
    const { calls } = serve({ 'admin/settings/black.add': () => ok({ black_id: 11 }) });
    const { here } = renderApp('/wswt/setting/banned/add');
    await screen.findByRole('heading', { name: 'Add banned entry' });
    fireEvent.click(screen.getByRole('radio', { name: 'IP address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Ip address is required');
    typeInto('Banned IP address', '300.1.1.1');
    await screen.findByText('Incorrect IP address format');
    typeInto('Banned IP address', '2001:db8::1');
    typeInto('Reason', 'Scraping');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/black.add')[0]?.body).toEqual({
      black_type: 'ip',
      black_value: '2001:db8::1',
      reason: 'Scraping',
    });
    await waitFor(() => expect(here()).toBe('/wswt/setting/banned'));
  });

  it('takes an email address or a @domain for the email type', async () => {
    serve();
    renderApp('/wswt/setting/banned/add');
    await screen.findByRole('heading', { name: 'Add banned entry' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Email is required');
    typeInto('Banned email or domain', 'not an address');
    await screen.findByText('Incorrect mailbox format');
    typeInto('Banned email or domain', '@spam.example');
    await waitFor(() => expect(screen.queryByText('Incorrect mailbox format')).toBeNull());
  });

  it('deletes the selected entries after "Are you sure to delete?"', async () => {
    const { calls } = serve({ 'admin/settings/black.delete': () => ok(null) });
    renderApp('/wswt/setting/banned');
    fireEvent.click(within(await screen.findByRole('row', { name: /@spam\.example/ })).getByRole('checkbox'));
    fireEvent.click(within(await screen.findByRole('row', { name: /203\.0\.113\.7/ })).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /Delete 2 selected/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Are you sure to delete?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Successfully deleted');
    expect(callsTo(calls, 'admin/settings/black.delete')[0]?.body).toEqual({ black_ids: [9, 10] });
  });

  it('offers no add, delete or selection without the nodes', async () => {
    serve({}, { user: account(), menus: ['/wswt/setting/banned'], buttons: ['company.add'] });
    renderApp('/wswt/setting/banned');
    await screen.findByRole('row', { name: /@spam\.example/ });
    await screen.findAllByRole('menu');
    expect(screen.queryByRole('link', { name: /Add banned entry/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
