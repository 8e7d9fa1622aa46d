/**
 * Time on the virtual league page, apart from React. Every countdown and match clock runs on the
 * server's time: the page learns the gap between the server's clock and this device's once per
 * answer, so a phone whose clock is minutes off still counts down to the real kick-off, and a
 * countdown never drifts between two polls.
 */

/** Game minutes in a match (the virtual match is played minute by minute, 1 to 90). */
export const MATCH_MINUTES = 90;

/**
 * How far the server's clock is ahead of this device's (negative when behind), in ms. The answer
 * was written somewhere between sending and receiving, so the midpoint of the round trip is the
 * best local estimate of the instant `serverTime` names.
 */
export function clockOffsetMs(serverTime: string, sentAtMs: number, receivedAtMs: number): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server - (sentAtMs + receivedAtMs) / 2;
}

/** Milliseconds left until `instant` on the server's clock, never below zero. */
export function msUntil(instant: string | null, serverNowMs: number): number {
  if (!instant) return 0;
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - serverNowMs);
}

/** "4:05" for a countdown; seconds round up so "0:00" shows only when the time has come. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Where the current round stands: taking bets before kick-off, being played, or over. */
export type RoundPhase = 'betting' | 'live' | 'full_time';

/**
 * The round's phase from the server's instants. Before kick-off the round takes bets; between
 * kick-off and full time it is live; after full time (or with no round at all) it is over.
 */
export function roundPhase(kickoffAt: string | null, endsAt: string | null, serverNowMs: number): RoundPhase {
  if (!kickoffAt) return 'full_time';
  if (msUntil(kickoffAt, serverNowMs) > 0) return 'betting';
  if (endsAt && msUntil(endsAt, serverNowMs) > 0) return 'live';
  return 'full_time';
}

/**
 * The game minute to show on the match clock. A match's real duration (kick-off to full time) is
 * mapped onto 90 minutes, so the clock ticks smoothly between polls; but it never runs more than
 * `leadMinutes` past the last minute the server reported (a stalled feed freezes the clock rather
 * than showing minutes whose goals are not known yet), and never behind it.
 */
export function displayMinute(
  match: { minute: number; status: string },
  kickoffAt: string | null,
  endsAt: string | null,
  serverNowMs: number,
  leadMinutes = 2,
): number {
  if (match.status === 'finished') return MATCH_MINUTES;
  if (match.status !== 'live') return 0;
  const start = kickoffAt ? Date.parse(kickoffAt) : Number.NaN;
  const end = endsAt ? Date.parse(endsAt) : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return clampMinute(match.minute);
  const elapsed = ((serverNowMs - start) / (end - start)) * MATCH_MINUTES;
  const interpolated = Math.floor(elapsed);
  return clampMinute(Math.min(Math.max(interpolated, match.minute), match.minute + leadMinutes));
}

function clampMinute(minute: number): number {
  return Math.min(MATCH_MINUTES, Math.max(0, minute));
}

/** How often to ask the server again: every second while a match is live or kick-off is near. */
export function pollIntervalMs(phase: RoundPhase, msToKickoff: number): number {
  if (phase === 'live') return 1_000;
  if (phase === 'betting' && msToKickoff <= 10_000) return 1_000;
  return 2_000;
}
