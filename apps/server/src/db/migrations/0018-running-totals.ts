import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// Totals kept as they are written (issue 13, item 4), so the pages that show them read a few rows
// instead of summing every row of the member or the market:
// - member_game_days: per member, São Paulo day (of the round's created_at) and game, the rounds
//   played, the stakes (a rolled-back round's stake counts 0) and the wins. The game record's
//   totals are sums over at most 7 days of it. Kept by triggers on game_rounds, so every write of a
//   round (the wallet's insert, its win, settlement and rollback updates, a bulk write) moves it in
//   the same statement and transaction, with one upsert, and no caller can forget it.
// - sport_selection_exposure: per market selection, the open bets with a leg on it, their stakes
//   and their potential payouts (an accumulator counts in full on each of its legs, as before). The
//   placement's liability check and the back office's boards read it. Kept by triggers: a leg
//   inserted while its bet is open adds, a bet leaving 'open' (settled, void, cashed out) takes its
//   legs out, a bet coming back to 'open' puts them back. On PostgreSQL the bet trigger runs once per
//   statement over its transition tables, so settling 100,000 bets is one grouped upsert.
// - game_rounds on PostgreSQL: the member index gains the id, the records page's order
//   (created_at desc, id desc), so a keyset page is one index range (SQLite's index ends with the
//   rowid, which is the id).
// - ledger_transfers: a partial index of the bonus codes (bonus, rebate_accrual, rebate_claim) by
//   time, for the order centre's bonus totals; only those rare transfers pay for it.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  const money = 'bigint';

  await db.schema
    .createTable('member_game_days')
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    /** YYYY-MM-DD, the São Paulo day of the rounds' created_at. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('game_id', 'bigint', (c) => c.notNull().references('games.id'))
    .addColumn('rounds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bet_centavos', money, (c) => c.notNull().defaultTo(0))
    .addColumn('win_centavos', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('member_game_days_pk', ['member_id', 'day', 'game_id'])
    .execute();

  await db.schema
    .createTable('sport_selection_exposure')
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('markets.id'))
    .addColumn('selection_id', 'bigint', (c) => c.notNull().references('selections.id'))
    .addColumn('fixture_id', 'bigint', (c) => c.notNull().references('fixtures.id'))
    .addColumn('open_bets', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stakes_centavos', money, (c) => c.notNull().defaultTo(0))
    .addColumn('payouts_centavos', money, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sport_selection_exposure_pk', ['market_id', 'selection_id'])
    .execute();
  await db.schema.createIndex('sport_selection_exposure_fixture_idx').on('sport_selection_exposure').column('fixture_id').execute();

  await sql`create index ledger_transfers_bonus_idx on ledger_transfers (created_at) where code in ('bonus', 'rebate_accrual', 'rebate_claim')`.execute(
    db,
  );

  if (pg) await postgres(db);
  else await sqlite(db);

  // Backfill from the rows already written.
  const day = pg ? sql`to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')` : sql`date(created_at, '-3 hours')`;
  await sql`insert into member_game_days (member_id, day, game_id, rounds, bet_centavos, win_centavos)
    select member_id, ${day}, game_id, count(*),
      sum(case when status = 'rolled_back' then 0 else bet_centavos end), sum(win_centavos)
    from game_rounds group by member_id, ${day}, game_id`.execute(db);
  await sql`insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
    select l.market_id, l.selection_id, min(l.fixture_id), count(*), sum(b.stake_centavos), sum(b.potential_payout_centavos)
    from sport_bet_legs l join sport_bets b on b.id = l.bet_id
    where b.status = 'open'
    group by l.market_id, l.selection_id`.execute(db);
}

const ADD_DAY = `on conflict (member_id, day, game_id) do update set
      rounds = member_game_days.rounds + excluded.rounds,
      bet_centavos = member_game_days.bet_centavos + excluded.bet_centavos,
      win_centavos = member_game_days.win_centavos + excluded.win_centavos`;
const ADD_EXPOSURE = `on conflict (market_id, selection_id) do update set
      open_bets = sport_selection_exposure.open_bets + excluded.open_bets,
      stakes_centavos = sport_selection_exposure.stakes_centavos + excluded.stakes_centavos,
      payouts_centavos = sport_selection_exposure.payouts_centavos + excluded.payouts_centavos`;

async function sqlite(db: Kysely<any>): Promise<void> {
  const day = (row: 'new' | 'old') => `date(${row}.created_at, '-3 hours')`;
  const stake = (row: 'new' | 'old') => `(case when ${row}.status = 'rolled_back' then 0 else ${row}.bet_centavos end)`;
  const dayRow = (row: 'new' | 'old', sign: '' | '-', rounds: string) =>
    `insert into member_game_days (member_id, day, game_id, rounds, bet_centavos, win_centavos)
      values (${row}.member_id, ${day(row)}, ${row}.game_id, ${rounds}, ${sign}${stake(row)}, ${sign}${row}.win_centavos)
      ${ADD_DAY};`;
  const statements = [
    `create trigger game_rounds_days_insert after insert on game_rounds begin ${dayRow('new', '', '1')} end`,
    `create trigger game_rounds_days_delete after delete on game_rounds begin ${dayRow('old', '-', '-1')} end`,
    // The usual update (a stake added, a win, settled, rolled back): one upsert of the difference.
    `create trigger game_rounds_days_update after update of bet_centavos, win_centavos, status on game_rounds
      when new.member_id = old.member_id and new.game_id = old.game_id and new.created_at = old.created_at
        and (${stake('new')} <> ${stake('old')} or new.win_centavos <> old.win_centavos)
      begin
      insert into member_game_days (member_id, day, game_id, rounds, bet_centavos, win_centavos)
        values (new.member_id, ${day('new')}, new.game_id, 0, ${stake('new')} - ${stake('old')}, new.win_centavos - old.win_centavos)
        ${ADD_DAY};
      end`,
    // A round moved to another member, game or time (no code does this): out of the old, into the new.
    `create trigger game_rounds_days_move after update of member_id, game_id, created_at on game_rounds
      when new.member_id <> old.member_id or new.game_id <> old.game_id or new.created_at <> old.created_at
      begin ${dayRow('old', '-', '-1')} ${dayRow('new', '', '1')} end`,
    `create trigger sport_bet_legs_exposure_insert after insert on sport_bet_legs begin
      insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
        select new.market_id, new.selection_id, new.fixture_id, 1, b.stake_centavos, b.potential_payout_centavos
        from sport_bets b where b.id = new.bet_id and b.status = 'open'
        ${ADD_EXPOSURE};
      end`,
    `create trigger sport_bets_exposure_update after update of status, stake_centavos, potential_payout_centavos on sport_bets
      when old.status = 'open' or new.status = 'open'
      begin
      insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
        select l.market_id, l.selection_id, l.fixture_id,
          (new.status = 'open') - (old.status = 'open'),
          (case when new.status = 'open' then new.stake_centavos else 0 end) - (case when old.status = 'open' then old.stake_centavos else 0 end),
          (case when new.status = 'open' then new.potential_payout_centavos else 0 end)
            - (case when old.status = 'open' then old.potential_payout_centavos else 0 end)
        from sport_bet_legs l where l.bet_id = new.id
        ${ADD_EXPOSURE};
      end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgres(db: Kysely<any>): Promise<void> {
  await sql`create index game_rounds_member_page_idx on game_rounds (member_id, created_at, id)`.execute(db);
  await sql`drop index game_rounds_member_idx`.execute(db);

  const day = (row: 'new' | 'old') => `to_char(${row}.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
  const stake = (row: 'new' | 'old') => `(case when ${row}.status = 'rolled_back' then 0 else ${row}.bet_centavos end)`;
  const dayRow = (row: 'new' | 'old', sign: '' | '-', rounds: string) =>
    `insert into member_game_days (member_id, day, game_id, rounds, bet_centavos, win_centavos)
        values (${row}.member_id, ${day(row)}, ${row}.game_id, ${rounds}, ${sign}${stake(row)}, ${sign}${row}.win_centavos)
        ${ADD_DAY};`;
  await sql
    .raw(`create function member_game_days_track() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.member_id = old.member_id and new.game_id = old.game_id and new.created_at = old.created_at then
    if ${stake('new')} <> ${stake('old')} or new.win_centavos <> old.win_centavos then
      insert into member_game_days (member_id, day, game_id, rounds, bet_centavos, win_centavos)
        values (new.member_id, ${day('new')}, new.game_id, 0, ${stake('new')} - ${stake('old')}, new.win_centavos - old.win_centavos)
        ${ADD_DAY};
    end if;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    ${dayRow('old', '-', '-1')}
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    ${dayRow('new', '', '1')}
  end if;
  return null;
end $$`)
    .execute(db);
  await sql`create trigger game_rounds_days after insert or delete or update of member_id, game_id, created_at, bet_centavos, win_centavos, status
    on game_rounds for each row execute function member_game_days_track()`.execute(db);

  // Legs: one grouped upsert per insert statement, over the inserted legs of open bets.
  await sql
    .raw(`create function sport_legs_exposure_track() returns trigger language plpgsql as $$
begin
  insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
    select l.market_id, l.selection_id, min(l.fixture_id), count(*), sum(b.stake_centavos), sum(b.potential_payout_centavos)
    from new_legs l join sport_bets b on b.id = l.bet_id
    where b.status = 'open'
    group by l.market_id, l.selection_id
    ${ADD_EXPOSURE};
  return null;
end $$`)
    .execute(db);
  await sql`create trigger sport_bet_legs_exposure after insert on sport_bet_legs referencing new table as new_legs
    for each statement execute function sport_legs_exposure_track()`.execute(db);

  // Bets: one grouped upsert per update statement, over the bets whose open share changed.
  await sql
    .raw(`create function sport_bets_exposure_track() returns trigger language plpgsql as $$
begin
  insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
    select l.market_id, l.selection_id, min(l.fixture_id),
      sum((n.status = 'open')::int - (o.status = 'open')::int),
      sum((case when n.status = 'open' then n.stake_centavos else 0 end) - (case when o.status = 'open' then o.stake_centavos else 0 end)),
      sum((case when n.status = 'open' then n.potential_payout_centavos else 0 end)
        - (case when o.status = 'open' then o.potential_payout_centavos else 0 end))
    from new_bets n
    join old_bets o on o.id = n.id
    join sport_bet_legs l on l.bet_id = n.id
    where (o.status = 'open' or n.status = 'open')
      and (o.status is distinct from n.status
        or o.stake_centavos <> n.stake_centavos
        or o.potential_payout_centavos <> n.potential_payout_centavos)
    group by l.market_id, l.selection_id
    ${ADD_EXPOSURE};
  return null;
end $$`)
    .execute(db);
  await sql`create trigger sport_bets_exposure after update on sport_bets referencing old table as old_bets new table as new_bets
    for each statement execute function sport_bets_exposure_track()`.execute(db);
}
