import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';

/** The wallet's queries: its transactions (one row per provider call), the game rounds and the member's valid-bet totals. */

export interface WalletTxRow {
  provider_id: number;
  tx_id: string;
  kind: string;
  member_id: number;
  round_uid: string;
  ref_tx_id?: string | null;
  amount_centavos: number;
  status: string;
  transfer_id: number | null;
  /** A stake's or a win's São Paulo day of responsible gaming: its insert counts it there (migration 0027). */
  usage_day?: string | null;
}

export async function cashBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return row?.balance_centavos ?? 0;
}

const findTxStatement = precompiled((db, p: { providerId: number; txId: string }) =>
  db.selectFrom('wallet_transactions').selectAll().where('provider_id', '=', p.providerId).where('tx_id', '=', p.txId),
);

export async function findTx(db: Database, providerId: number, txId: string) {
  const { rows } = await findTxStatement(db, { providerId, txId });
  return rows[0];
}

export type WalletTx = NonNullable<Awaited<ReturnType<typeof findTx>>>;

export async function findRound(db: Database, providerId: number, roundUid: string) {
  return db
    .selectFrom('game_rounds')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('round_uid', '=', roundUid)
    .executeTakeFirst();
}

/** Inserts a transaction row; undefined when its (provider, tx id) was written first by a concurrent call. */
export async function insertTx(db: Database, row: WalletTxRow, now: string): Promise<number | undefined> {
  const { rows } = await insertTxStatement(db, {
    ...row,
    ref_tx_id: row.ref_tx_id ?? null,
    usage_day: row.usage_day ?? null,
    created_at: now,
  });
  return rows[0]?.id;
}

const insertTxStatement = precompiled((db, p: Required<WalletTxRow> & { created_at: string }) =>
  db
    .insertInto('wallet_transactions')
    .values({
      ref_tx_id: p.ref_tx_id,
      provider_id: p.provider_id,
      tx_id: p.tx_id,
      kind: p.kind,
      member_id: p.member_id,
      round_uid: p.round_uid,
      amount_centavos: p.amount_centavos,
      status: p.status,
      transfer_id: p.transfer_id,
      usage_day: p.usage_day,
      created_at: p.created_at,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'tx_id']).doNothing())
    .returning('id'),
);

/** A round's first stake, or one more stake into it (one round here, many in debit-many.repository.ts). */
export type NewRoundStake = {
  roundUid: string;
  providerId: number;
  gameId: number;
  memberId: number;
  betCentavos: number;
  outcomeJson: string | null;
  seedId: number | null;
  nonce: number | null;
};

/** Opens a round with its first stake, or adds the stake to the round already open under that uid. */
export async function openOrAddToRound(db: Database, round: NewRoundStake, now: string) {
  const { rows } = await openOrAddToRoundStatement(db, { ...round, now });
  const row = rows[0];
  if (!row) throw new Error(`round ${round.roundUid} was neither opened nor found`);
  return row;
}

const openOrAddToRoundStatement = precompiled((db, p: NewRoundStake & { now: string }) =>
  db
    .insertInto('game_rounds')
    .values({
      round_uid: p.roundUid,
      provider_id: p.providerId,
      game_id: p.gameId,
      member_id: p.memberId,
      bet_centavos: p.betCentavos,
      win_centavos: 0,
      status: 'open',
      outcome_json: p.outcomeJson,
      seed_id: p.seedId,
      nonce: p.nonce,
      created_at: p.now,
      settled_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['provider_id', 'round_uid']).doUpdateSet({
        bet_centavos: sql`game_rounds.bet_centavos + ${p.betCentavos}`,
      }),
    )
    .returning(['id', 'member_id', 'status']),
);

/** A win added to a round: settled with it when `settledAt` is given, its outcome when one is given. */
function winChanges(winCentavos: number, settledAt: string | null, outcomeJson: string | undefined) {
  return {
    win_centavos: sql<number>`win_centavos + ${winCentavos}`,
    ...(settledAt ? { status: 'settled', settled_at: settledAt } : {}),
    ...(outcomeJson === undefined ? {} : { outcome_json: outcomeJson }),
  };
}

/** Adds a win to a round not rolled back (and settles it when `settledAt` is given); undefined when rolled back. */
export async function addWinToRound(db: Database, roundId: number, winCentavos: number, settledAt: string | null, outcomeJson?: string) {
  return db
    .updateTable('game_rounds')
    .set(winChanges(winCentavos, settledAt, outcomeJson))
    .where('id', '=', roundId)
    .where('status', '<>', 'rolled_back')
    .returning(['status'])
    .executeTakeFirst();
}

/**
 * Adds a win to the member's round while it is open (and settles it when `settledAt` is given):
 * the common case of a win in one statement. Undefined when there is no such open round (unknown,
 * another member's, already settled or rolled back): the caller reads the round to tell which.
 */
