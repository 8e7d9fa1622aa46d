/**
 * Agency days are São Paulo calendar days (the server settles each one after it ends), whatever
 * the operator's own time zone.
 */
const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in São Paulo, "2025-03-10". */
export function saoPauloToday(now: Date = new Date()): string {
  return SAO_PAULO_DAY.format(now);
}

/** The day before `day` ("2025-03-01" -> "2025-02-28"). */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** A finished São Paulo day: the only kind the server settles. */
export function isSettleableDay(day: string, now: Date = new Date()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day < saoPauloToday(now);
}
