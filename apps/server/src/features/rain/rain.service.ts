import { formatBRL, formatCentavos } from '@casino/shared/money';
import type { RainClaimResult, RainCurrent, RainMode, RainPhase, RainReason } from '@casino/shared/schemas/rain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { mayReceiveMarketing } from '../../platform/responsible/standing.ts';
import { afterCredit, creditBonus } from '../promotions/engine.ts';
import * as repo from './rain.repository.ts';
import { nextRainAt, splitPot } from './rain-split.ts';

/**
 * The chat rain (issue 15 item 2; docs/PROMOTIONS.md "Chat rain"). Every interval a pot falls on a
 * site: announced in the chat a minute before, then either open for claims during a window (mode
 * claim) or paid at once to every eligible member (mode auto), split to the centavo. Each share is
 * a bonus paid by the promotions engine's creditBonus (promotions_expense -> the member's cash,
 * with its wagering added to ml_money, claim key rain:<rain>:<member>). Every phase moves by a
 * conditional update of the rain's row, and the row is unique per site and instant, so two
 * processes running the job announce, open and pay each rain once.
 */

const HOUR_MS = 3_600_000;
/** How long an ended rain stays "current" (its result shown) before the next one is. */
const ENDED_SHOWN_MS = 10 * 60_000;

export interface RainRules {
  enabled: boolean;
  offWhenRegulated: boolean;
  mode: RainMode;
  intervalMinutes: number;
  /** The interval itself: minutes from the back office, or RAIN_INTERVAL_MS (tests and the e2e server use seconds). */
  intervalMs: number;
  potCentavos: number;
  minWagerCentavos: number;
  chatActiveMinutes: number;
  windowSeconds: number;
  announceSeconds: number;
  wageringMultiple: number;
  saved: boolean;
  updatedAt: string | null;
}

type SiteLike = { id: number; regulated: number };

/** The site's saved settings, else the RAIN_* defaults of the configuration. */
export async function rulesFor(ctx: AppContext, siteId: number, db: Database = ctx.db): Promise<RainRules> {
  const row = await repo.findSettings(db, siteId);
  if (row) {
    return {
      enabled: Number(row.enabled) === 1,
      offWhenRegulated: Number(row.off_when_regulated) === 1,
      mode: row.mode === 'auto' ? 'auto' : 'claim',
      intervalMinutes: Number(row.interval_minutes),
      intervalMs: Number(row.interval_minutes) * 60_000,
      potCentavos: Number(row.pot_centavos),
      minWagerCentavos: Number(row.min_wager_centavos),
      chatActiveMinutes: Number(row.chat_active_minutes),
      windowSeconds: Number(row.window_seconds),
      announceSeconds: Number(row.announce_seconds),
      wageringMultiple: Number(row.wagering_multiple),
      saved: true,
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    };
  }
  const c = ctx.config;
  return {
    enabled: c.RAIN_ENABLED,
    offWhenRegulated: c.RAIN_OFF_WHEN_REGULATED,
    mode: c.RAIN_CLAIM,
    intervalMinutes: Math.max(1, Math.round(c.RAIN_INTERVAL_MS / 60_000)),
    intervalMs: c.RAIN_INTERVAL_MS,
    potCentavos: c.RAIN_POT,
    minWagerCentavos: c.RAIN_MIN_WAGER,
    chatActiveMinutes: c.RAIN_CHAT_ACTIVE_MINUTES,
    windowSeconds: Math.round(c.RAIN_WINDOW_MS / 1000),
    announceSeconds: Math.round(c.RAIN_ANNOUNCE_MS / 1000),
    wageringMultiple: c.RAIN_WAGERING_MULTIPLE,
    saved: false,
    updatedAt: null,
  };
}

export async function siteById(ctx: AppContext, siteId: number) {
  return repo.findSite(ctx.db, siteId);
}

