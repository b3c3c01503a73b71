import { enums, type TEnumType } from '@parley/contracts';
import { currentLanguage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';

/** An enum's values with their labels in the interface language, for selects and tags. */
export function useEnum<E extends TEnumType>(type: E) {
  useTranslation(); // re-render on a language change
  const language = currentLanguage();
  const def = enums[type];
  const labels = def.labels as Record<string, Record<typeof language, string>>;
  const label = (value: string): string => labels[value]?.[language] ?? value;
  const options = (def.values as readonly string[]).map((value) => ({ value, label: label(value) }));
  return { options, label };
}

/**
 * An enum value's label in the interface language, read as the caller renders: no subscription of
 * its own to language changes (each useTranslation is a state, an effect and an i18n listener; a
 * list of 50 rows had 100 for its state and priority tags, issue 15). For a component whose parent
 * renders again on a language change (the list's columns, the panels and the header all use
 * useTranslation) and that is not memoised.
 */
export function enumLabel<E extends TEnumType>(type: E, value: string): string {
  const labels = enums[type].labels as Record<string, Record<ReturnType<typeof currentLanguage>, string>>;
  return labels[value]?.[currentLanguage()] ?? value;
}
