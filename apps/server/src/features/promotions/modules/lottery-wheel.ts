import { formatCentavos } from '@casino/shared/money';
import { z } from 'zod';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { dayRange, saoPauloDay } from '../../../lib/sao-paulo.ts';
import { type ActivityModule, type ActivityRun, creditBonus, type ModuleCheck, type ModuleClaim } from '../engine.ts';
import { drawPrize, prizeTable, prizeTableSchema, toWheelPrizes, topPrizeCentavos, type WeightedPrize } from './wheel-draw.ts';

/**
 * Lottery wheel (/promotion/activity/lottery-wheel, deposit-linked): every São Paulo day a member
 * has `daily_free_spins` plus `spins_per_recharge` for each credited recharge of at least
 * `min_recharge_centavos` that day; at zero the spec answers "No more roll remaining".
 *
 * The free spins cost the member nothing, so they are what a multi-accounter farms with fresh
 * accounts. With `free_spins_require_cpf` (the default) they go only to a verified member: one whose
 * CPF is on file, recorded when the first PIX key is bound and unique across members. Spins earned
 * by recharges need no CPF (the deposit itself came through PIX).
 */
export interface LotteryWheelConfig {
  daily_free_spins: number;
  spins_per_recharge: number;
  min_recharge_centavos: number;
  /** A ceiling on one day's spins, whatever the number of recharges. */
  max_spins_per_day: number;
  /** The daily free spins wait for the member's CPF (see above); the recharge spins do not. */
  free_spins_require_cpf: boolean;
  prizes: WeightedPrize[];
}

const configSchema = z.object({
  daily_free_spins: z.number().int().min(0).max(10),
  spins_per_recharge: z.number().int().min(0).max(10),
  min_recharge_centavos: z.number().int().min(1).max(100_000_000_000),
  max_spins_per_day: z.number().int().min(1).max(100),
  free_spins_require_cpf: z.boolean(),
  prizes: prizeTableSchema,
});

/** R$ 1.00 to R$ 188.00, weighted towards the small prizes (out of 10,000). */
const DEFAULT_PRIZES = prizeTable([
  [100, 3500],
  [200, 2500],
  [300, 1800],
  [500, 1200],
  [888, 600],
  [1888, 300],
  [5888, 80],
  [18800, 20],
]);

const KEY_PREFIX = 'lotterywheel';

function dayKeyPrefix(memberId: number, day: string): string {
  return `${KEY_PREFIX}:${memberId}:${day}:`;
}

