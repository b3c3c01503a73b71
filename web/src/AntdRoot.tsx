import type { TLanguage } from '@parley/contracts';
import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import type { Locale } from 'antd/es/locale';
// The ES modules, not `antd/locale/*` (CommonJS, a second copy of what Ant Design already has).
import enUS from 'antd/es/locale/en_US';
import { type ReactNode, useContext, useEffect, useSyncExternalStore } from 'react';
import { connectApi } from './api/instance';
import { toast } from './components/light/toast';
import { addLanguageLoader } from './i18n';
import { useTranslation } from './i18n/useTranslation';
import { LateApp } from './LateApp';
import { stillTheme, theme } from './theme';
import 'virtual:antd.css';

// Ant Design's Chinese texts load only for Chinese, before the language is switched to (English
// is Ant Design's own default). Failing to load, the components keep their English texts.
let zhCN: Locale | undefined;
const loadAntdLocale = (language: TLanguage): Promise<void> =>
  language === 'zh-cn' && !zhCN
    ? import('antd/es/locale/zh_CN').then(
        (m) => {
          zhCN = m.default;
        },
        () => {},
      )
    : Promise.resolve();

/** Settles once Ant Design's texts for the current language are in: await it before rendering AntdRoot. */
export const antdLocaleReady: Promise<void> = addLanguageLoader(loadAntdLocale);

/** Gives the API client antd's message API while Ant Design screens are shown (it exists only inside <App>). */
function ApiToastBridge() {
  const { message } = useContext(AppContext);
  useEffect(() => {
    connectApi({ notifyError: (text) => void message.error(text) });
    // Back on a light public page, the light toasts say it again.
    return () => connectApi({ notifyError: toast.error });
  }, [message]);
  return null;
}

const reducedMotion =
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
const onMotionChange = (notify: () => void) => {
  reducedMotion?.addEventListener('change', notify);
  return () => reducedMotion?.removeEventListener('change', notify);
};
const prefersStill = () => reducedMotion?.matches ?? false;

/**
 * Ant Design's theme, locale and App (message, modal; LateApp) around the screens built with it: the
 * staff shell and the status pages. The public form, survey and sign-in render without it
 * (components/light), so they do not load Ant Design at all.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // Someone who asked their system for less motion gets menus, messages and dialogs without it.
  const still = useSyncExternalStore(onMotionChange, prefersStill, prefersStill);
  return (
    <ConfigProvider
      locale={i18n.language === 'zh-cn' ? (zhCN ?? enUS) : enUS}
      theme={still ? stillTheme : theme}
      // "保存", not "保 存": Ant Design spaces out two-character Chinese labels, so "保 存" stood
      // beside "保存模板" on one screen.
      button={{ autoInsertSpace: false }}
    >
      <LateApp>
        <ApiToastBridge />
        {children}
      </LateApp>
    </ConfigProvider>
  );
}
