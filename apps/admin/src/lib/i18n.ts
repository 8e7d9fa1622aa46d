import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, normalizeLanguage } from '@casino/shared/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The back office keeps its own language choice, apart from the player site's. */
export const ADMIN_LANGUAGE_STORAGE_KEY = 'admin_lang';

type Catalogue = Record<string, unknown>;

/** One chunk per language: only the active language's catalogue is ever downloaded. */
const catalogues: Record<LanguageCode, () => Promise<{ default: Catalogue }>> = {
  pt: () => import('@casino/shared/locales/pt/admin.json'),
  en: () => import('@casino/shared/locales/en/admin.json'),
  zh: () => import('@casino/shared/locales/zh/admin.json'),
  vi: () => import('@casino/shared/locales/vi/admin.json'),
  id: () => import('@casino/shared/locales/id/admin.json'),
  ms: () => import('@casino/shared/locales/ms/admin.json'),
  th: () => import('@casino/shared/locales/th/admin.json'),
  tr: () => import('@casino/shared/locales/tr/admin.json'),
};

export function storedLanguage(): LanguageCode {
  try {
    return normalizeLanguage(localStorage.getItem(ADMIN_LANGUAGE_STORAGE_KEY) ?? DEFAULT_LANGUAGE);
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): LanguageCode {
  return normalizeLanguage(i18next.resolvedLanguage ?? i18next.language);
}

/** BCP 47 tag of a language, for Intl formatters and the document's `lang`. */
export function localeOf(language: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === language)?.htmlLang ?? 'pt-BR';
}

async function loadCatalogue(language: LanguageCode): Promise<void> {
  if (i18next.hasResourceBundle(language, 'admin')) return;
  const catalogue = await catalogues[language]();
  i18next.addResourceBundle(language, 'admin', catalogue.default, true, true);
}

function applyDocumentLanguage(language: LanguageCode): void {
  document.documentElement.lang = localeOf(language);
  document.title = i18next.t('app.title');
}

export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    ns: ['admin'],
    defaultNS: 'admin',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadCatalogue(language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** Switches in place: the catalogue is fetched first so the screen never shows raw keys. */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  await loadCatalogue(language);
  try {
    localStorage.setItem(ADMIN_LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

export { i18next };
