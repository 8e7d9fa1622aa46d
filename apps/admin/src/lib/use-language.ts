import { type LanguageCode, normalizeLanguage } from '@casino/shared/languages';
import { useTranslation } from 'react-i18next';

/** The active language, re-rendering on change (for Intl formatting). */
export function useLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
}
