import type { TSchedule } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { account, fakeServer, ok } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { chooseLanguage, signInEachTest } from '../../test/session';

signInEachTest();

const schedule = (o: Partial<TSchedule>): TSchedule => ({
  schedule_id: 1,
  name: 'Office',
  timezone: 'UTC',
  intervals: [{ day: 1, start: '09:00', end: '17:00' }],
  holidays: [],
  update_ts: 0,
  ...o,
});
const christmas = { name: 'Christmas', start_date: '2026-12-25', end_date: '2026-12-25' };

function serve() {
  fakeServer({
    user: account({ user_type: 'admin' }),
    menus: ['/wswt/setting/schedule'],
    handlers: {
      'admin/settings/schedule.list': () =>
        ok({
          list: [
            schedule({ schedule_id: 1, name: 'Office', holidays: [christmas] }),
            schedule({ schedule_id: 2, name: 'Shop', holidays: [christmas, { ...christmas, name: 'Boxing day' }] }),
            schedule({ schedule_id: 3, name: 'Lab', holidays: [] }),
          ],
        }),
    },
  });
}

describe('schedules list', () => {
  it('counts holidays in good English: 1 holiday, 2 holidays, 0 holidays', async () => {
    serve();
    renderApp('/wswt/setting/schedule');
    within(await screen.findByRole('row', { name: /Office/ })).getByText('8 h a week, 1 holiday');
    within(screen.getByRole('row', { name: /Shop/ })).getByText('8 h a week, 2 holidays');
    within(screen.getByRole('row', { name: /Lab/ })).getByText('8 h a week, 0 holidays');
  });

  it('and in Chinese', async () => {
    serve();
    await chooseLanguage('zh-cn');
    renderApp('/wswt/setting/schedule');
    within(await screen.findByRole('row', { name: /Office/ })).getByText('每周 8 小时，1 个假期');
  });
});
