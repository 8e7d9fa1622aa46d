import { parseBrCode } from '@casino/shared/pix/br-code';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { adminToken, bearer, createTestApp, json, registerMember, type TestApp } from '../../test/test-app.ts';
import { verifyLedger } from '../../platform/ledger/ledger-verify.ts';
import { newEndToEndId, signWebhook } from '../payments/psp.ts';
import { expireOrders } from './deposits.repository.ts';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same context whose sandbox bank delivers its webhook through inject.
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

async function deposit(token: string, money: unknown = '100.00') {
  const channels = json(await app.inject({ method: 'GET', url: '/api/payment/online/list', headers: bearer(token) })).data;
  return app.inject({
    method: 'POST',
    url: '/api/recharge/online?lang=en',
    headers: bearer(token),
    payload: { money, payment_id: channels.list[0].id, payment_type: 'pix' },
  });
}

function signedWebhook(
  payments: { txid: string; valor: string; endToEndId?: string }[],
  options: { secret?: string; timestamp?: number } = {},
) {
  const body = JSON.stringify({
    pix: payments.map((p) => ({
      endToEndId: p.endToEndId ?? newEndToEndId(),
      txid: p.txid,
      valor: p.valor,
      horario: new Date().toISOString(),
    })),
  });
  const timestamp = options.timestamp ?? Date.now();
  const signature = signWebhook(options.secret ?? t.ctx.webhookSecret, timestamp, body);
  return () =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/pix/sandbox',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': String(timestamp), 'x-sandbox-signature': signature },
    });
}

async function txidOf(orderNo: string) {
  return (await t.ctx.db.selectFrom('deposit_orders').select('psp_txid').where('order_no', '=', orderNo).executeTakeFirstOrThrow())
    .psp_txid;
}

const money = async (token: string) => json(await app.inject({ method: 'POST', url: '/api/auth/me', headers: bearer(token) })).data.money;

describe('payment channels', () => {
  it('asks a visitor to log in, and lists PIX with its limits and trading rules to a member', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/payments/list?lang=en' });
    expect(visitor.statusCode).toBe(401);
    expect(json(visitor).message).toBe('Currently not logged in, please log in first');
    const m = await registerMember(app);
    const all = json(await app.inject({ method: 'GET', url: '/api/payments/list?lang=pt&domain=aurora', headers: bearer(m.token) })).data;
    expect(all.map((c: { direction: string; name: string }) => `${c.name}:${c.direction}`)).toEqual(['PIX:deposit', 'PIX:withdraw']);
    expect(all[0]).toMatchObject({ min: '10.00', max: '50000.00', fee: '0.00', instant_receipt: true });
    const online = json(await app.inject({ method: 'GET', url: '/api/payment/online/list?lang=pt', headers: bearer(m.token) })).data;
    expect(online.quick_amounts).toContain('100.00');
    expect(online.trading_rules[0].content).toContain('R$ 10,00');
  });
});

