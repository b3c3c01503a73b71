import { parseLanguage } from '@parley/contracts';
import { i18n, switchLanguage } from '../i18n';
import { languageStore } from './storage';

/**
 * An agent signing in on a device where nobody picked a language gets their account's (My profile),
 * kept as the device's choice so that the help desk's default does not take it back. A language
 * picked on the device stays: the header's switch is the person's own choice.
 */
export function adoptAccountLanguage(accountLanguage: string): void {
  if (languageStore.isSet()) {
    return;
  }
  const language = parseLanguage(accountLanguage);
  languageStore.set(language);
  if (i18n.language !== language) {
    void switchLanguage(language);
  }
}
