/**
 * A player's account as other players see it (live feed, shared rounds' bet lists): "ma***23",
 * enough for a player to find their own line, not enough to identify anyone. Short accounts
 * keep less ("j***1", "a***"), so a mask never gives away more than a third of the name.
 */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  if (account.length <= 6) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}
