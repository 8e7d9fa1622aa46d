import { moneyStringToCentavos } from '@casino/shared/money';
import { type LucideIcon, type LucideProps, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/icons';

/** The regulated profile's icon, drawn like the rest of the back office's (lucide, 1.8 stroke). */
function icon(Glyph: LucideIcon) {
  return ({ size = 18, ...props }: LucideProps) => <Glyph size={size} strokeWidth={1.8} aria-hidden="true" focusable="false" {...props} />;
}
export const RegulatedIcon = icon(Scale);

/** An on/off switch; `pending` keeps it still while the server answers. */
export function Switch({
  checked,
  label,
  pending = false,
  disabled = false,
  onChange,
}: {
  checked: boolean;
  /** Accessible name: what is switched ("Enable First deposit"). */
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

/** A label, its control, and either its error or its hint. */
export function Field({
  label,
  id,
  error,
  hint,
  className = '',
  children,
}: {
  label: string;
  id: string;
  error?: string | undefined;
  hint?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-300">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** The attributes an input with a possible error carries. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** The translated name of a bonus source ("ftd" -> "Primeiro depósito"). */
export function useSourceLabel() {
  const { t } = useTranslation();
  return (source: string) => t(`promotions.sources.${source}`, { defaultValue: source });
}

/** Today's date in Brazil: promotions are counted by São Paulo days, whatever the operator's own zone. */
export function brazilToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An ISO instant as a datetime-local value in the operator's own zone ("2025-03-01T09:30"); '' for none. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the operator's zone) back to an ISO instant; null for an empty field, undefined when unreadable. */
export function localInputToIso(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Centavos of an API money string, for sums and bars (0 when unreadable). */
export function centavosOf(money: string): number {
  return moneyStringToCentavos(money) ?? 0;
}
