import { enums, type TEnumType } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

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
