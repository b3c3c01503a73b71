import { authStore, languageStore } from '../auth/storage';
import { i18n } from '../i18n';
import { createApiClient } from './client';
import { takePrefetched } from './prefetched';

/** How the running app navigates and shows toasts; set once the router and antd's App exist. */
const bridge = {
  navigate: (to: string) => {
    window.location.assign(to);
  },
  notifyError: (_text: string) => {},
};

export function connectApi(hooks: { navigate?: (to: string) => void; notifyError?: (text: string) => void }): void {
  if (hooks.navigate) {
    bridge.navigate = hooks.navigate;
  }
  if (hooks.notifyError) {
    bridge.notifyError = hooks.notifyError;
  }
}

/** Shows a failure's message as the client's own handling does, for a caller that handles some of them itself. */
export function notifyApiError(text: string): void {
  bridge.notifyError(text);
}

/** The API client of the app: token and language from storage, docs/product.md §8 handling. */
export const api = createApiClient({
  getToken: () => authStore.token(),
  getLanguage: () => (languageStore.isSet() ? languageStore.get() : languageStore.linked()),
  clearSession: () => authStore.clear(),
  currentPath: () => window.location.pathname + window.location.search,
  navigate: (to) => bridge.navigate(to),
  notifyError: (text) => bridge.notifyError(text),
  prefetched: (request) => takePrefetched(request),
  get texts() {
    return {
      network: i18n.t('error.network'),
      timeout: i18n.t('error.timeout'),
      badResponse: i18n.t('error.bad_response'),
    };
  },
});
