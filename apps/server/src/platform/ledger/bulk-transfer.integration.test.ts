import { centavos } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/test-app.ts';
import { postTransfers } from './bulk-transfer.ts';
import { verifyLedger } from './ledger-verify.ts';
import { cash, house, IdempotencyConflict, InsufficientFunds, moved, type TransferInput } from './ledger.service.ts';

/**
 * Bulk postings (bulk-transfer.ts) on SQLite and PostgreSQL: many transfers in one transaction,
 * each member's balance moved once with the running balance of every entry; a batch posted again
 * moves nothing; a key reused with other lines, or a debit past the balance, rolls back the lot.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const credit = (key: string, member: number, amount: number): TransferInput => ({
  key,
  code: 'deposit',
  lines: moved(house('psp_clearing'), cash(member), centavos(amount)),
});
const debit = (key: string, member: number, amount: number): TransferInput => ({
  key,
  code: 'sport_bet',
  lines: moved(cash(member), house('sportsbook_house'), centavos(amount)),
});

async function balanceOf(memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

const post = (inputs: TransferInput[]) => t.ctx.db.transaction().execute((trx) => postTransfers(trx, inputs));

describe('postTransfers', () => {
  it('posts a batch with several lines per member in order, and a second run moves nothing', async () => {
    const a = (await registerMember(t.app)).id;
    const b = (await registerMember(t.app)).id;
    const tag = `bulk:${a}`;
    const batch = [credit(`${tag}:1`, a, 1_000), credit(`${tag}:2`, b, 500), debit(`${tag}:3`, a, 800), credit(`${tag}:4`, a, 250)];

    const first = await post(batch);
    expect(first.transfers.map((r) => r.replayed)).toEqual([false, false, false, false]);
    expect(await balanceOf(a)).toBe(450);
    expect(await balanceOf(b)).toBe(500);
    const entries = await t.ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_entries.amount_centavos', 'ledger_entries.balance_after_centavos'])
      .where('ledger_accounts.member_id', '=', a)
      .orderBy('ledger_entries.id')
      .execute();
    expect(entries).toEqual([
      { amount_centavos: 1_000, balance_after_centavos: 1_000 },
      { amount_centavos: -800, balance_after_centavos: 200 },
      { amount_centavos: 250, balance_after_centavos: 450 },
    ]);

    const again = await post(batch);
    expect(again.transfers).toEqual(first.transfers.map((r) => ({ transferId: r.transferId, replayed: true })));
    expect(await balanceOf(a)).toBe(450);
    expect(await balanceOf(b)).toBe(500);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses a debit that would take a balance below zero on the way, and writes nothing of the batch', async () => {
    const a = (await registerMember(t.app)).id;
    await post([credit(`bulk:${a}:fund`, a, 300)]);
    // Ends at +100 overall, but dips to -200 after the debit: refused like postTransfer refuses it.
    await expect(post([debit(`bulk:${a}:d`, a, 500), credit(`bulk:${a}:c`, a, 300)])).rejects.toBeInstanceOf(InsufficientFunds);
    expect(await balanceOf(a)).toBe(300);
    const written = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('idempotency_key', 'in', [`bulk:${a}:d`, `bulk:${a}:c`])
      .execute();
    expect(written).toEqual([]);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses a key already used for other lines (IdempotencyConflict), and writes nothing of the batch', async () => {
    const a = (await registerMember(t.app)).id;
    await post([credit(`bulk:${a}:k`, a, 300)]);
    await expect(post([credit(`bulk:${a}:new`, a, 100), credit(`bulk:${a}:k`, a, 999)])).rejects.toBeInstanceOf(IdempotencyConflict);
    expect(await balanceOf(a)).toBe(300);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('pays once when two batches with the same keys run at once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => registerMember(t.app)));
    const batch = members.map((m) => credit(`bulk:race:${m.id}`, m.id, 700));
    const results = await Promise.all([post(batch), post(batch)]);
    const fresh = results.flatMap((r) => r.transfers).filter((r) => !r.replayed);
    expect(fresh).toHaveLength(5);
    for (const m of members) expect(await balanceOf(m.id)).toBe(700);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
