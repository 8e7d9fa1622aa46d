import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { get, newCpf, post } from '../withdrawals/withdrawals.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const save = (token: string, body: Record<string, unknown>) =>
  post(t, '/api/memberbanks/save?lang=en', { name: 'Maria da Silva', ...body }, token);

describe('PIX keys', () => {
  it('records the CPF with the first key, makes it the default and masks what it shows', async () => {
    const m = await registerMember(t.app);
    const cpf = newCpf();
    const first = await save(m.token, {
      account_type: 'email',
      account: ' Maria.Silva@Example.com ',
      cpf_id: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    });
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe('PIX key saved');
    expect(json(first).data.cpf).toBe(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    expect(json(first).data.list).toHaveLength(1);
    expect(json(first).data.list[0]).toMatchObject({
      account_type: 'email',
      account_masked: 'ma***@example.com',
      is_default: true,
      name: 'Maria da Silva',
    });
    const member = await t.ctx.db.selectFrom('members').select('cpf').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(member.cpf).toBe(cpf);

    const second = await save(m.token, { account_type: 'cpf', account: cpf, cpf_id: cpf });
    expect(second.statusCode).toBe(200);
    expect(json(second).data.list.map((b: { is_default: boolean }) => b.is_default)).toEqual([true, false]);
    const third = await save(m.token, { account_type: 'phone', account: '(11) 98765-4321', cpf_id: cpf, is_default: true });
    expect(third.statusCode).toBe(200);
    const list = json(third).data.list as { account_type: string; account_masked: string; is_default: boolean }[];
    expect(list.filter((b) => b.is_default).map((b) => b.account_type)).toEqual(['phone']);
    expect(list.find((b) => b.account_type === 'phone')?.account_masked).toBe('+5511*****4321');

    const display = await post(t, '/api/memberbanks/display', {}, m.token);
    expect(display.statusCode).toBe(200);
    expect(json(display).data.list).toHaveLength(3);
    const viaGet = await get(t, '/api/member/bank?lang=en', m.token);
    expect(json(viaGet).data).toEqual(json(display).data);
    expect(viaGet.body).not.toContain(cpf);
    expect(viaGet.body).not.toContain('maria.silva@');
  });

  it('refuses bad keys and CPFs with their messages', async () => {
    const m = await registerMember(t.app);
    const cpf = newCpf();
    const badCheck = `${cpf.slice(0, 9)}${(Number(cpf[9]) + 1) % 10}${cpf[10]}`;
    const wrongDigits = await save(m.token, { account_type: 'email', account: 'a@b.com', cpf_id: badCheck });
    expect(wrongDigits.statusCode).toBe(422);
    expect(json(wrongDigits).errors?.cpf_id).toEqual(['Please enter a valid CPF']);
    const repeated = await save(m.token, { account_type: 'email', account: 'a@b.com', cpf_id: '111.111.111-11' });
    expect(json(repeated).errors?.cpf_id).toEqual(['Please enter a valid CPF']);
    const badCpfKey = await save(m.token, { account_type: 'cpf', account: badCheck, cpf_id: cpf });
    expect(json(badCpfKey).errors?.account).toEqual(['Please enter a valid CPF']);
    const badEmail = await save(m.token, { account_type: 'email', account: 'not-an-email', cpf_id: cpf });
    expect(json(badEmail).errors?.account).toEqual(['Please enter a valid email address']);
    const badEvp = await save(m.token, { account_type: 'evp', account: 'xyz', cpf_id: cpf });
    expect(json(badEvp).errors?.account).toEqual(['This PIX key is not valid for the chosen type']);
    const badCnpj = await save(m.token, { account_type: 'cnpj', account: '11.222.333/0001-00', cpf_id: cpf });
    expect(json(badCnpj).errors?.account).toEqual(['Please enter a valid CNPJ']);
    const badType = await save(m.token, { account_type: 'iban', account: 'x', cpf_id: cpf });
    expect(badType.statusCode).toBe(422);
    // Nothing was recorded by the failures.
    const member = await t.ctx.db.selectFrom('members').select('cpf').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(member.cpf).toBeNull();
  });

  it('keeps every key in the member’s own CPF', async () => {
    const m = await registerMember(t.app);
    const cpf = newCpf();
    expect((await save(m.token, { account_type: 'email', account: 'own@cpf.com', cpf_id: cpf })).statusCode).toBe(200);
    const otherCpf = newCpf();
    const mismatch = await save(m.token, { account_type: 'email', account: 'two@cpf.com', cpf_id: otherCpf });
    expect(mismatch.statusCode).toBe(422);
    expect(json(mismatch).message).toBe('The PIX key must belong to your own CPF');
    const foreignCpfKey = await save(m.token, { account_type: 'cpf', account: otherCpf, cpf_id: cpf });
    expect(json(foreignCpfKey).errors?.account).toEqual(['The PIX key must belong to your own CPF']);

    // A first key can't claim a CPF another account already holds.
    const other = await registerMember(t.app);
    const taken = await save(other.token, { account_type: 'email', account: 'x@y.com', cpf_id: cpf });
    expect(taken.statusCode).toBe(422);
    expect(json(taken).message).toBe('This CPF belongs to another account. Please contact customer service');
    const otherRow = await t.ctx.db.selectFrom('members').select('cpf').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(otherRow.cpf).toBeNull();
  });

  it('refuses a key saved twice and a sixth key', async () => {
    const m = await registerMember(t.app);
    const cpf = newCpf();
    expect((await save(m.token, { account_type: 'email', account: 'k1@keys.com', cpf_id: cpf })).statusCode).toBe(200);
    const again = await save(m.token, { account_type: 'email', account: 'K1@Keys.com', cpf_id: cpf });
    expect(again.statusCode).toBe(422);
    expect(json(again).message).toBe('This PIX key is already saved');
    for (const n of [2, 3, 4, 5]) {
      expect((await save(m.token, { account_type: 'email', account: `k${n}@keys.com`, cpf_id: cpf })).statusCode).toBe(200);
    }
    const sixth = await save(m.token, { account_type: 'email', account: 'k6@keys.com', cpf_id: cpf });
    expect(sixth.statusCode).toBe(422);
    expect(json(sixth).message).toBe('You can save at most 5 PIX keys');
    expect(json(await get(t, '/api/member/bank', m.token)).data.list).toHaveLength(5);
  });

  it('saves one key when the same key is sent many times at once', async () => {
    const m = await registerMember(t.app);
    const cpf = newCpf();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => save(m.token, { account_type: 'email', account: 'race@keys.com', cpf_id: cpf })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(9);
    expect(json(await get(t, '/api/member/bank', m.token)).data.list).toHaveLength(1);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/member/bank' });
    expect(response.statusCode).toBe(401);
  });

  it('leaves a sound ledger', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
