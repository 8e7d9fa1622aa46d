import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// A house game's instant round (dice, plinko, roulette, the slots) is written once, settled, with
// its ledger transfers known (issue 13, item 3: at most 8 statements per bet). The round's row now
// names its transfers (bet_transfer_id, win_transfer_id), and a trigger on that insert writes what
// the wallet wrote after it in four more statements, in the same statement and transaction:
// - the round's wallet transactions, `<round>:bet` and `<round>:win` (the win only when paid),
//   each naming its ledger transfer (the back office's round view reads them);
// - the member's valid bet: lifetime totals (by the game's category) and the wagering still due;
// - the São Paulo day's play figures by category (member_daily_stats: rebates, loss relief,
//   agency commissions read them);
// - the São Paulo day's responsible-gaming counters (responsible_usage: loss and wager limits).
// The day is the round's created_at in São Paulo, as member_game_days (0018) counts it. Rounds
// written any other way (open rounds, seamless callbacks, shared rounds) leave the transfer ids
// null and the trigger does nothing for them.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema.alterTable('game_rounds').addColumn('bet_transfer_id', 'bigint').execute();
  await db.schema.alterTable('game_rounds').addColumn('win_transfer_id', 'bigint').execute();

  const day = pg ? `to_char(new.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')` : `date(new.created_at, '-3 hours')`;
  const category = pg ? 'v_category' : '(select category from games where id = new.game_id)';
  const tx = (kind: 'bet' | 'win') =>
    `insert into wallet_transactions (ref_tx_id, provider_id, member_id, round_uid, status, tx_id, kind, amount_centavos, transfer_id, created_at)
      values (null, new.provider_id, new.member_id, new.round_uid, 'ok', new.round_uid || ':${kind}', '${kind}',
        new.${kind}_centavos, new.${kind}_transfer_id, new.created_at);`;
  const counts = `
    update members set
      total_bet_centavos = total_bet_centavos + new.bet_centavos,
      total_slot_bet_centavos = total_slot_bet_centavos + (case when ${category} = 'slots' then new.bet_centavos else 0 end),
      total_live_bet_centavos = total_live_bet_centavos + (case when ${category} = 'live' then new.bet_centavos else 0 end),
      wagering_required_centavos = case when wagering_required_centavos > new.bet_centavos
        then wagering_required_centavos - new.bet_centavos else 0 end
    where id = new.member_id;
    insert into member_daily_stats (member_id, day, category, bet_centavos, win_centavos, rounds)
      values (new.member_id, ${day}, ${category}, new.bet_centavos, new.win_centavos, 1)
      on conflict (member_id, day, category) do update set
        bet_centavos = member_daily_stats.bet_centavos + excluded.bet_centavos,
        win_centavos = member_daily_stats.win_centavos + excluded.win_centavos,
        rounds = member_daily_stats.rounds + excluded.rounds;
    insert into responsible_usage (member_id, day, stake_centavos, win_centavos, seconds, limit_hits)
      values (new.member_id, ${day}, new.bet_centavos, new.win_centavos, 0, 0)
      on conflict (member_id, day) do update set
        stake_centavos = responsible_usage.stake_centavos + excluded.stake_centavos,
        win_centavos = responsible_usage.win_centavos + excluded.win_centavos;`;

  if (!pg) {
    await sql
      .raw(`create trigger game_rounds_instant_counts after insert on game_rounds when new.bet_transfer_id is not null
      begin
        ${tx('bet')}
        insert into wallet_transactions (ref_tx_id, provider_id, member_id, round_uid, status, tx_id, kind, amount_centavos, transfer_id, created_at)
          select null, new.provider_id, new.member_id, new.round_uid, 'ok', new.round_uid || ':win', 'win',
            new.win_centavos, new.win_transfer_id, new.created_at
          where new.win_transfer_id is not null;
        ${counts}
      end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function game_rounds_instant_count() returns trigger language plpgsql as $$
declare
  v_category varchar(16);
begin
  select category into v_category from games where id = new.game_id;
  ${tx('bet')}
  if new.win_transfer_id is not null then
    ${tx('win')}
  end if;
  ${counts}
  return null;
end $$`)
    .execute(db);
  await sql`create trigger game_rounds_instant_counts after insert on game_rounds
    for each row when (new.bet_transfer_id is not null) execute function game_rounds_instant_count()`.execute(db);
}
