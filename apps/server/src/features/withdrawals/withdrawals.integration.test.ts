import { formatBRL } from '@casino/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { SANDBOX_FAILING_PIX_KEY } from '../payments/psp.ts';
import { cashOf, get, post, QK_PWD, readyMember, setQkPwd } from './withdrawals.test-helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(async () => {
  await t.close();
});

const draw = (token: string, body: Record<string, unknown>) => post(t, '/api/drawing?lang=en', { qk_pwd: QK_PWD, ...body }, token);
const approve = (id: number, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/withdrawals/${id}/approve?lang=en`, headers: bearer(token) });
const reject = (id: number, reason: string) => post(t, `/api/admin/withdrawals/${id}/reject?lang=en`, { reason }, admin);

async function withdrawalRows(memberId: number) {
  return t.ctx.db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
}

async function transferCodes(orderNo: string) {
  const rows = await t.ctx.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'code'])
    .where('idempotency_key', 'like', `%:${orderNo}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => `${r.code} ${r.idempotency_key}`);
}

describe('asking to withdraw', () => {
  it('moves the money to withdrawals_payable at once and lists the request', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const pushed: unknown[] = [];
    const unsubscribe = t.ctx.realtime.subscribe(m.id, (message) => pushed.push(message));
    const response = await draw(m.token, { money: '30.50', member_bank_id: m.bankId, payment_type: 'pix', account: m.cpf, cpf_id: m.cpf });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.message).toBe('The withdrawal application has been submitted successfully.Please wait for the administrators review.');
    expect(body.data).toMatchObject({ amount: '30.50', fee: '0.00', status: 'pending_review', account_type: 'cpf', reject_reason: null });
    expect(body.data.order_no).toMatch(/^W\d{8}[A-Z0-9]{8}$/);
    expect(await cashOf(t, m.id)).toBe(10_000 - 3_050);
    expect(await transferCodes(body.data.order_no)).toEqual([`withdrawal_request withdrawal:${body.data.order_no}`]);
    unsubscribe();
    expect(pushed).toEqual([
      { type: 'balance', data: { money: '69.50', fs_money: '0.00', ml_money: '0.00' } },
      { type: 'withdrawal', data: { order_no: body.data.order_no, status: 'pending_review', amount: '30.50', reject_reason: null } },
    ]);

    const list = await post(t, '/api/drawing/list', { page: 1, page_size: 10 }, m.token);
    expect(json(list).data).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(json(list).data.list[0]).toMatchObject({ order_no: body.data.order_no, status: 'pending_review', amount: '30.50' });
    const emptyBody = await post(t, '/api/drawing/list', undefined, m.token);
    expect(json(emptyBody).data.total).toBe(1);
  });

  it('refuses bad amounts with their messages and moves no money', async () => {
    const m = await readyMember(t, { fundCentavos: 100_000 });
    for (const money of ['1.234', -1, 0, 'NaN', 1e30, 'abc', '', '1e3', ' 12,50']) {
      const response = await draw(m.token, { money, member_bank_id: m.bankId });
      expect(response.statusCode, String(money)).toBe(422);
      expect(json(response).errors?.money, String(money)).toEqual([
        'Enter an amount in reais with at most two decimals, greater than zero',
      ]);
    }
    const below = await draw(m.token, { money: '19.99', member_bank_id: m.bankId });
    expect(below.statusCode).toBe(422);
    expect(json(below).errors?.money).toEqual([`The amount is below the minimum of ${formatBRL(2_000, 'en')}`]);
    const above = await draw(m.token, { money: '50000.01', member_bank_id: m.bankId });
    expect(json(above).errors?.money).toEqual([`The amount is above the maximum of ${formatBRL(5_000_000, 'en')}`]);
    const abovePt = await post(t, '/api/drawing', { qk_pwd: QK_PWD, money: 60_000, member_bank_id: m.bankId }, m.token);
    expect(json(abovePt).message).toContain('R$ 50.000,00');
    const tooMuch = await draw(m.token, { money: '1000.01', member_bank_id: m.bankId });
    expect(tooMuch.statusCode).toBe(422);
    expect(json(tooMuch).errors?.money).toEqual(['Insufficient balance']);
    expect(await cashOf(t, m.id)).toBe(100_000);
    expect(await withdrawalRows(m.id)).toHaveLength(0);
  });

  it('checks the channel, the key, the password, the wagering and the open requests', async () => {
    const m = await readyMember(t, { fundCentavos: 100_000 });
    const channel = await draw(m.token, { money: 50, member_bank_id: m.bankId, payment_type: 'boleto' });
    expect(json(channel).message).toBe('Choose an available payment channel');

    const stranger = await readyMember(t);
    const foreign = await draw(m.token, { money: 50, member_bank_id: stranger.bankId });
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign).errors?.member_bank_id).toEqual(['Choose one of your PIX keys']);
    const unknown = await draw(m.token, { money: 50, member_bank_id: 999_999 });
    expect(json(unknown).errors?.member_bank_id).toEqual(['Choose one of your PIX keys']);

    for (const extra of [
      { account: stranger.cpf },
      { cpf_id: stranger.cpf },
      { email: 'someone@else.com' },
      { evp: '123e4567-e12b-12d1-a456-426655440000' },
    ]) {
      const mismatch = await draw(m.token, { money: 50, member_bank_id: m.bankId, ...extra });
      expect(mismatch.statusCode, JSON.stringify(extra)).toBe(422);
      expect(json(mismatch).message).toBe('The details do not match the chosen PIX key');
    }

    const format = await draw(m.token, { money: 50, member_bank_id: m.bankId, qk_pwd: '12ab' });
    expect(json(format).errors?.qk_pwd).toEqual(['The withdrawal password must be exactly 6 digits']);

    await t.ctx.db.updateTable('members').set({ wagering_required_centavos: 5_000 }).where('id', '=', m.id).execute();
    const wagering = await draw(m.token, { money: 50, member_bank_id: m.bankId });
    expect(wagering.statusCode).toBe(422);
    expect(json(wagering).message).toBe(`You still need to bet ${formatBRL(5_000, 'en')} before withdrawing`);
    await t.ctx.db.updateTable('members').set({ wagering_required_centavos: 0 }).where('id', '=', m.id).execute();

    for (let i = 0; i < 3; i += 1) expect((await draw(m.token, { money: 20, member_bank_id: m.bankId })).statusCode).toBe(200);
    const fourth = await draw(m.token, { money: 20, member_bank_id: m.bankId });
    expect(fourth.statusCode).toBe(422);
    expect(json(fourth).message).toBe('You already have withdrawals waiting for review');
    expect(await cashOf(t, m.id)).toBe(100_000 - 6_000);
  });

  it('asks for a withdrawal password first when none is set', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    await t.ctx.db.updateTable('members').set({ qk_pwd_hash: null }).where('id', '=', m.id).execute();
    const response = await draw(m.token, { money: 50, member_bank_id: m.bankId });
    expect(response.statusCode).toBe(422);
    expect(json(response).message).toBe('Set a withdrawal password in the security centre first');
    await setQkPwd(t, m);
    expect((await draw(m.token, { money: 50, member_bank_id: m.bankId })).statusCode).toBe(200);
  });

  it('locks the withdrawal password after five wrong answers', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await draw(m.token, { money: 50, member_bank_id: m.bankId, qk_pwd: '000000' });
      statuses.push(response.statusCode);
      if (i === 0) expect(json(response).errors?.qk_pwd).toEqual(['The withdrawal password is wrong']);
      if (i === 5) expect(json(response).message).toBe('Too many wrong withdrawal passwords. Try again in 30 minutes');
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // Locked even for the right password, and nothing moved.
    expect((await draw(m.token, { money: 50, member_bank_id: m.bankId })).statusCode).toBe(429);
    expect(await cashOf(t, m.id)).toBe(10_000);
    expect(await withdrawalRows(m.id)).toHaveLength(0);
  });

  it('pays once when the whole balance is asked for 50 times at once', async () => {
    const m = await readyMember(t, { fundCentavos: 12_345 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => draw(m.token, { money: '123.45', member_bank_id: m.bankId })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(json(r).message).toBe('Insufficient balance');
    expect(await cashOf(t, m.id)).toBe(0);
    expect(await withdrawalRows(m.id)).toHaveLength(1);
  });
});

