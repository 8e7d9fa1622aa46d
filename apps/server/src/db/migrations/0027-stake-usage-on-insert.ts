import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// A stake counts toward the member's loss and wager limits on the day responsible gaming checked
// it, and a win toward the loss limits (issue 13, item 3: at most 8 statements per bet). Until now
// every seamless debit and credit and every sportsbook bet wrote responsible_usage in a statement
// of its own; the row the call writes anyway now names that São Paulo day (`usage_day`,
// 'YYYY-MM-DD') and a trigger on its insert adds it to the day's counters, in the same statement
// and transaction:
// - wallet_transactions: a bet's stake, a win's amount (the wallet's debit and credit);
// - sport_bets: each bet's stake.
// Rows written any other way (rollbacks, wins of zero, an instant round's transactions, which
// 0026's trigger already counts, and every row written before) leave usage_day null: nothing is
// counted for them.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema.alterTable('wallet_transactions').addColumn('usage_day', 'varchar(10)').execute();
  await db.schema.alterTable('sport_bets').addColumn('usage_day', 'varchar(10)').execute();

  const count = (stake: string, win: string) => `
    insert into responsible_usage (member_id, day, stake_centavos, win_centavos, seconds, limit_hits)
      values (new.member_id, new.usage_day, ${stake}, ${win}, 0, 0)
      on conflict (member_id, day) do update set
        stake_centavos = responsible_usage.stake_centavos + excluded.stake_centavos,
        win_centavos = responsible_usage.win_centavos + excluded.win_centavos;`;
  const triggers = [
    {
      name: 'wallet_transactions_usage',
      table: 'wallet_transactions',
      stake: `case when new.kind = 'bet' then new.amount_centavos else 0 end`,
      win: `case when new.kind = 'win' then new.amount_centavos else 0 end`,
    },
    { name: 'sport_bets_stake_usage', table: 'sport_bets', stake: 'new.stake_centavos', win: '0' },
  ];
  for (const trigger of triggers) {
    if (!pg) {
      await sql
        .raw(`create trigger ${trigger.name} after insert on ${trigger.table} when new.usage_day is not null
        begin
          ${count(trigger.stake, trigger.win)}
        end`)
        .execute(db);
      continue;
    }
    await sql
      .raw(`create function ${trigger.name}() returns trigger language plpgsql as $$
begin
  ${count(trigger.stake, trigger.win)}
  return null;
end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${trigger.name} after insert on ${trigger.table}
      for each row when (new.usage_day is not null) execute function ${trigger.name}()`)
      .execute(db);
  }
}
