import { moneyStringToCentavos } from '@casino/shared/money';
import { useTranslation } from 'react-i18next';
import { AdjustIcon } from '../../../components/icons';

/** The regulated profile's icon: the scales of the law. */
export const RegulatedIcon = AdjustIcon;

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
