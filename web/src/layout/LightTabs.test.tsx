import { FileTextOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LightTabs } from './LightTabs';

const items = [
  { key: 'list', label: 'Ticket list', icon: <UnorderedListOutlined />, closable: false },
  { key: '/t/1', label: 'Printer jams', icon: <FileTextOutlined />, closable: true },
  { key: '/t/2', label: 'VPN drops', icon: <FileTextOutlined />, closable: true },
];

describe('LightTabs', () => {
  it('opens a tab by click or keyboard, closes one with its button or Delete', () => {
    const onChange = vi.fn();
    const onClose = vi.fn();
    render(
      <LightTabs
        items={items}
        activeKey="list"
        label="Open tickets"
        closeLabel="Close tab"
        onChange={onChange}
        onClose={onClose}
        loadOverflow={() => Promise.resolve()}
        onOverflow={() => {}}
      />,
    );
    // getByRole throws when the list is missing.
    screen.getByRole('tablist', { name: 'Open tickets' });
    const list = screen.getByRole('tab', { name: 'Ticket list' });
    expect(list.getAttribute('aria-selected')).toBe('true');
    // The open tab is not opened again.
    fireEvent.click(list);
    expect(onChange).not.toHaveBeenCalled();
    list.focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    const printer = screen.getByRole('tab', { name: 'Printer jams' });
    expect(document.activeElement).toBe(printer);
    fireEvent.keyDown(printer, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('/t/1');
    fireEvent.keyDown(printer, { key: 'Delete' });
    expect(onClose).toHaveBeenCalledWith('/t/1');
    fireEvent.keyDown(list, { key: 'Delete' });
    expect(onClose).toHaveBeenCalledTimes(1);
    // Each close button says what it closes; the tabs are named by their text, not their icons.
    fireEvent.click(screen.getByRole('button', { name: 'Close tab VPN drops' }));
    expect(onClose).toHaveBeenLastCalledWith('/t/2');
  });
});
