// Raw baseline for the ledger on PostgreSQL: node-postgres alone, a schema of its own with the
// same three tables and indexes, and one statement per transfer (a data-modifying CTE inserts the
// transfer, debits the member with the no-negative condition and inserts both entries), each its
// own durable commit (synchronous_commit on), `connections` connections, as many in flight.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { load, type Measured } from '../lib/measure.ts';

const URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function rawPostgresLedger(connections: number, total: number, members = 64): Promise<Measured> {
  const schema = `baseline_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pool = new pg.Pool({ connectionString: URL, max: connections, options: `-c search_path=${schema}` });
  try {
    await pool.query(`
      create table ledger_accounts (id bigserial primary key, member_id bigint, kind varchar(32) not null, currency varchar(3) not null,
        balance_centavos bigint not null default 0, version integer not null default 0, created_at timestamptz not null);
      create unique index ledger_member_account_unique on ledger_accounts (member_id, kind, currency);
      create table ledger_transfers (id bigserial primary key, idempotency_key varchar(191) not null unique, code varchar(64) not null,
        meta_json text, created_at timestamptz not null);
      create table ledger_entries (id bigserial primary key, transfer_id bigint not null references ledger_transfers (id),
        account_id bigint not null references ledger_accounts (id), amount_centavos bigint not null, balance_after_centavos bigint,
        created_at timestamptz not null);
      create index ledger_entries_account_idx on ledger_entries (account_id, id);
      create index ledger_entries_transfer_idx on ledger_entries (transfer_id);
      insert into ledger_accounts (member_id, kind, currency, created_at) values (null, 'game_house:bench', 'BRL', now());
      insert into ledger_accounts (member_id, kind, currency, balance_centavos, created_at)
        select g, 'cash', 'BRL', 1000000000, now() from generate_series(1, ${members}) g;
    `);
    const house = (await pool.query('select id from ledger_accounts where member_id is null')).rows[0].id;
    const accounts = (await pool.query('select id from ledger_accounts where member_id is not null order by id')).rows.map((r) => r.id);
    const text = `
      with t as (insert into ledger_transfers (idempotency_key, code, created_at) values ($1, 'game_bet', now()) returning id),
           d as (update ledger_accounts set balance_centavos = balance_centavos - $3, version = version + 1
                 where id = $2 and balance_centavos >= $3 returning balance_centavos)
      insert into ledger_entries (transfer_id, account_id, amount_centavos, balance_after_centavos, created_at)
      select t.id, $2, -$3, d.balance_centavos, now() from t, d
      union all select t.id, $4, $3, null, now() from t, d`;
    const run = `${randomBytes(3).toString('hex')}`;
    return await load(connections, total, (i) =>
      pool.query({ name: 'post', text, values: [`baseline:${run}:${i}`, accounts[i % accounts.length], 100, house] }),
    );
  } finally {
    await pool.end();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
