import { buildBrCode } from '@casino/shared/pix/br-code';
import type { PaymentProvider } from '../../context.ts';
import { newEndToEndId, newTxid, SANDBOX_FAILING_PIX_KEY } from './psp.ts';

/**
 * The local sandbox PSP: real dynamic BR Codes (EMV with CRC16) whose location is this server at
 * its public address (read at each charge: without PUBLIC_URL it follows the port the server
 * listens on), a pay page standing for the player's bank app (`/sandbox-psp/pay/<txid>`),
 * HMAC-signed webhooks, and payouts that succeed except to SANDBOX_FAILING_PIX_KEY.
 */
export function createSandboxPsp(options: { publicUrl: () => string; merchantName: string; merchantCity: string }): PaymentProvider {
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
      return { ok: true, reference: newEndToEndId('S') };
    },
  };
}
