import { EXCLUSION_WITHDRAW_DAYS } from '@casino/shared/schemas/responsible';
import type { AppContext, CentralExclusionAnswer } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { clock } from '../../lib/clock.ts';
import { dayRange, saoPauloDay } from '../../lib/sao-paulo.ts';
import { notifyMember } from '../../platform/communications/notify.ts';
import { pushNotification } from '../../platform/realtime/realtime.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import { findSettings, saveSettings } from '../../platform/responsible/responsible.repository.ts';
import { restrictionsOf } from '../../platform/responsible/standing.ts';
import * as repo from './central-exclusion.repository.ts';

/**
 * The federal self-exclusion register (Portaria SPA/MF 1.231/2024; docs/RESPONSIBLE-GAMING.md).
 * It is consulted at registration, at the first login of each São Paulo day and every 15 days for
 * every open account with a CPF, and every consultation is logged with its answer. "Impedido" for
 * an existing account:
 *   T+0      the member is told at once (information centre + communications log), and the
 *            exclusion starts (source 'central', no end while the register says Impedido): no
 *            bets, deposits, bonuses or marketing; login and withdrawals stay open;
 *   T+2 days the withdrawal window ends and the account is closed (closed_at) by the job's next
 *            pass (it runs every few minutes), well inside the 3 days the rules allow;
 *   T+2 days in the same pass the remaining cash is returned by PIX to the member's own key, or
 *            queued for the back office (balance-returns.service.ts), inside the 2 days after
 *            closing the rules allow.
 */

export type CentralCheckReason = 'registration' | 'daily_login' | 'periodic';
export type CentralCheckResult = CentralExclusionAnswer | 'error';

/** The periodic consultation: every open account at least this often. */
export const CENTRAL_CHECK_EVERY_DAYS = 15;
const DAY_MS = 86_400_000;

/**
 * Consults the register for a CPF (eleven digits) and logs the consultation with its answer. A
 * register that fails answers 'error' (logged too), never an exception: each caller decides what
 * an unanswered check means for it.
 */
export async function checkCentralExclusion(
  ctx: AppContext,
  input: { cpf: string; memberId?: number | null | undefined; reason: CentralCheckReason },
): Promise<CentralCheckResult> {
  let result: CentralCheckResult;
  try {
    result = await ctx.centralExclusion.check(input.cpf);
  } catch (error) {
    ctx.log.warn({ err: error, reason: input.reason }, 'central exclusion register did not answer');
    result = 'error';
  }
  await repo.insertCheck(ctx.db, { memberId: input.memberId ?? null, cpf: input.cpf, reason: input.reason, result, now: clock.nowIso() });
  return result;
}

/**
 * Registration's check: "Impedido" refuses the registration (403 CPF_EXCLUDED), and so does a
 * register that cannot answer (503 CENTRAL_EXCLUSION_UNAVAILABLE): an account is never opened
 * without the consultation the rules require.
 */
export async function assertNotCentrallyExcluded(ctx: AppContext, cpf: string): Promise<void> {
  const result = await checkCentralExclusion(ctx, { cpf, reason: 'registration' });
  if (result === 'impedido') throw new AppError('CPF_EXCLUDED');
  if (result === 'error') throw new AppError('CENTRAL_EXCLUSION_UNAVAILABLE');
}

/**
 * Starts the exclusion of an account the register answered "Impedido" for, and tells the member,
 * in one transaction. A self-exclusion already running becomes central (its withdrawal window
 * stands). Answers false when a central exclusion already runs or the account is closed.
 */
