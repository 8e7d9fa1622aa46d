/**
 * The ledger's closed vocabularies (DESIGN.md section 2): why money moves (transfer codes, kept in
 * packages/shared because members read them in the order centre) and which house accounts it moves
 * through. A transfer naming any other code or house account does not compile.
 */
export { LEDGER_TRANSFER_CODES, type LedgerTransferCode } from '@casino/shared/ledger-codes';

/** The house's side of every transfer, each with why it exists. */
export const HOUSE_ACCOUNTS = {
  /** PIX money received from the payment provider and not yet settled to the operator's bank. */
  psp_clearing: 'psp_clearing',
  /** PIX payments from a CPF that is not the member's, received and not credited, until the PSP returns them. */
  deposit_refunds_payable: 'deposit_refunds_payable',
  /** Cash held for requested withdrawals until they are paid (or rejected and given back). */
  withdrawals_payable: 'withdrawals_payable',
  /** Deposit fees the house keeps. */
  fees: 'fees',
  /** What activity rewards, bonuses and rebates cost the house. */
  promotions_expense: 'promotions_expense',
  /** What the agency's commissions cost the house. */
  agency_commission_expense: 'agency_commission_expense',
  /** The sportsbook's book: every stake goes in, every payout comes out. */
  sportsbook_house: 'sportsbook_house',
  /** The other side of operators' manual balance adjustments. */
  adjustments: 'adjustments',
} as const;

/** A game provider's book (house games are a provider too): stakes in, wins and refunds out. */
export type GameHouseAccount = `game_house:${string}`;

export type HouseAccount = keyof typeof HOUSE_ACCOUNTS | GameHouseAccount;

/** The book of the game provider `platType`. */
export const gameHouseAccount = (platType: string): GameHouseAccount => `game_house:${platType}`;
