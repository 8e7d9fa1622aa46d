import { centavos, formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { clock } from '../../lib/clock.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import { notifyMember } from '../../platform/communications/notify.ts';
import { cash, house, moved } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import { pushBalance, pushNotification } from '../../platform/realtime/realtime.ts';
import { liveBanks } from '../member-banks/member-banks.repository.ts';
import { findWithdrawal, findWithdrawChannel, insertWithdrawal, moveStatus } from '../withdrawals/withdrawals.repository.ts';
import { newWithdrawalOrderNo, payApprovedWithdrawal } from '../withdrawals/withdrawals.service.ts';
import * as repo from './central-exclusion.repository.ts';

/**
 * Balance returns (issue 12 items 3 and 4; docs/RESPONSIBLE-GAMING.md). When an exclusion's
 * withdrawal window ends (self-exclusion, or the federal register's), the member's cash goes back
 * by PIX to a key in the member's own CPF, through the withdrawal path: a withdrawal row (approved
 * by the exclusion itself, no fee), the ledger's `withdrawal_request` and the PSP's payout settled
 * as `withdrawal_paid`. No key: the return waits in the back office's queue, where an operator
 * pays it by other means and marks it paid (audited). One return per member and exclusion: the
 * return_key's unique index, taken under the member's lock, makes concurrent passes pay once.
 */

type DueExclusion = Awaited<ReturnType<typeof repo.exclusionsDueForReturn>>[number];

/** The key a return is paid to: the member's CPF key first, else the default key. */
export function returnKey(banks: Array<{ id: number; key_type: string; pix_key: string; is_default: number }>, cpf: string | null) {
  if (!cpf) return undefined;
  // Every key of a member is saved under the member's CPF (member-banks.service.ts), and a CPF key
  // must be that CPF: any live key is the member's own.
  return banks.find((b) => b.key_type === 'cpf' && b.pix_key === cpf) ?? banks.find((b) => b.is_default === 1) ?? banks[0];
}

async function tell(db: Database, memberId: number, kind: 'balance_returned' | 'balance_return_queued', amountCentavos: number) {
  await notifyMember(db, { memberId, kind, amountCentavos, nowIso: clock.nowIso() });
}

/**
 * Records the return of one exclusion and, when there is a key, the approved withdrawal holding
 * its money, in one transaction under the member's lock. Answers what is left to pay, if anything.
 */
async function startReturn(
  ctx: AppContext,
  due: DueExclusion,
): Promise<{ id: number; withdrawalId: number } | 'queued' | 'empty' | 'taken'> {
  const memberId = due.member_id;
  return ctx.db.transaction().execute(async (trx) => {
    const member = await lockMember(trx, memberId);
    const now = clock.nowIso();
    const amount = await repo.cashBalance(trx, memberId);
    const key = returnKey(await liveBanks(trx, memberId), member?.cpf ?? null);
    const channel = key ? await findWithdrawChannel(trx, 'pix') : undefined;
    const status = amount <= 0 ? 'empty' : key && channel ? 'paying' : 'queued';
    const id = await repo.insertReturn(trx, {
      memberId,
      returnKey: `${memberId}:${due.excluded_at}`,
      reason: due.exclusion_source === 'central' ? 'central_exclusion' : 'self_exclusion',
      amountCentavos: Math.max(0, amount),
      status,
      keyType: key?.key_type ?? null,
      pixKey: key?.pix_key ?? null,
      now,
    });
    if (id === undefined) return 'taken';
    if (status === 'empty') return 'empty';
    if (status === 'queued' || !key || !channel) {
      await tell(trx, memberId, 'balance_return_queued', amount);
      return 'queued';
    }
    const orderNo = newWithdrawalOrderNo(clock.nowMs());
    const withdrawal = await insertWithdrawal(trx, {
      order_no: orderNo,
      member_id: memberId,
      member_bank_id: key.id,
      channel_id: channel.id,
      amount_centavos: amount,
      fee_centavos: 0,
      member_remark: null,
      request_key: `balance_return:${id}`,
      now,
    });
    await moveStatus(trx, withdrawal.id, 'pending_review', 'approved', { reviewed_at: now, now });
    const ledgerKey = `withdrawal:${orderNo}`;
    await postTransfer(trx, {
      key: ledgerKey,
      code: 'withdrawal_request',
      lines: moved(cash(memberId), house('withdrawals_payable'), centavos(amount)),
      meta: { order_no: orderNo, withdrawal_id: withdrawal.id, balance_return_id: id },
    });
    await repo.moveReturn(trx, id, 'paying', 'paying', { withdrawalId: withdrawal.id, ledgerKey, now });
    return { id, withdrawalId: withdrawal.id };
  });
}

/**
 * Pays a return's approved withdrawal. The withdrawal's own conditional moves decide which of two
 * passes calls the PSP; a payout the PSP refused puts the money back in cash and the return in the
 * back office's queue.
 */
async function payReturn(ctx: AppContext, id: number, withdrawalId: number): Promise<'paid' | 'queued' | 'taken'> {
  const row = await findWithdrawal(ctx.db, withdrawalId);
  if (!row || row.status !== 'approved') return 'taken';
  const paid = await payApprovedWithdrawal(ctx, row, null);
  if (paid === null) return 'taken';
  return settleReturn(ctx, id, row.member_id, paid.ok ? 'paid' : 'failed', row.amount_centavos);
}

async function settleReturn(ctx: AppContext, id: number, memberId: number, outcome: 'paid' | 'failed', amountCentavos: number) {
  let told: string | undefined;
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const now = clock.nowIso();
    if (outcome === 'paid') {
      if (await repo.moveReturn(trx, id, 'paying', 'paid', { paidAt: now, now })) {
        await tell(trx, memberId, 'balance_returned', amountCentavos);
        told = 'balance_returned';
      }
      return 'paid' as const;
    }
    if (await repo.moveReturn(trx, id, 'paying', 'queued', { note: 'payout_failed', now })) {
      await tell(trx, memberId, 'balance_return_queued', amountCentavos);
      told = 'balance_return_queued';
    }
    return 'queued' as const;
  });
  // The member's open tabs show the notice at once (issue 15 item 7).
  if (told) pushNotification(ctx.realtime, memberId, told);
  return settled;
}

