import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { account, fail, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { signInEachTest } from '../../test/session';

signInEachTest();

/** The form item the server's refusal is shown under, and that text. */
const refusedItem = () =>
  Array.from(document.querySelectorAll('.ant-form-item-has-error')).map((item) => [
    item.querySelector('label')?.textContent,
    item.querySelector('.ant-form-item-explain-error')?.textContent,
  ]);

describe('schedule editor', () => {
  it('shows the server refusing a name another schedule has under the name field', async () => {
    const taken = 'A schedule of this name already exists';
    fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/schedule', '/wswt/setting/schedule/add'],
      buttons: ['schedule.add'],
      handlers: { 'admin/settings/schedule.add': () => fail('FFFF', taken, { fields: { name: taken } }) },
    });
    renderApp('/wswt/setting/schedule/add');
    await screen.findByRole('heading', { name: 'Add schedule' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'never open' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refusedItem()).toEqual([['Name', taken]]));
  });

  it('"Add hours" offers the next day without hours, not a second Monday', async () => {
    fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/schedule', '/wswt/setting/schedule/add'],
      buttons: ['schedule.add'],
    });
    renderApp('/wswt/setting/schedule/add');
    await screen.findByRole('heading', { name: 'Add schedule' });
    const days = () => screen.getAllByRole('combobox', { name: 'Day' });
    expect(days()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: /Add hours/ }));
    await waitFor(() => expect(days()).toHaveLength(6));
    const rowOf = (i: number) => days()[i]?.closest('.ant-space') as HTMLElement;
    const row = rowOf(5);
    expect(row.textContent).toContain('Saturday');
    expect(row.querySelectorAll('input[value="09:00"], input[value="17:00"]')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Add hours/ }));
    await waitFor(() => expect(days()).toHaveLength(7));
    expect(rowOf(6).textContent).toContain('Sunday');
  });

  it("takes the server's refusal off a holiday once that holiday is edited", async () => {
    fakeServer({
      user: account({ user_type: 'admin' }),
      menus: ['/wswt/setting/schedule', '/wswt/setting/schedule/add'],
      buttons: ['schedule.add'],
      handlers: {
        'admin/settings/schedule.add': () =>
          fail('FFFF', 'Invalid value', {
            fields: { 'holidays.0.name': 'field_required', 'holidays.0.end_date': 'field_invalid' },
          }),
      },
    });
    renderApp('/wswt/setting/schedule/add');
    await screen.findByRole('heading', { name: 'Add schedule' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Office' } });
    fireEvent.click(screen.getByRole('button', { name: /Add holiday/ }));
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Holiday name'), { target: { value: 'Christmas' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0));
  });
});

/** The add screen, with the list behind it to go back to; answers where the app is. */
async function openAddPage() {
  fakeServer({
    user: account({ user_type: 'admin' }),
    menus: ['/wswt/setting/schedule', '/wswt/setting/schedule/add'],
    buttons: ['schedule.add'],
    handlers: { 'admin/settings/schedule.list': () => ok({ list: [] }) },
  });
  const app = renderApp('/wswt/setting/schedule/add');
  await screen.findByRole('heading', { name: 'Add schedule' });
  return app;
}

describe('cancelling an editor', () => {
  it('asks before dropping changes', async () => {
    const { here } = await openAddPage();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Weekend cover' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(here()).toBe('/wswt/setting/schedule/add');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Weekend cover');

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    // The first dialog's box stays in the page, hidden (Ant Design's closing animation): the newest one.
    const again = (await screen.findAllByRole('dialog', { name: 'Discard your changes?' })).at(-1) as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(here()).toBe('/wswt/setting/schedule'));
  });

  it('leaves at once when nothing was changed', async () => {
    const { here } = await openAddPage();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(here()).toBe('/wswt/setting/schedule'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
