import type { DepositStatus, WithdrawalStatus } from '@casino/shared/schemas/payments';
import { useTranslation } from 'react-i18next';
import { Badge } from './feedback';

type Tone = Parameters<typeof Badge>[0]['tone'];

const WITHDRAWAL_TONES: Record<WithdrawalStatus, Tone> = {
  pending_review: 'amber',
  approved: 'blue',
  paying: 'blue',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
};

const DEPOSIT_TONES: Record<DepositStatus, Tone> = {
  pending: 'amber',
  credited: 'green',
  expired: 'slate',
  failed: 'red',
  // Paid from a CPF that is not the member's: returned to the payer, never credited.
  refund_pending: 'amber',
  refunded: 'slate',
};

/**
 * The contract's status lists, in lifecycle order, read from the exhaustive tone tables above
 * (a type-only import of the contract keeps zod out of these pages' chunks).
 */
export const WITHDRAWAL_STATUS_LIST = Object.keys(WITHDRAWAL_TONES) as WithdrawalStatus[];
export const DEPOSIT_STATUS_LIST = Object.keys(DEPOSIT_TONES) as DepositStatus[];

/** Shared by the review queue and the member page, so a status reads the same everywhere. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status}>
      <Badge tone={WITHDRAWAL_TONES[status] ?? 'slate'}>{t(`money.withdrawal_status.${status}`, { defaultValue: status })}</Badge>
    </span>
  );
}

export function DepositStatusBadge({ status }: { status: DepositStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status}>
      <Badge tone={DEPOSIT_TONES[status] ?? 'slate'}>{t(`money.deposit_status.${status}`, { defaultValue: status })}</Badge>
    </span>
  );
}

/** A signed reais string, green when money came in, red when it went out. */
export function SignedMoney({ value, formatted }: { value: string; formatted: string }) {
  const negative = value.startsWith('-');
  const zero = /^-?0+(\.0+)?$/.test(value);
  const tone = zero ? 'text-slate-300' : negative ? 'text-rose-300' : 'text-emerald-300';
  return <span className={`font-medium tabular-nums ${tone}`}>{!negative && !zero ? `+${formatted}` : formatted}</span>;
}
