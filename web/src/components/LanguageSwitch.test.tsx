import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { signInEachTest } from '../test/session';

signInEachTest();

describe('the header language switch', () => {
  it('is a menu button for the keyboard, and keeps the focus once a language is chosen', async () => {
    fakeServer({ handlers: { 'admin/todo.list': () => ok({ list: [], open_count: 0 }) } });
    renderApp('/wswt/setting/todo');
    const button = await screen.findByRole('button', { name: 'Language: English' }, { timeout: 15_000 });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    // ArrowDown on the button opens the menu with the focus in it, as Enter does.
    fireEvent.keyDown(button, { key: 'ArrowDown', keyCode: 40 });
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    const chinese = await screen.findByRole('menuitem', { name: '简体中文' });
    const menu = chinese.closest('[role="menu"]') as HTMLElement;
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    fireEvent.click(chinese);
    // The same switch, named in the language chosen, holds the focus (not the page).
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('语言: 简体中文'));
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