export async function addWinToOpenRound(
  db: Database,
  round: { providerId: number; roundUid: string; memberId: number },
  winCentavos: number,
  settledAt: string | null,
  outcomeJson?: string,
) {
  return db
    .updateTable('game_rounds')
    .set(winChanges(winCentavos, settledAt, outcomeJson))
    .where('provider_id', '=', round.providerId)
    .where('round_uid', '=', round.roundUid)
    .where('member_id', '=', round.memberId)
    .where('status', '=', 'open')
    .returning(['id', 'bet_centavos'])
    .executeTakeFirst();
}

/** Settles an open round; undefined when it was not open. */
export async function settleOpenRound(db: Database, providerId: number, roundUid: string, now: string, outcomeJson?: string) {
  return db
    .updateTable('game_rounds')
    .set({ status: 'settled', settled_at: now, ...(outcomeJson === undefined ? {} : { outcome_json: outcomeJson }) })
    .where('provider_id', '=', providerId)
    .where('round_uid', '=', roundUid)
    .where('status', '=', 'open')
    .returning(['bet_centavos'])
    .executeTakeFirst();
}

/** Marks a standing bet rolled back; false when it no longer stands. Its row is the rollback's lock. */
export async function markBetRolledBack(db: Database, txRowId: number): Promise<boolean> {
  const marked = await db
    .updateTable('wallet_transactions')
    .set({ status: 'rolled_back' })
    .where('id', '=', txRowId)
    .where('status', '=', 'ok')
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** Takes a bet out of its round while the round is open with no win (emptied, it is rolled back); undefined otherwise. */
export async function takeBetFromOpenRound(db: Database, providerId: number, roundUid: string, betCentavos: number) {
  return db
    .updateTable('game_rounds')
    .set({
      bet_centavos: sql`bet_centavos - ${betCentavos}`,
      status: sql`case when bet_centavos - ${betCentavos} <= 0 then 'rolled_back' else status end`,
    })
    .where('provider_id', '=', providerId)
    .where('round_uid', '=', roundUid)
    .where('status', '=', 'open')
    .where('win_centavos', '=', 0)
    .returning(['id'])
    .executeTakeFirst();
}

/** A valid bet: lifetime totals grow and the wagering requirement (ml_money) shrinks, never below zero. */
export async function addValidBetToMember(db: Database, memberId: number, category: string, betCentavos: number): Promise<void> {
  const statement = category === 'slots' ? addValidSlotBet : category === 'live' ? addValidLiveBet : addValidBet;
  await statement(db, { memberId, betCentavos });
}

/** Every settled round counts here: precompiled, one statement per category's shape. */
const validBetStatement = (category: 'slots' | 'live' | 'other') =>
  precompiled((db, p: { memberId: number; betCentavos: number }) =>
    db
      .updateTable('members')
      .set({
        total_bet_centavos: sql`total_bet_centavos + ${p.betCentavos}`,
        ...(category === 'slots' ? { total_slot_bet_centavos: sql`total_slot_bet_centavos + ${p.betCentavos}` } : {}),
        ...(category === 'live' ? { total_live_bet_centavos: sql`total_live_bet_centavos + ${p.betCentavos}` } : {}),
        wagering_required_centavos: sql`case when wagering_required_centavos > ${p.betCentavos} then wagering_required_centavos - ${p.betCentavos} else 0 end`,
      })
      .where('id', '=', p.memberId),
  );
const addValidSlotBet = validBetStatement('slots');
const addValidLiveBet = validBetStatement('live');
const addValidBet = validBetStatement('other');

/**
 * addValidBetToMember for many members in one statement (a settlement page); each member once.
 * The caller holds the members' cash locks, so no other transaction waits on these rows in
 * another order.
 */
export async function addValidBetsToMembers(
  db: Database,
  category: string,
  bets: readonly { memberId: number; betCentavos: number }[],
): Promise<void> {
  // Two values a row: well under both databases' limits on bound values per statement.
  for (let i = 0; i < bets.length; i += 10_000) {
    const values = sql.join(bets.slice(i, i + 10_000).map((b) => sql`(cast(${b.memberId} as bigint), cast(${b.betCentavos} as bigint))`));
    await sql`
      update members
      set total_bet_centavos = members.total_bet_centavos + v.column2,
        total_slot_bet_centavos = members.total_slot_bet_centavos + ${category === 'slots' ? sql`v.column2` : sql`0`},
        total_live_bet_centavos = members.total_live_bet_centavos + ${category === 'live' ? sql`v.column2` : sql`0`},
        wagering_required_centavos = case when members.wagering_required_centavos > v.column2
          then members.wagering_required_centavos - v.column2 else 0 end
      from (values ${values}) as v
      where members.id = v.column1`.execute(db);
  }
}
