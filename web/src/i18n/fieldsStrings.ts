import en from './fields.en.json';
import zhCn from './fields.zh-cn.json';
import { i18n } from './index';

/**
 * The ticket fields' and forms' strings (settings screens, the ticket page's fields, the public
 * form's), added when one of those screens loads, as chatSettingsStrings does: the shell's bundle
 * stays within its budget. The translation test checks them with the rest.
 */
export const fieldsStrings = { en, 'zh-cn': zhCn };

for (const [lang, bundle] of Object.entries(fieldsStrings)) {
  i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
