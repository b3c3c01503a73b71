import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);

const menu = { items: [{ key: 'zh-cn', label: '简体中文' }] };

/** The trigger as first drawn (before the Dropdown is in), and once the loaded Dropdown has drawn it anew. */
async function drawnTwice() {
  // A fresh module each time: React keeps what a lazy component loaded, and the next render would not wait.
  vi.resetModules();
  const { LateDropdown } = await import('./LateDropdown');
  render(
    <LateDropdown menu={menu}>
      <button type="button">Language</button>
    </LateDropdown>,
  );
  const early = screen.getByRole('button', { name: 'Language' });
  return {
    early,
    loaded: () => waitFor(() => expect(screen.getByRole('button', { name: 'Language' })).not.toBe(early)),
  };
}

/** The menu is open: Ant Design marks its trigger so (a closed menu stays in the page, leaving). */
const menuOpen = () =>
  screen.getByRole('button', { name: 'Language' }).classList.contains('ant-dropdown-open') &&
  screen.queryByText('简体中文') !== null;

/** A moment for a menu that would open to do so, then the menu is not open. */
async function staysClosed() {
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(menuOpen()).toBe(false);
}

describe('LateDropdown', () => {
  it('opens the menu for a click made while it was loading', async () => {
    const { early, loaded } = await drawnTwice();
    fireEvent.pointerDown(early);
    fireEvent.pointerUp(early);
    fireEvent.click(early);
    await loaded();
    await waitFor(() => expect(menuOpen()).toBe(true));
  });

  it('opens the menu for a press made while it was loading and released after (the browser sends no click)', async () => {
    const { early, loaded } = await drawnTwice();
    fireEvent.pointerDown(early);
    await loaded();
    expect(menuOpen()).toBe(false);
    const trigger = screen.getByRole('button', { name: 'Language' });
    await act(async () => {
      fireEvent.pointerUp(trigger);
    });
    await waitFor(() => expect(menuOpen()).toBe(true));
  });

  it('leaves the menu closed for a press taken back (cancelled) while it was loading', async () => {
    const { early, loaded } = await drawnTwice();
    fireEvent.pointerDown(early);
    fireEvent(window, new Event('pointercancel'));
    await loaded();
    fireEvent.pointerUp(screen.getByRole('button', { name: 'Language' }));
    await staysClosed();
  });

  it('leaves the menu closed for a press made while it was loading and released away from the button', async () => {
    const { early, loaded } = await drawnTwice();
    fireEvent.pointerDown(early);
    await loaded();
    await act(async () => {
      fireEvent.pointerUp(document.body);
    });
    await staysClosed();
  });

  it('opens the menu once, not twice (closed again), where the release’s click reaches the new trigger', async () => {
    const { early, loaded } = await drawnTwice();
    fireEvent.pointerDown(early);
    await loaded();
    const trigger = screen.getByRole('button', { name: 'Language' });
    await act(async () => {
      fireEvent.pointerUp(trigger);
      fireEvent.click(trigger);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(menuOpen()).toBe(true);
  });
});
