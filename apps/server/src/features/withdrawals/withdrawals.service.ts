import { randomInt } from 'node:crypto';
import { type Centavos, centavos, formatBRL, formatCentavos } from '@casino/shared/money';
import { normalizeCpf } from '@casino/shared/pix/cpf';
import { normalizePixKey, type PixKeyType } from '@casino/shared/pix/pix-key';
import type { WithdrawalStatus } from '@casino/shared/schemas/payments';
import type { AppContext } from '../../context.ts';
import { type Database, nowIso } from '../../db/database.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { cash, house, moved, type TransferLine } from '../../platform/ledger/ledger.service.ts';
import { moneyFailure } from '../../platform/ledger/money-failure.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { findLiveBank } from '../member-banks/member-banks.repository.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import { maskPixKey } from '../member-banks/member-banks.service.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';
import * as repo from './withdrawals.repository.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { assertMayWithdraw } from '../../platform/responsible/standing.ts';

/**
 * Withdrawals (DESIGN.md section 6): pending_review -> approved -> paying -> paid, or rejected /
 * failed with the money back. The money leaves cash for `withdrawals_payable` in the same
 * transaction that creates the request, so it cannot be bet or withdrawn twice.
 */

const QK_PWD_MAX_FAILURES = 5;
const QK_PWD_WINDOW_MS = 30 * 60_000;
const MAX_OPEN_WITHDRAWALS = 3;
/** America/Sao_Paulo is UTC-3 all year (no daylight saving since 2019). */
const BRAZIL_OFFSET_MS = 3 * 3_600_000;
const ORDER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface DrawingInput {
  money: number;
  qk_pwd: string;
  member_bank_id: number;
  account?: string | undefined;
  member_remark?: string | undefined;
  payment_type?: string | undefined;
  cpf_id?: string | undefined;
  phone_number?: string | undefined;
  email?: string | undefined;
  cnpj?: string | undefined;
  evp?: string | undefined;
}

/** 'W' + the Brazilian date + 8 random letters and digits: W20240601K3J9QZ0A. */
export function newWithdrawalOrderNo(now = Date.now()): string {
  const day = new Date(now - BRAZIL_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)];
  return `W${day}${tail}`;
}

/** The channel's fee on an amount: a fixed part plus basis points, rounded down. */
export function withdrawalFee(channel: { fee_bp: number; fee_fixed_centavos: number }, amountCentavos: number): Centavos {
  return centavos(channel.fee_fixed_centavos + Math.floor((amountCentavos * channel.fee_bp) / 10_000));
}

export function toWithdrawalView(row: repo.WithdrawalRow) {
  return {
    order_no: row.order_no,
    amount: formatCentavos(row.amount_centavos),
    fee: formatCentavos(row.fee_centavos),
    status: row.status as WithdrawalStatus,
    account_masked: maskPixKey(row.key_type, row.pix_key),
    account_type: row.key_type,
    reject_reason: row.reject_reason,
    created_at: row.created_at,
    reviewed_at: row.reviewed_at,
    paid_at: row.paid_at,
  };
}

export function toAdminWithdrawalView(row: repo.WithdrawalRow) {
  return {
    ...toWithdrawalView(row),
    id: row.id,
    member_id: row.member_id,
    member_name: row.member_account,
    member_realname: row.member_realname,
    pix_key_type: row.key_type,
    pix_key: row.pix_key,
    holder_name: row.holder_name,
    member_cpf: row.member_cpf,
    member_remark: row.member_remark,
    reviewed_by: row.reviewer,
    member_ml_money: formatCentavos(row.wagering_required_centavos),
  };
}

const present = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The spec's optional fields, when sent, must describe the chosen key (and the member's CPF). */
function assertAgreesWithKey(input: DrawingInput, bank: { key_type: string; pix_key: string }, memberCpf: string | null) {
  const sameKey = (type: PixKeyType, text: string) => {
    if (bank.key_type !== type) return false;
    const key = normalizePixKey(type, text);
    return key.ok && key.key === bank.pix_key;
  };
  const mismatch = (field: string) => fieldError('BANK_MISMATCH', field);
  if (present(input.account)) {
    const key = normalizePixKey(bank.key_type as PixKeyType, input.account);
    if (!key.ok || key.key !== bank.pix_key) throw mismatch('account');
  }
  if (present(input.cpf_id) && (memberCpf === null || normalizeCpf(input.cpf_id) !== memberCpf)) throw mismatch('cpf_id');
  if (present(input.evp) && !sameKey('evp', input.evp)) throw mismatch('evp');
  if (present(input.email) && !sameKey('email', input.email)) throw mismatch('email');
  if (present(input.phone_number) && !sameKey('phone', input.phone_number)) throw mismatch('phone_number');
  if (present(input.cnpj) && !sameKey('cnpj', input.cnpj)) throw mismatch('cnpj');
}

