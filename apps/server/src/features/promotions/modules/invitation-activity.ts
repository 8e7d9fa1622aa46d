import { formatCentavos } from '@casino/shared/money';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { type ActivityModule, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';

/**
 * Invitation activity (/promotion/activity/invitation-activity), spec section 9 "Inviting
 * friends gives 100 free": the inviter earns `reward_centavos` once per direct subordinate whose
 * lifetime credited recharge reaches `min_recharge_centavos`. Each invitee is paid by its own
 * bonus row (`invitationactivity:<inviter>:<invitee>`), so an invitee never pays twice.
 */
export interface InvitationConfig {
  min_recharge_centavos: number;
  reward_centavos: number;
  /** Invitees paid by one claim at most (the rest wait for the next claim). */
  max_per_claim: number;
}

const configSchema = z.object({
  min_recharge_centavos: z.number().int().min(1).max(100_000_000_000),
  reward_centavos: z.number().int().min(1).max(100_000_000),
  max_per_claim: z.number().int().min(1).max(500),
});

function claimKey(inviterId: number, inviteeId: number): string {
  return `invitationactivity:${inviterId}:${inviteeId}`;
}

/**
 * Direct subordinates (agency_tree depth 1) whose lifetime credited recharge reaches the minimum.
 * The treasure chest counts the same invitees with its own minimum.
 */
export function qualifiedInvitees(db: Database, inviterId: number, minRechargeCentavos: number) {
  return db
    .selectFrom('agency_tree as t')
    .innerJoin('members as m', 'm.id', 't.member_id')
    .where('t.ancestor_id', '=', inviterId)
    .where('t.depth', '=', 1)
    .where('m.total_recharge_centavos', '>=', minRechargeCentavos);
}

/** How many direct subordinates qualify. */
export async function countQualifiedInvitees(db: Database, inviterId: number, minRechargeCentavos: number): Promise<number> {
  const row = await qualifiedInvitees(db, inviterId, minRechargeCentavos)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Qualified invitees not paid yet, oldest first, at most `limit`. */
async function unpaidInvitees(db: Database, inviterId: number, minRechargeCentavos: number, limit: number): Promise<number[]> {
  const prefix = `invitationactivity:${inviterId}:`;
  const rows = await qualifiedInvitees(db, inviterId, minRechargeCentavos)
    .select('t.member_id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bonus_credits as b')
            .select('b.id')
            .where('b.claim_key', '=', sql<string>`${prefix} || cast(t.member_id as varchar(20))`),
        ),
      ),
    )
    .orderBy('t.member_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.member_id);
}

async function countPaid(db: Database, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('bonus_credits')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('member_id', '=', inviterId)
    .where('source', '=', 'invitationactivity')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export const invitationActivity: ActivityModule<InvitationConfig> = {
  type: 'invitationactivity',
  defaults: {
    config: { min_recharge_centavos: 10000, reward_centavos: 10000, max_per_claim: 100 },
    wageringMultiple: 5,
    minVipLevel: 0,
    depositLinked: false,
    sort: 90,
    title: {
      pt: 'Convide amigos',
      en: 'Invite friends',
      zh: '邀请好友',
      vi: 'Mời bạn bè',
      id: 'Undang teman',
      ms: 'Jemput rakan',
      th: 'ชวนเพื่อน',
      tr: 'Arkadaşını davet et',
    },
    content: {
      pt: 'Ganhe R$ 100,00 por cada amigo convidado que recarregar R$ 100,00 ou mais.',
      en: 'Get R$ 100.00 for every invited friend who recharges R$ 100.00 or more.',
      zh: '每位受邀好友累计充值满 R$ 100.00，您即可获得 R$ 100.00。',
      vi: 'Nhận R$ 100,00 cho mỗi người bạn được mời nạp từ R$ 100,00 trở lên.',
      id: 'Dapatkan R$ 100,00 untuk setiap teman undangan yang mengisi ulang R$ 100,00 atau lebih.',
      ms: 'Dapatkan R$ 100.00 bagi setiap rakan jemputan yang menambah nilai R$ 100.00 atau lebih.',
      th: 'รับ R$ 100.00 ต่อเพื่อนที่คุณชวนแต่ละคนซึ่งเติมเงินตั้งแต่ R$ 100.00 ขึ้นไป',
      tr: 'R$ 100,00 veya üzeri yükleme yapan her davetli arkadaşın için R$ 100,00 kazan.',
    },
  },
  configSchema,

  async check(run): Promise<ModuleCheck> {
    const { config } = run.activity;
    const qualified = await countQualifiedInvitees(run.ctx.db, run.member.id, config.min_recharge_centavos);
    // A paid invitee stays qualified (lifetime recharge only grows), so the difference is what is owed.
    const unclaimed = Math.max(0, qualified - (await countPaid(run.ctx.db, run.member.id)));
    return {
      state: unclaimed > 0 ? 'eligible' : 'not_eligible',
      ...(unclaimed > 0 ? { messageKey: 'promo.invitees_ready', messageValues: { count: unclaimed } } : {}),
      rewardCentavos: unclaimed * config.reward_centavos,
      min_recharge: formatCentavos(config.min_recharge_centavos),
      qualified,
      unclaimed,
    };
  },

  async claim(run, trx): Promise<ModuleClaim> {
    const { config } = run.activity;
    const invitees = await unpaidInvitees(trx, run.member.id, config.min_recharge_centavos, config.max_per_claim);
    if (invitees.length === 0) throw new AppError('NOT_ELIGIBLE');
    const wageringEach = config.reward_centavos * run.activity.wageringMultiple;
    let last = { bonusId: 0, balanceCentavos: 0 };
    for (const inviteeId of invitees) {
      last = await creditBonus(trx, {
        memberId: run.member.id,
        source: 'invitationactivity',
        activityId: run.activity.id,
        claimKey: claimKey(run.member.id, inviteeId),
        amountCentavos: config.reward_centavos,
        wageringCentavos: wageringEach,
        detail: { invitee_id: inviteeId },
      });
    }
    return {
      bonusId: last.bonusId,
      rewardCentavos: config.reward_centavos * invitees.length,
      wageringCentavos: wageringEach * invitees.length,
      balanceCentavos: last.balanceCentavos,
    };
  },
};
