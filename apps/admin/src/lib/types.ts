import type {
  auditItem,
  memberDetail,
  memberSession,
  memberSummary,
  operator,
  operatorLoginResponse,
  operatorSecurity,
  recoveryCodesResponse,
  totpSetupResponse,
  outboxItem,
  Permission,
  ledgerEntry,
} from '@casino/shared/schemas/admin';
import type { adminDeposit, adminWithdrawal, paymentChannel } from '@casino/shared/schemas/payments';
import type { z } from 'zod';

/** Response types of the admin API, inferred from the shared contract (type-only: no zod in the bundle). */
export type Operator = z.infer<typeof operator>;
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponse>;
export type OperatorSecurity = z.infer<typeof operatorSecurity>;
export type TotpSetup = z.infer<typeof totpSetupResponse>;
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;
export type MemberSummary = z.infer<typeof memberSummary>;
export type MemberDetail = z.infer<typeof memberDetail>;
export type MemberSession = z.infer<typeof memberSession>;
export type OutboxItem = z.infer<typeof outboxItem>;
export type AuditItem = z.infer<typeof auditItem>;
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export type AdminDeposit = z.infer<typeof adminDeposit>;
/** The back office's view of a channel also says whether members can see it. */
export type AdminPaymentChannel = z.infer<typeof paymentChannel> & { enabled?: boolean; fee_bp?: number };
export type { DepositStatus, WithdrawalStatus } from '@casino/shared/schemas/payments';
export type Page<T> = { list: T[]; total: number; page: number; page_size: number };
export type { Permission };