/** Credited recharges of the day large enough to earn a spin. */
async function qualifyingRecharges(db: Database, memberId: number, day: string, minRechargeCentavos: number): Promise<number> {
  const { start, end } = dayRange(day);
  const row = await db
    .selectFrom('deposit_orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'credited')
    .where('credited_at', '>=', start)
    .where('credited_at', '<', end)
    .where('amount_centavos', '>=', minRechargeCentavos)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Spins taken that day: one bonus row each, keyed `lotterywheel:<member>:<day>:<n>`. */
async function spinsUsed(db: Database, memberId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('bonus_credits')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('member_id', '=', memberId)
    .where('source', '=', KEY_PREFIX)
    .where('claim_key', 'like', `${dayKeyPrefix(memberId, day)}%`)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

interface DaySpins {
  /** Free spins plus recharge spins, capped by `max_spins_per_day`. */
  earned: number;
  used: number;
  /** The free spins are held back until the member's CPF is on file. */
  freeWithheld: boolean;
}

/** The day's spins for a member whose CPF on file is `cpf` (null: none yet). */
async function spinsOfDay(db: Database, run: ActivityRun<LotteryWheelConfig>, day: string, cpf: string | null): Promise<DaySpins> {
  const config = run.activity.config;
  const freeWithheld = config.free_spins_require_cpf && cpf === null && config.daily_free_spins > 0;
  const freeSpins = freeWithheld ? 0 : config.daily_free_spins;
  const recharges = await qualifyingRecharges(db, run.member.id, day, config.min_recharge_centavos);
  const earned = Math.min(config.max_spins_per_day, freeSpins + config.spins_per_recharge * recharges);
  return { earned, used: await spinsUsed(db, run.member.id, day), freeWithheld };
}

/** The member's CPF as the claim's transaction sees it (the member's row is locked by then). */
async function cpfOnFile(trx: Database, memberId: number): Promise<string | null> {
  const row = await trx.selectFrom('members').select('cpf').where('id', '=', memberId).executeTakeFirst();
  return row?.cpf ?? null;
}

/** The check's state and message: spins left, none left, or none until the member's CPF is on file. */
function spinsState(spins: DaySpins, remaining: number): Pick<ModuleCheck, 'state' | 'messageKey' | 'messageValues'> {
  if (remaining > 0) {
    return {
      state: 'eligible',
      messageKey: spins.freeWithheld ? 'promo.spins_left_cpf' : 'promo.spins_left',
      messageValues: { count: remaining },
    };
  }
  if (spins.freeWithheld) return { state: 'not_eligible', messageKey: 'promo.free_spin_needs_cpf' };
  return { state: 'no_spins' };
}

export const lotteryWheel: ActivityModule<LotteryWheelConfig> = {
  type: 'lotterywheel',
  defaults: {
    config: {
      daily_free_spins: 1,
      spins_per_recharge: 1,
      min_recharge_centavos: 5000,
      max_spins_per_day: 20,
      free_spins_require_cpf: true,
      prizes: DEFAULT_PRIZES,
    },
    wageringMultiple: 1,
    minVipLevel: 0,
    depositLinked: true,
    sort: 80,
    title: {
      pt: 'Roleta da sorte',
      en: 'Lottery wheel',
      zh: '幸运转盘',
      vi: 'Vòng quay may mắn',
      id: 'Roda keberuntungan',
      ms: 'Roda bertuah',
      th: 'วงล้อนำโชค',
      tr: 'Şans çarkı',
    },
    content: {
      pt: 'Um giro grátis por dia para membros verificados (com CPF cadastrado) e mais um a cada recarga de R$ 50,00 ou mais. Prêmios de até R$ 188,00.',
      en: 'One free spin a day for verified members (CPF on file), plus one more for every recharge of R$ 50.00 or more. Prizes up to R$ 188.00.',
      zh: '已验证会员（已登记 CPF）每天免费转一次，每笔 R$ 50.00 及以上的充值再加一次。奖金最高 R$ 188.00。',
      vi: 'Mỗi ngày một lượt quay miễn phí cho thành viên đã xác minh (có CPF), thêm một lượt cho mỗi lần nạp từ R$ 50,00. Giải thưởng tới R$ 188,00.',
      id: 'Satu putaran gratis setiap hari untuk anggota terverifikasi (CPF terdaftar), ditambah satu putaran untuk setiap isi ulang R$ 50,00 atau lebih. Hadiah hingga R$ 188,00.',
      ms: 'Satu putaran percuma setiap hari untuk ahli yang disahkan (CPF berdaftar), tambah satu lagi bagi setiap tambah nilai R$ 50.00 atau lebih. Hadiah sehingga R$ 188.00.',
      th: 'สมาชิกที่ยืนยันตัวตนแล้ว (มี CPF ในระบบ) หมุนฟรีวันละครั้ง และรับเพิ่มอีกหนึ่งครั้งทุกการเติมเงินตั้งแต่ R$ 50.00 รางวัลสูงสุด R$ 188.00',
      tr: "Doğrulanmış üyelere (kayıtlı CPF) her gün bir ücretsiz çevirme, R$ 50,00 ve üzeri her yüklemede bir çevirme daha. R$ 188,00'a varan ödüller.",
    },
  },
  configSchema,

  async check(run): Promise<ModuleCheck> {
    const day = saoPauloDay(run.now);
    const spins = await spinsOfDay(run.ctx.db, run, day, run.member.cpf);
    const remaining = Math.max(0, spins.earned - spins.used);
    const prizes = run.activity.config.prizes;
    return {
      ...spinsState(spins, remaining),
      rewardCentavos: topPrizeCentavos(prizes),
      prizes: toWheelPrizes(prizes),
      remainingspins: remaining,
      quantity: spins.earned,
      cpf_required: spins.freeWithheld,
      min_recharge: formatCentavos(run.activity.config.min_recharge_centavos),
      period: day,
    };
  },

  async claim(run, trx): Promise<ModuleClaim> {
    const day = saoPauloDay(run.now);
    const { earned, used, freeWithheld } = await spinsOfDay(trx, run, day, await cpfOnFile(trx, run.member.id));
    if (used >= earned) throw new AppError(freeWithheld ? 'FREE_SPIN_NEEDS_CPF' : 'NO_SPINS_LEFT');
    const prizes = run.activity.config.prizes;
    const { prize, proof } = await drawPrize(trx, run.member.id, prizes);
    const spin = used + 1;
    const wageringCentavos = prize.reward_centavos * run.activity.wageringMultiple;
    const paid = await creditBonus(trx, {
      memberId: run.member.id,
      source: 'lotterywheel',
      activityId: run.activity.id,
      // The member's row is locked for this transaction, so `used + 1` is this claim's own spin.
      claimKey: `${dayKeyPrefix(run.member.id, day)}${spin}`,
      amountCentavos: prize.reward_centavos,
      wageringCentavos,
      detail: { day, spin, ...proof },
    });
    return {
      bonusId: paid.bonusId,
      rewardCentavos: prize.reward_centavos,
      wageringCentavos,
      balanceCentavos: paid.balanceCentavos,
      prize: toWheelPrizes(prizes)[proof.index],
      remainingspins: earned - spin,
      quantity: earned,
    };
  },
};
