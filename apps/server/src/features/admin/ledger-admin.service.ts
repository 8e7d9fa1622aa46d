import { centavos, formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { findMemberById } from '../../platform/members/members.repository.ts';
import { accountEntriesPage, memberAccountIds, memberCashBalance } from '../../platform/ledger/ledger.repository.ts';
import { cash, house } from '../../platform/ledger/ledger.service.ts';
import { moneyFailure } from '../../platform/ledger/money-failure.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';

export async function memberLedger(ctx: AppContext, memberId: number, page: number, pageSize: number) {
  if (!(await findMemberById(ctx.db, memberId))) throw new AppError('NOT_FOUND');
  const { rows, total } = await accountEntriesPage(ctx.db, await memberAccountIds(ctx.db, memberId), page, pageSize);
  return {
    list: rows.map((row) => ({
      id: row.id,
      transfer_id: row.transfer_id,
      account_kind: row.account_kind,
      amount: formatCentavos(row.amount_centavos),
      balance_after: row.balance_after_centavos === null ? null : formatCentavos(row.balance_after_centavos),
      code: row.code,
      idempotency_key: row.idempotency_key,
      meta: row.meta_json ? (JSON.parse(row.meta_json) as unknown) : null,
      created_at: row.created_at,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * A manual correction of a member's cash against the `adjustments` house account: a new transfer
 * (the ledger is never edited), with a mandatory reason, written to the audit log in the same
 * transaction. The operator's request id makes a double click post once.
 */
export async function adjustMemberCash(
  ctx: AppContext,
  actor: { operatorId: number; ip: string; requestId: string },
  memberId: number,
  input: { direction: 'credit' | 'debit'; amount: number; reason: string },
) {
  if (!(await findMemberById(ctx.db, memberId))) throw new AppError('NOT_FOUND');
  const signed = input.direction === 'credit' ? input.amount : -input.amount;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const before = await memberCashBalance(trx, memberId);
      const result = await postTransfer(trx, {
        key: `adjustment:${actor.requestId}`,
        code: 'adjustment',
        lines: [
          { account: cash(memberId), amountCentavos: centavos(signed) },
          { account: house('adjustments'), amountCentavos: centavos(-signed) },
        ],
        meta: { operator_id: actor.operatorId, reason: input.reason },
      });
      if (result.replayed) return;
      await writeAudit(trx, {
        operatorId: actor.operatorId,
        action: 'member.adjust_cash',
        targetType: 'member',
        targetId: memberId,
        before: { money: formatCentavos(before) },
        after: {
          money: formatCentavos(before + signed),
          amount: formatCentavos(signed),
          reason: input.reason,
          transfer_id: result.transferId,
        },
        ip: actor.ip,
      });
    });
  } catch (error) {
    throw moneyFailure(error, 'amount');
  }
}
