import { ImageOff, Megaphone, ShieldCheck, Star } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/form-field';
import { lucideIcon } from '../../../components/icons';
import { localeOf } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { useGameProviders } from '../api/games-admin';

/** Icons of the games pages. */
export const StarIcon = lucideIcon(Star);
export const PromotionIcon = lucideIcon(Megaphone);
export const FairIcon = lucideIcon(ShieldCheck);
const NoImageIcon = lucideIcon(ImageOff);

/** The game's artwork as players see it; a quiet placeholder when the file does not load. */
export function GameThumbnail({ src, alt, size = 'md' }: { src: string; alt: string; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const box = size === 'lg' ? 'size-20 rounded-xl' : 'size-11 rounded-lg';
  if (failed || !src) {
    return (
      <span className={`${box} flex shrink-0 items-center justify-center bg-navy-700 text-slate-500 ring-1 ring-white/10`} title={alt}>
        <NoImageIcon width={16} height={16} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${box} shrink-0 bg-navy-700 object-cover ring-1 ring-white/10`}
    />
  );
}

/** A label and its value in a definition grid. */
export function Fact({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`mt-0.5 break-words text-sm text-slate-200 ${mono ? 'font-mono text-[13px]' : ''}`}>{children}</dd>
    </div>
  );
}

export function useCategoryLabel() {
  const { t } = useTranslation();
  return (category: string) => t(`game_common.categories.${category}`, { defaultValue: category });
}

/** A percent string from the API ("97.00") for the reader's language ("97,00%"), formatted from the decimal text. */
export function useFormatPercent() {
  const language = useLanguage();
  const format = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (percent: string | null | undefined) =>
    percent === null || percent === undefined || !/^-?\d+(\.\d+)?$/.test(percent) ? '—' : `${format.format(percent as `${number}`)}%`;
}

/** A game's name in the operator's language, the default name when that language has none. */
export function useGameName() {
  const language = useLanguage();
  return (game: { name: string; names: Record<string, string> }) => game.names[language] || game.name;
}

/** The provider filter of the games pages: one option per provider, by its platform code. */
export function ProviderFilter({ value, onChange, className }: { value: string; onChange: (value: string) => void; className?: string }) {
  const { t } = useTranslation();
  const providers = useGameProviders();
  const id = useId();
  return (
    <SelectField id={id} label={t('games.filter_provider')} value={value} onChange={onChange} className={className}>
      <option value="">{t('games.all_providers')}</option>
      {providers.data?.map((provider) => (
        <option key={provider.id} value={provider.plat_type}>
          {provider.name}
        </option>
      ))}
    </SelectField>
  );
}
