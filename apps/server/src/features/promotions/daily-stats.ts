import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { saoPauloDay } from '../../lib/sao-paulo.ts';

/**
 * Adds a settled stake or a win to the member's figures of the São Paulo day, by category (one
 * upsert inside the wallet's transaction). Rebates, daily loss relief, weekly rewards and agency
 * betting commissions are all computed from these rows.
 */
export async function recordPlay(
  trx: Database,
  memberId: number,
  category: string,
  play: { betCentavos?: number; winCentavos?: number; rounds?: number },
  at: Date = new Date(),
): Promise<void> {
  const bet = play.betCentavos ?? 0;
  const win = play.winCentavos ?? 0;
  const rounds = play.rounds ?? 0;
  if (bet === 0 && win === 0 && rounds === 0) return;
  await trx
    .insertInto('member_daily_stats')
    .values({ member_id: memberId, day: saoPauloDay(at), category, bet_centavos: bet, win_centavos: win, rounds })
    .onConflict((oc) =>
      oc.columns(['member_id', 'day', 'category']).doUpdateSet({
        bet_centavos: sql`member_daily_stats.bet_centavos + ${bet}`,
        win_centavos: sql`member_daily_stats.win_centavos + ${win}`,
        rounds: sql`member_daily_stats.rounds + ${rounds}`,
      }),
    )
    .execute();
}
