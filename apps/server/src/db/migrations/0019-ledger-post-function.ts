import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.ts';

// Frozen in time: later changes are new migrations, never edits of this one.
// PostgreSQL posts a ledger transfer in one round trip (issue 13, item 2): ledger_post() does what
// post-transfer.ts did in six statements, in the caller's transaction, with the same rules:
// - a key already stored answers 'replayed' when the lines are the same (account and amount),
//   else 'conflict'; nothing moves;
// - member rows are updated in account id order (two transfers over the same accounts cannot
//   deadlock); a debit never takes a balance below zero: the function undoes the lines it applied
//   (the rows stay locked by this transaction, so nobody saw them) and answers 'insufficient' with
//   the line's index, having written nothing;
// - house accounts keep no running balance and open on first use.
// SQLite needs no such function: its statements run in-process (ledger.repository.ts).
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
create or replace function ledger_post(
  p_key varchar, p_code varchar, p_meta text, p_now timestamptz, p_currency varchar,
  p_members bigint[], p_kinds varchar[], p_amounts bigint[]
) returns table (status text, transfer_id bigint, line integer, account_ids bigint[], balances bigint[])
language plpgsql as $fn$
declare
  n integer := coalesce(array_length(p_amounts, 1), 0);
  ids bigint[] := array_fill(null::bigint, array[n]);
  afters bigint[] := array_fill(null::bigint, array[n]);
  ord integer[];
  v_id bigint;
  v_account bigint;
  v_balance bigint;
  i integer;
  j integer;
  k integer;
  stored text[];
  asked text[];
begin
  for i in 1..n loop
    if p_members[i] is null then
      select a.id into v_account from ledger_accounts a
        where a.member_id is null and a.kind = p_kinds[i] and a.currency = p_currency;
      if v_account is null then
        insert into ledger_accounts (member_id, kind, currency, created_at)
          values (null, p_kinds[i], p_currency, p_now)
          on conflict (kind, currency) where member_id is null do nothing;
        select a.id into v_account from ledger_accounts a
          where a.member_id is null and a.kind = p_kinds[i] and a.currency = p_currency;
      end if;
    else
      select a.id into v_account from ledger_accounts a
        where a.member_id = p_members[i] and a.kind = p_kinds[i] and a.currency = p_currency;
      if v_account is null then
        return query select 'no_account'::text, null::bigint, i, null::bigint[], null::bigint[];
        return;
      end if;
    end if;
    ids[i] := v_account;
  end loop;

  select t.id into v_id from ledger_transfers t where t.idempotency_key = p_key;
  if v_id is null then
    select array_agg(s order by ids[s]) into ord from generate_subscripts(ids, 1) s;
    for k in 1..n loop
      i := ord[k];
      if p_members[i] is not null then
        update ledger_accounts a
          set balance_centavos = a.balance_centavos + p_amounts[i], version = a.version + 1
          where a.id = ids[i] and a.balance_centavos + p_amounts[i] >= 0
          returning a.balance_centavos into v_balance;
        if not found then
          for j in 1..k - 1 loop
            if p_members[ord[j]] is not null then
              update ledger_accounts a
                set balance_centavos = a.balance_centavos - p_amounts[ord[j]], version = a.version - 1
                where a.id = ids[ord[j]];
            end if;
          end loop;
          return query select 'insufficient'::text, null::bigint, i, null::bigint[], null::bigint[];
          return;
        end if;
        afters[i] := v_balance;
      end if;
    end loop;
    insert into ledger_transfers (idempotency_key, code, meta_json, created_at)
      values (p_key, p_code, p_meta, p_now)
      on conflict (idempotency_key) do nothing
      returning id into v_id;
    if v_id is not null then
      insert into ledger_entries (transfer_id, account_id, amount_centavos, balance_after_centavos, created_at)
        select v_id, ids[s], p_amounts[s], afters[s], p_now from unnest(ord) s;
      return query select 'ok'::text, v_id, null::integer, ids, afters;
      return;
    end if;
    -- Another transaction stored the key meanwhile: undo, and answer as a replay would.
    for k in 1..n loop
      if p_members[ord[k]] is not null then
        update ledger_accounts a
          set balance_centavos = a.balance_centavos - p_amounts[ord[k]], version = a.version - 1
          where a.id = ids[ord[k]];
      end if;
    end loop;
    select t.id into v_id from ledger_transfers t where t.idempotency_key = p_key;
  end if;

  select coalesce(array_agg(e.account_id || ':' || e.amount_centavos order by e.account_id || ':' || e.amount_centavos), '{}')
    into stored from ledger_entries e where e.transfer_id = v_id;
  select coalesce(array_agg(ids[s] || ':' || p_amounts[s] order by ids[s] || ':' || p_amounts[s]), '{}')
    into asked from generate_subscripts(ids, 1) s;
  if stored = asked then
    return query select 'replayed'::text, v_id, null::integer, null::bigint[], null::bigint[];
  else
    return query select 'conflict'::text, v_id, null::integer, null::bigint[], null::bigint[];
  end if;
end
$fn$`.execute(db);
}
