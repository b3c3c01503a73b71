import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/**
 * The app's texts in a component: `const { t } = useTranslation()`, re-rendered when the language
 * changes. It stands in for react-i18next's hook of the same name (decision 0006, stop 68): that one
 * made each component that mounted a copy of the i18next instance, a fixed `t` of its own and a
 * subscription of its own, and every call of that `t` copied i18next's options before looking the
 * text up; opening a ticket mounts some thirty such components and calls `t` a few hundred times.
 * Here there is one `t` per language for the whole app, and a text asked without options is looked
 * up once and kept until texts are added (the staff shell's arrive after the first screen).
 */
export interface TTranslation {
  t: TFunction;
  i18n: typeof i18n;
}

const listeners = new Set<() => void>();
const byLanguage = new Map<string, TTranslation>();
/** Texts asked without options, by language: cleared whenever texts are added. */
const kept = new Map<string, Map<string, string>>();

i18n.on('languageChanged', () => {
  for (const listener of listeners) {
    listener();
  }
});
i18n.store.on('added', () => kept.clear());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const language = () => i18n.language;

function translationFor(lng: string): TTranslation {
  let translation = byLanguage.get(lng);
  if (!translation) {
    const fixed = i18n.getFixedT(lng) as unknown as (...args: unknown[]) => string;
    const t = ((key: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== 'string') {
        return fixed(key, ...rest);
      }
      let texts = kept.get(lng);
      if (!texts) {
        texts = new Map();
        kept.set(lng, texts);
      }
      let text = texts.get(key);
      if (text === undefined) {
        text = fixed(key);
        texts.set(key, text);
      }
      return text;
    }) as unknown as TFunction;
    translation = { t, i18n };
    byLanguage.set(lng, translation);
  }
  return translation;
}

export function useTranslation(): TTranslation {
  return translationFor(useSyncExternalStore(subscribe, language, language));
}