/** Why no rain falls on the site at all: switched off, or the regulated profile. */
function siteReason(rules: RainRules, site: SiteLike): RainReason | undefined {
  if (!rules.enabled) return 'disabled';
  if (Number(site.regulated) === 1 && rules.offWhenRegulated) return 'regulated';
  return undefined;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The rules a rain was announced with (copied onto its row), for eligibility. */
interface MemberRules {
  minWagerCentavos: number;
  chatActiveMinutes: number;
}

interface Eligibility {
  reasons: RainReason[];
  cpf: string | null;
  wageredCentavos: number;
}

/**
 * Every rule the member fails, in order: the site's switch and profile, a pause or exclusion
 * (responsible gaming: no rain, like no bonus), a CPF on file (one share per person), the bets of
 * the last 24 hours, a chat message within the last `chatActiveMinutes`.
 */
async function eligibilityOf(
  db: Database,
  memberId: number,
  site: SiteLike,
  rules: RainRules,
  memberRules: MemberRules,
  now: Date,
): Promise<Eligibility> {
  const reasons: RainReason[] = [];
  const off = siteReason(rules, site);
  if (off) reasons.push(off);
  const facts = await repo.memberFacts(
    db,
    memberId,
    iso(new Date(now.getTime() - 24 * HOUR_MS)),
    iso(new Date(now.getTime() - memberRules.chatActiveMinutes * 60_000)),
  );
  if (!facts || facts.siteId !== site.id) return { reasons: ['restricted'], cpf: null, wageredCentavos: 0 };
  if (facts.isDemo || !(await mayReceiveMarketing(db, memberId))) reasons.push('restricted');
  if (!facts.cpf) reasons.push('cpf_required');
  if (facts.wageredCentavos < memberRules.minWagerCentavos) reasons.push('min_wager');
  if (!facts.chatted) reasons.push('chat_inactive');
  return { reasons, cpf: facts.cpf, wageredCentavos: facts.wageredCentavos };
}

function reasonMessage(lang: string, code: RainReason, memberRules: MemberRules, wageredCentavos: number): string {
  return translate(lang, `rain.reasons.${code}`, {
    min_wager: formatBRL(memberRules.minWagerCentavos, lang),
    wagered: formatBRL(wageredCentavos, lang),
    minutes: memberRules.chatActiveMinutes,
  });
}

function phaseOf(status: string): RainPhase {
  return status === 'announced' || status === 'open' || status === 'paid' || status === 'cancelled' ? status : 'scheduled';
}

/** GET /api/rain/current: the next rain (or the one running), and for a member whether it may have a share and why not. */
export async function currentRain(
  ctx: AppContext,
  site: SiteLike,
  memberId: number | undefined,
  lang: string,
  now = clock.now(),
): Promise<RainCurrent> {
  const rules = await rulesFor(ctx, site.id);
  const off = siteReason(rules, site);
  const row = await repo.currentRain(ctx.db, site.id, iso(new Date(now.getTime() - ENDED_SHOWN_MS)));
  const running = row && (row.status === 'announced' || row.status === 'open') ? row : undefined;
  const nextAt = running ? iso(running.at) : off ? null : iso(new Date(nextRainAt(now.getTime(), rules.intervalMs)));
  const memberRules: MemberRules = running
    ? { minWagerCentavos: Number(running.min_wager_centavos), chatActiveMinutes: Number(running.chat_active_minutes) }
    : rules;
  const base: RainCurrent = {
    enabled: !off,
    mode: running ? (running.mode === 'auto' ? 'auto' : 'claim') : rules.mode,
    next_at: nextAt,
    pot: formatCentavos(running ? Number(running.pot_centavos) : rules.potCentavos),
    rain: row
      ? {
          id: Number(row.id),
          phase: phaseOf(row.status),
          at: iso(row.at),
          closes_at: iso(row.closes_at),
          paid_count: Number(row.paid_count),
        }
      : null,
    eligible: null,
    reasons: [],
    min_wager: formatCentavos(memberRules.minWagerCentavos),
    wagered_24h: null,
    chat_active_minutes: memberRules.chatActiveMinutes,
    claimed: false,
    received: null,
  };
  if (memberId === undefined) return base;
  const [eligibility, claim, received] = await Promise.all([
    eligibilityOf(ctx.db, memberId, site, rules, memberRules, now),
    row ? repo.memberPayout(ctx.db, Number(row.id), memberId) : Promise.resolve(undefined),
    repo.lastReceived(ctx.db, memberId),
  ]);
  return {
    ...base,
    eligible: eligibility.reasons.length === 0,
    reasons: eligibility.reasons.map((code) => ({ code, message: reasonMessage(lang, code, memberRules, eligibility.wageredCentavos) })),
    wagered_24h: formatCentavos(eligibility.wageredCentavos),
    claimed: claim !== undefined,
    received: received?.paid_at
      ? { rain_id: Number(received.rain_id), amount: formatCentavos(Number(received.amount_centavos)), paid_at: iso(received.paid_at) }
      : null,
  };
}

/**
 * POST /api/rain/claim: records the member's claim while the window is open; the share is paid
 * when the window closes (split among everyone who claimed). 404 another site's or an unknown
 * rain, 409 RAIN_CLAIM_OFF (automatic rain), RAIN_CLOSED (not open), RAIN_ALREADY_CLAIMED (this
 * member, or an account with the same CPF), 422 RAIN_NOT_ELIGIBLE naming the first rule failed.
 */
export async function claimRain(
  ctx: AppContext,
  member: { id: number; site_id: number },
  rainId: number,
  now = clock.now(),
): Promise<RainClaimResult> {
  const nowIso = iso(now);
  return ctx.db.transaction().execute(async (trx) => {
    // The rain's row first (then nothing else is locked): a payout runs wholly before or after a claim.
    const rain = await repo.holdOpenRain(trx, rainId, member.site_id, nowIso);
    if (!rain) {
      const found = await repo.findRain(trx, rainId);
      if (!found || Number(found.site_id) !== member.site_id) throw new AppError('RAIN_NOT_FOUND');
      if (found.mode === 'auto') throw new AppError('RAIN_CLAIM_OFF');
      throw new AppError('RAIN_CLOSED', { extra: { opens_at: iso(found.at), closes_at: iso(found.closes_at) } });
    }
    const site = await repo.findSite(trx, member.site_id);
    if (!site) throw new AppError('RAIN_NOT_FOUND');
    const rules = await rulesFor(ctx, site.id, trx);
    const memberRules: MemberRules = {
      minWagerCentavos: Number(rain.min_wager_centavos),
      chatActiveMinutes: Number(rain.chat_active_minutes),
    };
    const eligibility = await eligibilityOf(trx, member.id, site, rules, memberRules, now);
    const first = eligibility.reasons[0];
    if (first) {
      throw new AppError('RAIN_NOT_ELIGIBLE', {
        extra: { reasons: eligibility.reasons },
        messageValues: (lang) => ({ reason: reasonMessage(lang, first, memberRules, eligibility.wageredCentavos) }),
      });
    }
    const claimed = await repo.insertClaim(trx, {
      rain_id: Number(rain.id),
      member_id: member.id,
      cpf: eligibility.cpf as string,
      claimed_at: nowIso,
    });
    if (!claimed) throw new AppError('RAIN_ALREADY_CLAIMED');
    return { rain_id: Number(rain.id), claimed_at: nowIso, closes_at: iso(rain.closes_at) };
  });
}

function announce(ctx: AppContext, rain: repo.RainRow, phase: 'announced' | 'open' | 'paid', at: string): void {
  ctx.chatHub.broadcast('*', { type: 'rain', rain_id: Number(rain.id), phase, at, pot: formatCentavos(Number(rain.pot_centavos)) });
}

export interface PassReport {
  announced: number;
  opened: number;
  paid: number;
  cancelled: number;
  paidMembers: number;
  paidCentavos: number;
}

/**
 * One pass of the rain job at `now` (tests drive it directly; two passes at once do each step
 * once): announces each site's coming rain when its announcement time came, opens the announced
 * rains whose instant came (or pays them, mode auto), pays the open ones whose window closed.
 */
export async function runRainPass(ctx: AppContext, now = clock.now()): Promise<PassReport> {
  const report: PassReport = { announced: 0, opened: 0, paid: 0, cancelled: 0, paidMembers: 0, paidCentavos: 0 };
  const nowIso = iso(now);
  const sites = await repo.listSites(ctx.db);
  const rulesBySite = new Map<number, RainRules>();
  for (const site of sites) {
    const rules = await rulesFor(ctx, Number(site.id));
    rulesBySite.set(Number(site.id), rules);
    if (siteReason(rules, site)) continue;
    const at = nextRainAt(now.getTime(), rules.intervalMs);
    if (now.getTime() < at - rules.announceSeconds * 1000) continue;
    // Looked up first: a conflicting insert would still spend an id of the sequence on every pass.
    if (await repo.rainExists(ctx.db, Number(site.id), iso(new Date(at)))) continue;
    const created = await repo.insertRain(ctx.db, {
      site_id: Number(site.id),
      at: iso(new Date(at)),
      closes_at: iso(new Date(rules.mode === 'auto' ? at : at + rules.windowSeconds * 1000)),
      mode: rules.mode,
      pot_centavos: rules.potCentavos,
      min_wager_centavos: rules.minWagerCentavos,
      chat_active_minutes: rules.chatActiveMinutes,
      wagering_multiple: rules.wageringMultiple,
      status: 'announced',
      announced_at: nowIso,
    });
    if (created) {
      report.announced += 1;
      announce(ctx, created, 'announced', iso(created.at));
    }
  }
  for (const due of await repo.rainsDue(ctx.db, nowIso)) {
    const site = sites.find((s) => Number(s.id) === Number(due.site_id));
    const rules = rulesBySite.get(Number(due.site_id));
    if (!site || !rules || siteReason(rules, site)) {
      // Switched off (or the site became regulated) after the announcement: the rain does not fall.
      if (await repo.moveRain(ctx.db, Number(due.id), ['announced', 'open'], 'cancelled', { paid_at: nowIso })) report.cancelled += 1;
      continue;
    }
    if (due.status === 'announced' && due.mode === 'claim') {
      const opened = await repo.moveRain(ctx.db, Number(due.id), ['announced'], 'open', { opened_at: nowIso });
      if (opened) {
        report.opened += 1;
        announce(ctx, opened, 'open', iso(opened.closes_at));
      }
      continue;
    }
    const paid = await payRain(ctx, Number(due.id), site, rules, now);
    if (paid) {
      report.paid += 1;
      report.paidMembers += paid.members;
      report.paidCentavos += paid.centavos;
    }
  }
  return report;
}

/**
 * Pays a rain once: one transaction that first moves the row to `paid` (a second payer, on this
 * process or another, finds it moved and pays nothing), then takes the recipients (the claims, or
 * every eligible chat member for an automatic rain, one per CPF), drops those paused or excluded
 * since, splits the pot among the rest and credits each share through creditBonus. Undefined when
 * another call paid it.
 */
export async function payRain(
  ctx: AppContext,
  rainId: number,
  site: SiteLike,
  rules: RainRules,
  now = clock.now(),
): Promise<{ members: number; centavos: number } | undefined> {
  const nowIso = iso(now);
  const credited: { memberId: number; amount: number }[] = [];
  const rain = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.moveRain(trx, rainId, ['announced', 'open'], 'paid', { paid_at: nowIso });
    if (!row) return undefined;
    const memberRules: MemberRules = {
      minWagerCentavos: Number(row.min_wager_centavos),
      chatActiveMinutes: Number(row.chat_active_minutes),
    };
    if (row.mode === 'auto') {
      const since = iso(new Date(now.getTime() - memberRules.chatActiveMinutes * 60_000));
      for (const memberId of await repo.chatActiveMembers(trx, site.id, since)) {
        const eligibility = await eligibilityOf(trx, memberId, site, rules, memberRules, now);
        // A second account of a CPF already taken finds the (rain, CPF) key used and is left out.
        if (eligibility.reasons.length === 0)
          await repo.insertAutoPayout(trx, { rain_id: rainId, member_id: memberId, cpf: eligibility.cpf as string });
      }
    }
    const claims = await repo.claimsOf(trx, rainId);
    const recipients: typeof claims = [];
    for (const claim of claims) {
      // Paused or excluded since the claim: no share (responsible gaming), and the pot is split among the others.
      if (await mayReceiveMarketing(trx, Number(claim.member_id))) recipients.push(claim);
      else
        await repo.markPayout(trx, Number(claim.id), {
          status: 'skipped',
          amount_centavos: 0,
          wagering_centavos: 0,
          bonus_id: null,
          paid_at: null,
        });
    }
    const shares = splitPot(Number(row.pot_centavos), recipients.length);
    let total = 0;
    for (const [i, claim] of recipients.entries()) {
      const amount = shares[i] ?? 0;
      const memberId = Number(claim.member_id);
      if (amount === 0) {
        await repo.markPayout(trx, Number(claim.id), {
          status: 'skipped',
          amount_centavos: 0,
          wagering_centavos: 0,
          bonus_id: null,
          paid_at: null,
        });
        continue;
      }
      const wagering = amount * Number(row.wagering_multiple);
      const { bonusId } = await creditBonus(trx, {
        memberId,
        source: 'rain',
        claimKey: `rain:${rainId}:${memberId}`,
        amountCentavos: amount,
        wageringCentavos: wagering,
        detail: { rain_id: rainId },
      });
      await repo.markPayout(trx, Number(claim.id), {
        status: 'paid',
        amount_centavos: amount,
        wagering_centavos: wagering,
        bonus_id: bonusId,
        paid_at: nowIso,
      });
      credited.push({ memberId, amount });
      total += amount;
    }
    await repo.setRainTotals(trx, rainId, credited.length, total);
    return row;
  });
  if (!rain) return undefined;
  for (const { memberId, amount } of credited) {
    try {
      await afterCredit(ctx, memberId, 'rain', amount);
    } catch (error) {
      ctx.log.warn({ err: error, memberId }, 'rain: notification after the credit failed');
    }
  }
  announce(ctx, rain, 'paid', nowIso);
  return { members: credited.length, centavos: credited.reduce((sum, c) => sum + c.amount, 0) };
}
