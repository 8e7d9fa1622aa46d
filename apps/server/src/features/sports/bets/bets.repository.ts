import { type Database, isSqlite } from '../../../db/database.ts';
import { precompiled, precompiledForList } from '../../../db/precompiled.ts';

/**
 * The queries of betting, my bets and cash out. Rows only: the services map them to the shared
 * response types. Functions that take `trx` must run inside the caller's transaction.
 */

export type SportsbookSettings = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

/** The book's one settings row (limits, margins). */
export async function findSettings(db: Database) {
  return db.selectFrom('sportsbook_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Which market each selection belongs to (a selection never changes market): unknown ids are absent. */
/**
 * Takes the rows of the markets (a row lock that writes nothing): a suspension, a price change
 * or a settlement of those markets waits for this transaction, and this one waits for theirs, so
 * a bet is accepted against one committed state of its markets. One statement, the rows taken in
 * id order (the sort runs below the lock), so two slips cannot deadlock. Nothing on SQLite, whose
 * writers are serialised anyway.
 */
export async function lockMarkets(trx: Database, marketIds: readonly number[]): Promise<void> {
  if (marketIds.length === 0 || isSqlite(trx)) return;
  await trx.selectFrom('markets').select('id').where('id', 'in', marketIds).orderBy('id').forNoKeyUpdate().execute();
}

/** lockMarkets for the markets of a slip's selections (a selection that does not exist locks nothing). */
export async function lockMarketsOfSelections(trx: Database, selectionIds: readonly number[]): Promise<void> {
  if (selectionIds.length === 0 || isSqlite(trx)) return;
  await trx
    .selectFrom('markets')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('selections').select('market_id').where('id', 'in', selectionIds))
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

export type SlipRow = Awaited<ReturnType<typeof findSlip>>[number];

/**
 * The selections of a slip with their market, fixture and current price, read under the market
 * locks; what a placed bet's legs show (findLegs' columns), so the answer needs no read after the
 * writes; and the book's open exposure the liability check weighs (the market's open stakes and
 * what its open bets would pay on the selection), from the running totals per selection
 * (sport_selection_exposure, kept by migration 0018's triggers as bets are placed, settled or
 * reopened): a placement reads the market's few total rows, not its bets, in this one statement.
 * An accumulator counts in full on each of its legs' markets (the cautious reading).
 */
const slipStatement = precompiledForList((db, selectionIds: readonly number[]) =>
  db
    .selectFrom('selections')
    .innerJoin('markets', 'markets.id', 'selections.market_id')
    .innerJoin('fixtures', 'fixtures.id', 'markets.fixture_id')
    .innerJoin('competitions', 'competitions.id', 'fixtures.competition_id')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
    .select([
      'selections.id as selection_id',
      'selections.odds',
      'selections.result as selection_result',
      'selections.code as selection_code',
      'selections.probability_ppm',
      'markets.id as market_id',
      'markets.status as market_status',
      'markets.type as market_type',
      'markets.line',
      'fixtures.id as fixture_id',
      'fixtures.status as fixture_status',
      'fixtures.starts_at',
      'fixtures.home_score',
      'fixtures.away_score',
      'home.name as home_name',
      'away.name as away_name',
      'competitions.enabled as competition_enabled',
      (eb) =>
        eb
          .selectFrom('sport_selection_exposure as open')
          .select((sub) => sub.fn.sum<number>('open.stakes_centavos').as('stakes'))
          .whereRef('open.market_id', '=', 'markets.id')
          .as('market_open_stakes'),
      (eb) =>
        eb
          .selectFrom('sport_selection_exposure as open')
          .select('open.payouts_centavos')
          .whereRef('open.market_id', '=', 'markets.id')
          .whereRef('open.selection_id', '=', 'selections.id')
          .as('selection_open_payouts'),
    ])
    .where('selections.id', 'in', selectionIds),
);

export async function findSlip(trx: Database, selectionIds: readonly number[]) {
  const { rows } = await slipStatement(trx, selectionIds, {});
  // A sum is a string on PostgreSQL, and null where nothing is open.
  return rows.map((row) => ({
    ...row,
    market_open_stakes: Number(row.market_open_stakes ?? 0),
    selection_open_payouts: Number(row.selection_open_payouts ?? 0),
  }));
}

export type BetRow = Awaited<ReturnType<typeof findBetsByRequestKeys>>[number];

const BET_COLUMNS = [
  'id',
  'member_id',
  'bet_no',
  'request_id',
  'kind',
  'stake_centavos',
  'total_odds',
  'potential_payout_centavos',
  'status',
  'paid_centavos',
  'placed_at',
  'settled_at',
] as const;

export type NewBet = {
  member_id: number;
  bet_no: string;
  request_id: string;
  kind: 'single' | 'accumulator';
  stake_centavos: number;
  total_odds: number;
  potential_payout_centavos: number;
  placed_at: string;
  /** The São Paulo day of responsible gaming the stake counts in: the insert's trigger counts it (migration 0027). */
  usage_day: string;
};

const insertBetStatement = precompiled((db, bet: NewBet) =>
  db
    .insertInto('sport_bets')
    .values({
      member_id: bet.member_id,
      bet_no: bet.bet_no,
      request_id: bet.request_id,
      kind: bet.kind,
      stake_centavos: bet.stake_centavos,
      total_odds: bet.total_odds,
      potential_payout_centavos: bet.potential_payout_centavos,
      placed_at: bet.placed_at,
      usage_day: bet.usage_day,
      status: 'open',
      paid_centavos: 0,
      settlement_version: 0,
      settled_at: null,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning(BET_COLUMNS),
);

/** Inserts an open bet and answers its row; undefined when the member already has a bet under this request key. */
export async function insertBet(trx: Database, bet: NewBet) {
  const { rows } = await insertBetStatement(trx, bet);
  return rows[0];
}

/** Writes a bet's legs, pending; answers their ids in the order given. */
export async function insertLegs(
  trx: Database,
  legs: { bet_id: number; fixture_id: number; market_id: number; selection_id: number; odds: number }[],
): Promise<number[]> {
  if (legs.length === 0) return [];
  const values = legs.flatMap((leg) => [leg.bet_id, leg.fixture_id, leg.market_id, leg.selection_id, leg.odds]);
  const { rows } = await insertLegsStatement(trx, values, {});
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The legs' values five by five (bet, fixture, market, selection, odds), one row each. */
const insertLegsStatement = precompiledForList((db, values: readonly number[]) =>
  db
    .insertInto('sport_bet_legs')
    .values(
      Array.from({ length: values.length / 5 }, (_, i) => ({
        bet_id: values[i * 5] as number,
        fixture_id: values[i * 5 + 1] as number,
        market_id: values[i * 5 + 2] as number,
        selection_id: values[i * 5 + 3] as number,
        odds: values[i * 5 + 4] as number,
        result: 'pending',
      })),
    )
    .returning('id'),
);

/** The member's bets placed under these request keys, in placement order. */
export async function findBetsByRequestKeys(db: Database, memberId: number, requestKeys: readonly string[]) {
  // Sorted here, not by the query: asked to order by id, SQLite (no statistics) walked the
  // member's (member_id, id) index through every bet the member ever placed, 1 ms at 3,000 bets,
  // instead of looking the keys up in the (member_id, request_id) unique index (8 µs). Every
  // placement runs this first (bench/bets.bench.ts, sportsbook).
  const { rows } = await betsByRequestKeysStatement(db, requestKeys, { memberId });
  return rows.sort((a, b) => a.id - b.id);
}

const betsByRequestKeysStatement = precompiledForList((db, requestKeys: readonly string[], p: { memberId: number }) =>
  db.selectFrom('sport_bets').select(BET_COLUMNS).where('member_id', '=', p.memberId).where('request_id', 'in', requestKeys),
);

/** One of the member's bets by its number (another member's number finds nothing). */
export async function findMemberBet(db: Database, memberId: number, betNo: string) {
  return db.selectFrom('sport_bets').select(BET_COLUMNS).where('member_id', '=', memberId).where('bet_no', '=', betNo).executeTakeFirst();
}

export type BetFilter = 'open' | 'settled' | undefined;

function filtered(db: Database, memberId: number, filter: BetFilter) {
  let query = db.selectFrom('sport_bets').where('member_id', '=', memberId);
  if (filter === 'open') query = query.where('status', '=', 'open');
  if (filter === 'settled') query = query.where('status', '<>', 'open');
  return query;
}

/** A page of the member's bets, newest first, and how many match. */
export async function listMemberBets(db: Database, memberId: number, filter: BetFilter, page: number, pageSize: number) {
  const rows = await filtered(db, memberId, filter)
    .select(BET_COLUMNS)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await filtered(db, memberId, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export type LegRow = Awaited<ReturnType<typeof findLegs>>[number];

/**
 * The legs of some bets with what a bet slip shows (teams, market, line, price, result, score)
 * and what the cash-out offer needs (the market's state and the selection's fair probability now).
 */
export async function findLegs(db: Database, betIds: readonly number[]) {
  if (betIds.length === 0) return [];
  return db
    .selectFrom('sport_bet_legs')
    .innerJoin('selections', 'selections.id', 'sport_bet_legs.selection_id')
    .innerJoin('markets', 'markets.id', 'sport_bet_legs.market_id')
    .innerJoin('fixtures', 'fixtures.id', 'sport_bet_legs.fixture_id')
    .innerJoin('teams as home', 'home.id', 'fixtures.home_team_id')
    .innerJoin('teams as away', 'away.id', 'fixtures.away_team_id')
    .select([
      'sport_bet_legs.id',
      'sport_bet_legs.bet_id',
      'sport_bet_legs.odds',
      'sport_bet_legs.result',
      'sport_bet_legs.selection_id',
      'selections.code as selection_code',
      'selections.probability_ppm',
      'markets.id as market_id',
      'markets.type as market_type',
      'markets.line',
      'markets.status as market_status',
      'fixtures.id as fixture_id',
      'fixtures.starts_at',
      'fixtures.status as fixture_status',
      'fixtures.home_score',
      'fixtures.away_score',
      'home.name as home_name',
      'away.name as away_name',
    ])
    .where('sport_bet_legs.bet_id', 'in', betIds)
    .orderBy('sport_bet_legs.bet_id')
    .orderBy('sport_bet_legs.id')
    .execute();
}

/**
 * Takes an open bet's row for the rest of the transaction (a write that changes nothing), only if
 * it is still open: a settlement or another cash-out that committed first leaves nothing to take,
 * and one still running makes this wait for its outcome. Undefined when the bet is not open.
 */
export async function lockOpenBet(trx: Database, betId: number) {
  return trx
    .updateTable('sport_bets')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', betId)
    .where('status', '=', 'open')
    .returning(BET_COLUMNS)
    .executeTakeFirst();
}

/** Closes a bet this transaction holds (lockOpenBet) as cashed out for what it paid. */
export async function markCashedOut(trx: Database, betId: number, paidCentavos: number, now: string) {
  return trx
    .updateTable('sport_bets')
    .set({ status: 'cashed_out', paid_centavos: paidCentavos, settled_at: now })
    .where('id', '=', betId)
    .where('status', '=', 'open')
    .returning(BET_COLUMNS)
    .executeTakeFirst();
}
