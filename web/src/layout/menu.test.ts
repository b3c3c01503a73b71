import { describe, expect, it } from 'vitest';
import { mayI } from '../auth/nodes';
import { selectedMenuPath, visibleMenu } from './menu';

describe('side menu', () => {
  it('shows an agent only the screens of their menu nodes', () => {
    const nodes = [
      { node_type: 'menu' as const, node_value: '/wswt' },
      { node_type: 'menu' as const, node_value: '/wswt/search' },
      { node_type: 'menu' as const, node_value: '/wswt/setting/shortcut' },
      { node_type: 'btn' as const, node_value: '/wswt/dashboard' },
    ];
    const menu = visibleMenu((path) => mayI({ user_type: 'agent' }, nodes, 'menu', path));
    expect(menu.tickets).toEqual(['/wswt', '/wswt/search']);
    expect(menu.dashboard).toBe(false);
    expect(menu.reports).toEqual([]);
    // Their own todo list needs no node.
    expect(menu.settings).toEqual([
      { key: 'settings_channels', paths: ['/wswt/setting/shortcut'] },
      { key: 'settings_account', paths: ['/wswt/setting/todo'] },
    ]);
  });

  it('shows an admin every screen without any node', () => {
    const menu = visibleMenu((path) => mayI({ user_type: 'admin' }, [], 'menu', path));
    expect(menu.dashboard).toBe(true);
    expect(menu.reports).toHaveLength(7);
    expect(menu.tickets).toHaveLength(5);
    expect(menu.settings.flatMap((s) => s.paths)).toHaveLength(26);
  });

  it('denies everything without a signed-in user', () => {
    expect(mayI(null, [{ node_type: 'menu', node_value: '/wswt' }], 'menu', '/wswt')).toBe(false);
  });

  it('highlights the list a sub-page belongs to', () => {
    expect(selectedMenuPath('/wswt/setting/company/edit')).toBe('/wswt/setting/company');
    expect(selectedMenuPath('/wswt/setting/ticket')).toBe('/wswt/setting/ticket');
    expect(selectedMenuPath('/wswt/search')).toBe('/wswt/search');
    expect(selectedMenuPath('/wswt/')).toBe('/wswt');
    expect(selectedMenuPath('/wswt/ticket/edit/3')).toBeNull();
    expect(selectedMenuPath('/wswt/setting/group/edit')).toBe('/wswt/setting/people');
    expect(selectedMenuPath('/wswt/account/12')).toBe('/wswt/setting/people');
    expect(selectedMenuPath('/wswt/company/4')).toBe('/wswt/setting/company');
    expect(selectedMenuPath('/wswt/account/my/profile')).toBeNull();
    expect(selectedMenuPath('/wswt/report/backlog')).toBe('/wswt/report/backlog');
  });
});
