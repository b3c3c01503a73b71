import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LightCardTabs } from './LightCardTabs';

const items = [
  { key: 'conversation' as const, label: 'Conversation' },
  { key: 'history' as const, label: 'History' },
];

describe('LightCardTabs', () => {
  it('opens a tab by click or keyboard, marks the open one, and labels the panel with it', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <LightCardTabs items={items} activeKey="conversation" onChange={onChange}>
        <p>Comments</p>
      </LightCardTabs>,
    );
    const conversation = screen.getByRole('tab', { name: 'Conversation' });
    const history = screen.getByRole('tab', { name: 'History' });
    expect(conversation.getAttribute('aria-selected')).toBe('true');
    expect(history.getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'Conversation' }).textContent).toBe('Comments');
    // The open tab is not opened again; the ink bar is under it alone.
    fireEvent.click(conversation);
    expect(onChange).not.toHaveBeenCalled();
    expect(conversation.parentElement?.querySelector('.ant-tabs-ink-bar')).not.toBeNull();
    expect(history.parentElement?.querySelector('.ant-tabs-ink-bar')).toBeNull();
    conversation.focus();
    fireEvent.keyDown(conversation, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(history);
    fireEvent.keyDown(history, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('history');
    fireEvent.click(history);
    expect(onChange).toHaveBeenCalledTimes(2);
    rerender(
      <LightCardTabs items={items} activeKey="history" onChange={onChange}>
        <p>Events</p>
      </LightCardTabs>,
    );
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'History' }).textContent).toBe('Events');
  });
});
