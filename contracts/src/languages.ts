export const languageCodes = ['en', 'zh-cn'] as const;
export type TLanguage = (typeof languageCodes)[number];
export const defaultLanguage: TLanguage = 'en';

export const languageNames: Record<TLanguage, string> = {
  en: 'English',
  'zh-cn': '简体中文',
};

/** Reads a `Language` header value; anything unknown falls back to English. */
export function parseLanguage(value: unknown): TLanguage {
  if (typeof value !== 'string') {
    return defaultLanguage;
  }
  const lower = value.trim().toLowerCase();
  if (lower === 'zh-cn' || lower === 'zh' || lower === 'zh_cn' || lower === 'zh-hans') {
    return 'zh-cn';
  }
  return 'en';
}
