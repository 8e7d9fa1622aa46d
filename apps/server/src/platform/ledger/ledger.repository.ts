import { sql } from 'kysely';
import { type Database, isSqlite, preparedOnPostgres, type RawSqlite } from '../../db/database.ts';
import { precompiled } from '../../db/precompiled.ts';

/** A transfer line as the database sees it: a member's account (member id and kind) or a house account (kind). */
export interface PostLine {
  memberId: number | null;
  kind: string;
  amountCentavos: number;
}

export interface PostRequest {
  key: string;
  code: string;
  meta: string | null;
  now: string;
  currency: string;
  lines: PostLine[];
}

/**
 * What posting a transfer did: posted (the member accounts' balances after, by account id), found
 * the key stored with the same lines (replayed) or other lines (conflict), or refused a line: a
 * debit beyond the balance (insufficient) or a member without that account (no_account).
 */
export type PostOutcome =
  | { status: 'ok'; transferId: number; balances: Record<number, number> }
  | { status: 'replayed'; transferId: number }
  | { status: 'conflict' }
  | { status: 'insufficient' | 'no_account'; line: number };

/**
 * PostgreSQL: one round trip, the ledger_post() function (migration 0019) in the caller's
 * transaction. On a refusal it has written nothing, so the caller's transaction may go on.
 */
export async function postTransferPostgres(trx: Database, request: PostRequest): Promise<PostOutcome> {
  const { lines } = request;
  const statement = sql<{
    status: 'ok' | 'replayed' | 'conflict' | 'insufficient' | 'no_account';
    transfer_id: number | null;
    line: number | null;
    account_ids: number[] | null;
    balances: (number | null)[] | null;
  }>`select * from ledger_post(${request.key}, ${request.code}, ${request.meta}, ${request.now}, ${request.currency},
    ${lines.map((l) => l.memberId)}::bigint[], ${lines.map((l) => l.kind)}::varchar[], ${lines.map((l) => l.amountCentavos)}::bigint[])`.compile(
    trx,
  );
  // Every transfer's statement: kept prepared on the connection.
  preparedOnPostgres(statement.sql);
  const row = (await trx.executeQuery(statement)).rows[0];
  if (!row) throw new Error(`ledger_post answered nothing for ${request.key}`);
  switch (row.status) {
    case 'ok': {
      const balances: Record<number, number> = {};
      row.account_ids?.forEach((id, i) => {
        const after = row.balances?.[i];
        if (after !== null && after !== undefined) balances[Number(id)] = Number(after);
      });
      return { status: 'ok', transferId: Number(row.transfer_id), balances };
    }
    case 'replayed':
      return { status: 'replayed', transferId: Number(row.transfer_id) };
    case 'conflict':
      return { status: 'conflict' };
    default:
      return { status: row.status, line: Number(row.line) - 1 };
  }
}

const houseAccountIds = new WeakMap<RawSqlite, Map<string, number>>();

/**
 * SQLite: the same rules in prepared statements run synchronously inside the caller's
 * transaction (which holds the one connection): postNewTransfersSqlite for the one transfer, and
 * a key already stored read back as a replay or a conflict. A refusal leaves written rows behind:
 * the caller's transaction (or the group commit's savepoint) rolls back.
 */
export function postTransferSqlite(raw: RawSqlite, request: PostRequest): PostOutcome {
  const outcome = postNewTransfersSqlite(raw, [request]);
  switch (outcome.status) {
    case 'ok':
      return { status: 'ok', transferId: outcome.transferIds[0] as number, balances: outcome.balances };
    case 'replayed':
      // One transfer: its key was found before anything was written.
      return replayedSqlite(raw, request);
    default:
      return { status: outcome.status, line: outcome.line };
  }
}

/** What posting new transfers together did (postNewTransfersSqlite). */
export type PostManyOutcome =
  | { status: 'ok'; transferIds: number[]; balances: Record<number, number> }
  | { status: 'replayed' }
  | { status: 'insufficient' | 'no_account'; transfer: number; line: number };

