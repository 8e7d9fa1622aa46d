import type { LimitKind, LimitPeriod } from '@casino/shared/schemas/responsible';
import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { saoPauloDay } from '../../lib/sao-paulo.ts';
import { lockCashBalances } from '../ledger/bulk-transfer.ts';
import { currentTermsVersion } from '../terms/terms-standing.ts';
import { periodDays, resetsAt } from './periods.ts';
import { effectiveLimit, type ResponsibleCode, ResponsibleRefusal, restrictionsOf } from './standing.ts';
import * as repo from './stakes.repository.ts';

/**
 * takeStake (standing.ts) for many stakes at once, one per member: a crash or double betting
 * window answers a thousand players from one transaction. The same checks in the same order, on
 * rows read for the whole batch in a few statements, after the same cash locks (taken here in
 * account id order): pause, exclusion or closure, the daily time block, a missing identity, then
 * the loss and wager limits against the period's counters. The stakes that pass are counted by
 * countStakes, in the same transaction, once the caller knows which of them it takes.
 */

const LIMIT_CODES: Record<Exclude<LimitKind, 'time'>, ResponsibleCode> = {
  deposit: 'DEPOSIT_LIMIT_REACHED',
  loss: 'LOSS_LIMIT_REACHED',
  wager: 'WAGER_LIMIT_REACHED',
};

export interface StakeCheck {
  /** Why responsible gaming refuses the stake; undefined when it may be taken. */
  refusal: ResponsibleRefusal | undefined;
  /** The member's cash balance, read under the lock. */
  cashCentavos: number;
}

/**
 * Checks each stake (members distinct) under its member's cash lock; answers in the order given,
 * with the São Paulo day the stakes count on (countStakes).
 */
export async function checkStakes(
  trx: Database,
  stakes: readonly { memberId: number; amountCentavos: number }[],
): Promise<{ day: string; checks: StakeCheck[] }> {
  const memberIds = stakes.map((s) => s.memberId);
  if (new Set(memberIds).size !== memberIds.length) throw new Error('checkStakes takes one stake per member');
  const nowIso = clock.nowIso();
  const today = saoPauloDay(nowIso);
  const cash = await lockCashBalances(trx, memberIds);
  const [settings, members, limitRows] = await Promise.all([
    repo.settingsOf(trx, memberIds),
    repo.membersForStanding(trx, memberIds),
    repo.limitsOf(trx, memberIds),
  ]);
  const settingsBy = new Map(settings.map((s) => [s.member_id, s]));
  const memberBy = new Map(members.map((m) => [m.id, m]));
  const limitsBy = new Map<number, ReturnType<typeof effectiveLimit>[]>();
  const periods = new Map<LimitPeriod, number[]>();
  for (const row of limitRows) {
    const limit = effectiveLimit(row, nowIso);
    if (limit.value === null || (limit.kind !== 'loss' && limit.kind !== 'wager')) continue;
    limitsBy.set(row.member_id, [...(limitsBy.get(row.member_id) ?? []), limit]);
    periods.set(limit.period, [...(periods.get(limit.period) ?? []), row.member_id]);
  }
  // One read of the counters per period some member has a limit on.
  const usage = new Map<LimitPeriod, Map<number, { stake: number; win: number }>>();
  for (const [period, ids] of periods) {
    usage.set(period, await repo.usageOf(trx, [...new Set(ids)], periodDays(period, today).first, today));
  }

  // The terms version in force per site (kept in memory: no query on the bet path).
  const termsBySite = new Map<number, number | null>();
  for (const siteId of new Set(members.map((m) => Number(m.site_id))))
    termsBySite.set(siteId, await currentTermsVersion(trx, siteId, nowIso));

  const checks = stakes.map(({ memberId, amountCentavos }): StakeCheck => {
    const cashCentavos = cash.get(memberId) ?? 0;
    const member = memberBy.get(memberId);
    const identityMissing = Boolean(
      member && member.regulated === 1 && (member.kyc_status !== 'approved' || member.regulated_profile_at === null),
    );
    const r = restrictionsOf(settingsBy.get(memberId), nowIso, identityMissing);
    const refuse = (code: ResponsibleCode, endsAt: string | null) => ({
      refusal: new ResponsibleRefusal(code, memberId, endsAt),
      cashCentavos,
    });
    if (r.excluded || r.closed) return refuse('SELF_EXCLUDED', r.excluded?.until ?? null);
    if (r.pausedUntil) return refuse('ACCOUNT_PAUSED', r.pausedUntil);
    if (r.timeLimitReached) return refuse('SESSION_TIME_LIMIT_REACHED', resetsAt('day', today));
    if (r.identityMissing) return refuse('IDENTITY_NOT_VERIFIED', null);
    const terms = member ? termsBySite.get(Number(member.site_id)) : null;
    if (member && terms != null && (member.terms_version ?? 0) < terms) {
      return { refusal: new ResponsibleRefusal('TERMS_NOT_ACCEPTED', memberId, null, { version: terms }), cashCentavos };
    }
    for (const limit of limitsBy.get(memberId) ?? []) {
      const used = usage.get(limit.period)?.get(memberId) ?? { stake: 0, win: 0 };
      const after = limit.kind === 'wager' ? used.stake + amountCentavos : used.stake - used.win + amountCentavos;
      if (after > (limit.value as number)) {
        return refuse(LIMIT_CODES[limit.kind as 'loss' | 'wager'], resetsAt(limit.period, today));
      }
    }
    return { refusal: undefined, cashCentavos };
  });
  return { day: today, checks };
}

/** Counts the stakes taken (members distinct) toward the limits, on the day checkStakes answered. */
export async function countStakes(
  trx: Database,
  day: string,
  stakes: readonly { memberId: number; amountCentavos: number }[],
): Promise<void> {
  if (stakes.length === 0) return;
  await repo.addStakes(trx, day, stakes);
}
