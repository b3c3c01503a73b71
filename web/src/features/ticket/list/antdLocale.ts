import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useContext } from 'react';

/** Ant Design's texts in the language in use (AntdRoot sets them), for the lists drawn in its look. */
export function useAntdLocale(): Locale {
  return useContext(ConfigProvider.ConfigContext).locale ?? enUS;
}