/**
 * PIX only to the member's own CPF (Lei 14.790/2023), whatever the key type: the member has a CPF
 * (recorded with its first key), a CPF key is that CPF, and no CNPJ key (a company's account) is
 * paid, even one saved before the rule. E-mail, phone and EVP keys were saved under the member's
 * CPF; the PSP's payout names that CPF as the holder, so a key of another person fails there.
 */
function assertKeyOfMemberCpf(bank: { key_type: string; pix_key: string }, memberCpf: string | null) {
  if (memberCpf === null || bank.key_type === 'cnpj' || (bank.key_type === 'cpf' && bank.pix_key !== memberCpf)) {
    throw fieldError('CPF_MISMATCH', 'member_bank_id');
  }
}

/**
 * Checks the withdrawal password. Five wrong answers in 30 minutes lock it; the lock is checked
 * before the (slow) verification, so a locked password is never tested.
 */
async function checkWithdrawalPassword(ctx: AppContext, member: Member, qkPwd: string) {
  if (member.qk_pwd_hash === null) throw fieldError('QK_PWD_NOT_SET', 'qk_pwd');
  const key = `qkpwd:${member.id}`;
  if ((await ctx.counters.count(key)) >= QK_PWD_MAX_FAILURES) throw new AppError('QK_PWD_LOCKED');
  if (!(await verifyPassword(member.qk_pwd_hash, qkPwd))) {
    await ctx.counters.hit(key, QK_PWD_WINDOW_MS);
    throw fieldError('QK_PWD_WRONG', 'qk_pwd');
  }
}

/** Tells the member's open pages: the header balance and the withdrawal record. */
async function notifyMember(ctx: AppContext, memberId: number, withdrawal: ReturnType<typeof toWithdrawalView>) {
  try {
    await pushBalance(ctx.db, ctx.realtime, memberId);
    ctx.realtime.publish(memberId, {
      type: 'withdrawal',
      data: {
        order_no: withdrawal.order_no,
        status: withdrawal.status,
        amount: withdrawal.amount,
        reject_reason: withdrawal.reject_reason,
      },
    });
  } catch (error) {
    // The money already moved and committed; a lost push only delays the page's update.
    ctx.log.warn({ err: error, memberId }, 'withdrawal notification failed');
  }
}

