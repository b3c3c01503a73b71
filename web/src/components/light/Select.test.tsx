import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

const options = [
  { value: 'printer', label: 'Printer' },
  { value: 'scanner', label: 'Scanner' },
];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Select', () => {
  it('brings its opened list into view, by mouse or keyboard (near the bottom of a phone it opened below the screen)', () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(<Select id="product" label="Product" options={options} value={null} onChange={() => {}} />);
    const box = screen.getByRole('combobox', { name: 'Product' });
    fireEvent.mouseDown(box);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole('listbox', { name: 'Product' }));
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(scroll).toHaveBeenCalledTimes(2);
    expect(scroll.mock.contexts[1]).toBe(screen.getByRole('listbox', { name: 'Product' }));
  });
});
