import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightMenu } from './LightMenu';

const items = [
  { type: 'group' as const, key: 'tickets', label: 'Tickets', children: [{ key: '/a', label: 'List' }] },
  { key: '/b', label: 'Dashboard' },
  { key: 'settings', label: 'Settings', children: [{ key: '/c', label: 'People' }] },
];

afterEach(cleanup);

/** An icon that counts its renders. */
let iconRenders = 0;
function Icon({ className }: { className?: string }) {
  iconRenders += 1;
  return <i data-testid="icon" className={className} />;
}

describe('LightMenu', () => {
  it('moves between entries with the arrows, opens a sub-menu and an entry from the keyboard', () => {
    const onSelect = vi.fn();
    render(<LightMenu theme="dark" items={items} selectedKey="/b" onSelect={onSelect} />);
    const dashboard = screen.getByRole('menuitem', { name: 'Dashboard' });
    // The selected entry is the one reached with Tab.
    expect(dashboard.tabIndex).toBe(0);
    expect(screen.getByRole('menuitem', { name: 'List' }).tabIndex).toBe(-1);
    dashboard.focus();
    fireEvent.keyDown(dashboard, { key: 'ArrowDown' });
    const settings = screen.getByRole('menuitem', { name: 'Settings' });
    expect(document.activeElement).toBe(settings);
    expect(screen.queryByRole('menuitem', { name: 'People' })).toBeNull();
    fireEvent.keyDown(settings, { key: 'ArrowRight' });
    expect(settings.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(settings, { key: 'ArrowDown' });
    const people = screen.getByRole('menuitem', { name: 'People' });
    expect(document.activeElement).toBe(people);
    fireEvent.keyDown(people, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('/c');
    fireEvent.keyDown(people, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'List' }));
  });

  it('marks the selected entry and the sub-menu holding it, and opens an entry on click', () => {
    const onSelect = vi.fn();
    render(
      <LightMenu theme="light" items={items} selectedKey="/c" defaultOpenKeys={['settings']} onSelect={onSelect} />,
    );
    const people = screen.getByRole('menuitem', { name: 'People' });
    expect(people.className).toContain('ant-menu-item-selected');
    expect(people.getAttribute('aria-current')).toBe('page');
    expect(people.closest('.ant-menu-submenu')?.className).toContain('ant-menu-submenu-selected');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dashboard' }));
    expect(onSelect).toHaveBeenCalledWith('/b');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(screen.queryByRole('menuitem', { name: 'People' })).toBeNull();
  });

  it("draws an item's icon with Ant Design's class, and not again when only the selection moves", () => {
    iconRenders = 0;
    const withIcon = [
      { key: '/a', label: 'List', icon: <Icon /> },
      { key: '/b', label: 'Dashboard' },
    ];
    const onSelect = vi.fn();
    const view = render(<LightMenu theme="dark" items={withIcon} selectedKey="/a" onSelect={onSelect} />);
    expect(screen.getByTestId('icon').className).toBe('ant-menu-item-icon');
    expect(iconRenders).toBe(1);
    // The next page: the selection moves, the items are the same.
    view.rerender(<LightMenu theme="dark" items={withIcon} selectedKey="/b" onSelect={onSelect} />);
    expect(screen.getByRole('menuitem', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(iconRenders).toBe(1);
  });
});