describe('deposits', () => {
  it('creates a PIX charge with a real BR Code and a QR image, and refuses bad amounts moving nothing', async () => {
    const m = await registerMember(app);
    const created = await deposit(m.token, '100.00');
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.pay_url).toBe(`/recharge-payment?order_no=${body.data.order_no}`);
    expect(body.data).toMatchObject({ amount: '100.00', status: 'pending', method: 'PIX' });
    expect(body.data.qr_image).toMatch(/^data:image\/png;base64,/);
    const parsed = parseBrCode(body.data.br_code);
    expect(parsed?.fields['54']).toBe('100.00');
    expect(parsed?.fields['53']).toBe('986');
    expect(parsed?.merchantAccount['00']).toBe('br.gov.bcb.pix');

    for (const bad of ['1.234', '-1', '0', 'NaN', '1e30', 1e30, 'abc', '', '9.99', '50000.01', -5, null]) {
      const response = await deposit(m.token, bad);
      expect(response.statusCode, String(bad)).toBe(422);
      expect(json(response).errors?.money?.[0]).toBeTruthy();
    }
    expect(json(await deposit(m.token, '9.99')).message).toBe('The amount is below the minimum of R$10.00');
    expect(await money(m.token)).toBe('0.00');
  });

  it('credits a signed confirmation once, even delivered 20 times at once', async () => {
    const m = await registerMember(app);
    const order = (await deposit(m.token, '100.00')).json().data;
    const send = signedWebhook([{ txid: await txidOf(order.order_no), valor: '100.00' }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send()));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const outcomes = answers.flatMap((a) => a.json().data.outcomes);
    expect(outcomes.filter((o: string) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o: string) => o === 'duplicate')).toHaveLength(19);
    expect(await money(m.token)).toBe('100.00');
    const record = json(await app.inject({ method: 'POST', url: '/api/recharge/list', headers: bearer(m.token), payload: {} })).data;
    expect(record.list[0]).toMatchObject({ order_no: order.order_no, amount: '100.00', status: 'credited', method: 'PIX' });
    expect(await verifyLedger(t.ctx.db)).toEqual([]);
  });

  it('refuses wrong signatures, stale timestamps, wrong amounts, unknown and expired orders', async () => {
    const m = await registerMember(app);
    const order = (await deposit(m.token, '50.00')).json().data;
    const txid = await txidOf(order.order_no);
    expect((await signedWebhook([{ txid, valor: '50.00' }], { secret: 'x'.repeat(64) })()).statusCode).toBe(401);
    expect((await signedWebhook([{ txid, valor: '50.00' }], { timestamp: Date.now() - 10 * 60_000 })()).statusCode).toBe(401);
    const unsigned = await app.inject({ method: 'POST', url: '/api/webhooks/pix/sandbox', payload: { pix: [{ txid, valor: '50.00' }] } });
    expect(unsigned.statusCode).toBe(401);
    expect((await signedWebhook([{ txid, valor: '5000.00' }])()).json().data.outcomes).toEqual(['amount_mismatch']);
    expect((await signedWebhook([{ txid: 'a'.repeat(32), valor: '50.00' }])()).json().data.outcomes).toEqual(['unknown_order']);
    expect(await money(m.token)).toBe('0.00');

    await t.ctx.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_no', '=', order.order_no)
      .execute();
    expect((await signedWebhook([{ txid, valor: '50.00' }])()).json().data.outcomes).toEqual(['expired_order']);
    expect(await expireOrders(t.ctx.db, new Date().toISOString())).toBeGreaterThanOrEqual(1);
    const view = json(
      await app.inject({ method: 'GET', url: `/api/recharge/order?order_no=${order.order_no}`, headers: bearer(m.token) }),
    ).data;
    expect(view.status).toBe('expired');
    expect(await money(m.token)).toBe('0.00');
    const events = await t.ctx.db.selectFrom('webhook_events').select('outcome').execute();
    expect(events.map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['bad_signature', 'stale', 'amount_mismatch', 'unknown_order', 'expired_order']),
    );
  });

  it('pays through the sandbox bank page, whose webhook really goes through the HTTP path', async () => {
    const m = await registerMember(app);
    const order = (await deposit(m.token, '25.50')).json().data;
    const page = await app.inject({ method: 'GET', url: `${order.sandbox_pay_url}?lang=pt` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pagar R$ 25,50');
    // As a browser submits the page's form: urlencoded, empty.
    const paid = await app.inject({
      method: 'POST',
      url: `${order.sandbox_pay_url}?lang=pt`,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect((await app.inject({ method: 'GET', url: `${order.sandbox_pay_url}?lang=pt` })).body).toContain('Pago.');
    expect(await money(m.token)).toBe('25.50');
  });

  it('answers the bank page with a clear message, never a 500, when the confirmation does not reach the casino', async () => {
    let webhook: 'down' | 'refusing' | 'up' = 'down';
    const bank = await buildApp(t.ctx, {
      serveSites: false,
      sandboxDeliver: async (path, body, headers) => {
        if (webhook === 'down') throw new TypeError('fetch failed'); // connection refused
        if (webhook === 'refusing') return 401; // a webhook secret this process does not share
        return (await app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', ...headers } }))
          .statusCode;
      },
    });
    try {
      const m = await registerMember(app);
      const order = (await deposit(m.token, '12.00')).json().data;
      const pay = () =>
        bank.inject({
          method: 'POST',
          url: `${order.sandbox_pay_url}?lang=pt`,
          payload: '',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      for (const state of ['down', 'refusing'] as const) {
        webhook = state;
        const failed = await pay();
        expect(failed.statusCode, state).toBe(502);
        expect(failed.headers['content-type']).toContain('text/html');
        expect(failed.body).toContain('O banco sandbox não conseguiu avisar o cassino deste pagamento.');
        // The same page, with its button to pay again.
        expect(failed.body).toContain('Pagar R$ 12,00');
        expect(await money(m.token)).toBe('0.00');
      }
      webhook = 'up';
      expect((await pay()).statusCode).toBe(303);
      expect(await money(m.token)).toBe('12.00');
    } finally {
      await bank.close();
    }
  });

  it("keeps one member's orders from another", async () => {
    const a = await registerMember(app);
    const b = await registerMember(app);
    const order = (await deposit(a.token, '10.00')).json().data;
    expect(
      (await app.inject({ method: 'GET', url: `/api/recharge/order?order_no=${order.order_no}`, headers: bearer(b.token) })).statusCode,
    ).toBe(404);
    expect(json(await app.inject({ method: 'POST', url: '/api/recharge/list', headers: bearer(b.token), payload: {} })).data.total).toBe(0);
  });
});

describe('back office', () => {
  it('lists deposits and changes a channel, audited; new limits apply at once', async () => {
    const admin = await adminToken(app);
    const m = await registerMember(app);
    await deposit(m.token, '30.00');
    const list = json(await app.inject({ method: 'GET', url: `/api/admin/deposits?member_id=${m.id}`, headers: bearer(admin) })).data;
    expect(list.list[0]).toMatchObject({ member_id: m.id, amount: '30.00', status: 'pending' });
    const channels = json(await app.inject({ method: 'GET', url: '/api/admin/payment-channels', headers: bearer(admin) })).data;
    const pixDeposit = channels.find((c: { direction: string }) => c.direction === 'deposit');
    const changed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/payment-channels/${pixDeposit.id}`,
      headers: bearer(admin),
      payload: { min: '20.00' },
    });
    expect(json(changed).data.min).toBe('20.00');
    expect((await deposit(m.token, '15.00')).statusCode).toBe(422);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/admin/payment-channels/${pixDeposit.id}`,
          headers: bearer(admin),
          payload: { min: '900000.00' },
        })
      ).statusCode,
    ).toBe(422);
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/payment-channels/${pixDeposit.id}`,
      headers: bearer(admin),
      payload: { min: '10.00' },
    });
    const audit = json(await app.inject({ method: 'GET', url: '/api/admin/audit-log?action=channel.update', headers: bearer(admin) })).data;
    expect(audit.list[1]).toMatchObject({ before: { min: '10.00' }, after: { min: '20.00' } });
  });
});

describe('live balance', () => {
  it('pushes the balance and the credited deposit over /ws, and refuses a bad token', async () => {
    const server = await buildApp(t.ctx, { serveSites: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (server.server.address() as { port: number }).port;
      const m = await registerMember(app);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${m.token}`);
      const messages: { type: string; data: Record<string, string> }[] = [];
      socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
      await new Promise((resolve) => socket.once('open', resolve));
      await expect.poll(() => messages.length).toBeGreaterThan(0);
      expect(messages[0]).toEqual({ type: 'balance', data: { money: '0.00', fs_money: '0.00', ml_money: '0.00' } });

      const order = (await deposit(m.token, '42.00')).json().data;
      await signedWebhook([{ txid: await txidOf(order.order_no), valor: '42.00' }])();
      await expect.poll(() => messages.some((x) => x.type === 'deposit')).toBe(true);
      expect(messages).toContainEqual({ type: 'deposit', data: { order_no: order.order_no, status: 'credited', amount: '42.00' } });
      expect(messages).toContainEqual({ type: 'balance', data: { money: '42.00', fs_money: '0.00', ml_money: '0.00' } });
      socket.close();

      const refused = new WebSocket(`ws://127.0.0.1:${port}/ws?token=nonsense`);
      const code = await new Promise((resolve) => refused.once('close', (c) => resolve(c)));
      expect(code).toBe(4401);
    } finally {
      await server.close();
    }
  });
});

describe('channel switch', () => {
  it('hides a disabled channel from players and says so to operators', async () => {
    const admin = await adminToken(app);
    const m = await registerMember(app);
    const channels = json(await app.inject({ method: 'GET', url: '/api/admin/payment-channels', headers: bearer(admin) })).data;
    const pixDeposit = channels.find((c: { direction: string }) => c.direction === 'deposit');
    expect(pixDeposit).toMatchObject({ enabled: true, fee_bp: 0 });
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/admin/payment-channels/${pixDeposit.id}?lang=en`,
      headers: bearer(admin),
      payload: { enabled: false },
    });
    expect(json(off)).toMatchObject({ message: 'Channel saved', data: { enabled: false } });
    const online = json(await app.inject({ method: 'GET', url: '/api/payment/online/list', headers: bearer(m.token) })).data;
    expect(online.list).toEqual([]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/recharge/online',
      headers: bearer(m.token),
      payload: { money: '20.00', payment_id: pixDeposit.id },
    });
    expect(refused.statusCode).toBe(422);
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/payment-channels/${pixDeposit.id}`,
      headers: bearer(admin),
      payload: { enabled: true },
    });
  });
});
