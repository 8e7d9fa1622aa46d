/**
 * Reports, bonus claims and agency settlements count São Paulo calendar days ("2025-03-10"),
 * whatever the operator's own time zone.
 */
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Today in São Paulo, "2025-03-10". */
export function saoPauloToday(now: Date = new Date()): string {
  return SAO_PAULO_DAY.format(now);
}

/** The day `days` after `day` (before, when negative): "2025-03-01" and -1 give "2025-02-28". */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The quick ranges of a report's date filter. */
export type DatePreset = 'today' | 'yesterday' | '7d' | '30d' | 'month' | '90d';

/** The days a preset stands for, both ends included. */
export function presetRange(preset: DatePreset, today = saoPauloToday()): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
  }
}
