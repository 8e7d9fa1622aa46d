import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen with this migration (the same clause as 0018's).
const ADD_EXPOSURE = `on conflict (market_id, selection_id) do update set
      open_bets = sport_selection_exposure.open_bets + excluded.open_bets,
      stakes_centavos = sport_selection_exposure.stakes_centavos + excluded.stakes_centavos,
      payouts_centavos = sport_selection_exposure.payouts_centavos + excluded.payouts_centavos`;

// Frozen in time: later changes are new migrations, never edits of this one.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // Every house bet takes a nonce: `update fair_seeds set nonce = nonce + 1 where member_id = ?
    // and active = 1`. On SQLite the partial unique index `(member_id) where active = 1` made that
    // update cost 27 µs instead of 5 (bench/bets.bench.ts; SQLite maintains a partial index on
    // every update of the row). The same rule as a unique index on an expression (NULL for a
    // retired pair, and NULLs never collide) is only touched when `active` or `member_id` change.
    // PostgreSQL keeps the partial index: its update of a column outside every index is HOT.
    await sql`drop index fair_seeds_one_active`.execute(db);
    await sql`create unique index fair_seeds_one_active on fair_seeds ((case when active = 1 then member_id end))`.execute(db);
  }
  if (dialect === 'postgres') {
    // The per-selection running totals of open bets (migration 0018) are kept by statement
    // triggers over transition tables, which have no index and no statistics (PostgreSQL assumes
    // 1,000 rows). Joined like tables, they made the planner hash every open bet for each new
    // slip's legs (27,000 open bets: 8 ms per placement, growing with the book), and join the old
    // and new bets of a settlement page by a nested loop (25 million pairs a page of 5,000). Each
    // row now looks up its own bet or legs by index (LATERAL), and the change of the open share is
    // the new open bets minus the old open bets, each side filtered on its own.
    await sql
      .raw(`create or replace function sport_legs_exposure_track() returns trigger language plpgsql as $$
begin
  insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
    select l.market_id, l.selection_id, min(l.fixture_id), count(*), sum(b.stake_centavos), sum(b.potential_payout_centavos)
    from new_legs l
    cross join lateral (select stake_centavos, potential_payout_centavos from sport_bets where id = l.bet_id and status = 'open') b
    group by l.market_id, l.selection_id
    ${ADD_EXPOSURE};
  return null;
end $$`)
      .execute(db);
    await sql
      .raw(`create or replace function sport_bets_exposure_track() returns trigger language plpgsql as $$
begin
  insert into sport_selection_exposure (market_id, selection_id, fixture_id, open_bets, stakes_centavos, payouts_centavos)
    select l.market_id, l.selection_id, min(l.fixture_id), sum(d.bets), sum(d.stakes), sum(d.payouts)
    from (
      select id, 1 as bets, stake_centavos as stakes, potential_payout_centavos as payouts from new_bets where status = 'open'
      union all
      select id, -1, -stake_centavos, -potential_payout_centavos from old_bets where status = 'open'
    ) d
    cross join lateral (select market_id, selection_id, fixture_id from sport_bet_legs where bet_id = d.id) l
    group by l.market_id, l.selection_id
    having sum(d.bets) <> 0 or sum(d.stakes) <> 0 or sum(d.payouts) <> 0
    ${ADD_EXPOSURE};
  return null;
end $$`)
      .execute(db);
  }
}
