import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { chunks } from './debit-many.repository.ts';

/**
 * The wallet's queries for many credits at once (credit-many.ts): the rows wallet.repository.ts
 * writes for one win, for a batch in one statement each.
 */

/**
 * addWinToOpenRound (wallet.repository.ts) for many rounds, each settled: the win added, the
 * outcome written when one is given. Answers the rounds that were open for their member, by uid;
 * a round missing from the answer was not (unknown, another member's, settled or rolled back).
 */
export async function settleOpenRoundsWithWins(
  db: Database,
  providerId: number,
  wins: readonly { roundUid: string; memberId: number; winCentavos: number; outcomeJson: string | null }[],
  settledAt: string,
): Promise<Map<string, { id: number; bet_centavos: number }>> {
  const settled = new Map<string, { id: number; bet_centavos: number }>();
  for (const chunk of chunks(wins)) {
    const values = sql.join(
      chunk.map(
        (w) =>
          sql`(cast(${w.roundUid} as text), cast(${w.memberId} as bigint), cast(${w.winCentavos} as bigint), cast(${w.outcomeJson} as text))`,
      ),
    );
    const { rows } = await sql<{ id: number; round_uid: string; bet_centavos: number }>`
      update game_rounds
      set win_centavos = game_rounds.win_centavos + v.column3,
        status = 'settled',
        settled_at = ${settledAt},
        outcome_json = coalesce(v.column4, game_rounds.outcome_json)
      from (values ${values}) as v
      where game_rounds.provider_id = ${providerId}
        and game_rounds.round_uid = v.column1
        and game_rounds.member_id = v.column2
        and game_rounds.status = 'open'
      returning id, round_uid, bet_centavos`.execute(db);
    for (const row of rows) settled.set(row.round_uid, { id: Number(row.id), bet_centavos: Number(row.bet_centavos) });
  }
  return settled;
}

/** The members' cash balances, by member id. */
export async function cashBalances(db: Database, memberIds: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map<number, number>();
  for (const chunk of chunks(memberIds)) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['member_id', 'balance_centavos'])
      .where('member_id', 'in', chunk)
      .where('kind', '=', 'cash')
      .execute();
    for (const row of rows) balances.set(row.member_id as number, row.balance_centavos);
  }
  return balances;
}
