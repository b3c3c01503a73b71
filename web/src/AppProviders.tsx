import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { connectApi } from './api/instance';
import { SessionProvider } from './auth/SessionContext';
import { i18n } from './i18n';
import { theme } from './theme';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already told the user what went wrong; retrying would tell them twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Gives the API client antd's message API, which only exists inside <App>. */
function ApiToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    connectApi({ notifyError: (text) => void message.error(text) });
  }, [message]);
  return null;
}

function LocalizedApp({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const language = instance.language === 'zh-cn' ? 'zh-cn' : 'en';
  useEffect(() => {
    document.documentElement.lang = language === 'zh-cn' ? 'zh-CN' : 'en';
  }, [language]);
  return (
    <ConfigProvider locale={language === 'zh-cn' ? zhCN : enUS} theme={theme}>
      <AntApp>
        <ApiToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <LocalizedApp>{children}</LocalizedApp>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
