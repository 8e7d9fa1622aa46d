import { centavos } from '@casino/shared/money';
import { randomUUID } from 'node:crypto';
import type { GameCategory } from '@casino/shared/game-codes';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { credit, debit, runWallet } from '../wallet/wallet.service.ts';

/** Fixtures of the VIP and rebates tests. */

/**
 * Plays one settled round of a game of `category` through the seamless wallet, the path every
 * provider's stake takes: the stake counts as a valid bet (lifetime totals, member_daily_stats),
 * and `winCentavos` comes back (by default the whole stake, so long runs of bets need little cash).
 */
export async function playCategory(t: TestApp, memberId: number, category: GameCategory, betCentavos: number, winCentavos = betCentavos) {
  const game = await t.ctx.db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select(['games.id', 'games.provider_id', 'game_providers.plat_type'])
    .where('games.category', '=', category)
    .orderBy('games.id')
    .executeTakeFirstOrThrow();
  const round = {
    providerId: game.provider_id,
    platType: game.plat_type,
    gameId: game.id,
    category,
    memberId,
    roundUid: `test-${randomUUID()}`,
  };
  const outcome = await runWallet(t.ctx.db, memberId, async (trx) => {
    await debit(trx, round, { txId: `${round.roundUid}:bet`, amountCentavos: centavos(betCentavos) });
    return credit(trx, round, { txId: `${round.roundUid}:win`, amountCentavos: centavos(winCentavos) });
  });
  if (!outcome.ok) throw new Error(`round refused: ${outcome.error}`);
}

/** Plays `totalCentavos` of `category` in rounds of at most `roundCentavos`, each stake won back. */
export async function playTurnover(t: TestApp, memberId: number, category: GameCategory, totalCentavos: number, roundCentavos = 50_000) {
  for (let left = totalCentavos; left > 0; left -= roundCentavos) {
    await playCategory(t, memberId, category, Math.min(left, roundCentavos));
  }
}

export async function balanceOf(t: TestApp, memberId: number, kind: 'cash' | 'rebate'): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.balance_centavos);
}

export async function memberRow(t: TestApp, memberId: number) {
  return t.ctx.db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** Every ledger invariant holds (sums, balances, no negative member account, unique keys). */
export async function expectLedgerSound(t: TestApp) {
  expect(await verifyLedger(t.ctx.db)).toEqual([]);
}
