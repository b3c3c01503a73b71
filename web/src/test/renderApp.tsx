import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { connectApi } from '../api/instance';
import { routes } from '../router';

/**
 * The whole app (providers, guard, shell, lazy screens) at `path`, in memory; `state` is the
 * router state a list hands the page it opens (an edit screen's record, `editState`).
 */
export function renderApp(path: string, options: { state?: unknown } = {}) {
  const entry = options.state === undefined ? path : { pathname: path, state: options.state };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  connectApi({
    navigate: (to) => {
      void router.navigate(to, { replace: true });
    },
  });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const here = () => router.state.location.pathname + router.state.location.search;
  return { router, view, here };
}
