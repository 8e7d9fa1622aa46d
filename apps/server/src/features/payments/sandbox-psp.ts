import { buildBrCode } from '@casino/shared/pix/br-code';
import type { PaymentProvider } from '../../context.ts';
import { newEndToEndId, newTxid, SANDBOX_FAILING_PIX_KEY, SANDBOX_FAILING_REFUND_PREFIX } from './psp.ts';

/**
 * The local sandbox PSP: real dynamic BR Codes (EMV with CRC16) whose location is this server at
 * its public address (read at each charge: without PUBLIC_URL it follows the port the server
 * listens on), a pay page standing for the player's bank app (`/sandbox-psp/pay/<txid>`),
 * HMAC-signed webhooks (each payment names its payer: `pagador.cpf` or `pagador.cnpj`), payouts
 * that succeed except to SANDBOX_FAILING_PIX_KEY, and refunds (devoluções) that succeed once per
 * refund id (the same id again answers the first refund's reference) except of payments whose
 * endToEndId starts with SANDBOX_FAILING_REFUND_PREFIX.
 */
export function createSandboxPsp(options: { publicUrl: () => string; merchantName: string; merchantCity: string }): PaymentProvider {
  const refunds = new Map<string, string>();
  return {
    name: 'sandbox',
    async createCharge(order) {
      const txid = newTxid();
      const brCode = buildBrCode({
        url: `${new URL(options.publicUrl()).host}/sandbox-psp/cob/${txid}`,
        amountCentavos: order.amountCentavos,
        merchantName: options.merchantName,
        merchantCity: options.merchantCity,
      });
      return { txid, brCode, payPageUrl: `/sandbox-psp/pay/${txid}` };
    },
    async payout(withdrawal) {
      if (withdrawal.pixKey === SANDBOX_FAILING_PIX_KEY) return { ok: false, reason: 'sandbox: key refuses payments' };
      // The sandbox's DICT knows one owner per key: a CPF key belongs to that CPF.
      if (withdrawal.holderCpf && withdrawal.keyType === 'cpf' && withdrawal.pixKey !== withdrawal.holderCpf) {
        return { ok: false, reason: 'sandbox: the key belongs to another CPF' };
      }
      return { ok: true, reference: newEndToEndId('S') };
    },
    async refund(payment) {
      const earlier = refunds.get(payment.refundId);
      if (earlier) return { ok: true, reference: earlier };
      if (payment.endToEndId.startsWith(SANDBOX_FAILING_REFUND_PREFIX)) return { ok: false, reason: 'sandbox: payment cannot be returned' };
      const reference = newEndToEndId('D');
      refunds.set(payment.refundId, reference);
      return { ok: true, reference };
    },
  };
}
