import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';
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
  await recordPlayStatement(trx, { memberId, day: saoPauloDay(at), category, bet, win, rounds });
}

/** Every settled round counts here: a precompiled statement. */
const recordPlayStatement = precompiled(
  (db, p: { memberId: number; day: string; category: string; bet: number; win: number; rounds: number }) =>
    db
      .insertInto('member_daily_stats')
      .values({ member_id: p.memberId, day: p.day, category: p.category, bet_centavos: p.bet, win_centavos: p.win, rounds: p.rounds })
      .onConflict((oc) =>
        oc.columns(['member_id', 'day', 'category']).doUpdateSet({
          bet_centavos: sql`member_daily_stats.bet_centavos + ${p.bet}`,
          win_centavos: sql`member_daily_stats.win_centavos + ${p.win}`,
          rounds: sql`member_daily_stats.rounds + ${p.rounds}`,
        }),
      ),
);

/**
 * recordPlay for many members at once (a settlement page): one upsert, each member's plays added
 * together first (one statement may not touch a row twice).
 */
export async function recordPlays(
  trx: Database,
  category: string,
  plays: readonly { memberId: number; betCentavos?: number; winCentavos?: number; rounds?: number }[],
  at: Date = new Date(),
): Promise<void> {
  const byMember = new Map<number, { bet: number; win: number; rounds: number }>();
  for (const play of plays) {
    const sum = byMember.get(play.memberId) ?? { bet: 0, win: 0, rounds: 0 };
    sum.bet += play.betCentavos ?? 0;
    sum.win += play.winCentavos ?? 0;
    sum.rounds += play.rounds ?? 0;
    byMember.set(play.memberId, sum);
  }
  const day = saoPauloDay(at);
  const rows = [...byMember]
    .filter(([, s]) => s.bet !== 0 || s.win !== 0 || s.rounds !== 0)
    .map(([memberId, s]) => ({ member_id: memberId, day, category, bet_centavos: s.bet, win_centavos: s.win, rounds: s.rounds }));
  // Six values a row: well under both databases' limits on bound values per statement.
  for (let i = 0; i < rows.length; i += 4_000) {
    await trx
      .insertInto('member_daily_stats')
      .values(rows.slice(i, i + 4_000))
      .onConflict((oc) =>
        oc.columns(['member_id', 'day', 'category']).doUpdateSet((eb) => ({
          bet_centavos: sql`member_daily_stats.bet_centavos + ${eb.ref('excluded.bet_centavos')}`,
          win_centavos: sql`member_daily_stats.win_centavos + ${eb.ref('excluded.win_centavos')}`,
          rounds: sql`member_daily_stats.rounds + ${eb.ref('excluded.rounds')}`,
        })),
      )
      .execute();
  }
}
