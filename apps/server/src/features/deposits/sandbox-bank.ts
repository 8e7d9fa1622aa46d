import { formatBRL, formatCentavos } from '@casino/shared/money';
import { formatCpf, isValidCpf, normalizeCpf } from '@casino/shared/pix/cpf';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/i18n.ts';
import type { SelfCall } from '../../lib/self-call.ts';
import { newEndToEndId, signWebhook } from '../payments/psp.ts';
import { findOrderByTxid } from './deposits.repository.ts';
import { memberPayerFacts } from './payer-refunds.repository.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from './webhook.ts';

/**
 * The sandbox PSP's "bank app": a page that shows the charge and pays it. Paying sends the signed
 * webhook over HTTP to this server's webhook route, the same path a real PSP's call takes.
 */
export type Deliver = (path: string, body: string, headers: Record<string, string>) => Promise<number>;

const DELIVERY_TIMEOUT_MS = 10_000;

/** Delivers to this server at the address it listens on (lib/self-call.ts), whatever PUBLIC_URL says. */
export function selfDeliver(call: SelfCall): Deliver {
  return async (path, body, headers) =>
    (await call({ path, body, headers: { 'content-type': 'application/json', ...headers }, timeoutMs: DELIVERY_TIMEOUT_MS })).status;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The bank page of a charge; `undelivered` says the last payment did not reach the casino,
 * `badPayer` that the payer's CPF typed was not a valid CPF. The tester chooses the payer's CPF
 * (the member's own by default): another CPF shows the casino returning the payment.
 */
export async function sandboxPage(
  ctx: AppContext,
  txid: string,
  lang: string,
  undelivered = false,
  badPayer = false,
): Promise<string | null> {
  const order = await findOrderByTxid(ctx.db, txid);
  if (!order) return null;
  const member = await memberPayerFacts(ctx.db, order.member_id);
  const t = (key: string, values?: Record<string, unknown>) => escapeHtml(translate(lang, key, values));
  const amount = formatBRL(order.amount_centavos, lang);
  const expired = order.status === 'pending' && Date.parse(order.expires_at) <= Date.now();
  const payerField = `<label for="payer_cpf">${t('money.sandbox_payer_cpf')}</label>
<input id="payer_cpf" name="payer_cpf" inputmode="numeric" autocomplete="off" maxlength="14" value="${escapeHtml(member?.cpf ? formatCpf(member.cpf) : '')}"${badPayer ? ' aria-invalid="true"' : ''}>
<p class="hint">${t('money.sandbox_payer_hint')}</p>
${badPayer ? `<p class="bad" role="alert">${t('money.sandbox_payer_invalid')}</p>` : ''}`;
  const state =
    order.status === 'credited'
      ? `<p class="ok" role="status">${t('money.sandbox_paid')}</p>`
      : order.status === 'refund_pending' || order.status === 'refunded'
        ? `<p class="bad" role="status">${t(order.status === 'refunded' ? 'money.sandbox_refunded' : 'money.sandbox_refund_pending')}</p>`
        : order.status !== 'pending' || expired
          ? `<p class="bad" role="status">${t('money.sandbox_expired')}</p>`
          : `<form method="post" action="/sandbox-psp/pay/${escapeHtml(txid)}?lang=${escapeHtml(lang)}">${payerField}<button type="submit">${t('money.sandbox_pay', { amount })}</button></form>`;
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('money.sandbox_title')}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#1e293b;border-radius:16px;padding:28px;max-width:360px;width:calc(100% - 32px);box-shadow:0 10px 40px #0008}
h1{font-size:20px;margin:0 0 8px;color:#a78bfa}p{line-height:1.5;color:#cbd5e1;font-size:14px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0}dt{color:#94a3b8}dd{margin:0;text-align:right;font-weight:600}
button{width:100%;padding:14px;border:0;border-radius:12px;background:#8b5cf6;color:#fff;font-size:16px;font-weight:700;cursor:pointer}
.ok{color:#4ade80;font-weight:700}label{display:block;font-size:13px;color:#94a3b8;margin:0 0 4px}input{box-sizing:border-box;width:100%;padding:10px 12px;border-radius:10px;border:1px solid #475569;background:#0f172a;color:#e2e8f0;font-size:16px}.hint{font-size:12px;margin:4px 0 14px}.bad{color:#f87171;font-weight:700}code{font-size:11px;word-break:break-all;color:#94a3b8}
</style></head>
<body><main>
<h1>${t('money.sandbox_title')}</h1>
<p>${t('money.sandbox_intro')}</p>
<dl><dt>${t('money.sandbox_receiver')}</dt><dd>Aurora Bet</dd><dt>${t('money.sandbox_amount')}</dt><dd>${escapeHtml(amount)}</dd></dl>
${undelivered ? `<p class="bad" role="alert">${t('money.sandbox_undelivered')}</p>` : ''}
${state}
<p><code>${escapeHtml(order.br_code)}</code></p>
</main></body></html>`;
}

/**
 * What paying did: the casino took the confirmation (`delivered`, whatever it made of it), the
 * charge was not open (`not_payable`), or the confirmation did not reach the casino or was refused
 * by it (`undelivered`: the player may pay again; a second delivery never credits twice).
 */
export type SandboxPayment = 'delivered' | 'not_payable' | 'undelivered' | 'bad_payer';

/**
 * The bank pays: one PIX confirmation for the charge, signed, to the webhook, naming the payer's
 * CPF the tester chose (`payerCpf`; empty sends no payer, as a PSP that does not report it).
 */
export async function sandboxPay(ctx: AppContext, txid: string, deliver: Deliver, payerCpf?: string): Promise<SandboxPayment> {
  const order = await findOrderByTxid(ctx.db, txid);
  if (order?.status !== 'pending') return 'not_payable';
  const typed = payerCpf?.trim() ?? '';
  const cpf = typed === '' ? null : normalizeCpf(typed);
  if (typed !== '' && (cpf === null || !isValidCpf(cpf))) return 'bad_payer';
  const amount = order.amount_centavos;
  const body = JSON.stringify({
    pix: [
      {
        endToEndId: newEndToEndId(),
        txid,
        valor: formatCentavos(amount),
        horario: new Date().toISOString(),
        ...(cpf ? { pagador: { cpf } } : {}),
      },
    ],
  });
  const timestamp = Date.now();
  const headers = { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signWebhook(ctx.webhookSecret, timestamp, body) };
  try {
    const status = await deliver('/api/webhooks/pix/sandbox', body, headers);
    if (status === 200) return 'delivered';
    ctx.log.warn({ txid, status }, 'sandbox bank: the webhook refused the payment confirmation');
  } catch (error) {
    ctx.log.warn({ txid, err: error }, 'sandbox bank: the payment confirmation did not reach the webhook');
  }
  return 'undelivered';
}
