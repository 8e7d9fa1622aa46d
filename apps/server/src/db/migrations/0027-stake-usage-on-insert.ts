import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// A stake counts toward the member's loss and wager limits on the day responsible gaming checked
// it (issue 13, item 3: at most 8 statements per bet). Until now every seamless debit and every
// sportsbook bet wrote responsible_usage in a statement of its own after the check; the stake's
// row now names that day (`usage_day`, the São Paulo day, 'YYYY-MM-DD') and a trigger on its
// insert adds the stake to the day's counters, in the same statement and transaction:
// - wallet_transactions: a bet (kind 'bet') the wallet's debit took;
// - sport_bets: each bet of a slip.
// Rows written any other way (wins, rollbacks, an instant round's transactions, which 0026's
// trigger already counts, and every row written before) leave usage_day null: nothing is counted.
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema.alterTable('wallet_transactions').addColumn('usage_day', 'varchar(10)').execute();
  await db.schema.alterTable('sport_bets').addColumn('usage_day', 'varchar(10)').execute();

  const count = (stake: string) => `
    insert into responsible_usage (member_id, day, stake_centavos, win_centavos, seconds, limit_hits)
      values (new.member_id, new.usage_day, new.${stake}, 0, 0, 0)
      on conflict (member_id, day) do update set
        stake_centavos = responsible_usage.stake_centavos + excluded.stake_centavos;`;
  const triggers = [
    {
      name: 'wallet_transactions_stake_usage',
      table: 'wallet_transactions',
      stake: 'amount_centavos',
      when: `new.usage_day is not null and new.kind = 'bet'`,
    },
    { name: 'sport_bets_stake_usage', table: 'sport_bets', stake: 'stake_centavos', when: 'new.usage_day is not null' },
  ];
  for (const trigger of triggers) {
    if (!pg) {
      await sql
        .raw(`create trigger ${trigger.name} after insert on ${trigger.table} when ${trigger.when}
        begin
          ${count(trigger.stake)}
        end`)
        .execute(db);
      continue;
    }
    await sql
      .raw(`create function ${trigger.name}() returns trigger language plpgsql as $$
begin
  ${count(trigger.stake)}
  return null;
end $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${trigger.name} after insert on ${trigger.table}
      for each row when (${trigger.when}) execute function ${trigger.name}()`)
      .execute(db);
  }
}
