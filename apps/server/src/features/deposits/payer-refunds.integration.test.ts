import { API } from '@casino/shared/api-paths';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { PaymentProvider } from '../../context.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { newEndToEndId, signWebhook } from '../payments/psp.ts';
import { cashOf, newCpf } from '../withdrawals/withdrawals.test-helpers.ts';
import { retryRefunds } from './payer-refunds.ts';

/**
 * PIX only from the member's own CPF (issue 12 item 7): a payment from another CPF is never
 * credited; it is recorded and returned through the PSP's refund call, both in the ledger (which
 * stays balanced) and in the deposit's history, once however many times the webhook arrives.
 */

let t: TestApp;
let app: FastifyInstance;
let refundCalls: Array<Parameters<PaymentProvider['refund']>[0]> = [];
let failRefunds = 0;
beforeAll(async () => {
  t = await createTestApp();
  // Count the PSP's refund calls (and fail some on demand), keeping the sandbox's behaviour.
  const sandbox = t.ctx.psp;
  t.ctx.psp = {
    ...sandbox,
    name: sandbox.name,
    createCharge: (order) => sandbox.createCharge(order),
    payout: (w) => sandbox.payout(w),
    refund: async (payment) => {
      refundCalls.push(payment);
      if (failRefunds > 0) {
        failRefunds -= 1;
        return { ok: false, reason: 'psp unavailable' };
      }
      return sandbox.refund(payment);
    },
  };
  app = await buildApp(t.ctx, {
    serveSites: false,
    sandboxDeliver: async (path, body, headers) =>
      (await app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', ...headers } }))
        .statusCode,
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** A member, with a CPF recorded through its first PIX key unless told otherwise. */
async function member(options: { cpf?: boolean } = {}) {
  const m = await registerMember(app);
  const cpf = newCpf();
  if (options.cpf !== false) {
    const saved = await app.inject({
      method: 'POST',
      url: API.memberBanksSave,
      headers: bearer(m.token),
      payload: { account_type: 'cpf', account: cpf, name: 'Maria da Silva', cpf_id: cpf },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  return { ...m, cpf };
}

async function charge(token: string, money = '80.00') {
  const channels = json(await app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(token) })).data;
  const created = await app.inject({
    method: 'POST',
    url: `${API.rechargeOnline}?lang=en`,
    headers: bearer(token),
    payload: { money, payment_id: channels.list[0].id, payment_type: 'pix' },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const orderNo = json(created).data.order_no as string;
  const row = await t.ctx.db.selectFrom('deposit_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  return row;
}

function webhook(payment: { txid: string; valor: string; endToEndId?: string; pagador?: Record<string, string> }) {
  const body = JSON.stringify({
    pix: [
      {
        endToEndId: payment.endToEndId ?? newEndToEndId(),
        txid: payment.txid,
        valor: payment.valor,
        horario: new Date().toISOString(),
        ...(payment.pagador ? { pagador: payment.pagador } : {}),
      },
    ],
  });
  const timestamp = Date.now();
  const headers = {
    'content-type': 'application/json',
    'x-sandbox-timestamp': String(timestamp),
    'x-sandbox-signature': signWebhook(t.ctx.webhookSecret, timestamp, body),
  };
  return () => app.inject({ method: 'POST', url: API.pixWebhook, payload: body, headers });
}

async function transfersOf(orderNo: string) {
  const rows = await t.ctx.db.selectFrom('ledger_transfers').select(['code', 'idempotency_key']).execute();
  return rows
    .filter((r) => r.idempotency_key.endsWith(`:${orderNo}`))
    .map((r) => r.code)
    .sort();
}

async function houseBalance(kind: string): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', 'is', null)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.balance_centavos ?? 0);
}

const orderView = async (token: string, orderNo: string) =>
  json(await app.inject({ method: 'GET', url: `${API.rechargeOrder}?order_no=${orderNo}`, headers: bearer(token) })).data;

describe('a PIX payment and its payer', () => {
  it("credits a payment from the member's own CPF and records the payer", async () => {
    const m = await member();
    const order = await charge(m.token);
    const answer = await webhook({ txid: order.psp_txid, valor: '80.00', pagador: { cpf: m.cpf, nome: 'Maria da Silva' } })();
    expect(json(answer).data.outcomes).toEqual(['credited']);
    expect(await cashOf(t, m.id)).toBe(8_000);
    const row = await t.ctx.db.selectFrom('deposit_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.payer_document).toBe(m.cpf);
    expect((await orderView(m.token, order.order_no)).history.map((e: { event: string }) => e.event)).toEqual(['credited']);
  });

  it('does not credit a payment from another CPF: records it and returns it, both in the ledger and the history', async () => {
    const m = await member();
    const order = await charge(m.token);
    const payable = await houseBalance('deposit_refunds_payable');
    const clearing = await houseBalance('psp_clearing');
    refundCalls = [];
    const stranger = newCpf();
    const answer = await webhook({ txid: order.psp_txid, valor: '80.00', pagador: { cpf: stranger } })();
    expect(answer.statusCode).toBe(200);
    expect(json(answer).data.outcomes).toEqual(['refunded']);
    expect(await cashOf(t, m.id)).toBe(0);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]).toMatchObject({ amountCentavos: 8_000, reason: 'foreign_payer' });

    const row = await t.ctx.db.selectFrom('deposit_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refunded', refund_reason: 'foreign_payer', payer_document: stranger, credited_at: null });
    expect(row.refund_reference).toMatch(/^D/);
    expect(await transfersOf(order.order_no)).toEqual(['deposit_foreign_payer', 'deposit_refund']);
    // The money came in and went out: nothing stays held, the clearing account is where it was.
    expect(await houseBalance('deposit_refunds_payable')).toBe(payable);
    expect(await houseBalance('psp_clearing')).toBe(clearing);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);

    const view = await orderView(m.token, order.order_no);
    expect(view).toMatchObject({ status: 'refunded', refund_reason: 'foreign_payer' });
    expect(view.history.map((e: { event: string; reason: string | null }) => [e.event, e.reason])).toEqual([
      ['foreign_payer', 'foreign_payer'],
      ['refunded', 'foreign_payer'],
    ]);
    // Not counted as a deposit anywhere the member reads it.
    const list = json(await app.inject({ method: 'POST', url: API.rechargeList, headers: bearer(m.token), payload: {} })).data;
    expect(list.list[0]).toMatchObject({ order_no: order.order_no, status: 'refunded' });
  });

  it('returns a payment from a company account (CNPJ) or from no named payer when the member has a CPF', async () => {
    const m = await member();
    const company = await charge(m.token, '30.00');
    const viaCompany = await webhook({ txid: company.psp_txid, valor: '30.00', pagador: { cnpj: '11222333000181' } })();
    expect(json(viaCompany).data.outcomes).toEqual(['refunded']);
    const unnamed = await charge(m.token, '31.00');
    const viaNobody = await webhook({ txid: unnamed.psp_txid, valor: '31.00' })();
    expect(json(viaNobody).data.outcomes).toEqual(['refunded']);
    const reasons = await t.ctx.db
      .selectFrom('deposit_orders')
      .select(['refund_reason'])
      .where('id', 'in', [company.id, unnamed.id])
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => r.refund_reason)).toEqual(['payer_company', 'payer_unknown']);
    expect(await cashOf(t, m.id)).toBe(0);
  });

  it('credits a member with no CPF yet on a site that is not regulated (the CPF is recorded with the first PIX key)', async () => {
    const m = await member({ cpf: false });
    const order = await charge(m.token, '20.00');
    const answer = await webhook({ txid: order.psp_txid, valor: '20.00', pagador: { cpf: newCpf() } })();
    expect(json(answer).data.outcomes).toEqual(['credited']);
    const row = await t.ctx.db.selectFrom('members').select('cpf').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.cpf).toBeNull();
  });

  it('returns a payment delivered 20 times at once exactly once', async () => {
    const m = await member();
    const order = await charge(m.token, '45.00');
    refundCalls = [];
    const deliver = webhook({ txid: order.psp_txid, valor: '45.00', endToEndId: newEndToEndId(), pagador: { cpf: newCpf() } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver()));
    const outcomes = answers.flatMap((a) => json(a).data.outcomes as string[]);
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'refunded').every((o) => o === 'duplicate')).toBe(true);
    expect(refundCalls).toHaveLength(1);
    expect(await transfersOf(order.order_no)).toEqual(['deposit_foreign_payer', 'deposit_refund']);
    expect(await cashOf(t, m.id)).toBe(0);
    const events = await t.ctx.db.selectFrom('deposit_order_events').select('event').where('deposit_order_id', '=', order.id).execute();
    expect(events.map((e) => e.event).sort()).toEqual(['foreign_payer', 'refunded']);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('keeps a refund the PSP refused waiting, and the sweeper returns it later, once', async () => {
    const m = await member();
    const order = await charge(m.token, '12.00');
    refundCalls = [];
    failRefunds = 1;
    const answer = await webhook({ txid: order.psp_txid, valor: '12.00', pagador: { cpf: newCpf() } })();
    expect(json(answer).data.outcomes).toEqual(['refund_pending']);
    expect((await orderView(m.token, order.order_no)).status).toBe('refund_pending');
    expect(await transfersOf(order.order_no)).toEqual(['deposit_foreign_payer']);
    // Too early: nothing is retried yet.
    expect(await retryRefunds(t.ctx)).toBe(0);
    const later = Date.now() + 5 * 60_000;
    const [a, b] = await Promise.all([retryRefunds(t.ctx, later), retryRefunds(t.ctx, later)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(refundCalls).toHaveLength(2);
    const view = await orderView(m.token, order.order_no);
    expect(view.status).toBe('refunded');
    expect(view.history.map((e: { event: string }) => e.event)).toEqual(['foreign_payer', 'refund_failed', 'refunded']);
    expect(await transfersOf(order.order_no)).toEqual(['deposit_foreign_payer', 'deposit_refund']);
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });
});

describe('the sandbox bank page', () => {
  it("offers the member's CPF as the payer, and another CPF sees the payment returned", async () => {
    const m = await member();
    const order = await charge(m.token, '25.00');
    const page = await app.inject({ method: 'GET', url: `/sandbox-psp/pay/${order.psp_txid}?lang=en` });
    const formatted = `${m.cpf.slice(0, 3)}.${m.cpf.slice(3, 6)}.${m.cpf.slice(6, 9)}-${m.cpf.slice(9)}`;
    expect(page.body).toContain(`name="payer_cpf"`);
    expect(page.body).toContain(`value="${formatted}"`);

    const bad = await app.inject({
      method: 'POST',
      url: `/sandbox-psp/pay/${order.psp_txid}?lang=en`,
      payload: 'payer_cpf=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Enter a valid CPF or leave the field empty');

    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox-psp/pay/${order.psp_txid}?lang=en`,
      payload: `payer_cpf=${encodeURIComponent(newCpf())}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    const after = await app.inject({ method: 'GET', url: `/sandbox-psp/pay/${order.psp_txid}?lang=en` });
    expect(after.body).toContain('Payment returned: it did not come from the account holder&#39;s CPF.');
    expect(await cashOf(t, m.id)).toBe(0);

    const own = await charge(m.token, '26.00');
    const ownPaid = await app.inject({
      method: 'POST',
      url: `/sandbox-psp/pay/${own.psp_txid}?lang=en`,
      payload: `payer_cpf=${encodeURIComponent(formatted)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ownPaid.statusCode).toBe(303);
    expect(await cashOf(t, m.id)).toBe(2_600);
  });
});
