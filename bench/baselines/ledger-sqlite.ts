// Raw baseline for the ledger on SQLite: better-sqlite3 alone, the same three tables and indexes
// and the same rows per transfer as the project writes (a transfer row, a conditional balance
// update, two entries), WAL with synchronous=FULL. The transfers in flight at one moment share a
// transaction (one fsync each time: with one transaction per transfer, a 2 ms fsync caps any
// design at about 400/s). Nothing else: no query builder, no idempotency replay, no savepoints.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { load, type Measured } from '../lib/measure.ts';

export async function rawSqliteLedger(concurrency: number, total: number, members = 64): Promise<Measured> {
  const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
  const db = new SQLite(join(dir, 'baseline.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`
      create table ledger_accounts (id integer primary key autoincrement, member_id integer, kind varchar(32) not null,
        currency varchar(3) not null, balance_centavos bigint not null default 0, version integer not null default 0, created_at text not null);
      create unique index ledger_member_account_unique on ledger_accounts (member_id, kind, currency);
      create table ledger_transfers (id integer primary key autoincrement, idempotency_key varchar(191) not null unique,
        code varchar(64) not null, meta_json text, created_at text not null);
      create table ledger_entries (id integer primary key autoincrement, transfer_id bigint not null references ledger_transfers (id),
        account_id bigint not null references ledger_accounts (id), amount_centavos bigint not null, balance_after_centavos bigint,
        created_at text not null);
      create index ledger_entries_account_idx on ledger_entries (account_id, id);
      create index ledger_entries_transfer_idx on ledger_entries (transfer_id);
    `);
    const now = new Date().toISOString();
    const house = db
      .prepare("insert into ledger_accounts (member_id, kind, currency, created_at) values (null, 'game_house:bench', 'BRL', ?)")
      .run(now);
    const open = db.prepare(
      "insert into ledger_accounts (member_id, kind, currency, balance_centavos, created_at) values (?, 'cash', 'BRL', 1000000000, ?)",
    );
    const accounts = Array.from({ length: members }, (_, i) => Number(open.run(i + 1, now).lastInsertRowid));
    const insertTransfer = db.prepare(
      "insert into ledger_transfers (idempotency_key, code, meta_json, created_at) values (?, 'game_bet', null, ?)",
    );
    const debit = db.prepare(
      'update ledger_accounts set balance_centavos = balance_centavos - ?, version = version + 1 where id = ? and balance_centavos >= ? returning balance_centavos',
    );
    const insertEntries = db.prepare(
      'insert into ledger_entries (transfer_id, account_id, amount_centavos, balance_after_centavos, created_at) values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)',
    );
    const post = (i: number) => {
      const account = accounts[i % accounts.length]!;
      const transferId = insertTransfer.run(`baseline:${i}`, now).lastInsertRowid;
      const after = (debit.get(100, account, 100) as { balance_centavos: number }).balance_centavos;
      insertEntries.run(transferId, account, -100, after, now, transferId, house.lastInsertRowid, 100, null, now);
    };
    let queue: { i: number; done: () => void }[] = [];
    const commit = db.transaction((batch: { i: number }[]) => {
      for (const item of batch) post(item.i);
    });
    return await load(concurrency, total, (i) => {
      if (queue.length === 0)
        setImmediate(() => {
          const batch = queue;
          queue = [];
          commit(batch);
          for (const item of batch) item.done();
        });
      return new Promise<void>((done) => queue.push({ i, done }));
    });
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
