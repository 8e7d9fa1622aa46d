/**
 * Why money moves: the `code` of every ledger transfer (TigerBeetle's vocabulary: a transfer's code
 * says why it exists). The ledger accepts no other code, and a member reads each one in the order
 * centre's association list (/order-center/association), so every code has a text in the player
 * site's catalogue, `orders.codes.<code>`, in all eight languages (ledger-codes.test.ts).
 */
export const LEDGER_TRANSFER_CODES = [
  /** A PIX deposit credited. */
  'deposit',
  /** A withdrawal requested: cash held in withdrawals_payable. */
  'withdrawal_request',
  'withdrawal_paid',
  /** A rejected or failed withdrawal: the held cash comes back. */
  'withdrawal_rejected',
  'withdrawal_failed',
  /** An operator's balance adjustment. */
  'adjustment',
  /** Game rounds through the seamless wallet (house games and providers). */
  'game_bet',
  'game_win',
  'game_rollback',
  /** Sportsbook: a stake, a payout, a void refund, a corrected result, a cash-out. */
  'sport_bet',
  'sport_bet_payout',
  'sport_bet_refund',
  'sport_bet_correction',
  'sport_cashout',
  /** Promotions: an activity's reward, the rebate moved to cash, the agency's commission. */
  'bonus',
  'rebate_claim',
  'agency_commission',
  /** Rebate (fs_money) accrued from valid bets. */
  'rebate_accrual',
] as const;

export type LedgerTransferCode = (typeof LEDGER_TRANSFER_CODES)[number];
