/**
 * Why money moves: the `code` of every ledger transfer (TigerBeetle's vocabulary: a transfer's code
 * says why it exists). The ledger accepts no other code, and a member reads each one in the order
 * centre's association list (/order-center/association), so every code has a text in the player
 * site's catalogue, `orders.codes.<code>`, in all eight languages (ledger-codes.test.ts).
 */
export const LEDGER_TRANSFER_CODES = [
  /** A PIX deposit credited. */
  'deposit',
  /** A PIX payment from a CPF that is not the member's: not credited, held to be returned to its payer. */
  'deposit_foreign_payer',
  /** That payment returned to its payer through the PSP (the held money leaves). */
  'deposit_refund',
  /** A withdrawal requested: cash held in withdrawals_payable. */
  'withdrawal_request',
  /** A withdrawal paid out by the PSP: the held cash leaves the house. */
  'withdrawal_paid',
  /** A withdrawal an operator rejected: the held cash comes back. */
  'withdrawal_rejected',
  /** A withdrawal the PSP could not pay: the held cash comes back. */
  'withdrawal_failed',
  /** An operator's balance adjustment. */
  'adjustment',
  /** A game round's stake through the seamless wallet (house games and providers). */
  'game_bet',
  /** A game round's win paid. */
  'game_win',
  /** A game round's stake refunded (the provider cancelled the bet). */
  'game_rollback',
  /** A sports slip's stake. */
  'sport_bet',
  /** A winning sports slip paid. */
  'sport_bet_payout',
  /** A voided sports slip refunded. */
  'sport_bet_refund',
  /** A corrected result: a payout taken back or topped up. */
  'sport_bet_correction',
  /** A sports slip cashed out before it settled. */
  'sport_cashout',
  /** An activity's reward. */
  'bonus',
  /** Rebate (fs_money) moved to cash. */
  'rebate_claim',
  /** The agency's commission paid. */
  'agency_commission',
  /** Rebate (fs_money) accrued from valid bets. */
  'rebate_accrual',
] as const;

export type LedgerTransferCode = (typeof LEDGER_TRANSFER_CODES)[number];
