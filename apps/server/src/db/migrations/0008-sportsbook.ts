import type { ColumnDataType, Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// The sportsbook (issue 6, DESIGN.md section 8): fixtures, markets, selections, bets and legs.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const ts: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'text';
  const id = (table: ReturnType<typeof db.schema.createTable>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('sports'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('names_json', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await id(db.schema.createTable('competitions'))
    .addColumn('sport_id', 'bigint', (c) => c.notNull().references('sports.id'))
    .addColumn('code', 'varchar(48)', (c) => c.notNull().unique())
    .addColumn('names_json', 'text', (c) => c.notNull())
    .addColumn('country', 'varchar(8)')
    // 'league', 'cup', 'international' or 'virtual'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('margin_bp', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('teams'))
    .addColumn('sport_id', 'bigint', (c) => c.notNull().references('sports.id'))
    .addColumn('code', 'varchar(48)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('short_name', 'varchar(8)', (c) => c.notNull())
    .addColumn('country', 'varchar(8)')
    // Ratings in thousandths: expected goals scale (1000 = average attack / defence).
    .addColumn('attack', 'integer', (c) => c.notNull())
    .addColumn('defence', 'integer', (c) => c.notNull())
    .addColumn('color_primary', 'varchar(9)', (c) => c.notNull())
    .addColumn('color_secondary', 'varchar(9)', (c) => c.notNull())
    .addColumn('is_virtual', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('fixtures'))
    .addColumn('competition_id', 'bigint', (c) => c.notNull().references('competitions.id'))
    .addColumn('home_team_id', 'bigint', (c) => c.notNull().references('teams.id'))
    .addColumn('away_team_id', 'bigint', (c) => c.notNull().references('teams.id'))
    .addColumn('starts_at', ts, (c) => c.notNull())
    // scheduled -> live -> finished, or cancelled.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('home_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('away_score', 'integer', (c) => c.notNull().defaultTo(0))
    // The result the settlement used; a correction bumps it and re-settles.
    .addColumn('result_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_virtual', 'integer', (c) => c.notNull().defaultTo(0))
    // Virtual matches: the committed seed (hash shown before kick-off, seed revealed after) and the goals.
    .addColumn('server_seed', 'varchar(64)')
    .addColumn('server_seed_hash', 'varchar(64)')
    .addColumn('events_json', 'text')
    .addColumn('feed', 'varchar(32)', (c) => c.notNull().defaultTo('poisson'))
    .addColumn('external_id', 'varchar(64)')
    .addColumn('finished_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fixtures_status_idx').on('fixtures').columns(['status', 'starts_at']).execute();
  await db.schema.createIndex('fixtures_competition_idx').on('fixtures').columns(['competition_id', 'starts_at']).execute();

  await id(db.schema.createTable('markets'))
    .addColumn('fixture_id', 'bigint', (c) => c.notNull().references('fixtures.id'))
    // '1x2', 'double_chance', 'over_under', 'btts', 'correct_score', 'asian_handicap'.
    .addColumn('type', 'varchar(24)', (c) => c.notNull())
    // The line in hundredths (over/under 2.5 -> 250; handicap -1.5 -> -150); 0 when none.
    .addColumn('line', 'integer', (c) => c.notNull().defaultTo(0))
    // open, suspended, settled, void.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('margin_bp', 'integer', (c) => c.notNull())
    // Bumped at every price change or state change: a bet is accepted against one version.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('settled_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('markets_unique', ['fixture_id', 'type', 'line'])
    .execute();

  await id(db.schema.createTable('selections'))
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('markets.id'))
    // 'home', 'draw', 'away', 'home_draw', 'over', 'under', 'yes', 'no', '2-1', 'other' ...
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // Decimal odds in hundredths (1.85 -> 185); the fair probability in parts per million.
    .addColumn('odds', 'integer', (c) => c.notNull())
    .addColumn('probability_ppm', 'integer', (c) => c.notNull())
    // pending, won, lost, void, half_won, half_lost (asian quarter lines are not offered: no halves yet).
    .addColumn('result', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addUniqueConstraint('selections_unique', ['market_id', 'code'])
    .execute();

  await id(db.schema.createTable('sport_bets'))
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('bet_no', 'varchar(32)', (c) => c.notNull().unique())
    // The client's idempotency key for the placement (unique per member).
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
    // single or accumulator.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('stake_centavos', 'bigint', (c) => c.notNull())
    // The product of the legs' accepted odds, in hundredths, rounded down (3 legs at 2.00 -> 800).
    .addColumn('total_odds', 'bigint', (c) => c.notNull())
    .addColumn('potential_payout_centavos', 'bigint', (c) => c.notNull())
    // open, won, lost, void, cashed_out.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // What the bet has paid so far (payout, refund or cash-out); corrections move the difference.
    .addColumn('paid_centavos', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settlement_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('placed_at', ts, (c) => c.notNull())
    .addColumn('settled_at', ts)
    .addUniqueConstraint('sport_bets_request_unique', ['member_id', 'request_id'])
    .execute();
  await db.schema.createIndex('sport_bets_member_idx').on('sport_bets').columns(['member_id', 'id']).execute();
  await db.schema.createIndex('sport_bets_status_idx').on('sport_bets').columns(['status', 'id']).execute();

  await id(db.schema.createTable('sport_bet_legs'))
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('sport_bets.id'))
    .addColumn('fixture_id', 'bigint', (c) => c.notNull().references('fixtures.id'))
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('markets.id'))
    .addColumn('selection_id', 'bigint', (c) => c.notNull().references('selections.id'))
    .addColumn('odds', 'integer', (c) => c.notNull())
    // pending, won, lost, void.
    .addColumn('result', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema.createIndex('sport_bet_legs_bet_idx').on('sport_bet_legs').column('bet_id').execute();
  await db.schema.createIndex('sport_bet_legs_market_idx').on('sport_bet_legs').columns(['market_id', 'bet_id']).execute();

  // Every result entry or correction of a fixture (who, when, what): the audit of settlement.
  await id(db.schema.createTable('fixture_results'))
    .addColumn('fixture_id', 'bigint', (c) => c.notNull().references('fixtures.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('home_score', 'integer')
    .addColumn('away_score', 'integer')
    // 'result' or 'cancelled'.
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('operator_id', 'bigint')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addUniqueConstraint('fixture_results_unique', ['fixture_id', 'version'])
    .execute();

  // One row: the book's limits and margins (operators change them in the back office).
  await db.schema
    .createTable('sportsbook_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('default_margin_bp', 'integer', (c) => c.notNull())
    .addColumn('min_stake_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_stake_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_payout_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_market_liability_centavos', 'bigint', (c) => c.notNull())
    .addColumn('max_legs', 'integer', (c) => c.notNull())
    .addColumn('cashout_margin_bp', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db
    .insertInto('sportsbook_settings')
    .values({
      id: 1,
      default_margin_bp: 600,
      min_stake_centavos: 100,
      max_stake_centavos: 500_000,
      max_payout_centavos: 10_000_000,
      max_market_liability_centavos: 50_000_000,
      max_legs: 12,
      cashout_margin_bp: 500,
      updated_at: new Date().toISOString(),
    })
    .execute();
}
