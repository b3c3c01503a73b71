import { languageCodes, messages, type TLanguage } from '@parley/contracts';
import i18next from 'i18next';
import { languageStore } from '../auth/storage';
import en from './en.json';
import zhCn from './zh-cn.json';

/** The web app's own texts, by language. */
export const appTexts: Record<TLanguage, typeof en> = { en, 'zh-cn': zhCn };

/** The contracts' messages (validation and server texts) as one flat namespace per language. */
export function messageTexts(language: TLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, texts] of Object.entries(messages)) {
    out[key] = texts[language];
  }
  return out;
}

const resources = Object.fromEntries(
  languageCodes.map((code) => [code, { translation: appTexts[code], messages: messageTexts(code) }]),
);

export const i18n = i18next.createInstance();

// Resources are bundled, so init completes synchronously (initAsync: false).
void i18n.init({
  resources,
  lng: languageStore.get(),
  fallbackLng: 'en',
  supportedLngs: [...languageCodes],
  lowerCaseLng: true,
  ns: ['translation', 'messages'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Translates a message key of the contracts (e.g. `email_format`); other text is shown as is. */
export function translateMessage(key: string): string {
  return i18n.exists(key, { ns: 'messages' }) ? i18n.t(key, { ns: 'messages' }) : key;
}

export function currentLanguage(): TLanguage {
  return i18n.language === 'zh-cn' ? 'zh-cn' : 'en';
}

/** Texts that load per language when a part of the app needs them (the staff shell's). */
type TLanguageLoader = (language: TLanguage) => Promise<void>;
const languageLoaders: TLanguageLoader[] = [];

/** Registers `loader` and runs it for the current language; every later switch runs it first. */
export function addLanguageLoader(loader: TLanguageLoader): Promise<void> {
  languageLoaders.push(loader);
  return loader(currentLanguage());
}

/** Changes the interface language once the texts it needs have loaded (no flash of raw keys). */
export async function switchLanguage(language: TLanguage): Promise<void> {
  await Promise.all(languageLoaders.map((load) => load(language)));
  await i18n.changeLanguage(language);
}
