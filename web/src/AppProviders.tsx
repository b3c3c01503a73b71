import type { TMyInfoResponse } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { connectApi } from './api/instance';
import { SessionProvider } from './auth/SessionContext';
import { Toaster, toast } from './components/light/toast';
import { useTranslation } from './i18n/useTranslation';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already told the user what went wrong; retrying would tell them twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

// Until Ant Design's screens take over (AntdRoot), the API client's failures show as light toasts.
connectApi({ notifyError: toast.error });

function DocumentLanguage() {
  const { i18n: instance } = useTranslation();
  const language = instance.language === 'zh-cn' ? 'zh-CN' : 'en';
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}

/**
 * What every page has: texts, the query cache, the session, toasts. No Ant Design: the staff
 * shell and the status pages bring it with them (AntdRoot), the public pages never load it.
 */
export function AppProviders({
  children,
  queryClient: given,
  user,
}: {
  children: ReactNode;
  /** The server's render (list-preview/renderList.tsx) brings its cache, filled with the page's answers, and the account. */
  queryClient?: QueryClient;
  user?: TMyInfoResponse;
}) {
  const [queryClient] = useState(() => given ?? makeQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider initialUser={user}>
        <DocumentLanguage />
        <Toaster />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
}
