import { centavos } from '@casino/shared/money';
import { randomInt } from 'node:crypto';
import { cpfCheckDigits } from '@casino/shared/pix/cpf';
import { bearer, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { transfer } from '../../platform/ledger/transfer.ts';

/** Fixtures shared by the money features' integration tests. */

export const QK_PWD = '246810';

/** A CPF with valid check digits, different on every call (members.cpf is unique). */
export function newCpf(): string {
  for (;;) {
    const base = String(randomInt(100_000_000, 999_999_999));
    if (!/^(\d)\1{8}$/.test(base)) return base + cpfCheckDigits(base);
  }
}

export function post(t: TestApp, url: string, payload: unknown, token?: string) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
}

export function get(t: TestApp, url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

let seq = 0;
/** Credits a member's cash as a PIX deposit would. */
export async function fund(t: TestApp, memberId: number, amountCentavos: number) {
  seq += 1;
  const result = await transfer(t.ctx.db, {
    key: `deposit:test:${memberId}:${Date.now()}:${seq}`,
    code: 'deposit',
    lines: [
      { account: house('psp_clearing'), amountCentavos: centavos(-amountCentavos) },
      { account: cash(memberId), amountCentavos: centavos(amountCentavos) },
    ],
  });
  if (!result.ok) throw new Error('funding failed');
}

export async function cashOf(t: TestApp, memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return row.balance_centavos;
}

export async function setQkPwd(t: TestApp, member: { token: string; body: { password: string } }) {
  const response = await post(
    t,
    '/api/security/qk-password/set',
    { password: member.body.password, qk_pwd: QK_PWD, qk_pwd_confirmation: QK_PWD },
    member.token,
  );
  if (response.statusCode !== 200) throw new Error(`qk password: ${response.body}`);
}

/** A member with a withdrawal password, a PIX key (a CPF key unless told) and optional cash. */
export async function readyMember(t: TestApp, options: { fundCentavos?: number; email?: string } = {}) {
  const member = await registerMember(t.app);
  await setQkPwd(t, member);
  const cpf = newCpf();
  const key = options.email ? { account_type: 'email', account: options.email } : { account_type: 'cpf', account: cpf };
  const saved = await post(t, '/api/memberbanks/save', { ...key, name: 'Maria da Silva', cpf_id: cpf }, member.token);
  if (saved.statusCode !== 200) throw new Error(`save key: ${saved.body}`);
  const bankId = json(saved).data.list[0].id as number;
  if (options.fundCentavos) await fund(t, member.id, options.fundCentavos);
  return { ...member, cpf, bankId };
}