export async function applyCentralExclusion(ctx: AppContext, memberId: number): Promise<boolean> {
  const applied = await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, memberId);
    const nowMs = clock.nowMs();
    const now = new Date(nowMs).toISOString();
    const settings = await findSettings(trx, memberId);
    if (settings?.closed_at) return false;
    const running = restrictionsOf(settings, now).excluded;
    if (running?.source === 'central') return false;
    await saveSettings(
      trx,
      memberId,
      {
        excluded_at: running?.since ?? now,
        excluded_until: null,
        exclusion_source: 'central',
        withdraw_until: running?.withdrawUntil ?? new Date(nowMs + EXCLUSION_WITHDRAW_DAYS * DAY_MS).toISOString(),
      },
      now,
    );
    await notifyMember(trx, { memberId, kind: 'central_exclusion', nowIso: now });
    return true;
  });
  if (applied) pushNotification(ctx.realtime, memberId, 'central_exclusion');
  return applied;
}

/**
 * The register answered "Não Impedido" for a member it had blocked: before the account closed, the
 * exclusion ends (and with it the pending balance return); a closed account stays closed.
 */
async function liftCentralExclusion(ctx: AppContext, memberId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, memberId);
    const now = clock.nowIso();
    const settings = await findSettings(trx, memberId);
    if (!settings || settings.closed_at || restrictionsOf(settings, now).excluded?.source !== 'central') return;
    await saveSettings(trx, memberId, { excluded_until: now, withdraw_until: null }, now);
  });
}

/** Consults the register for a member and applies the answer; null when the member has no CPF. */
export async function checkMember(ctx: AppContext, memberId: number, reason: CentralCheckReason): Promise<CentralCheckResult | null> {
  const member = await repo.findMemberCpf(ctx.db, memberId);
  if (!member?.cpf || member.deleted_at) return null;
  const result = await checkCentralExclusion(ctx, { cpf: member.cpf, memberId, reason });
  if (result === 'impedido') await applyCentralExclusion(ctx, memberId);
  if (result === 'nao_impedido') await liftCentralExclusion(ctx, memberId);
  return result;
}

/**
 * The first login of each São Paulo day consults the register (a day whose check failed tries
 * again at the next login). It never fails the login: an excluded member may still log in to see
 * the account and withdraw, and a register outage must not lock everyone out.
 */
export async function checkAtFirstLoginOfDay(ctx: AppContext, memberId: number): Promise<void> {
  try {
    const dayStart = dayRange(saoPauloDay(clock.nowIso())).start;
    if (await repo.answeredCheckSince(ctx.db, memberId, dayStart)) return;
    await checkMember(ctx, memberId, 'daily_login');
  } catch (error) {
    ctx.log.error({ err: error, memberId }, 'central exclusion check at login failed');
  }
}

/** Members checked per page of the periodic pass. */
const PERIODIC_PAGE = 200;

/**
 * The periodic consultation: every open account with a CPF whose last answered check is
 * CENTRAL_CHECK_EVERY_DAYS or more old, at most `max` per pass (the next pass continues).
 */
export async function runPeriodicChecks(ctx: AppContext, max = 2_000): Promise<{ checked: number; impedido: number; errors: number }> {
  const since = new Date(clock.nowMs() - CENTRAL_CHECK_EVERY_DAYS * DAY_MS).toISOString();
  const report = { checked: 0, impedido: 0, errors: 0 };
  for (let afterId = 0; report.checked < max; ) {
    const due = await repo.membersDueForCheck(ctx.db, since, afterId, Math.min(PERIODIC_PAGE, max - report.checked));
    for (const member of due) {
      const result = await checkMember(ctx, member.id, 'periodic');
      report.checked++;
      if (result === 'impedido') report.impedido++;
      if (result === 'error') report.errors++;
    }
    if (due.length < PERIODIC_PAGE) break;
    afterId = due[due.length - 1]!.id;
  }
  return report;
}

/** Closes the accounts whose central exclusion's withdrawal window ended (T+2 days). */
export async function closeDueAccounts(ctx: AppContext, limit = 500): Promise<number> {
  const now = clock.nowIso();
  let closed = 0;
  for (const row of await repo.centralExclusionsToClose(ctx.db, now, limit)) {
    if (await repo.closeAccount(ctx.db, row.member_id, now)) closed++;
  }
  return closed;
}
