import type { TLanguage } from '@parley/contracts';
import { addLanguageLoader, i18n } from './index';

/**
 * The back office's strings, loaded with the staff shell and only in the language in use:
 * `en.json` and `zh-cn.json` hold just what the public pages (form, survey, sign-in, errors)
 * show, so a customer does not download every settings screen's texts, and an agent downloads
 * one language of them (e2e/support/bundle.ts). New staff screens put their texts in
 * `staff.<language>.json`; the translation test checks them with the rest.
 */
const files: Record<TLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./staff.en.json'),
  'zh-cn': () => import('./staff.zh-cn.json'),
};

const loaded = new Map<TLanguage, Promise<void>>();

export function loadStaffStrings(language: TLanguage): Promise<void> {
  let done = loaded.get(language);
  if (!done) {
    done = files[language]().then((m) => {
      i18n.addResourceBundle(language, 'translation', m.default, true, false);
    });
    // A failed download may be retried by the next render or switch.
    done.catch(() => loaded.delete(language));
    loaded.set(language, done);
  }
  return done;
}

/** Settles once the current language's staff strings are in; the shell waits for it. */
export const staffStringsReady: Promise<void> = addLanguageLoader(loadStaffStrings);
