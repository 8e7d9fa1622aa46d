/** The eight languages of the product (spec section 1); Portuguese is the default. */
export const LANGUAGES = [
  { code: 'pt', name: 'Português', flag: 'br', htmlLang: 'pt-BR' },
  { code: 'en', name: 'English', flag: 'us', htmlLang: 'en' },
  { code: 'zh', name: '中文', flag: 'cn', htmlLang: 'zh-CN' },
  { code: 'vi', name: 'Tiếng Việt', flag: 'vn', htmlLang: 'vi' },
  { code: 'id', name: 'Bahasa Indonesia', flag: 'id', htmlLang: 'id' },
  { code: 'ms', name: 'Bahasa Melayu', flag: 'my', htmlLang: 'ms' },
  { code: 'th', name: 'ไทย', flag: 'th', htmlLang: 'th' },
  { code: 'tr', name: 'Türkçe', flag: 'tr', htmlLang: 'tr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = 'pt';
/** localStorage key of the chosen language (spec: stored locally, page refreshes). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * Normalises a language code the way the spec's client does: a trailing "1" is stripped and the
 * code lower-cased ("PT1" -> "pt"); region suffixes fall back to the base ("pt-BR" -> "pt").
 */
export function normalizeLanguage(code: string | null | undefined): LanguageCode {
  if (!code) return DEFAULT_LANGUAGE;
  const base = code.trim().replace(/1$/, '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGE_CODES as string[]).includes(base) ? (base as LanguageCode) : DEFAULT_LANGUAGE;
}
