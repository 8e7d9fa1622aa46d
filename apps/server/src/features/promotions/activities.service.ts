import { formatBRL, formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type {
  ActivityCheck,
  ActivityClaimBody,
  ActivityOverviewItem,
  ActivityType,
  ClaimResult,
  DepositBonusChoice,
  DepositBonusOption,
  DepositBonusOptions,
} from '@casino/shared/schemas/promotions';
import { ACTIVITY_ROUTES, DEPOSIT_BONUSES } from '@casino/shared/schemas/promotions';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Member, Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { findMemberById } from '../../platform/members/members.repository.ts';
import { findSiteById } from '../../platform/sites/sites.repository.ts';
import {
  type ActivityModule,
  type ActivityRun,
  afterCredit,
  lockClaimant,
  parseSettings,
  STATE_ERRORS,
  sharedGate,
  toActivityCheck,
} from './engine.ts';
import { MODULES } from './modules/index.ts';

/** Inserts the activities a site does not have yet, with the modules' defaults (operator edits survive). */
export async function seedActivities(db: Database): Promise<void> {
  const sites = await db.selectFrom('sites').select('id').execute();
  const now = nowIso();
  for (const site of sites) {
    for (const module of MODULES.values()) {
      await db
        .insertInto('activities')
        .values({
          site_id: site.id,
          type: module.type,
          title_json: JSON.stringify(module.defaults.title),
          content_json: JSON.stringify(module.defaults.content),
          image_url: null,
          starts_at: null,
          ends_at: null,
          sort: module.defaults.sort,
          enabled: 1,
          config_json: JSON.stringify(module.defaults.config),
          min_vip_level: module.defaults.minVipLevel,
          wagering_multiple: module.defaults.wageringMultiple,
          deposit_linked: module.defaults.depositLinked ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['site_id', 'type']).doNothing())
        .execute();
    }
  }
}

function moduleOf(type: ActivityType): ActivityModule<unknown> {
  const module = MODULES.get(type);
  if (!module) throw new AppError('NOT_FOUND');
  return module;
}

async function activityRow(db: Database, siteId: number, type: ActivityType) {
  return db.selectFrom('activities').selectAll().where('site_id', '=', siteId).where('type', '=', type).executeTakeFirst();
}

/** Builds the run of one activity for a member (the site is the member's own). */
export async function activityRun(ctx: AppContext, member: Member, type: ActivityType, lang: string): Promise<ActivityRun<unknown>> {
  const module = moduleOf(type);
  const site = await findSiteById(ctx.db, member.site_id);
  if (!site) throw new AppError('SITE_UNKNOWN');
  const row = await activityRow(ctx.db, site.id, type);
  if (!row) throw new AppError('NOT_FOUND');
  return { ctx, member, site, activity: parseSettings(row, module), lang, now: new Date() };
}

/** A claim or check naming another member answers 409 "USER DOES NOT EXIST" (spec section 8). */
function assertSelf(member: Member, memberId: number | undefined) {
  if (memberId !== undefined && memberId !== member.id) throw new AppError('USER_DOES_NOT_EXIST');
}

export async function checkActivity(
  ctx: AppContext,
  member: Member,
  type: ActivityType,
  lang: string,
  body: { member_id?: number | undefined },
): Promise<ActivityCheck> {
  assertSelf(member, body.member_id);
  const run = await activityRun(ctx, member, type, lang);
  const gate = sharedGate(run);
  if (gate) return toActivityCheck(run, { state: gate, rewardCentavos: 0 });
  return toActivityCheck(run, await moduleOf(type).check(run));
}

/**
 * Claims one activity: the shared gates, then the module's claim in one transaction with the
 * member's row locked. Any refusal rolls the whole claim back; nothing is paid twice.
 */
export async function claimActivity(
  ctx: AppContext,
  member: Member,
  type: ActivityType,
  lang: string,
  body: ActivityClaimBody & { member_id?: number | undefined },
): Promise<ClaimResult> {
  assertSelf(member, body.member_id);
  const module = moduleOf(type);
  const run = await activityRun(ctx, member, type, lang);
  const gate = sharedGate(run);
  if (gate) throw new AppError(STATE_ERRORS[gate as Exclude<typeof gate, 'eligible'>]);
  const paid = await ctx.db.transaction().execute(async (trx) => {
    await lockClaimant(trx, member.id);
    return module.claim(run, trx, body);
  });
  await afterCredit(ctx, member.id, type, paid.rewardCentavos);
  return {
    type,
    reward: formatCentavos(paid.rewardCentavos),
    wagering: formatCentavos(paid.wageringCentavos),
    balance: formatCentavos(paid.balanceCentavos),
    bonus_id: paid.bonusId,
    ...(paid.prize ? { prize: paid.prize } : {}),
    ...(paid.remainingspins !== undefined ? { remainingspins: paid.remainingspins } : {}),
    ...(paid.quantity !== undefined ? { quantity: paid.quantity } : {}),
  };
}

function pick(json: string, lang: string): string {
  try {
    const map = JSON.parse(json) as Record<string, string>;
    return map[lang] ?? map.pt ?? map.en ?? '';
  } catch {
    return '';
  }
}

/** Every enabled activity of the site, with the member's state (visitors see 'visitor'). */
export async function activitiesOverview(
  ctx: AppContext,
  site: Site,
  member: Member | undefined,
  lang: string,
): Promise<ActivityOverviewItem[]> {
  const now = new Date();
  const rows = await ctx.db
    .selectFrom('activities')
    .selectAll()
    .where('site_id', '=', site.id)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const items: ActivityOverviewItem[] = [];
  for (const row of rows) {
    const module = MODULES.get(row.type as ActivityType);
    if (!module) continue;
    const activity = parseSettings(row, module);
    let state: ActivityOverviewItem['state'] = 'visitor';
    let reward = '0.00';
    if (member) {
      const run = { ctx, member, site, activity, lang, now };
      const gate = sharedGate(run);
      if (gate) state = gate;
      else {
        const checked = toActivityCheck(run, await module.check(run));
        state = checked.state;
        reward = checked.reward;
      }
    } else if (activity.endsAt && Date.parse(activity.endsAt) <= now.getTime()) {
      continue;
    }
    items.push({
      id: row.id,
      type: module.type,
      title: pick(row.title_json, lang),
      content: pick(row.content_json, lang),
      image_url: row.image_url,
      route: ACTIVITY_ROUTES[module.type],
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      state,
      reward,
    });
  }
  return items;
}

/**
 * GET /api/recharge/bonuses: the deposit bonuses a new deposit of this member can fund, with their
 * terms, for the recharge page's choice (one bonus per deposit, docs/PROMOTIONS.md). Activities
 * that are off, not open, refused by the regulated profile or above the member's VIP level are
 * left out, as is a first-deposit bonus once the member has deposited.
 */
export async function depositBonusOptions(ctx: AppContext, member: Member, lang: string): Promise<DepositBonusOptions> {
  const site = await findSiteById(ctx.db, member.site_id);
  if (!site) throw new AppError('SITE_UNKNOWN');
  const list: DepositBonusOption[] = [];
  for (const type of DEPOSIT_BONUSES) {
    const module = moduleOf(type);
    const row = await activityRow(ctx.db, site.id, type);
    if (!row || !module.offerForNewDeposit) continue;
    const run: ActivityRun<unknown> = { ctx, member, site, activity: parseSettings(row, module), lang, now: new Date() };
    if (sharedGate(run)) continue;
    const offer = await module.offerForNewDeposit(run);
    if (!offer) continue;
    list.push({
      type,
      title: pick(row.title_json, lang),
      min_recharge: formatCentavos(offer.minRechargeCentavos),
      reward: offer.rewardCentavos === null ? null : formatCentavos(offer.rewardCentavos),
      rate_bp: offer.rateBp,
      max_reward: offer.maxRewardCentavos === null ? null : formatCentavos(offer.maxRewardCentavos),
      wagering_multiple: run.activity.wageringMultiple,
    });
  }
  return { stacking: site.bonus_stacking === 1, list };
}

/**
 * Refuses a deposit's bonus choice the member cannot have (POST /api/recharge/online `bonus`): a
 * bonus not offered to a new deposit right now, or one whose minimum the amount does not reach.
 * 'none' and no choice are always fine.
 */
export async function assertDepositBonusChoice(
  ctx: AppContext,
  memberId: number,
  choice: DepositBonusChoice | undefined,
  amountCentavos: number,
): Promise<void> {
  if (choice === undefined || choice === 'none') return;
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('UNAUTHENTICATED');
  const offer = (await depositBonusOptions(ctx, member, member.lang)).list.find((option) => option.type === choice);
  if (!offer) throw new AppError('DEPOSIT_BONUS_UNAVAILABLE', { fieldErrors: { bonus: ['promo.bonus_unavailable'] } });
  const minCentavos = moneyStringToCentavos(offer.min_recharge) ?? 0;
  if (amountCentavos < minCentavos) {
    throw new AppError('DEPOSIT_BONUS_UNAVAILABLE', {
      fieldErrors: { bonus: ['promo.bonus_below_min'] },
      messageValues: (lang) => ({
        min: formatBRL(minCentavos, lang),
      }),
    });
  }
}
