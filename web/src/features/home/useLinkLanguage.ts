import { languageCodes, type TLanguage } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { languageStore } from '../../auth/storage';
import { i18n, switchLanguage } from '../../i18n';

const asLanguage = (raw: string | null): TLanguage | null =>
  languageCodes.find((code) => code === raw?.trim().toLowerCase()) ?? null;

/**
 * Speaks the language a link names (`lang=zh-cn`: the survey links of a mail carry their reader's
 * language) unless the visitor has picked one themselves. Kept for the tab, so the help desk's
 * default does not take over once branding loads; a language picked on the page still wins.
 */
export function useLinkLanguage(raw: string | null): void {
  // Noted while rendering, before any effect (the branding's default) can look at it.
  const [language] = useState(() => {
    const wanted = asLanguage(raw);
    if (wanted && !languageStore.isSet()) {
      languageStore.setLinked(wanted);
      return wanted;
    }
    return null;
  });
  useEffect(() => {
    if (language && !languageStore.isSet() && i18n.language !== language) {
      void switchLanguage(language);
    }
  }, [language]);
}
