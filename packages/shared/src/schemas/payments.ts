import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../envelope.ts';
import { PIX_KEY_TYPES } from '../pix/pix-key.ts';
import { idField, langField, reaisField } from './fields.ts';
import { depositBonusChoiceField } from './promotions.ts';

/**
 * Deposits (recharge), PIX keys (member banks), withdrawals (drawing) and the order centre.
 * Money in answers is "0.00" strings; money in requests is reais parsed by reaisField.
 */

// ---- payment channels -------------------------------------------------------------------------
export const channelsQuery = z.object({
  lang: langField,
  /** The user's site (spec: "requested with lang and domain"). */
  domain: z.string().max(255).optional(),
  /** deposit | withdraw; both when absent. */
  direction: z.enum(['deposit', 'withdraw']).optional(),
});

export const paymentChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  direction: z.enum(['deposit', 'withdraw']),
  payment_type: z.string(),
  /** Fee in percent ("0.00") plus a fixed part in reais. */
  fee: z.string(),
  fee_fixed: z.string(),
  min: z.string(),
  max: z.string(),
  instant_receipt: z.boolean(),
  /** Players only ever see enabled channels; the back office sees all. */
  enabled: z.boolean(),
  fee_bp: z.number().int(),
  icon: z.string(),
});
export type PaymentChannel = z.infer<typeof paymentChannel>;

export const tradingRule = z.object({ title: z.string(), content: z.string() });
/** GET /api/payment/online/list: deposit channels, quick amounts and the trading rules. */
export const onlineChannelsResponse = z.object({
  list: z.array(paymentChannel),
  quick_amounts: z.array(z.string()),
  trading_rules: z.array(tradingRule),
});

// ---- deposits ---------------------------------------------------------------------------------
/**
 * refund_pending and refunded: paid from a CPF that is not the member's, so never credited and
 * returned to its payer (issue 12 item 7; refund_pending while the PSP's refund is retried).
 */
export const DEPOSIT_STATUSES = ['pending', 'credited', 'expired', 'failed', 'refund_pending', 'refunded'] as const;
/** Why a payment was returned: another person's CPF, no payer named, or a company's account. */
export const DEPOSIT_REFUND_REASONS = ['foreign_payer', 'payer_unknown', 'payer_company'] as const;
/** A deposit's history: credited, received from another payer (foreign_payer), refunded, refund_failed. */
export const depositEvent = z.object({ event: z.string(), reason: z.string().nullable(), at: z.string() });
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** POST /api/recharge/online (spec: money, payment_desc, payment_id, payment_type). */
export const rechargeOnlineBody = z.strictObject({
  money: reaisField,
  /** The channel id from the channel list. */
  payment_id: idField,
  payment_type: z.string().max(16).optional(),
  payment_desc: z.string().max(255).optional(),
  /**
   * Ours: the deposit bonus this deposit is for (ftd, welcome, rechargerebate) or `none`, offered by
   * GET /api/recharge/bonuses. With bonus stacking off a deposit funds one bonus; omitted, the first
   * one claimed takes it.
   */
  bonus: depositBonusChoiceField.optional(),
  lang: langField,
});

export const depositOrder = z.object({
  order_no: z.string(),
  amount: z.string(),
  fee: z.string(),
  method: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** PIX "copia e cola" text (EMV BR Code with CRC16). */
  br_code: z.string(),
  /** data: URL of the QR image of br_code. */
  qr_image: z.string(),
  /** The sandbox bank's page that pays this charge (stands for the player's bank app). */
  sandbox_pay_url: z.string().nullable(),
  expires_at: z.string(),
  credited_at: z.string().nullable(),
  created_at: z.string(),
  /** Why the payment was returned (DEPOSIT_REFUND_REASONS), or null. */
  refund_reason: z.string().nullable(),
  /** The deposit's history, oldest first. */
  history: z.array(depositEvent),
});
export type DepositOrder = z.infer<typeof depositOrder>;

/** The spec's answer shape: status, message, pay_url, data. */
export const rechargeOnlineResponse = z.object({
  code: z.number().int(),
  status: z.literal('success'),
  message: z.string(),
  pay_url: z.string(),
  data: depositOrder,
});

export const rechargeListBody = pageQuerySchema.extend({ lang: langField }).strict().optional();
export const rechargeListItem = z.object({
  order_no: z.string(),
  amount: z.string(),
  method: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  created_at: z.string(),
  credited_at: z.string().nullable(),
});
export const rechargeListResponse = pageSchema(rechargeListItem);
export const rechargeOrderQuery = z.object({ order_no: z.string().max(32), lang: langField });

// ---- PIX keys (member banks) ------------------------------------------------------------------
/** POST /api/memberbanks/save: a PIX key in the member's own name and CPF. */
export const memberBankSaveBody = z.strictObject({
  /** PIX key type. */
  account_type: z.enum(PIX_KEY_TYPES),
  /** The key itself (CPF digits, CNPJ, +55 phone, email or EVP). */
  account: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  /** Holder name (payment name). */
  name: z.string().trim().min(2, { error: 'validation.realname_format' }).max(100),
  /** The member's CPF: set with the first key, then must match. */
  cpf_id: z.string().trim().max(20),
  bank_name: z.string().trim().max(100).optional(),
  is_default: z.boolean().optional(),
  lang: langField,
});

