import { centavos } from '@casino/shared/money';
import fc from 'fast-check';
import type { LedgerTransferCode } from '@casino/shared/ledger-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from './ledger-verify.ts';
import { cash, house, IdempotencyConflict, LedgerInvariantError, lockMemberCash, rebate, type TransferLine } from './ledger.service.ts';
import { transfer } from './transfer.ts';
import { postTransfer } from './post-transfer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
const key = (prefix: string) => `${prefix}:${Date.now()}:${++seq}`;
const deposit = (member: number, amount: number, k = key('deposit')) =>
  transfer(t.ctx.db, {
    key: k,
    code: 'deposit',
    lines: [
      { account: house('psp_clearing'), amountCentavos: centavos(-amount) },
      { account: cash(member), amountCentavos: centavos(amount) },
    ],
  });
const withdraw = (member: number, amount: number, k = key('withdrawal')) =>
  transfer(t.ctx.db, {
    key: k,
    code: 'withdrawal_request',
    lines: [
      { account: cash(member), amountCentavos: centavos(-amount) },
      { account: house('withdrawals_payable'), amountCentavos: centavos(amount) },
    ],
  });

async function balance(member: number, kind = 'cash') {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', member)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

async function me(token: string) {
  return (await t.app.inject({ method: 'POST', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json().data;
}

describe('ledger transfers', () => {
  it('credits and debits member accounts and shows them in user info', async () => {
    const m = await registerMember(t.app);
    expect((await deposit(m.id, 10_050)).ok).toBe(true);
    expect(await balance(m.id)).toBe(10_050);
    expect((await withdraw(m.id, 50)).ok).toBe(true);
    const user = await me(m.token);
    expect(user.money).toBe('100.00');
    const moved = await transfer(t.ctx.db, {
      key: key('rebate'),
      code: 'rebate_accrual',
      lines: [
        { account: house('promotions_expense'), amountCentavos: centavos(-123) },
        { account: rebate(m.id), amountCentavos: centavos(123) },
      ],
    });
    expect(moved.ok).toBe(true);
    expect((await me(m.token)).fs_money).toBe('1.23');
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses a debit beyond the balance and writes nothing', async () => {
    const m = await registerMember(t.app);
    await deposit(m.id, 1_000);
    const transfersBefore = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await withdraw(m.id, 1_001);
    expect(refused).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS', account: cash(m.id) });
    const transfersAfter = await t.ctx.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(transfersAfter.n)).toBe(Number(transfersBefore.n));
    expect(await balance(m.id)).toBe(1_000);
  });

  it('answers a replayed key with the first transfer and moves nothing', async () => {
    const m = await registerMember(t.app);
    const k = key('deposit');
    const first = await deposit(m.id, 500, k);
    const again = await deposit(m.id, 500, k);
    expect(first.ok && again.ok && again.replayed && again.transferId === first.transferId).toBe(true);
    expect(await balance(m.id)).toBe(500);
    expect(await deposit(m.id, 999, k)).toEqual({ ok: false, code: 'IDEMPOTENCY_CONFLICT', key: k });
    // The same amount to another account is another transfer too.
    const other = await registerMember(t.app);
    expect(await deposit(other.id, 500, k)).toEqual({ ok: false, code: 'IDEMPOTENCY_CONFLICT', key: k });
    expect(await balance(m.id)).toBe(500);
    expect(await balance(other.id)).toBe(0);
  });

  it('refuses unbalanced, zero, fractional and one-line transfers', async () => {
    const m = await registerMember(t.app);
    const bad = [
      [
        { account: cash(m.id), amountCentavos: 10 },
        { account: house('fees'), amountCentavos: -9 },
      ],
      [
        { account: cash(m.id), amountCentavos: 0 },
        { account: house('fees'), amountCentavos: 0 },
      ],
      [
        { account: cash(m.id), amountCentavos: 0.5 },
        { account: house('fees'), amountCentavos: -0.5 },
      ],
      [{ account: cash(m.id), amountCentavos: 10 }],
    ] as unknown as TransferLine[][]; // deliberately broken lines, past the type, for the ledger's own checks
    for (const lines of bad)
      await expect(transfer(t.ctx.db, { key: key('bad'), code: 'adjustment', lines })).rejects.toThrow(LedgerInvariantError);
    await expect(postTransfer(t.ctx.db, { key: key('bad'), code: 'adjustment', lines: bad[0]! })).rejects.toThrow(/needs a transaction/);
  });

  it('opens a house account on first use, once, even when asked concurrently', async () => {
    const m = await registerMember(t.app);
    await deposit(m.id, 10_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transfer(t.ctx.db, {
          key: key(`bet${i}`),
          code: 'game_bet',
          lines: [
            { account: cash(m.id), amountCentavos: centavos(-100) },
            { account: house('game_house:test_provider'), amountCentavos: centavos(100) },
          ],
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const accounts = await t.ctx.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'game_house:test_provider').execute();
    expect(accounts).toHaveLength(1);
  });
});

describe('ledger under concurrency', () => {
  it('lets exactly one of 50 simultaneous withdrawals of the whole balance through', async () => {
    const m = await registerMember(t.app);
    await deposit(m.id, 10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(m.id, 10_000)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toHaveLength(49);
    expect(await balance(m.id)).toBe(0);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('credits one key delivered 20 times at once exactly once', async () => {
    const m = await registerMember(t.app);
    const k = key('deposit');
    const results = await Promise.all(Array.from({ length: 20 }, () => deposit(m.id, 2_500, k)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(await balance(m.id)).toBe(2_500);
  });

  it('answers one key raced with 20 different amounts as one transfer and 19 conflicts, inside callers’ transactions too', async () => {
    const m = await registerMember(t.app);
    const k = key('deposit');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => deposit(m.id, 1_000 + i, k)));
    const applied = results.filter((r) => r.ok);
    expect(applied).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === 'IDEMPOTENCY_CONFLICT')).toHaveLength(19);
    expect(await balance(m.id)).toBe(1_000 + results.findIndex((r) => r.ok));

    // postTransfer in a business transaction throws the conflict (a 409 AppError) and rolls it back.
    const inside = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        t.ctx.db.transaction().execute((trx) =>
          postTransfer(trx, {
            key: k,
            code: 'deposit',
            lines: [
              { account: house('psp_clearing'), amountCentavos: centavos(-(2_000 + i)) },
              { account: cash(m.id), amountCentavos: centavos(2_000 + i) },
            ],
          }),
        ),
      ),
    );
    for (const outcome of inside) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(IdempotencyConflict);
      expect(reason.status).toBe(409);
    }
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  /** The random operations, each written under the ledger code the product uses for it. */
  const OPERATIONS = ['deposit', 'withdraw', 'reverse', 'adjust_up', 'adjust_down', 'move'] as const;
  const CODE_OF = {
    deposit: 'deposit',
    withdraw: 'withdrawal_request',
    reverse: 'withdrawal_rejected',
    adjust_up: 'adjustment',
    adjust_down: 'adjustment',
    move: 'adjustment',
  } as const satisfies Record<(typeof OPERATIONS)[number], LedgerTransferCode>;

  it('lets 40 transactions of one member take its lock and move money at once, five times over, without a deadlock', async () => {
    for (let burst = 0; burst < 5; burst += 1) {
      const m = await registerMember(t.app);
      await deposit(m.id, 10_000);
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () =>
          t.ctx.db.transaction().execute(async (trx) => {
            await lockMemberCash(trx, m.id);
            return postTransfer(trx, {
              key: key('adjustment'),
              code: 'adjustment',
              lines: [
                { account: cash(m.id), amountCentavos: centavos(-10) },
                { account: house('adjustments'), amountCentavos: centavos(10) },
              ],
            });
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(await balance(m.id)).toBe(10_000 - 400);
    }
  });

  it('keeps every invariant over random sequences of deposits, withdrawals, reversals and adjustments', async () => {
    const members = [await registerMember(t.app), await registerMember(t.app), await registerMember(t.app)].map((m) => m.id);
    const op = fc.record({
      kind: fc.constantFrom(...OPERATIONS),
      member: fc.integer({ min: 0, max: members.length - 1 }),
      other: fc.integer({ min: 0, max: members.length - 1 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
      replay: fc.boolean(),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const model = new Map<number, number>();
        for (const id of members) model.set(id, await balance(id));
        const lastWithdrawal = new Map<number, number>();
        for (const [i, o] of ops.entries()) {
          const id = members[o.member]!;
          const other = members[o.other]!;
          const k = `prop:${run}:${i}`;
          let lines: TransferLine[];
          if (o.kind === 'deposit')
            lines = [
              { account: house('psp_clearing'), amountCentavos: centavos(-o.amount) },
              { account: cash(id), amountCentavos: centavos(o.amount) },
            ];
          else if (o.kind === 'withdraw')
            lines = [
              { account: cash(id), amountCentavos: centavos(-o.amount) },
              { account: house('withdrawals_payable'), amountCentavos: centavos(o.amount) },
            ];
          else if (o.kind === 'reverse') {
            const amount = lastWithdrawal.get(id);
            if (!amount) continue;
            lines = [
              { account: house('withdrawals_payable'), amountCentavos: centavos(-amount) },
              { account: cash(id), amountCentavos: centavos(amount) },
            ];
          } else if (o.kind === 'adjust_up')
            lines = [
              { account: house('adjustments'), amountCentavos: centavos(-o.amount) },
              { account: cash(id), amountCentavos: centavos(o.amount) },
            ];
          else if (o.kind === 'adjust_down')
            lines = [
              { account: cash(id), amountCentavos: centavos(-o.amount) },
              { account: house('adjustments'), amountCentavos: centavos(o.amount) },
            ];
          else {
            if (other === id) continue;
            lines = [
              { account: cash(id), amountCentavos: centavos(-o.amount) },
              { account: cash(other), amountCentavos: centavos(o.amount) },
            ];
          }
          const delta = new Map<number, number>();
          for (const line of lines)
            if ('member' in line.account) delta.set(line.account.member, (delta.get(line.account.member) ?? 0) + line.amountCentavos);
          const fits = [...delta].every(([mid, d]) => (model.get(mid) ?? 0) + d >= 0);
          const result = await transfer(t.ctx.db, { key: k, code: CODE_OF[o.kind], lines });
          expect(result.ok).toBe(fits);
          if (result.ok) {
            for (const [mid, d] of delta) model.set(mid, model.get(mid)! + d);
            if (o.kind === 'withdraw') lastWithdrawal.set(id, o.amount);
            if (o.kind === 'reverse') lastWithdrawal.delete(id);
            if (o.replay)
              expect(await transfer(t.ctx.db, { key: k, code: CODE_OF[o.kind], lines })).toMatchObject({ ok: true, replayed: true });
          }
        }
        for (const id of members) expect(await balance(id)).toBe(model.get(id));
        expect(await verifyLedger(t.ctx.db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('ledger:verify', () => {
  it('names the invariant and the rows when the books are broken', async () => {
    const broken = await createTestApp();
    try {
      const m = await registerMember(broken.app);
      await transfer(broken.ctx.db, {
        key: 'deposit:broken',
        code: 'deposit',
        lines: [
          { account: house('psp_clearing'), amountCentavos: centavos(-700) },
          { account: cash(m.id), amountCentavos: centavos(700) },
        ],
      });
      expect(await verifyLedger(broken.ctx.db)).toEqual([]);
      await broken.ctx.db
        .updateTable('ledger_accounts')
        .set({ balance_centavos: 900 })
        .where('member_id', '=', m.id)
        .where('kind', '=', 'cash')
        .execute();
      const violations = await verifyLedger(broken.ctx.db);
      expect(violations.map((v) => v.invariant)).toContain("each member account's balance equals the sum of its entries");
      expect(JSON.stringify(violations)).toContain('900');
    } finally {
      await broken.close();
    }
  });
});
