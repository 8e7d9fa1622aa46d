import { API } from '@casino/shared/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.ts';
import { cashOf, newCpf, post, QK_PWD, readyMember } from './withdrawals.test-helpers.ts';

/**
 * Withdrawals go only to keys whose holder CPF is the member's (issue 12 item 7), whatever the
 * key type: a CNPJ key is never taken, and a key of another CPF (one left from before the rule)
 * is refused with nothing moved.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const draw = (token: string, memberBankId: number) =>
  post(t, `${API.drawing}?lang=en`, { money: '30.00', member_bank_id: memberBankId, payment_type: 'pix', qk_pwd: QK_PWD }, token);

async function insertKey(memberId: number, keyType: string, pixKey: string): Promise<number> {
  const row = await t.ctx.db
    .insertInto('member_banks')
    .values({
      member_id: memberId,
      key_type: keyType,
      pix_key: pixKey,
      holder_name: 'Maria da Silva',
      bank_name: null,
      is_default: 0,
      created_at: new Date().toISOString(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("withdrawals to the member's own CPF only", () => {
  it('refuses to save a CNPJ key: a company account is never the member’s CPF', async () => {
    const m = await readyMember(t);
    const saved = await post(
      t,
      `${API.memberBanksSave}?lang=en`,
      { account_type: 'cnpj', account: '11.222.333/0001-81', name: 'Maria da Silva', cpf_id: m.cpf },
      m.token,
    );
    expect(saved.statusCode).toBe(422);
    expect(json(saved)).toMatchObject({ error_code: 'CPF_MISMATCH' });
    expect(json(saved).errors?.account).toEqual([
      'Only PIX keys of accounts in your own CPF are accepted: a CNPJ key belongs to a company',
    ]);
  });

  it('refuses a withdrawal to a CPF key of another CPF or to a CNPJ key, moving nothing', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const foreign = await insertKey(m.id, 'cpf', newCpf());
    const company = await insertKey(m.id, 'cnpj', '11222333000181');
    for (const bankId of [foreign, company]) {
      const refused = await draw(m.token, bankId);
      expect(refused.statusCode).toBe(422);
      expect(json(refused)).toMatchObject({ error_code: 'CPF_MISMATCH' });
      expect(json(refused).errors?.member_bank_id).toEqual(['The PIX key must belong to your own CPF']);
    }
    expect(await cashOf(t, m.id)).toBe(10_000);
    const rows = await t.ctx.db.selectFrom('withdrawals').select('id').where('member_id', '=', m.id).execute();
    expect(rows).toHaveLength(0);
    // The member's own key still pays.
    const own = await draw(m.token, m.bankId);
    expect(own.statusCode, own.body).toBe(200);
    expect(await cashOf(t, m.id)).toBe(7_000);
  });

  it('refuses a withdrawal to an e-mail key of a member without a CPF', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000, email: `own${Date.now()}@example.com` });
    await t.ctx.db.updateTable('members').set({ cpf: null }).where('id', '=', m.id).execute();
    const refused = await draw(m.token, m.bankId);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ error_code: 'CPF_MISMATCH' });
  });

  it("names the member's CPF to the PSP, which refuses a CPF key of another person", async () => {
    const payout = await t.ctx.psp.payout({
      orderNo: 'W1',
      amountCentavos: 100,
      keyType: 'cpf',
      pixKey: newCpf(),
      holderName: 'X',
      holderCpf: newCpf(),
    });
    expect(payout.ok).toBe(false);
    const cpf = newCpf();
    expect(
      (await t.ctx.psp.payout({ orderNo: 'W2', amountCentavos: 100, keyType: 'cpf', pixKey: cpf, holderName: 'X', holderCpf: cpf })).ok,
    ).toBe(true);
  });
});
