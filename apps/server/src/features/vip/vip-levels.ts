/**
 * The VIP ladder as pure rules (DESIGN.md section 7; spec sections 3 and 6): which level a member's
 * lifetime figures reach on each track, and how far the next level is. No database here: the
 * service reads the table and the member, these functions decide.
 */

/** One level of the table, in centavos. */
export interface VipLevel {
  level: number;
  name: string;
  minRechargeCentavos: number;
  minBetCentavos: number;
  minSlotBetCentavos: number;
  minLiveBetCentavos: number;
  levelupRewardCentavos: number;
}

/** The member's lifetime figures the ladder reads. */
export interface VipFigures {
  totalRechargeCentavos: number;
  totalBetCentavos: number;
  totalSlotBetCentavos: number;
  totalLiveBetCentavos: number;
}

export type VipTrack = 'level' | 'slot' | 'live';

const reais = (value: number) => value * 100;

/**
 * The seeded table, realistic for Brazil: VIP1 after a R$ 100 recharge and R$ 1.000 of bets, VIP10
 * at R$ 1 milhão recharged and R$ 10 milhões bet. Slot and live levels read only their own bets, at
 * half the overall betting thresholds. Operators change every figure in the back office.
 */
export const DEFAULT_VIP_LEVELS: readonly VipLevel[] = [
  [0, 0, 0, 0],
  [1, 100, 1_000, 5],
  [2, 500, 5_000, 10],
  [3, 1_000, 10_000, 18],
  [4, 5_000, 50_000, 58],
  [5, 10_000, 100_000, 128],
  [6, 30_000, 300_000, 288],
  [7, 80_000, 800_000, 588],
  [8, 200_000, 2_000_000, 1_288],
  [9, 500_000, 5_000_000, 3_888],
  [10, 1_000_000, 10_000_000, 8_888],
].map(([level, recharge, bet, reward]) => ({
  level: level!,
  name: `VIP${level}`,
  minRechargeCentavos: reais(recharge!),
  minBetCentavos: reais(bet!),
  minSlotBetCentavos: reais(bet! / 2),
  minLiveBetCentavos: reais(bet! / 2),
  levelupRewardCentavos: reais(reward!),
}));

/** Does a member with these figures meet `level`'s thresholds on `track`? */
function meets(level: VipLevel, figures: VipFigures, track: VipTrack): boolean {
  switch (track) {
    case 'level':
      return figures.totalRechargeCentavos >= level.minRechargeCentavos && figures.totalBetCentavos >= level.minBetCentavos;
    case 'slot':
      return figures.totalSlotBetCentavos >= level.minSlotBetCentavos;
    case 'live':
      return figures.totalLiveBetCentavos >= level.minLiveBetCentavos;
  }
}

/**
 * The highest level whose thresholds the figures meet on a track (0 when none): the VIP level
 * needs recharge AND betting, slot and live levels their own lifetime bets.
 */
export function reachedLevel(levels: readonly VipLevel[], figures: VipFigures, track: VipTrack): number {
  let reached = 0;
  for (const level of levels) {
    if (level.level > reached && meets(level, figures, track)) reached = level.level;
  }
  return reached;
}

/** The levels strictly above `from` up to `to`, in order: each one's reward is paid once. */
export function levelsPassed(levels: readonly VipLevel[], from: number, to: number): VipLevel[] {
  return levels.filter((level) => level.level > from && level.level <= to).sort((a, b) => a.level - b.level);
}

export interface VipProgress {
  nextLevel: number | null;
  rechargeNeededCentavos: number;
  bettingNeededCentavos: number;
  /** 0-100, rounded down. */
  rechargePercent: number;
  bettingPercent: number;
}

/** How much of `minimum` the member has, as a whole percent (a zero minimum is met). */
function percentOf(have: number, minimum: number): number {
  if (minimum <= 0 || have >= minimum) return 100;
  return Math.floor((Math.max(0, have) * 100) / minimum);
}

/**
 * The way to the level above `current` on a track: what is still missing and how far along each
 * bar is. At the top of the table nothing is missing. Slot and live tracks need no recharge.
 */
export function progressTo(levels: readonly VipLevel[], figures: VipFigures, track: VipTrack, current: number): VipProgress {
  const next = levels.filter((level) => level.level > current).sort((a, b) => a.level - b.level)[0];
  if (!next) return { nextLevel: null, rechargeNeededCentavos: 0, bettingNeededCentavos: 0, rechargePercent: 100, bettingPercent: 100 };
  const [haveRecharge, needRecharge] = track === 'level' ? [figures.totalRechargeCentavos, next.minRechargeCentavos] : [0, 0];
  const [haveBet, needBet] =
    track === 'level'
      ? [figures.totalBetCentavos, next.minBetCentavos]
      : track === 'slot'
        ? [figures.totalSlotBetCentavos, next.minSlotBetCentavos]
        : [figures.totalLiveBetCentavos, next.minLiveBetCentavos];
  return {
    nextLevel: next.level,
    rechargeNeededCentavos: Math.max(0, needRecharge - haveRecharge),
    bettingNeededCentavos: Math.max(0, needBet - haveBet),
    rechargePercent: percentOf(haveRecharge, needRecharge),
    bettingPercent: percentOf(haveBet, needBet),
  };
}

const THRESHOLDS = ['minRechargeCentavos', 'minBetCentavos', 'minSlotBetCentavos', 'minLiveBetCentavos'] as const;
export type VipThreshold = (typeof THRESHOLDS)[number];

/**
 * The first threshold that breaks the ladder (level 0 above zero, or a level asking less than
 * the one under it), or undefined when the table climbs. The back office refuses such an edit:
 * a member could otherwise reach VIP5 without VIP4's figures.
 */
export function ladderViolation(levels: readonly VipLevel[]): { level: number; threshold: VipThreshold } | undefined {
  const ordered = [...levels].sort((a, b) => a.level - b.level);
  for (const [index, level] of ordered.entries()) {
    const below = ordered[index - 1];
    for (const threshold of THRESHOLDS) {
      if (level.level === 0 && level[threshold] !== 0) return { level: level.level, threshold };
      if (below && level[threshold] < below[threshold]) return { level: level.level, threshold };
    }
  }
  return undefined;
}
