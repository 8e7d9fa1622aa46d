import type { ActivityClaimBody } from '@casino/shared/schemas/promotions';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import type { Member } from '../../../db/schema.ts';
import { AppError, fieldError } from '../../../lib/http.ts';
import { type ActivityModule, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';

/**
 * Redeem code (/resgatar): a member types a code an operator wrote in `redeem_codes` for the
 * member's site. Each code pays its own amount with its own wagering multiple, once per member,
 * and at most `max_uses` times in all: the use is counted by one conditional update inside the
 * claim's transaction, so simultaneous claims by many members never exceed the limit.
 */
/** Nothing to configure: each code carries its amount, uses, dates, VIP gate and wagering. */
const configSchema = z.object({});
export type RedeemCodeConfig = z.infer<typeof configSchema>;

function claimKey(codeId: number, memberId: number): string {
  return `redeemcode:${codeId}:${memberId}`;
}

/** The site's code as typed (case-insensitive, trimmed), usable right now; otherwise REDEEM_CODE_INVALID. */
async function usableCode(db: Database, member: Member, typed: string, now: Date) {
  const code = await db
    .selectFrom('redeem_codes')
    .selectAll()
    .where('site_id', '=', member.site_id)
    // The back office stores codes upper-cased (its schema), so the unique index answers directly.
    .where('code', '=', typed.toUpperCase())
    .executeTakeFirst();
  if (code?.enabled !== 1) throw new AppError('REDEEM_CODE_INVALID');
  if (code.starts_at && Date.parse(code.starts_at) > now.getTime()) throw new AppError('REDEEM_CODE_INVALID');
  if (code.ends_at && Date.parse(code.ends_at) <= now.getTime()) throw new AppError('REDEEM_CODE_INVALID');
  return code;
}

async function usedByMember(db: Database, codeId: number, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('bonus_credits').select('id').where('claim_key', '=', claimKey(codeId, memberId)).executeTakeFirst();
  return row !== undefined;
}

/** Counts one use if any is left: zero rows updated means the code is used up. */
async function takeUse(db: Database, codeId: number): Promise<boolean> {
  const result = await db
    .updateTable('redeem_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', codeId)
    .whereRef('used_count', '<', 'max_uses')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const redeemCode: ActivityModule<RedeemCodeConfig> = {
  type: 'redeemcode',
  defaults: {
    config: {},
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: false,
    sort: 120,
    title: {
      pt: 'Resgatar código',
      en: 'Redeem code',
      zh: '兑换码',
      vi: 'Đổi mã quà tặng',
      id: 'Tukar kode',
      ms: 'Tebus kod',
      th: 'แลกโค้ด',
      tr: 'Kod kullan',
    },
    content: {
      pt: 'Digite um código promocional para receber o seu bônus.',
      en: 'Enter a promo code to receive your bonus.',
      zh: '输入兑换码即可领取奖金。',
      vi: 'Nhập mã khuyến mãi để nhận tiền thưởng.',
      id: 'Masukkan kode promo untuk menerima bonus Anda.',
      ms: 'Masukkan kod promosi untuk menerima bonus anda.',
      th: 'กรอกโค้ดโปรโมชันเพื่อรับโบนัสของคุณ',
      tr: 'Bonusunu almak için promosyon kodunu gir.',
    },
  },
  configSchema,

  /** Without a code there is nothing to judge: the page invites the member to type one. */
  async check(): Promise<ModuleCheck> {
    return { state: 'eligible', messageKey: 'promo.redeem_enter', rewardCentavos: 0 };
  },

  async claim(run, trx, body: ActivityClaimBody): Promise<ModuleClaim> {
    const typed = body?.code?.trim();
    if (!typed) throw fieldError('VALIDATION_FAILED', 'code', 'validation.required');
    const code = await usableCode(trx, run.member, typed, run.now);
    if (run.member.level < code.min_vip_level) throw new AppError('UPGRADE_REQUIRED');
    if (await usedByMember(trx, code.id, run.member.id)) throw new AppError('ALREADY_CLAIMED');
    if (!(await takeUse(trx, code.id))) throw new AppError('REDEEM_CODE_USED_UP');
    const wageringCentavos = code.amount_centavos * code.wagering_multiple;
    const paid = await creditBonus(trx, {
      memberId: run.member.id,
      source: 'redeemcode',
      activityId: run.activity.id,
      claimKey: claimKey(code.id, run.member.id),
      amountCentavos: code.amount_centavos,
      wageringCentavos,
      detail: { code_id: code.id, code: code.code },
    });
    return { bonusId: paid.bonusId, rewardCentavos: code.amount_centavos, wageringCentavos, balanceCentavos: paid.balanceCentavos };
  },
};
