import { API } from '@casino/shared/api-paths';
import { formatCentavos } from '@casino/shared/money';
import { newEndToEndId, signWebhook } from '../features/payments/psp.ts';
import { bearer, json, type TestApp } from './test-app.ts';

/** Fixtures of the promotions tests: real deposits and real house rounds, no shortcuts. */

/** What a credited test deposit answers: its order and the centavos it credited. */
export interface FundedDeposit {
  orderNo: string;
  orderId: number;
  amountCentavos: number;
}

/**
 * Funds a member through the real path a player takes: a PIX charge on the first deposit channel,
 * then the sandbox PSP's HMAC-signed webhook, so the order ends 'credited' with its credited_at
 * and members.total_recharge_centavos grows exactly as in production. `reais` is "100.00" or 100;
 * `order` adds fields to the deposit request (the deposit bonus chosen: `{ bonus: 'welcome' }`).
 */
export async function fundMember(
  t: TestApp,
  token: string,
  reais: string | number,
  order: Record<string, unknown> = {},
): Promise<FundedDeposit> {
  const created = await createDepositOrder(t, token, reais, order);
  await payDepositOrder(t, created);
  return created;
}

/** A pending PIX charge of `reais` on the first deposit channel (not paid yet). */
export async function createDepositOrder(
  t: TestApp,
  token: string,
  reais: string | number,
  order: Record<string, unknown> = {},
): Promise<FundedDeposit> {
  const money = typeof reais === 'number' ? reais.toFixed(2) : reais;
  const channels = json(await t.app.inject({ method: 'GET', url: API.paymentOnlineList, headers: bearer(token) })).data;
  const created = await t.app.inject({
    method: 'POST',
    url: `${API.rechargeOnline}?lang=en`,
    headers: bearer(token),
    payload: { money, payment_id: channels.list[0].id, payment_type: 'pix', ...order },
  });
  if (created.statusCode !== 200) throw new Error(`deposit of ${money} refused: ${created.body}`);
  const orderNo = json(created).data.order_no as string;
  const row = await t.ctx.db
    .selectFrom('deposit_orders')
    .select(['id', 'amount_centavos'])
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return { orderNo, orderId: row.id, amountCentavos: row.amount_centavos };
}

/** Pays a pending charge the way the PSP confirms it: one signed webhook, which credits the order. */
export async function payDepositOrder(t: TestApp, deposit: FundedDeposit): Promise<void> {
  const order = await t.ctx.db
    .selectFrom('deposit_orders')
    .innerJoin('members', 'members.id', 'deposit_orders.member_id')
    .select(['deposit_orders.psp_txid', 'deposit_orders.amount_centavos', 'members.cpf'])
    .where('deposit_orders.id', '=', deposit.orderId)
    .executeTakeFirstOrThrow();
  const valor = formatCentavos(order.amount_centavos);
  // The member pays from its own CPF (a member with none yet: the PSP names no payer).
  const payer = order.cpf ? { pagador: { cpf: order.cpf } } : {};
  const body = JSON.stringify({
    pix: [{ endToEndId: newEndToEndId(), txid: order.psp_txid, valor, horario: new Date().toISOString(), ...payer }],
  });
  const timestamp = Date.now();
  const hook = await t.app.inject({
    method: 'POST',
    url: API.pixWebhook,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': String(timestamp),
      'x-sandbox-signature': signWebhook(t.ctx.webhookSecret, timestamp, body),
    },
  });
  const outcomes = hook.statusCode === 200 ? (json(hook).data.outcomes as string[]) : [];
  if (!outcomes.includes('credited')) throw new Error(`deposit ${deposit.orderNo} not credited: ${hook.body}`);
}

/** The answer of one settled house round: the stake and the win, both "0.00". */
export interface PlayedRound {
  amount: string;
  win: string;
}

/**
 * Plays one settled dice round (the wallet records it in member_daily_stats like any game).
 * `outcome: 'lose'` bets under 0.01 (a 0.01% chance of winning: all but surely a loss);
 * 'coin' bets over 50. The member must have the cash.
 */
export async function playRound(
  t: TestApp,
  token: string,
  stakeReais: string | number,
  outcome: 'lose' | 'coin' = 'lose',
): Promise<PlayedRound> {
  const amount = typeof stakeReais === 'number' ? stakeReais.toFixed(2) : stakeReais;
  const target = outcome === 'lose' ? { target: '0.01', direction: 'under' } : { target: '50', direction: 'over' };
  const response = await t.app.inject({ method: 'POST', url: API.house.dice, headers: bearer(token), payload: { amount, ...target } });
  if (response.statusCode !== 200) throw new Error(`dice round refused: ${response.body}`);
  const data = json(response).data;
  return { amount: data.amount ?? amount, win: data.win };
}
