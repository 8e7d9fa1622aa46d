import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

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
    // The per-selection running totals of open bets (migration 0018) joined the update's old and
    // new transition tables on the bet id. Transition tables have no index and no statistics, so
    // PostgreSQL joined them by a nested loop: a settlement page of 5,000 bets compared 25 million
    // pairs, and re-entering a result over 100,000 settled bets (none of them open, nothing to
    // count) took minutes (bench/settlement.bench.ts). The change of the open share is the new
    // open bets minus the old open bets, each side filtered on its own: no join of the two.
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
    join sport_bet_legs l on l.bet_id = d.id
    group by l.market_id, l.selection_id
    having sum(d.bets) <> 0 or sum(d.stakes) <> 0 or sum(d.payouts) <> 0
    on conflict (market_id, selection_id) do update set
      open_bets = sport_selection_exposure.open_bets + excluded.open_bets,
      stakes_centavos = sport_selection_exposure.stakes_centavos + excluded.stakes_centavos,
      payouts_centavos = sport_selection_exposure.payouts_centavos + excluded.payouts_centavos;
  return null;
end $$`)
      .execute(db);
  }
}
