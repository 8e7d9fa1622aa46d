import { LANGUAGES, type LanguageCode } from '@casino/shared/languages';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../lib/i18n';
import { useLanguage } from '../lib/use-language';
import { ChevronDownIcon, GlobeIcon } from './icons';

/** The eight languages; the choice is kept in localStorage ('admin_lang'). */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const id = useId();

  async function change(next: LanguageCode) {
    await switchLanguage(next);
    // Server texts (messages, labels) come back in the new language.
    await queryClient.invalidateQueries();
  }

  return (
    <div className={`relative flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <GlobeIcon className="pointer-events-none absolute left-2.5 text-slate-400" width={16} height={16} />
      <select
        id={id}
        name="lang"
        value={language}
        onChange={(event) => void change(event.target.value as LanguageCode)}
        className="input h-8 appearance-none pr-8 pl-8 text-xs"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.htmlLang}>
            {l.name}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute right-2.5 text-slate-400" width={14} height={14} />
    </div>
  );
}
