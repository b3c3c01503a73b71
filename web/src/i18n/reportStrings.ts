import { i18n } from './index';
import en from './report.en.json';
import zhCn from './report.zh-cn.json';

/**
 * The dashboard's and reports' strings, added when one of those screens loads (as
 * chatSettingsStrings.ts: the shell and public pages stay within their JavaScript budget). The
 * translation test checks them with the rest.
 */
export const reportStrings = { en, 'zh-cn': zhCn };

for (const [lang, bundle] of Object.entries(reportStrings)) {
  i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
