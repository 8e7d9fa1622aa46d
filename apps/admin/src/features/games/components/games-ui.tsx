import { ImageOff, type LucideIcon, type LucideProps, Megaphone, ShieldCheck, Star } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/icons';
import { localeOf } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';

/** Icons of the games pages, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
export const StarIcon = icon(Star);
export const PromotionIcon = icon(Megaphone);
export const FairIcon = icon(ShieldCheck);
const NoImageIcon = icon(ImageOff);

/** An on/off switch; `pending` keeps it still while the server answers. */
export function Switch({
  checked,
  label,
  pending = false,
  disabled = false,
  onChange,
}: {
  checked: boolean;
  /** Accessible name: what is switched ("Enable Crash"). */
  label: string;
  pending?: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={pending || undefined}
      title={label}
      disabled={disabled || pending}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed ${
        checked ? 'bg-emerald-500' : 'bg-navy-600'
      } ${pending ? 'opacity-60' : ''} ${disabled && !pending ? 'opacity-40' : ''}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-[18px]' : 'translate-x-0.5'} ${
          pending ? 'animate-pulse' : ''
        }`}
      />
    </button>
  );
}

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

/** A labelled native select with the back office's chevron. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
  className = '',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className="input appearance-none pr-8">
          {children}
        </select>
        <ChevronDownIcon
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-slate-400"
          width={14}
          height={14}
        />
      </div>
    </div>
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
