/**
 * The server's clock for rules that run on calendar time (responsible-gaming limits: a raise
 * applies after 24 hours, a pause ends after its days). Everything else reads Date.now(); tests of
 * those rules move this clock instead of waiting.
 */
let offsetMs = 0;

export const clock = {
  nowMs(): number {
    return Date.now() + offsetMs;
  },
  now(): Date {
    return new Date(Date.now() + offsetMs);
  },
  nowIso(): string {
    return new Date(Date.now() + offsetMs).toISOString();
  },
  /** Tests only: moves the clock forward (or back, with a negative value). */
  advance(ms: number): void {
    offsetMs += ms;
  },
  /** Tests only: back to the real time. */
  reset(): void {
    offsetMs = 0;
  },
};
