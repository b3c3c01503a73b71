import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { connectApi } from './api/instance';
import { revealOnFirstInput } from './list-preview/preview';
import { createAppRouter } from './router';
import './components/light/light.css';
import './styles.css';

// The server's picture of the list, if the page came with one, gives way to the first press or key.
revealOnFirstInput();
const router = createAppRouter();
connectApi({
  navigate: (to) => {
    void router.navigate(to, { replace: true });
  },
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
