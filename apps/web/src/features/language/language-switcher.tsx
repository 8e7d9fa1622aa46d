import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { CheckIcon, GlobeIcon } from '../../components/shell-icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { currentLanguage, switchLanguage } from '../../lib/i18n.ts';
import { FALLBACK_LANGUAGES, type LanguageItem, useLanguages } from './language.api.ts';

function Flag({ item, size = 22 }: { item: LanguageItem | undefined; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (!item || broken) return <GlobeIcon size={size} />;
  return (
    <img
      src={item.flag}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(true)}
      className="shrink-0 rounded-full object-cover ring-1 ring-white/15"
      style={{ width: size, height: size }}
    />
  );
}

type SwitcherProps = { variant?: 'icon' | 'full' };

/** The eight languages; choosing one stores it in localStorage and reloads (spec section 1). */
export function LanguageSwitcher({ variant = 'full' }: SwitcherProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const languages = useLanguages(true);
  const items = languages.data ?? FALLBACK_LANGUAGES;
  const active = currentLanguage();
  const current = items.find((l) => l.code === active) ?? FALLBACK_LANGUAGES.find((l) => l.code === active);

  return (
    <>
      {variant === 'icon' ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('language.choose')}
          aria-haspopup="dialog"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-soft hover:bg-line"
        >
          <Flag item={current} />
        </button>
      ) : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={`${t('language.choose')}: ${current?.name ?? ''}`}
          className="flex h-10 items-center gap-2 rounded-xl border border-line bg-surface px-3 text-sm text-soft hover:border-gold/50 hover:text-white"
        >
          <Flag item={current} size={20} />
          <span>{current?.name}</span>
        </button>
      )}
      {open ? (
        <Modal title={t('language.choose')} onClose={() => setOpen(false)} size="sm">
          <ul className="flex flex-col gap-1.5 pb-2">
            {items.map((item) => {
              const selected = item.code === active;
              return (
                <li key={item.code}>
                  <button
                    type="button"
                    lang={item.code}
                    data-lang={item.code}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => (selected ? setOpen(false) : switchLanguage(item.code))}
                    className={`flex h-12 w-full items-center gap-3 rounded-xl px-3 text-left text-[15px] transition ${
                      selected ? 'bg-gold/10 text-gold ring-1 ring-gold/40' : 'bg-surface text-white hover:bg-surface-2'
                    }`}
                  >
                    <Flag item={item} size={24} />
                    <span className="flex-1">{item.name}</span>
                    {selected ? <CheckIcon size={18} /> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </Modal>
      ) : null}
    </>
  );
}
