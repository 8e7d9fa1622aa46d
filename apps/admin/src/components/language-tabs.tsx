import { LANGUAGES, type LanguageCode } from '@casino/shared/languages';

/**
 * The language tabs of a text edited in the 8 languages (announcements, documents, popups): the
 * code of each, Portuguese starred (required), a green dot on those filled in, a red ring on those
 * the server refused.
 */
export function LanguageTabs({
  value,
  onChange,
  label,
  filled,
  hasError,
}: {
  value: LanguageCode;
  onChange: (language: LanguageCode) => void;
  label: string;
  filled: (language: LanguageCode) => boolean;
  hasError: (language: LanguageCode) => boolean;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1">
      {LANGUAGES.map((lang) => (
        <button
          key={lang.code}
          type="button"
          role="tab"
          aria-selected={value === lang.code}
          onClick={() => onChange(lang.code)}
          className={`relative h-7 rounded-md border px-2 text-xs font-semibold uppercase transition ${
            value === lang.code ? 'border-gold-400/60 bg-gold-400/10 text-gold-300' : 'border-white/10 text-slate-400 hover:text-white'
          } ${hasError(lang.code) ? 'ring-1 ring-rose-400' : ''}`}
          title={lang.name}
        >
          {lang.code}
          {lang.code === 'pt' ? <span aria-hidden="true">*</span> : null}
          {filled(lang.code) ? <span className="absolute -top-1 -right-1 size-2 rounded-full bg-emerald-400" aria-hidden="true" /> : null}
        </button>
      ))}
    </div>
  );
}
