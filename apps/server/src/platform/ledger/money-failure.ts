import { AppError } from '../../lib/http.ts';
import { InsufficientFunds } from './ledger.service.ts';

/**
 * A refusal thrown inside a money transaction to undo everything it wrote (the wallet's
 * WalletRefusal is one): `code` says why.
 */
export class MoneyRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * The one place a failure thrown by the money path becomes the member's answer: short funds (the
 * ledger's InsufficientFunds, or a refusal saying so) is 422 INSUFFICIENT_FUNDS on the form's
 * `field`; any other refusal on a caller's own fresh ids is a bug, not a player's mistake, and
 * stays an internal error; every other error passes through unchanged.
 */
export function moneyFailure(error: unknown, field = 'amount'): unknown {
  const short = error instanceof InsufficientFunds || (error instanceof MoneyRefusal && error.code === 'INSUFFICIENT_FUNDS');
  if (short) return new AppError('INSUFFICIENT_FUNDS', { fieldErrors: { [field]: ['errors.insufficient_funds'] } });
  if (error instanceof MoneyRefusal) return new Error(`money transaction refused: ${error.code}`);
  return error;
}