/** Returns a stopped pass left paying: pays those never sent, records those the PSP settled. */
async function resumePaying(ctx: AppContext, limit: number): Promise<void> {
  for (const row of await repo.payingReturns(ctx.db, limit)) {
    if (row.withdrawal_id === null) continue;
    if (row.withdrawal_status === 'approved') await payReturn(ctx, row.id, row.withdrawal_id);
    else if (row.withdrawal_status === 'paid') await settleReturn(ctx, row.id, row.member_id, 'paid', Number(row.amount_centavos));
    else if (row.withdrawal_status === 'failed') await settleReturn(ctx, row.id, row.member_id, 'failed', Number(row.amount_centavos));
    // 'paying': the PSP call is in flight or its outcome unknown; an operator settles the withdrawal.
  }
}

export interface ReturnsReport {
  paid: number;
  queued: number;
  empty: number;
}

/** One pass: finishes what a stopped pass left, then returns the balances whose window ended. */
export async function runBalanceReturns(ctx: AppContext, limit = 100): Promise<ReturnsReport> {
  const report: ReturnsReport = { paid: 0, queued: 0, empty: 0 };
  await resumePaying(ctx, limit);
  for (const due of await repo.exclusionsDueForReturn(ctx.db, clock.nowIso(), limit)) {
    const started = await startReturn(ctx, due);
    if (started === 'taken') continue;
    if (started === 'empty' || started === 'queued') {
      if (started === 'queued') pushNotification(ctx.realtime, due.member_id, 'balance_return_queued');
      report[started]++;
      continue;
    }
    await pushBalance(ctx.db, ctx.realtime, due.member_id).catch(() => {});
    const outcome = await payReturn(ctx, started.id, started.withdrawalId);
    if (outcome !== 'taken') report[outcome]++;
  }
  return report;
}

/**
 * An operator paid a queued return by other means (a bank transfer to the member's account): the
 * member's cash as it stands now leaves through the withdrawal codes (held, then paid), the return
 * becomes 'manual' with the operator's note, the member is told, and the audit keeps who did it.
 */
export async function markReturnPaid(ctx: AppContext, actor: Actor, id: number, note: string) {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findReturn(trx, id);
    if (!row) throw new AppError('NOT_FOUND');
    await lockMember(trx, row.member_id);
    const now = clock.nowIso();
    const amount = Math.max(0, await repo.cashBalance(trx, row.member_id));
    const ledgerKey = `balance_return:${id}`;
    const marked = await repo.moveReturn(trx, id, 'queued', 'manual', {
      amountCentavos: amount,
      note,
      operatorId: actor.operatorId,
      paidAt: now,
      ledgerKey,
      now,
    });
    if (!marked) throw new AppError('BALANCE_RETURN_NOT_QUEUED');
    if (amount > 0) {
      await postTransfer(trx, {
        key: ledgerKey,
        code: 'withdrawal_request',
        lines: moved(cash(row.member_id), house('withdrawals_payable'), centavos(amount)),
        meta: { balance_return_id: id, operator_id: actor.operatorId },
      });
      await postTransfer(trx, {
        key: `balance_return_paid:${id}`,
        code: 'withdrawal_paid',
        lines: moved(house('withdrawals_payable'), house('psp_clearing'), centavos(amount)),
        meta: { balance_return_id: id, operator_id: actor.operatorId, manual: true },
      });
      await tell(trx, row.member_id, 'balance_returned', amount);
    }
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'balance_return.mark_paid',
      targetType: 'balance_return',
      targetId: id,
      before: { status: 'queued', amount: formatCentavos(Number(row.amount_centavos)) },
      after: { status: 'manual', amount: formatCentavos(amount), note },
      ip: actor.ip,
    });
  });
  const updated = await repo.findReturn(ctx.db, id);
  if (updated) {
    await pushBalance(ctx.db, ctx.realtime, updated.member_id).catch(() => {});
    if (Number(updated.amount_centavos) > 0) pushNotification(ctx.realtime, updated.member_id, 'balance_returned');
  }
  return updated;
}