/**
 * SQLite: transfers whose keys are new, posted together in three statements whatever their number
 * (one transfer, or an instant round's stake and win): the transfer rows in one insert; one
 * conditional update per member account for all its lines, by their net move, refused when the
 * balance would dip below zero at any line on the way; the entries in one insert, each transfer's
 * in account id order, with the running balance each line leaves. House account ids are
 * remembered per connection (they never change). A key already stored answers 'replayed' (having
 * written the others' rows when there are several: like a refusal, the caller's transaction or
 * savepoint rolls back).
 */
export function postNewTransfersSqlite(raw: RawSqlite, requests: readonly PostRequest[]): PostManyOutcome {
  const inserted = raw
    .prepare(
      `insert into ledger_transfers (idempotency_key, code, meta_json, created_at) values ${requests.map(() => '(?, ?, ?, ?)').join(', ')} on conflict (idempotency_key) do nothing returning id, idempotency_key`,
    )
    .all(...requests.flatMap((r) => [r.key, r.code, r.meta, r.now])) as { id: number; idempotency_key: string }[];
  if (inserted.length !== requests.length) return { status: 'replayed' };
  const transferIds = requests.map((r) => inserted.find((row) => row.idempotency_key === r.key)?.id as number);

  // Each member account's lines in order: its net move, the lowest its balance dips, and where.
  const moves = new Map<string, { memberId: number; kind: string; delta: number; low: number; at: [number, number] }>();
  requests.forEach((request, t) => {
    request.lines.forEach((line, l) => {
      if (line.memberId === null) return;
      const name = `${line.memberId}:${line.kind}`;
      const move = moves.get(name) ?? { memberId: line.memberId, kind: line.kind, delta: 0, low: 0, at: [t, l] as [number, number] };
      move.delta += line.amountCentavos;
      if (move.delta < move.low) {
        move.low = move.delta;
        move.at = [t, l];
      }
      moves.set(name, move);
    });
  });
  const currency = requests[0]?.currency as string;
  const accountIds = new Map<string, number>();
  const running = new Map<number, number>();
  const balances: Record<number, number> = {};
  for (const [name, move] of moves) {
    const row = raw
      .prepare(
        'update ledger_accounts set balance_centavos = balance_centavos + ?, version = version + 1 where member_id = ? and kind = ? and currency = ? and balance_centavos + ? >= 0 returning id, balance_centavos',
      )
      .get(move.delta, move.memberId, move.kind, currency, move.low) as { id: number; balance_centavos: number } | undefined;
    if (!row) {
      const exists = memberAccountIdSqlite(raw, move.memberId, move.kind, currency);
      return { status: exists === undefined ? 'no_account' : 'insufficient', transfer: move.at[0], line: move.at[1] };
    }
    accountIds.set(name, row.id);
    running.set(row.id, row.balance_centavos - move.delta);
    balances[row.id] = row.balance_centavos;
  }

  const entries: unknown[] = [];
  requests.forEach((request, t) => {
    const lines = request.lines
      .map((line) => ({
        line,
        accountId:
          line.memberId === null
            ? houseAccountSqlite(raw, line.kind, request)
            : (accountIds.get(`${line.memberId}:${line.kind}`) as number),
      }))
      .sort((a, b) => a.accountId - b.accountId);
    for (const { line, accountId } of lines) {
      let after: number | null = null;
      if (line.memberId !== null) {
        after = (running.get(accountId) as number) + line.amountCentavos;
        running.set(accountId, after);
      }
      entries.push(transferIds[t], accountId, line.amountCentavos, after, request.now);
    }
  });
  try {
    raw
      .prepare(
        `insert into ledger_entries (transfer_id, account_id, amount_centavos, balance_after_centavos, created_at) values ${Array.from({ length: entries.length / 5 }, () => '(?, ?, ?, ?, ?)').join(', ')}`,
      )
      .run(...entries);
  } catch (error) {
    // A remembered house account whose opening was rolled back after all: read them again.
    houseAccountIds.delete(raw);
    throw error;
  }
  return { status: 'ok', transferIds, balances };
}

function memberAccountIdSqlite(raw: RawSqlite, memberId: number, kind: string, currency: string): number | undefined {
  const row = raw
    .prepare('select id from ledger_accounts where member_id = ? and kind = ? and currency = ?')
    .get(memberId, kind, currency) as { id: number } | undefined;
  return row?.id;
}