async function loadWithdrawal(ctx: AppContext, id: number) {
  const row = await repo.findWithdrawal(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** What makes two requests under one idempotency key the same withdrawal (the rest only has to agree). */
interface RequestShape {
  amountCentavos: number;
  memberBankId: number;
  paymentType: string;
  remark: string | null;
}

function shapeOf(input: DrawingInput): RequestShape {
  return {
    amountCentavos: input.money,
    memberBankId: input.member_bank_id,
    paymentType: (input.payment_type || 'pix').toLowerCase(),
    remark: input.member_remark?.trim() || null,
  };
}

/**
 * The withdrawal an earlier request under this key made, when there is one: the same request
 * answers it (a retry after a lost answer), another request under the key is refused. Nothing is
 * checked again and nothing moves: the first request was checked and its money moved then.
 */
async function earlierRequest(db: Database, memberId: number, requestKey: string, shape: RequestShape) {
  const earlier = await repo.findByRequestKey(db, memberId, requestKey);
  if (!earlier) return undefined;
  const same =
    earlier.amount_centavos === shape.amountCentavos &&
    earlier.member_bank_id === shape.memberBankId &&
    earlier.payment_type === shape.paymentType &&
    earlier.member_remark === shape.remark;
  if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return earlier.id;
}

/**
 * POST /api/drawing: checks in the order the member can fix them, then moves the money at once.
 * `requestKey` is the client's idempotency key (Idempotency-Key or request_id), scoped to the
 * member: a retry under it answers the first withdrawal, even with many retries at once.
 */
export async function requestWithdrawal(ctx: AppContext, member: Member, input: DrawingInput, requestKey?: string) {
  const shape = shapeOf(input);
  // A pause or an exclusion leaves withdrawals open (an exclusion for its first days, then the operator returns the balance).
  await assertMayWithdraw(ctx.db, member.id);
  if (requestKey !== undefined) {
    const earlier = await earlierRequest(ctx.db, member.id, requestKey, shape);
    if (earlier !== undefined) return toWithdrawalView(await loadWithdrawal(ctx, earlier));
  }
  const paymentType = shape.paymentType;
  const channel = await repo.findWithdrawChannel(ctx.db, paymentType);
  if (!channel) throw fieldError('CHANNEL_UNKNOWN', 'payment_type');

  const amountCentavos = input.money;
  const fee = withdrawalFee(channel, amountCentavos);
  if (amountCentavos < channel.min_centavos || fee >= amountCentavos) {
    throw new AppError('AMOUNT_BELOW_MIN', {
      fieldErrors: { money: ['money.amount_below_min'] },
      messageValues: (lang) => ({
        min: formatBRL(channel.min_centavos, lang),
      }),
    });
  }
  if (amountCentavos > channel.max_centavos) {
    throw new AppError('AMOUNT_ABOVE_MAX', {
      fieldErrors: { money: ['money.amount_above_max'] },
      messageValues: (lang) => ({
        max: formatBRL(channel.max_centavos, lang),
      }),
    });
  }

  const bank = await findLiveBank(ctx.db, member.id, input.member_bank_id);
  if (!bank) throw fieldError('BANK_NOT_FOUND', 'member_bank_id');
  assertAgreesWithKey(input, bank, member.cpf);
  assertKeyOfMemberCpf(bank, member.cpf);

  await checkWithdrawalPassword(ctx, member, input.qk_pwd);

  const wagering = member.wagering_required_centavos;
  if (wagering > 0) throw new AppError('WAGERING_PENDING', { messageValues: (lang) => ({ amount: formatBRL(wagering, lang) }) });

  const orderNo = newWithdrawalOrderNo();
  let placed: { id: number; replayed: boolean };
  try {
    placed = await ctx.db.transaction().execute(async (trx) => {
      // The member's row lock makes the open-withdrawal count exact under concurrent requests, and
      // a concurrent retry under the same key finds the first one committed.
      await lockMember(trx, member.id);
      if (requestKey !== undefined) {
        const earlier = await earlierRequest(trx, member.id, requestKey, shape);
        if (earlier !== undefined) return { id: earlier, replayed: true };
      }
      if ((await repo.countOpen(trx, member.id)) >= MAX_OPEN_WITHDRAWALS) throw new AppError('TOO_MANY_PENDING');
      const now = nowIso();
      const inserted = await repo.insertWithdrawal(trx, {
        order_no: orderNo,
        member_id: member.id,
        member_bank_id: bank.id,
        channel_id: channel.id,
        amount_centavos: amountCentavos,
        fee_centavos: fee,
        member_remark: shape.remark,
        request_key: requestKey ?? null,
        now,
      });
      await postTransfer(trx, {
        key: `withdrawal:${orderNo}`,
        code: 'withdrawal_request',
        lines: moved(cash(member.id), house('withdrawals_payable'), centavos(amountCentavos)),
        meta: { order_no: orderNo, withdrawal_id: inserted.id },
      });
      return { id: inserted.id, replayed: false };
    });
  } catch (error) {
    throw moneyFailure(error, 'money');
  }
  const view = toWithdrawalView(await loadWithdrawal(ctx, placed.id));
  if (!placed.replayed) await notifyMember(ctx, member.id, view);
  return view;
}

export async function memberWithdrawals(ctx: AppContext, memberId: number, page: number, pageSize: number) {
  const { rows, total } = await repo.pageWithdrawals(ctx.db, { memberId, page, pageSize });
  return { list: rows.map(toWithdrawalView), total, page, page_size: pageSize };
}

// ---- back office ------------------------------------------------------------------------------

export async function adminWithdrawals(
  ctx: AppContext,
  query: { status?: WithdrawalStatus | undefined; member_id?: number | undefined; page: number; page_size: number },
) {
  const { rows, total } = await repo.pageWithdrawals(ctx.db, {
    memberId: query.member_id,
    status: query.status,
    page: query.page,
    pageSize: query.page_size,
  });
  return { list: rows.map(toAdminWithdrawalView), total, page: query.page, page_size: query.page_size };
}

/**
 * Approves and pays. The approval is a conditional update (two operators clicking at once approve
 * once) committed with its audit row before the PSP is called; the outcome of the payout then
 * settles the money in its own transaction: paid -> psp_clearing (and the fee to `fees`), refused
 * -> back to the member's cash. A payout that throws leaves the withdrawal `paying` with the money
 * held in withdrawals_payable: we cannot know whether the PSP paid, so nothing is returned blindly.
 */
export async function approveWithdrawal(ctx: AppContext, actor: Actor, id: number) {
  const row = await loadWithdrawal(ctx, id);
  const reviewedAt = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.moveStatus(trx, id, 'pending_review', 'approved', {
      reviewed_by: actor.operatorId,
      reviewed_at: reviewedAt,
      now: reviewedAt,
    });
    if (!moved) throw new AppError('WITHDRAWAL_NOT_PENDING');
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'pending_review' },
      after: { status: 'approved', order_no: row.order_no, amount: formatCentavos(row.amount_centavos) },
      ip: actor.ip,
    });
  });
  const paid = await payApprovedWithdrawal(ctx, row, actor);
  if (paid === null) throw new AppError('WITHDRAWAL_NOT_PENDING');
  if (!paid.ok) throw new AppError('PAYOUT_FAILED');
  return toAdminWithdrawalView(paid.withdrawal);
}

