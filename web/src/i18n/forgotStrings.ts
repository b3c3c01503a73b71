import en from './forgot.en.json';
import zhCn from './forgot.zh-cn.json';
import { i18n } from './index';

/**
 * The "Forgot password?" form's strings, added when it loads (as reportStrings.ts: the sign-in
 * page's first render, and every other page, stay within their JavaScript budget). The
 * translation test checks them with the rest.
 */
export const forgotStrings = { en, 'zh-cn': zhCn };

for (const [lang, bundle] of Object.entries(forgotStrings)) {
  i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
