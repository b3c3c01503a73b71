import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { connectApi } from '../api/instance';
import { routes } from '../router';

/** The whole app (providers, guard, shell, lazy screens) at `path`, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