export const memberBank = z.object({
  id: z.number().int(),
  account_type: z.enum(PIX_KEY_TYPES),
  /** Masked for display ("***.456.789-**", "ma***@gmail.com"). */
  account_masked: z.string(),
  name: z.string(),
  bank_name: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
});
export const memberBanksResponse = z.object({
  /** The member's CPF, masked; null until the first key is saved. */
  cpf: z.string().nullable(),
  list: z.array(memberBank),
});

// ---- withdrawals ------------------------------------------------------------------------------
export const WITHDRAWAL_STATUSES = ['pending_review', 'approved', 'paying', 'paid', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * A key the client chooses for one request before it sends it, and sends again on every retry of
 * it (after a lost answer): the server answers a retry with the first request's result and makes
 * nothing twice. Scoped to the member; 8 to 128 letters, digits, '-' or '_' (a UUID fits).
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
export const idempotencyKeyField = z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: 'validation.idempotency_key_format' });

/** Headers of POST /api/drawing: the optional Idempotency-Key (every other header passes). */
export const drawingHeaders = z.looseObject({
  'idempotency-key': idempotencyKeyField
    .optional()
    .describe('Chosen by the client per withdrawal request and resent on its retries: the same key and body answer the first request'),
});

/**
 * POST /api/drawing (spec "Withdraw post"). money, qk_pwd and member_bank_id decide; the other
 * fields of the spec's variants are accepted and must agree with the chosen key when present.
 * request_id is the Idempotency-Key header's alternative in the body (either, or both equal).
 */
export const drawingBody = z.strictObject({
  money: reaisField,
  qk_pwd: z.string().regex(/^\d{6}$/, { error: 'validation.qk_pwd_format' }),
  member_bank_id: idField,
  name: z.string().max(100).optional(),
  account: z.string().max(100).optional(),
  member_bank_text: z.string().max(255).optional(),
  member_remark: z.string().max(255).optional(),
  payment_type: z.string().max(16).optional(),
  cpf_id: z.string().max(20).optional(),
  phone_number: z.string().max(32).optional(),
  email: z.string().max(100).optional(),
  cnpj: z.string().max(20).optional(),
  evp: z.string().max(64).optional(),
  request_id: idempotencyKeyField.optional(),
  lang: langField,
});

export const withdrawal = z.object({
  order_no: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  account_masked: z.string(),
  account_type: z.string(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export const withdrawalListBody = rechargeListBody;
export const withdrawalListResponse = pageSchema(withdrawal);

// ---- order centre -----------------------------------------------------------------------------
export const orderCenterQuery = z.object({
  /** 1 = today, 3 = the last 3 days, 7 = the last 7 days (spec section 9). */
  days: z.coerce
    .number()
    .int()
    .refine((d) => d === 1 || d === 3 || d === 7, { error: 'validation.invalid' })
    .default(1),
  lang: langField,
});
export const orderTotals = z.object({
  total_recharge_amount: z.string(),
  total_withdraw_amount: z.string(),
  total_bonus_amount: z.string(),
  total_fee_amount: z.string(),
});
export const orderCenterDetailsResponse = z.object({
  details: orderTotals,
  /** Every range at once, for the page's tabs and chart. */
  ranges: z.object({ today: orderTotals, last_3_days: orderTotals, last_7_days: orderTotals }),
  /** Per day of the last 7 (oldest first), for the chart. */
  daily: z.array(orderTotals.extend({ date: z.string() })),
});
export const feeItem = z.object({
  order_no: z.string(),
  kind: z.enum(['deposit', 'withdraw']),
  amount: z.string(),
  fee: z.string(),
  created_at: z.string(),
});
export const orderCenterFeeResponse = z.object({ fee: z.array(feeItem) });
/** Money movements linked to the member (each ledger transfer touching its accounts). */
export const associationItem = z.object({
  id: z.number().int(),
  code: z.string(),
  amount: z.string(),
  balance_after: z.string().nullable(),
  created_at: z.string(),
});
export const orderCenterAssociationResponse = z.object({ association: z.array(associationItem) });

// ---- back office ------------------------------------------------------------------------------
export const adminWithdrawalQuery = pageQuerySchema.extend({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  member_id: idField.optional(),
  lang: langField,
});
export const adminWithdrawal = withdrawal.extend({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  member_realname: z.string(),
  pix_key_type: z.string(),
  /** The full key, for the reviewing operator. */
  pix_key: z.string(),
  holder_name: z.string(),
  member_cpf: z.string().nullable(),
  member_remark: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  /** Outstanding wagering requirement of the member at review time. */
  member_ml_money: z.string(),
});
export const adminWithdrawalPage = pageSchema(adminWithdrawal);
export const withdrawalIdParams = z.object({ id: idField });
export const rejectWithdrawalBody = z.strictObject({
  reason: z.string().trim().min(3, { error: 'validation.reason_required' }).max(500),
  lang: langField,
});

export const adminDepositQuery = pageQuerySchema.extend({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  member_id: idField.optional(),
  lang: langField,
});
export const adminDeposit = rechargeListItem.extend({
  id: z.number().int(),
  member_id: z.number().int(),
  member_name: z.string(),
  end_to_end_id: z.string().nullable(),
  expires_at: z.string(),
});
export const adminDepositPage = pageSchema(adminDeposit);

export const channelUpdateBody = z.strictObject({
  name: z.string().trim().min(1).max(64).optional(),
  min: reaisField.optional(),
  max: reaisField.optional(),
  fee_bp: z.number().int().min(0).max(10_000).optional(),
  enabled: z.boolean().optional(),
  instant_receipt: z.boolean().optional(),
  lang: langField,
});
export const channelIdParams = z.object({ id: idField });