/**
 * Pays an approved withdrawal through the PSP and settles its money; answers null when another
 * process took it first. Shared by an operator's approval and the balance returns of excluded
 * members (features/central-exclusion), whose approval is the exclusion itself (`actor` null).
 */
export async function payApprovedWithdrawal(ctx: AppContext, row: repo.WithdrawalRow, actor: Actor | null) {
  const id = row.id;
  if (!(await repo.moveStatus(ctx.db, id, 'approved', 'paying', { now: nowIso() }))) return null;

  const payoutCentavos = row.amount_centavos - row.fee_centavos;
  const payout = await ctx.psp.payout({
    orderNo: row.order_no,
    amountCentavos: payoutCentavos,
    keyType: row.key_type,
    pixKey: row.pix_key,
    holderName: row.holder_name,
    holderCpf: row.member_cpf,
  });

  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    if (payout.ok) {
      const paid = await repo.moveStatus(trx, id, 'paying', 'paid', { psp_reference: payout.reference, paid_at: now, now });
      if (!paid) throw new Error(`withdrawal ${id} left paying while its payout was in flight`);
      const lines: TransferLine[] = [
        { account: house('withdrawals_payable'), amountCentavos: centavos(-row.amount_centavos) },
        { account: house('psp_clearing'), amountCentavos: centavos(payoutCentavos) },
      ];
      if (row.fee_centavos > 0) lines.push({ account: house('fees'), amountCentavos: centavos(row.fee_centavos) });
      await postTransfer(trx, {
        key: `withdrawal_paid:${row.order_no}`,
        code: 'withdrawal_paid',
        lines,
        meta: { order_no: row.order_no, psp_reference: payout.reference },
      });
      return;
    }
    const failed = await repo.moveStatus(trx, id, 'paying', 'failed', { now });
    if (!failed) throw new Error(`withdrawal ${id} left paying while its payout was in flight`);
    await postTransfer(trx, {
      key: `withdrawal_failed:${row.order_no}`,
      code: 'withdrawal_failed',
      lines: moved(house('withdrawals_payable'), cash(row.member_id), centavos(row.amount_centavos)),
      meta: { order_no: row.order_no, reason: payout.reason },
    });
    await writeAudit(trx, {
      operatorId: actor?.operatorId ?? null,
      action: 'withdrawal.payout_failed',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'paying' },
      after: { status: 'failed', reason: payout.reason },
      ip: actor?.ip ?? null,
    });
  });

  const updated = await loadWithdrawal(ctx, id);
  await notifyMember(ctx, row.member_id, toWithdrawalView(updated));
  return { ok: payout.ok, withdrawal: updated };
}

/** Rejects with a reason the member sees; the money goes back to the member's cash. */
export async function rejectWithdrawal(ctx: AppContext, actor: Actor, id: number, reason: string) {
  const row = await loadWithdrawal(ctx, id);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const rejected = await repo.moveStatus(trx, id, 'pending_review', 'rejected', {
      reviewed_by: actor.operatorId,
      reviewed_at: now,
      reject_reason: reason,
      now,
    });
    if (!rejected) throw new AppError('WITHDRAWAL_NOT_PENDING');
    await postTransfer(trx, {
      key: `withdrawal_rejected:${row.order_no}`,
      code: 'withdrawal_rejected',
      lines: moved(house('withdrawals_payable'), cash(row.member_id), centavos(row.amount_centavos)),
      meta: { order_no: row.order_no, operator_id: actor.operatorId, reason },
    });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: id,
      before: { status: 'pending_review' },
      after: { status: 'rejected', order_no: row.order_no, amount: formatCentavos(row.amount_centavos), reason },
      ip: actor.ip,
    });
  });
  const updated = await loadWithdrawal(ctx, id);
  await notifyMember(ctx, row.member_id, toWithdrawalView(updated));
  return toAdminWithdrawalView(updated);
}
