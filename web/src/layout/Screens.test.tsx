import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { use, useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Screens } from './Screens';

/**
 * What makes a navigation's render be thrown away: the list's address waits on `gate` (its render
 * runs, then suspends and keeps the old page), and `redraw` draws the shell again meanwhile, urgently.
 */
const way: { gate: Promise<void> | null; redraw: () => void } = { gate: null, redraw: () => {} };

/** A staff shell cut down to what Screens needs: a main landmark and the screens. */
function Shell() {
  const [n, setN] = useState(0);
  way.redraw = () => setN(n + 1);
  return (
    <main>
      <Screens pending={false} />
      <Gate />
    </main>
  );
}

function Gate() {
  const { pathname } = useLocation();
  if (way.gate && pathname === '/wswt') {
    use(way.gate);
  }
  return null;
}

function setUp(gate: Promise<void> | null) {
  way.gate = gate;
  const router = createMemoryRouter(
    [
      {
        path: '/wswt',
        element: <Shell />,
        children: [
          { index: true, handle: { key: 'index' }, element: <h1>Unassigned tickets</h1> },
          { path: 'ticket/edit/:id', handle: { key: 'ticket_edit' }, element: <button type="button">Submit</button> },
        ],
      },
    ],
    { initialEntries: ['/wswt/ticket/edit/1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('Screens', () => {
  afterEach(cleanup);

  it('puts the focus on the list’s heading when coming back from a ticket opened from it', async () => {
    const router = setUp(null);
    await act(() => router.navigate('/wswt'));
    await act(() => router.navigate('/wswt/ticket/edit/1'));
    screen.getByRole('button', { name: 'Submit' }).focus();
    await act(() => router.navigate('/wswt'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Unassigned tickets' }));
  });

  it('leaves the focus free (for the save’s toast) after a ticket opened at its own address, even when the way back is drawn twice', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const router = setUp(gate);
    screen.getByRole('button', { name: 'Submit' }).focus();
    // React's own scheduling, as in the browser (act would run the way back at once, whole).
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      // The way to the list renders (the list shown) and waits; the ticket is drawn again meanwhile.
      await router.navigate('/wswt');
      await settle();
      expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
      way.redraw();
      await settle();
      open();
      // The list is on screen, the ticket gone, and nothing took the focus that fell from it.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull());
    } finally {
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    screen.getByRole('heading', { name: 'Unassigned tickets' });
    expect(document.activeElement).toBe(document.body);
  });
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