describe('retries under an idempotency key', () => {
  const drawKeyed = (token: string, key: string | undefined, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/drawing?lang=en',
      payload: { qk_pwd: QK_PWD, ...body },
      headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
  let keys = 0;
  const newKey = () => `wd-${Date.now().toString(36)}-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

  it('answers a retry with the first withdrawal and moves nothing, by header or by request_id', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const key = newKey();
    const first = await drawKeyed(m.token, key, { money: '25.00', member_bank_id: m.bankId });
    expect(first.statusCode).toBe(200);
    const again = await drawKeyed(m.token, key, { money: '25.00', member_bank_id: m.bankId });
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toBe(json(first).message);
    expect(json(again).data).toEqual(json(first).data);
    // The same key in the body is the same request.
    const byBody = await drawKeyed(m.token, undefined, { money: '25.00', member_bank_id: m.bankId, request_id: key, payment_type: 'PIX' });
    expect(json(byBody).data).toEqual(json(first).data);
    expect(await withdrawalRows(m.id)).toHaveLength(1);
    expect((await withdrawalRows(m.id))[0]!.request_key).toBe(key);
    expect(await cashOf(t, m.id)).toBe(7_500);

    // Keys are the member's own: another member's request under the same key is a new withdrawal.
    const other = await readyMember(t, { fundCentavos: 10_000 });
    const theirs = await drawKeyed(other.token, key, { money: '25.00', member_bank_id: other.bankId });
    expect(theirs.statusCode).toBe(200);
    expect(json(theirs).data.order_no).not.toBe(json(first).data.order_no);
    expect(await cashOf(t, other.id)).toBe(7_500);
  });

  it('answers a retry even when the request could no longer be made (three open, limits changed)', async () => {
    const m = await readyMember(t, { fundCentavos: 50_000 });
    const key = newKey();
    const first = await drawKeyed(m.token, key, { money: '20.00', member_bank_id: m.bankId });
    await drawKeyed(m.token, newKey(), { money: '20.00', member_bank_id: m.bankId });
    await drawKeyed(m.token, newKey(), { money: '20.00', member_bank_id: m.bankId });
    const fourth = await drawKeyed(m.token, newKey(), { money: '20.00', member_bank_id: m.bankId });
    expect(json(fourth).error_code).toBe('TOO_MANY_PENDING');
    const retry = await drawKeyed(m.token, key, { money: '20.00', member_bank_id: m.bankId });
    expect(retry.statusCode).toBe(200);
    expect(json(retry).data.order_no).toBe(json(first).data.order_no);
    expect(await withdrawalRows(m.id)).toHaveLength(3);
  });

  it('refuses the key with another amount, key, channel or remark (409 IDEMPOTENCY_KEY_REUSED) and moves nothing', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const second = await post(
      t,
      '/api/memberbanks/save',
      { account_type: 'email', account: `m${m.id}@example.com`, name: 'Maria da Silva', cpf_id: m.cpf },
      m.token,
    );
    const secondBankId = json(second).data.list.find((b: { id: number }) => b.id !== m.bankId).id as number;
    const key = newKey();
    const base = { money: '30.00', member_bank_id: m.bankId, member_remark: 'aluguel' };
    expect((await drawKeyed(m.token, key, base)).statusCode).toBe(200);
    for (const changed of [
      { ...base, money: '30.01' },
      { ...base, member_bank_id: secondBankId },
      { ...base, member_remark: 'outra coisa' },
      { ...base, payment_type: 'ted' },
    ]) {
      const refused = await drawKeyed(m.token, key, changed);
      expect(refused.statusCode, JSON.stringify(changed)).toBe(409);
      expect(json(refused)).toMatchObject({
        error_code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This request was already sent with different details; please submit it again',
      });
    }
    expect(await withdrawalRows(m.id)).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(7_000);
  });

  it('refuses a malformed key, and a header and request_id that disagree, with 422 and nothing written', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const body = { money: '20.00', member_bank_id: m.bankId };
    for (const bad of ['short', 'x'.repeat(129), 'has space in it', 'acentuação-1234', 'semi;colon1']) {
      const byHeader = await drawKeyed(m.token, bad, body);
      expect(byHeader.statusCode, bad).toBe(422);
      expect(json(byHeader).errors?.['idempotency-key']).toEqual(["The request key must be 8 to 128 letters, digits, '-' or '_'"]);
      const byBody = await drawKeyed(m.token, undefined, { ...body, request_id: bad });
      expect(byBody.statusCode, bad).toBe(422);
      expect(json(byBody).errors?.request_id).toEqual(["The request key must be 8 to 128 letters, digits, '-' or '_'"]);
    }
    const disagree = await drawKeyed(m.token, newKey(), { ...body, request_id: newKey() });
    expect(disagree.statusCode).toBe(422);
    expect(json(disagree).errors).toEqual({ request_id: ['The Idempotency-Key header and request_id must be the same'] });
    expect(await withdrawalRows(m.id)).toHaveLength(0);
    expect(await cashOf(t, m.id)).toBe(10_000);
  });

  it('makes one withdrawal of 20 retries sent at once under one key: every answer is that withdrawal, none a 5xx', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => drawKeyed(m.token, key, { money: '40.00', member_bank_id: m.bankId })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => json(r).data.order_no)).size).toBe(1);
    expect(await withdrawalRows(m.id)).toHaveLength(1);
    expect(await cashOf(t, m.id)).toBe(6_000);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('the contract', () => {
  it('documents the Idempotency-Key header and request_id of POST /api/drawing in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post: { parameters?: { in: string; name: string; schema: { pattern?: string } }[]; requestBody: any } }>;
    };
    const drawing = doc.paths['/api/drawing']!.post;
    const header = drawing.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
    expect(header?.schema.pattern).toBe('^[A-Za-z0-9_-]{8,128}$');
    expect(drawing.requestBody.content['application/json'].schema.properties.request_id.pattern).toBe('^[A-Za-z0-9_-]{8,128}$');
  });
});

describe('reviewing withdrawals', () => {
  it('approves, pays through the PSP and settles the ledger', async () => {
    const m = await readyMember(t, { fundCentavos: 10_000 });
    const orderNo = json(await draw(m.token, { money: 80, member_bank_id: m.bankId, member_remark: 'rent' })).data.order_no;

    const queue = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals?status=pending_review&member_id=${m.id}`,
      headers: bearer(admin),
    });
    expect(queue.statusCode).toBe(200);
    const item = json(queue).data.list[0];
    expect(item).toMatchObject({
      order_no: orderNo,
      pix_key: m.cpf,
      pix_key_type: 'cpf',
      member_cpf: m.cpf,
      member_remark: 'rent',
      member_ml_money: '0.00',
    });

    const approved = await approve(item.id);
    expect(approved.statusCode).toBe(200);
    expect(json(approved).message).toBe('Withdrawal approved and paid');
    expect(json(approved).data).toMatchObject({ status: 'paid', reviewed_by: 'admin' });
    expect(json(approved).data.paid_at).not.toBeNull();
    const row = (await withdrawalRows(m.id))[0]!;
    expect(row.psp_reference).toMatch(/^S/);
    expect(await transferCodes(orderNo)).toEqual([
      `withdrawal_request withdrawal:${orderNo}`,
      `withdrawal_paid withdrawal_paid:${orderNo}`,
    ]);
    expect(await cashOf(t, m.id)).toBe(2_000);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdrawal.approve')
      .where('target_id', '=', String(item.id))
      .execute();
    expect(audit).toHaveLength(1);

    const again = await approve(item.id);
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('This withdrawal is no longer waiting for review');
    const list = json(await post(t, '/api/drawing/list', {}, m.token)).data.list;
    expect(list[0]).toMatchObject({ status: 'paid' });
  });

  it('approves once when two operators click at once', async () => {
    const m = await readyMember(t, { fundCentavos: 5_000 });
    const orderNo = json(await draw(m.token, { money: 50, member_bank_id: m.bankId })).data.order_no;
    const id = (await withdrawalRows(m.id))[0]!.id;
    const [a, b] = await Promise.all([approve(id), approve(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await transferCodes(orderNo)).toHaveLength(2);
    expect((await withdrawalRows(m.id))[0]!.status).toBe('paid');
  });

  it('rejects with a reason the member sees, and returns the money', async () => {
    const m = await readyMember(t, { fundCentavos: 5_000 });
    const orderNo = json(await draw(m.token, { money: 45, member_bank_id: m.bankId })).data.order_no;
    expect(await cashOf(t, m.id)).toBe(500);
    const id = (await withdrawalRows(m.id))[0]!.id;
    const short = await reject(id, 'no');
    expect(json(short).errors?.reason).toEqual(['Please give a reason (at least 3 characters)']);
    const rejected = await reject(id, 'Key holder differs from the account holder');
    expect(rejected.statusCode).toBe(200);
    expect(json(rejected).message).toBe('Withdrawal rejected; the money went back to the member');
    expect(json(rejected).data).toMatchObject({ status: 'rejected', reject_reason: 'Key holder differs from the account holder' });
    expect(await cashOf(t, m.id)).toBe(5_000);
    expect(await transferCodes(orderNo)).toEqual([
      `withdrawal_request withdrawal:${orderNo}`,
      `withdrawal_rejected withdrawal_rejected:${orderNo}`,
    ]);
    const list = json(await post(t, '/api/drawing/list?lang=en', {}, m.token)).data.list;
    expect(list[0]).toMatchObject({ status: 'rejected', reject_reason: 'Key holder differs from the account holder' });
    expect((await reject(id, 'twice over')).statusCode).toBe(409);
    expect((await approve(id)).statusCode).toBe(409);
    expect(await cashOf(t, m.id)).toBe(5_000);
  });

  it('returns the money when the PSP refuses the payout', async () => {
    const m = await readyMember(t, { fundCentavos: 7_000, email: SANDBOX_FAILING_PIX_KEY });
    const orderNo = json(await draw(m.token, { money: 70, member_bank_id: m.bankId, email: SANDBOX_FAILING_PIX_KEY })).data.order_no;
    expect(await cashOf(t, m.id)).toBe(0);
    const id = (await withdrawalRows(m.id))[0]!.id;
    const failed = await approve(id);
    expect(failed.statusCode).toBe(502);
    expect(json(failed).message).toBe('The payment provider refused the payout; the money went back to the member');
    expect((await withdrawalRows(m.id))[0]!.status).toBe('failed');
    expect(await cashOf(t, m.id)).toBe(7_000);
    expect(await transferCodes(orderNo)).toEqual([
      `withdrawal_request withdrawal:${orderNo}`,
      `withdrawal_failed withdrawal_failed:${orderNo}`,
    ]);
    expect(json(await post(t, '/api/drawing/list', {}, m.token)).data.list[0].status).toBe('failed');
  });

  it('is for operators allowed to review withdrawals', async () => {
    await post(t, '/api/admin/operators', { username: 'support.wd', password: 'support-Secret-1', role: 'support' }, admin);
    const login = await post(t, '/api/admin/auth/login', { username: 'support.wd', password: 'support-Secret-1' });
    const support = json(login).data.token as string;
    expect((await get(t, '/api/admin/withdrawals', support)).statusCode).toBe(403);
    expect((await approve(1, support)).statusCode).toBe(403);
    expect((await post(t, '/api/admin/withdrawals/1/reject', { reason: 'nope nope' }, support)).statusCode).toBe(403);
    const m = await registerMember(t.app);
    expect((await get(t, '/api/admin/withdrawals', m.token)).statusCode).toBe(401);
    expect((await approve(999_999)).statusCode).toBe(404);
  });

  it('leaves a sound ledger', async () => {
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});