function houseAccountSqlite(raw: RawSqlite, kind: string, request: PostRequest): number {
  let cache = houseAccountIds.get(raw);
  if (!cache) {
    cache = new Map();
    houseAccountIds.set(raw, cache);
  }
  const cached = cache.get(`${kind}:${request.currency}`);
  if (cached !== undefined) return cached;
  const find = () =>
    raw.prepare('select id from ledger_accounts where member_id is null and kind = ? and currency = ?').get(kind, request.currency) as
      | { id: number }
      | undefined;
  let row = find();
  if (row) cache.set(`${kind}:${request.currency}`, row.id);
  else {
    raw
      .prepare(
        'insert into ledger_accounts (member_id, kind, currency, created_at) values (null, ?, ?, ?) on conflict (kind, currency) where member_id is null do nothing',
      )
      .run(kind, request.currency, request.now);
    row = find();
  }
  if (!row) throw new Error(`house account ${kind} could not be opened`);
  // One opened now is remembered once a later transfer finds it (this transaction may roll back).
  return row.id;
}

/** A stored key: the same lines (account and amount) replay it, other lines conflict with it. */
function replayedSqlite(raw: RawSqlite, request: PostRequest): PostOutcome {
  const stored = raw.prepare('select id from ledger_transfers where idempotency_key = ?').get(request.key) as { id: number };
  const kept = (
    raw.prepare('select account_id, amount_centavos from ledger_entries where transfer_id = ?').all(stored.id) as {
      account_id: number;
      amount_centavos: number;
    }[]
  )
    .map((e) => `${e.account_id}:${e.amount_centavos}`)
    .sort();
  const asked: string[] = [];
  for (const line of request.lines) {
    const id =
      line.memberId === null
        ? (
            raw
              .prepare('select id from ledger_accounts where member_id is null and kind = ? and currency = ?')
              .get(line.kind, request.currency) as { id: number } | undefined
          )?.id
        : memberAccountIdSqlite(raw, line.memberId, line.kind, request.currency);
    if (id === undefined) return { status: 'conflict' };
    asked.push(`${id}:${line.amountCentavos}`);
  }
  return asked.sort().join() === kept.join() ? { status: 'replayed', transferId: stored.id } : { status: 'conflict' };
}

/**
 * Locks the member's cash account row until the transaction ends (a no-op update on PostgreSQL).
 * One row: a statement that locks several rows can take them in different orders under concurrent
 * updates (PostgreSQL rechecks moved tuples) and deadlock with itself.
 */
export async function lockMemberCash(db: Database, memberId: number): Promise<void> {
  // SQLite has one writer, and the server's transactions take its one connection one at a time
  // (the group commit's units one after another): there is no other transaction to wait for.
  if (isSqlite(db)) return;
  await lockMemberCashStatement(db, { memberId });
}

const lockMemberCashStatement = precompiled<{ memberId: number }, unknown>((db, p) =>
  db
    .updateTable('ledger_accounts')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('member_id', '=', p.memberId)
    .where('kind', '=', 'cash'),
);

/** The ids of every account of the member (cash, bonus, rebate). */
export async function memberAccountIds(db: Database, memberId: number): Promise<number[]> {
  const rows = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', memberId).execute();
  return rows.map((row) => row.id);
}

/** The member's cash balance (the member has a cash account from registration on). */
export async function memberCashBalance(db: Database, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

export async function accountEntriesPage(db: Database, accountIds: number[], page: number, pageSize: number) {
  if (accountIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transfers', 'ledger_transfers.id', 'ledger_entries.transfer_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .where('ledger_entries.account_id', 'in', accountIds);
  const [rows, total] = await Promise.all([
    base
      .select([
        'ledger_entries.id',
        'ledger_entries.transfer_id',
        'ledger_accounts.kind as account_kind',
        'ledger_entries.amount_centavos',
        'ledger_entries.balance_after_centavos',
        'ledger_transfers.code',
        'ledger_transfers.idempotency_key',
        'ledger_transfers.meta_json',
        'ledger_entries.created_at',
      ])
      .orderBy('ledger_entries.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
