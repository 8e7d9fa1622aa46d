import { useTranslation } from 'react-i18next';
import { AdjustIcon } from '../../../components/icons';

/** The regulated profile's icon: the scales of the law. */
export const RegulatedIcon = AdjustIcon;

/** The translated name of a bonus source ("ftd" -> "Primeiro depósito"). */
export function useSourceLabel() {
  const { t } = useTranslation();
  return (source: string) => t(`promotions.sources.${source}`, { defaultValue: source });
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
