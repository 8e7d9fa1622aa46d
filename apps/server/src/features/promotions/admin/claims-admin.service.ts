import { formatCentavos } from '@casino/shared/money';
import type { AdminBonusCredits, BonusCreditsQuery } from '@casino/shared/schemas/promotions-admin';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/http.ts';
import { dayRange, isRealDay } from '../../../lib/sao-paulo.ts';
import * as repo from './promotions-admin.repository.ts';
import { isRecord, parseJson } from './promotions-admin.helpers.ts';
/** A date range of São Paulo days (both included) as a half-open UTC interval; either end may be open. */
function openRange(from: string | undefined, to: string | undefined) {
  if (from !== undefined) assertRealDay(from, 'from');
  if (to !== undefined) assertRealDay(to, 'to');
  if (from !== undefined && to !== undefined && from > to)
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { from: ['validation.date_order'] } });
  return { start: from === undefined ? undefined : dayRange(from).start, end: to === undefined ? undefined : dayRange(to).end };
}

/** "2025-02-30" has the right shape and no day. */
function assertRealDay(day: string, field: string) {
  if (!isRealDay(day)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.date_format'] } });
}

/** `member` is an id (digits) or an account name: digits match either. */
function memberFilter(member: string | undefined) {
  if (!member) return {};
  const account = member.toLowerCase();
  return /^\d{1,15}$/.test(member) ? { memberId: Number(member), account } : { account };
}

/** The claims list operators search by source, member and São Paulo days, newest first. */
export async function listBonusCredits(ctx: AppContext, query: BonusCreditsQuery): Promise<AdminBonusCredits> {
  const range = openRange(query.from, query.to);
  const filter = { source: query.source, ...memberFilter(query.member), ...range };
  const { rows, total, amountCentavos } = await repo.pageCredits(ctx.db, filter, query.page, query.page_size);
  return {
    list: rows.map((row) => {
      const detail = parseJson<unknown>(row.detail_json, null);
      return {
        id: row.id,
        member_id: row.member_id,
        account: row.account,
        source: row.source,
        activity_id: row.activity_id,
        claim_key: row.claim_key,
        amount: formatCentavos(row.amount_centavos),
        wagering: formatCentavos(row.wagering_centavos),
        transfer_id: row.transfer_id,
        detail: isRecord(detail) ? detail : null,
        created_at: row.created_at,
      };
    }),
    total,
    page: query.page,
    page_size: query.page_size,
    total_amount: formatCentavos(amountCentavos),
  };
}
