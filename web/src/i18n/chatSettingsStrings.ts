import en from './chat-settings.en.json';
import zhCn from './chat-settings.zh-cn.json';
import { i18n } from './index';

/**
 * The Chats and Chat-trigger screens' strings, added when one of those screens loads: every page
 * carries `en.json` and `zh-cn.json`, and these two settings screens alone would push the public
 * pages and the shell past their JavaScript budget (e2e/support/bundle.ts). The translation test
 * checks them with the rest.
 */
export const chatSettingsStrings = { en, 'zh-cn': zhCn };

for (const [lang, bundle] of Object.entries(chatSettingsStrings)) {
  i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
