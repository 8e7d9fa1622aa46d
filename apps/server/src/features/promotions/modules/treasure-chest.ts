import { formatCentavos } from '@casino/shared/money';
import type { ActivityClaimBody, LadderStep } from '@casino/shared/schemas/promotions';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { type ActivityModule, type ActivityRun, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';
import { countQualifiedInvitees } from './invitation-activity.ts';

/**
 * Treasure chest (/bau-do-tesouro): chest n opens once the member has `invitees` direct
 * subordinates whose lifetime recharge reaches `min_recharge_centavos`. Each chest pays once
 * (`treasurechest:<member>:<tier>`, tier = its 1-based place in the list).
 */
export interface TreasureChestConfig {
  min_recharge_centavos: number;
  chests: { invitees: number; reward_centavos: number }[];
}

const configSchema = z.object({
  min_recharge_centavos: z.number().int().min(1).max(100_000_000_000),
  chests: z
    .array(z.object({ invitees: z.number().int().min(1).max(100_000), reward_centavos: z.number().int().min(1).max(100_000_000) }))
    .min(1)
    .max(20)
    .refine((chests) => chests.every((chest, i) => i === 0 || chest.invitees > (chests[i - 1]?.invitees ?? 0)), {
      message: 'validation.chests_ascending',
    }),
});

const DEFAULT_CHESTS = [
  { invitees: 1, reward_centavos: 500 },
  { invitees: 3, reward_centavos: 2000 },
  { invitees: 5, reward_centavos: 4000 },
  { invitees: 10, reward_centavos: 10000 },
  { invitees: 20, reward_centavos: 25000 },
  { invitees: 50, reward_centavos: 80000 },
];

function claimKey(memberId: number, tier: number): string {
  return `treasurechest:${memberId}:${tier}`;
}

interface Chest {
  tier: number;
  invitees: number;
  rewardCentavos: number;
  reached: boolean;
  claimed: boolean;
}

/** Every chest with whether the member reached it and already opened it. */
async function chestsOf(db: Database, run: ActivityRun<TreasureChestConfig>): Promise<{ qualified: number; chests: Chest[] }> {
  const { config } = run.activity;
  const qualified = await countQualifiedInvitees(db, run.member.id, config.min_recharge_centavos);
  const opened = await db
    .selectFrom('bonus_credits')
    .select('claim_key')
    .where('member_id', '=', run.member.id)
    .where('source', '=', 'treasurechest')
    .execute();
  const openedKeys = new Set(opened.map((row) => row.claim_key));
  const chests = config.chests.map((chest, i) => ({
    tier: i + 1,
    invitees: chest.invitees,
    rewardCentavos: chest.reward_centavos,
    reached: qualified >= chest.invitees,
    claimed: openedKeys.has(claimKey(run.member.id, i + 1)),
  }));
  return { qualified, chests };
}

function toStep(chest: Chest): LadderStep {
  return {
    index: chest.tier,
    name: null,
    min: String(chest.invitees),
    max: null,
    ratio_from_bp: null,
    ratio_to_bp: null,
    reward: formatCentavos(chest.rewardCentavos),
    reached: chest.reached,
    is_claimed: chest.claimed,
  };
}

/** The chests a claim opens: the one asked for, or every reached chest still closed. */
function chestsToOpen(chests: Chest[], tier: number | undefined): Chest[] {
  if (tier !== undefined) {
    const chest = chests[tier - 1];
    if (!chest?.reached) throw new AppError('NOT_ELIGIBLE');
    if (chest.claimed) throw new AppError('ALREADY_CLAIMED');
    return [chest];
  }
  const open = chests.filter((chest) => chest.reached && !chest.claimed);
  if (open.length === 0) throw new AppError(chests.some((chest) => chest.reached) ? 'ALREADY_CLAIMED' : 'NOT_ELIGIBLE');
  return open;
}

export const treasureChest: ActivityModule<TreasureChestConfig> = {
  type: 'treasurechest',
  defaults: {
    config: { min_recharge_centavos: 5000, chests: DEFAULT_CHESTS },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: false,
    sort: 100,
    title: {
      pt: 'Baú do tesouro',
      en: 'Treasure chest',
      zh: '宝箱',
      vi: 'Rương kho báu',
      id: 'Peti harta karun',
      ms: 'Peti harta karun',
      th: 'หีบสมบัติ',
      tr: 'Hazine sandığı',
    },
    content: {
      pt: 'Abra baús com prêmios de até R$ 800,00 conforme seus convidados recarregam R$ 50,00 ou mais.',
      en: 'Open chests worth up to R$ 800.00 as your invited friends recharge R$ 50.00 or more.',
      zh: '受邀好友累计充值满 R$ 50.00 即计入人数，按人数开启宝箱，最高 R$ 800.00。',
      vi: 'Mở rương trị giá tới R$ 800,00 khi bạn bè được mời nạp từ R$ 50,00 trở lên.',
      id: 'Buka peti bernilai hingga R$ 800,00 saat teman undangan Anda mengisi ulang R$ 50,00 atau lebih.',
      ms: 'Buka peti bernilai sehingga R$ 800.00 apabila rakan jemputan anda menambah nilai R$ 50.00 atau lebih.',
      th: 'เปิดหีบสมบัติมูลค่าสูงสุด R$ 800.00 เมื่อเพื่อนที่คุณชวนเติมเงินตั้งแต่ R$ 50.00 ขึ้นไป',
      tr: "Davet ettiğin arkadaşların R$ 50,00 veya üzeri yükledikçe R$ 800,00'a varan sandıkları aç.",
    },
  },
  configSchema,

  async check(run): Promise<ModuleCheck> {
    const { qualified, chests } = await chestsOf(run.ctx.db, run);
    const ready = chests.filter((chest) => chest.reached && !chest.claimed);
    // Every chest opened: nothing is left to reach. Otherwise the next chest needs more invitees.
    const allOpened = chests.every((chest) => chest.claimed);
    return {
      state: ready.length > 0 ? 'eligible' : allOpened ? 'claimed' : 'not_eligible',
      ...(ready.length > 0 ? { messageKey: 'promo.chests_ready', messageValues: { count: ready.length } } : {}),
      rewardCentavos: ready.reduce((sum, chest) => sum + chest.rewardCentavos, 0),
      steps: chests.map(toStep),
      min_recharge: formatCentavos(run.activity.config.min_recharge_centavos),
      qualified,
    };
  },

  async claim(run, trx, body: ActivityClaimBody): Promise<ModuleClaim> {
    const { chests } = await chestsOf(trx, run);
    const toOpen = chestsToOpen(chests, body?.tier);
    let last = { bonusId: 0, balanceCentavos: 0 };
    let rewardCentavos = 0;
    let wageringCentavos = 0;
    for (const chest of toOpen) {
      const wagering = chest.rewardCentavos * run.activity.wageringMultiple;
      last = await creditBonus(trx, {
        memberId: run.member.id,
        source: 'treasurechest',
        activityId: run.activity.id,
        claimKey: claimKey(run.member.id, chest.tier),
        amountCentavos: chest.rewardCentavos,
        wageringCentavos: wagering,
        detail: { tier: chest.tier, invitees: chest.invitees },
      });
      rewardCentavos += chest.rewardCentavos;
      wageringCentavos += wagering;
    }
    return { bonusId: last.bonusId, rewardCentavos, wageringCentavos, balanceCentavos: last.balanceCentavos };
  },
};
