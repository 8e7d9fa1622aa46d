import { pushBalances } from '../../../platform/realtime/realtime.ts';
import type { GameContext } from '../house-game.ts';

const FLUSH_MS = 25;
const CHUNK = 500;

/**
 * Balance pushes of the shared rounds, gathered: a round that settles a thousand players reads
 * their balances in a few queries instead of two per player. The message is the one
 * realtime.pushBalance sends (cash, rebate, wagering left), so the header updates the same way.
 * The answers to bets and cash-outs carry the new balance already; this only reaches other tabs.
 */
export class BalancePushes {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: GameContext) {}

  push(memberId: number): void {
    this.pending.add(memberId);
    if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Sends what is pending now (also used on shutdown). */
  async drain(): Promise<void> {
    if (this.timer) this.flush();
    await this.flushing;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    this.flushing = this.flushing.then(() => this.send(ids)).catch((error) => this.ctx.log.warn({ err: error }, 'balance pushes failed'));
  }

  private async send(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += CHUNK) await pushBalances(this.ctx.db, this.ctx.realtime, ids.slice(i, i + CHUNK));
  }
}
