import { act, render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it } from 'vitest';
import { keepLayoutWhenHidden } from './keepLayoutWhenHidden';

function Kept({ shown }: { shown: boolean }) {
  return (
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <div ref={keepLayoutWhenHidden} data-testid="box">
        <a href="/wswt/ticket/edit/1">Printer jams</a>
      </div>
    </Activity>
  );
}

describe('keepLayoutWhenHidden', () => {
  it("turns Activity's display: none into content-visibility: hidden and back, and takes the focus out", async () => {
    const { rerender } = render(<Kept shown />);
    const box = screen.getByTestId('box');
    const link = screen.getByRole('link', { name: 'Printer jams' });
    link.focus();
    expect(document.activeElement).toBe(link);

    rerender(<Kept shown={false} />);
    expect(box.getAttribute('style')).toBe('content-visibility: hidden;');
    expect(screen.queryByRole('link', { name: 'Printer jams' })).toBeNull();
    // The focus leaves with what it was on, as it did with display: none.
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(document.body);

    rerender(<Kept shown />);
    expect(box.getAttribute('style') ?? '').toBe('');
    expect(screen.getByRole('link', { name: 'Printer jams' })).toBe(link);
    // Other style writes still reach the element.
    box.style.setProperty('color', 'red');
    box.style.marginTop = '4px';
    expect(box.getAttribute('style')).toBe('color: red; margin-top: 4px;');
  });
});
