import { i18n } from './index';
import en from './rules.en.json';
import zhCn from './rules.zh-cn.json';

/**
 * The business-rules screens' strings (triggers, automations, schedules), added when one of those
 * screens loads, as chatSettingsStrings does: the shell's bundle stays within its budget. The
 * translation test checks them with the rest.
 */
export const rulesStrings = { en, 'zh-cn': zhCn };

for (const [lang, bundle] of Object.entries(rulesStrings)) {
  i18n.addResourceBundle(lang, 'translation', bundle, true, false);
}
