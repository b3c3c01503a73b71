import { describe, expect, it } from 'vitest';
import { peoplePaths } from '../features/account/paths';
import { bannedPaths } from '../features/banned/queries';
import { companyPaths } from '../features/company/queries';
import { groupPaths } from '../features/group/queries';
import { notePaths } from '../features/note/queries';
import { rolePaths } from '../features/role/queries';
import { automationPaths, triggerPaths } from '../features/rule/queries';
import { schedulePaths } from '../features/schedule/queries';
import { shortcutPaths } from '../features/shortcut/queries';
import { slaPaths } from '../features/sla/queries';
import { tagPaths } from '../features/tag/queries';
import { ticketPaths } from '../features/ticket/shared/queries';
import { fieldPaths } from '../features/ticket-field/queries';
import { formPaths } from '../features/ticket-form/queries';
import { viewPaths } from '../features/view/queries';
import { settingPaths, staffPath } from './staffPath';
import { matchRoute } from './table';

describe('staff paths from the route table', () => {
  it('fills the parameters of a route pattern', () => {
    expect(staffPath('/wswt/ticket/edit/:ticket_id', { ticket_id: 12 })).toBe('/wswt/ticket/edit/12');
    expect(staffPath('/wswt/ticket/edit/:ticket_id/account/:account_id', { ticket_id: 5, account_id: 7 })).toBe(
      '/wswt/ticket/edit/5/account/7',
    );
    expect(staffPath('/wswt/search')).toBe('/wswt/search');
    expect(settingPaths('tag')).toEqual({
      list: '/wswt/setting/tag',
      add: '/wswt/setting/tag/add',
      edit: '/wswt/setting/tag/edit',
    });
  });

  it('refuses, at compile time, a pattern that is no route, a missing parameter, a kind without forms', () => {
    // @ts-expect-error: no such route
    expect(staffPath('/wswt/setting/tags')).toBe('/wswt/setting/tags');
    // @ts-expect-error: the ticket's id is missing
    expect(staffPath('/wswt/ticket/edit/:ticket_id')).toBe('/wswt/ticket/edit/undefined');
    // @ts-expect-error: Appearance has no add and edit screens
    expect(settingPaths('appearance').list).toBe('/wswt/setting/appearance');
  });

  it("every feature's paths open a screen of the route table", () => {
    const maps = [
      bannedPaths,
      companyPaths,
      groupPaths,
      notePaths,
      peoplePaths,
      rolePaths,
      automationPaths,
      triggerPaths,
      schedulePaths,
      shortcutPaths,
      slaPaths,
      tagPaths,
      ticketPaths,
      fieldPaths,
      formPaths,
      viewPaths,
    ];
    for (const map of maps) {
      for (const value of Object.values(map)) {
        const path = typeof value === 'function' ? (value as (...ids: number[]) => string)(3, 4) : value;
        expect(matchRoute(path.split('?')[0] ?? '')?.entry.path, path).toBeDefined();
      }
    }
  });
});
