import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { connectApi } from './api/instance';
import { toast } from './components/light/toast';
import { theme } from './theme';
import 'virtual:antd.css';

/** Gives the API client antd's message API while Ant Design screens are shown (it exists only inside <App>). */
function ApiToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    connectApi({ notifyError: (text) => void message.error(text) });
    // Back on a light public page, the light toasts say it again.
    return () => connectApi({ notifyError: toast.error });
  }, [message]);
  return null;
}

/**
 * Ant Design's theme, locale and App (message, modal) around the screens built with it: the
 * staff shell and the status pages. The public form, survey and sign-in render without it
 * (components/light), so they do not load Ant Design at all.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'zh-cn' ? zhCN : enUS} theme={theme}>
      <AntApp>
        <ApiToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
