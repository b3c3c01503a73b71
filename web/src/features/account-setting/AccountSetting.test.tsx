import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeServer, myInfo, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { admin, callsTo, signInEachTest } from '../../test/session';

signInEachTest();

const branding = (brand_name: string) =>
  ok({ favicon: '', brand_name, site_url: '', default_language: 'en', default_timezone: 'UTC', date_format: 'iso' });

describe('account settings', () => {
  it('renames the help desk, and the menu shows the new name', async () => {
    let name = 'Parley';
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'home/setting/branding.get': () => branding(name),
        'admin/settings/details.get': () => ok({ helpdesk_name: name, site_url: '' }),
        'admin/settings/details.edit': (c) => {
          if (!String(c.body.site_url).startsWith('http')) {
            return fail('FFFF', 'x', { fields: { site_url: 'Enter an address starting with http:// or https://' } });
          }
          name = String(c.body.helpdesk_name);
          return ok(null);
        },
      },
    });
    renderApp('/wswt/setting/details');
    const field = await screen.findByRole('textbox', { name: 'Help desk name' });
    fireEvent.change(field, { target: { value: 'Acme Support' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Support site' }), { target: { value: 'help.acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Refused before it leaves the browser.
    await screen.findByText('Enter an address starting with http:// or https://');
    expect(callsTo(calls, 'admin/settings/details.edit')).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Support site' }), {
      target: { value: 'https://help.acme.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/details.edit')[0]?.body).toEqual({
      helpdesk_name: 'Acme Support',
      site_url: 'https://help.acme.test',
    });
    await within(screen.getByRole('complementary')).findByText('Acme Support');
  });

  it('shows each date format as it would write now, and saves the choice', async () => {
    const { calls } = fakeServer({
      user: admin,
      handlers: {
        'admin/settings/localization.get': () =>
          ok({ default_language: 'en', default_timezone: 'UTC', date_format: 'medium' }),
        'admin/settings/localization.edit': () => ok(null),
      },
    });
    renderApp('/wswt/setting/localization');
    const iso = await screen.findByRole('radio', { name: /Year-month-day/ });
    expect(iso.closest('label')?.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    fireEvent.click(iso);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    expect(callsTo(calls, 'admin/settings/localization.edit')[0]?.body).toEqual({
      default_language: 'en',
      default_timezone: 'UTC',
      date_format: 'iso',
    });
  });

  it('a new default time zone is at once the zone of the dates of an admin who follows it', async () => {
    let zone = 'UTC';
    const following = () => ({ ...admin, timezone: zone, timezone_follows_default: true });
    fakeServer({
      user: admin,
      handlers: {
        'admin/auth.my.info.get': () => ok(myInfo(following())),
        'admin/settings/localization.get': () =>
          ok({ default_language: 'en', default_timezone: zone, date_format: 'medium' }),
        'admin/settings/localization.edit': (c) => {
          zone = String(c.body.default_timezone);
          return ok(null);
        },
      },
    });
    renderApp('/wswt/setting/localization');
    await screen.findByRole('radio', { name: /Year-month-day/ });
    await waitFor(() => expect(localStorage.getItem('parley.timezone')).toContain('UTC'));
    const select = screen.getByLabelText('Default time zone');
    fireEvent.mouseDown(select);
    fireEvent.change(select, { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByTitle('Asia/Tokyo'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully saved');
    await waitFor(() => expect(localStorage.getItem('parley.timezone')).toContain('Asia/Tokyo'));
  });

  it('lists the first-day steps with what is done and where to do the rest', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/getting_started.get': () =>
          ok({
            list: [
              { step: 'helpdesk_named', done: true, count: 1 },
              { step: 'email_connected', done: false, count: 0 },
              { step: 'agent_invited', done: true, count: 3 },
              { step: 'widget_installed', done: false, count: 0 },
              { step: 'ticket_solved', done: false, count: 0 },
            ],
          }),
      },
    });
    renderApp('/wswt/setting/getting_started');
    await screen.findByText('2 of 5 steps done');
    screen.getByText('3 colleagues on board.');
    const email = screen.getByText('Connect your support email').closest('[role="listitem"]') as HTMLElement;
    expect(within(email).getByRole('link', { name: 'Set up' }).getAttribute('href')).toBe('/wswt/setting/email');
    const named = screen.getByText('Name your help desk').closest('[role="listitem"]') as HTMLElement;
    expect(within(named).queryByRole('link')).toBeNull();
  });

  it('says the email is saved but not seen working yet, rather than ticking it', async () => {
    fakeServer({
      user: admin,
      handlers: {
        'admin/settings/getting_started.get': () =>
          ok({
            list: [
              { step: 'helpdesk_named', done: false, count: 0 },
              { step: 'email_connected', done: false, count: 0, begun: true },
              { step: 'agent_invited', done: false, count: 0 },
              { step: 'widget_installed', done: false, count: 0 },
              { step: 'ticket_solved', done: false, count: 0 },
            ],
          }),
      },
    });
    renderApp('/wswt/setting/getting_started');
    await screen.findByText('0 of 5 steps done');
    const email = screen.getByText('Connect your support email').closest('[role="listitem"]') as HTMLElement;
    expect(email.getAttribute('data-done')).toBe('false');
    within(email).getByText(/^Saved, no mail received yet: send one to your support address/);
    within(email).getByRole('link', { name: 'Set up' });
  });
});
