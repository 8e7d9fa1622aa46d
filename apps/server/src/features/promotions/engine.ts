import { centavos, formatCentavos } from '@casino/shared/money';
import type { ActivityCheck, ActivityClaimBody, ActivityState, ActivityType, ClaimResult } from '@casino/shared/schemas/promotions';
import { DEPOSIT_LINKED_ACTIVITIES } from '@casino/shared/schemas/promotions';
import type { ErrorCode } from '@casino/shared/errors';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Member, Site } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { translate } from '../../lib/i18n.ts';
import { cash, house, moved, rebate } from '../../platform/ledger/ledger.service.ts';
import { postTransfer } from '../../platform/ledger/post-transfer.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import { pushBalance, pushNotification } from '../../platform/realtime/realtime.ts';
import { assertMayReceiveBonus } from '../../platform/responsible/standing.ts';

/**
 * The activity engine (DESIGN.md section 7, docs/PROMOTIONS.md): each activity type is one module
 * with `check` and `claim`. The engine applies what every activity shares before a module runs
 * (visitors, another member's id, on/off, dates, the regulated profile, VIP gates) and pays every
 * reward the same way (`creditBonus`): a ledger transfer from `promotions_expense` with its
 * wagering requirement added to ml_money, under a claim key that makes a second claim pay nothing.
 */

/** The row of `activities` a module runs with, its JSON config parsed by the module's schema. */
export interface ActivitySettings<C> {
  id: number;
  siteId: number;
  type: ActivityType;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
  minVipLevel: number;
  wageringMultiple: number;
  depositLinked: boolean;
  config: C;
}

export interface ActivityRun<C> {
  ctx: AppContext;
  member: Member;
  site: Site;
  activity: ActivitySettings<C>;
  lang: string;
  now: Date;
}

/** What a module's check adds to the shared fields; `state` and `rewardCentavos` are required. */
export type ModuleCheck = {
  state: ActivityState;
  rewardCentavos: number;
  /** Defaults to reward x the activity's wagering multiple. */
  wageringCentavos?: number;
  /** Overrides the state's default message (a catalogue key of the `server` namespace). */
  messageKey?: string;
  messageValues?: Record<string, unknown>;
} & Partial<
  Pick<
    ActivityCheck,
    | 'items'
    | 'remainingspins'
    | 'quantity'
    | 'cpf_required'
    | 'prizes'
    | 'steps'
    | 'recharge_amount'
    | 'base_amount'
    | 'rate_bp'
    | 'min_recharge'
    | 'qualified'
    | 'unclaimed'
    | 'period'
  >
>;

export interface ModuleClaim {
  bonusId: number;
  rewardCentavos: number;
  wageringCentavos: number;
  balanceCentavos: number;
  prize?: ClaimResult['prize'];
  remainingspins?: number;
  quantity?: number;
}

export interface ActivityModule<C> {
  type: ActivityType;
  /** The spec's constants (section 9) as seeded defaults; operators change them in the back office. */
  defaults: {
    config: C;
    wageringMultiple: number;
    minVipLevel: number;
    depositLinked: boolean;
    sort: number;
    /** Title and description in the 8 languages (seeded into activities.title_json/content_json). */
    title: Record<string, string>;
    content: Record<string, string>;
  };
  /** Validates the config JSON (the back office writes it through the same schema). */
  configSchema: z.ZodType<C>;
  check(run: ActivityRun<C>): Promise<ModuleCheck>;
  /**
   * Pays the reward inside `trx` (the engine opened it and locked the member's row) through
   * `creditBonus`, or throws an AppError with the spec's outcome. Runs only after the engine's gates.
   */
  claim(run: ActivityRun<C>, trx: Database, body: ActivityClaimBody): Promise<ModuleClaim>;
  /**
   * Deposit bonuses only (first deposit, welcome, recharge rebate): the terms a new deposit of this
   * member would earn, for the recharge page's choice; undefined when a new deposit cannot earn it
   * (a first-deposit bonus once the member has deposited). Runs only after the engine's gates.
   */
  offerForNewDeposit?(run: ActivityRun<C>): Promise<DepositBonusOffer | undefined>;
}

/** A deposit bonus's terms as the recharge page offers them (see DepositBonusOption). */
export interface DepositBonusOffer {
  minRechargeCentavos: number;
  rewardCentavos: number | null;
  rateBp: number | null;
  maxRewardCentavos: number | null;
}

/** Each state's message when the module names none (spec section 8 texts). */
const STATE_MESSAGES: Record<ActivityState, string> = {
  eligible: 'promo.eligible',
  claimed: 'promo.claimed_already',
  not_eligible: 'promo.not_eligible',
  no_topups: 'promo.no_topups',
  upgrade_required: 'promo.upgrade_required',
  not_started: 'promo.not_started',
  ended: 'promo.ended',
  disabled: 'promo.not_eligible',
  regulated: 'promo.regulated',
  no_spins: 'promo.no_spins',
  visitor: 'errors.not_logged_in',
};

/**
 * The error a claim answers for a state that cannot pay. A VIP gate (spec section 6) reads
 * "Upgrade required" in the check, which tells the member the way in, and a claim it refuses reads
 * "user not eligible for this reward" (error code UPGRADE_REQUIRED): the spec's claim outcomes are
 * "claimed", "not eligible" and "no eligible top-ups" (section 4).
 */
export const STATE_ERRORS: Record<Exclude<ActivityState, 'eligible'>, ErrorCode> = {
  claimed: 'ALREADY_CLAIMED',
  not_eligible: 'NOT_ELIGIBLE',
  no_topups: 'NO_ELIGIBLE_TOPUPS',
  upgrade_required: 'UPGRADE_REQUIRED',
  not_started: 'ACTIVITY_NOT_STARTED',
  ended: 'ACTIVITY_ENDED',
  disabled: 'ACTIVITY_DISABLED',
  regulated: 'REGULATED_PROFILE',
  no_spins: 'NO_SPINS_LEFT',
  visitor: 'NOT_LOGGED_IN',
};

export function parseSettings<C>(
  row: {
    id: number;
    site_id: number;
    type: string;
    enabled: number;
    starts_at: string | null;
    ends_at: string | null;
    min_vip_level: number;
    wagering_multiple: number;
    deposit_linked: number;
    config_json: string;
  },
  module: ActivityModule<C>,
): ActivitySettings<C> {
  let raw: unknown;
  try {
    raw = JSON.parse(row.config_json);
  } catch {
    raw = {};
  }
  // A config an operator saved is valid by construction; a missing key takes the default.
  const parsed = module.configSchema.safeParse({ ...(module.defaults.config as object), ...(raw as object) });
  return {
    id: row.id,
    siteId: row.site_id,
    type: module.type,
    enabled: row.enabled === 1,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    minVipLevel: row.min_vip_level,
    wageringMultiple: row.wagering_multiple,
    depositLinked: row.deposit_linked === 1,
    config: parsed.success ? parsed.data : module.defaults.config,
  };
}

/** The gates every activity shares, in the order a member meets them; undefined when open. */
export function sharedGate(run: Pick<ActivityRun<unknown>, 'member' | 'site' | 'activity' | 'now'>): ActivityState | undefined {
  const { activity, site, member, now } = run;
  if (!activity.enabled) return 'disabled';
  if (activity.startsAt && Date.parse(activity.startsAt) > now.getTime()) return 'not_started';
  if (activity.endsAt && Date.parse(activity.endsAt) <= now.getTime()) return 'ended';
  // The spec's deposit-triggered activities stay deposit-linked whatever the row says: an operator
  // cannot switch the regulated profile's refusal off by unticking a flag.
  if (site.regulated === 1 && (activity.depositLinked || DEPOSIT_LINKED_ACTIVITIES.includes(activity.type))) return 'regulated';
  if (member.level < activity.minVipLevel) return 'upgrade_required';
  return undefined;
}

/** A module's check with the shared fields, translated. */
export function toActivityCheck<C>(run: ActivityRun<C>, result: ModuleCheck): ActivityCheck {
  const { activity } = run;
  const { state, rewardCentavos, wageringCentavos, messageKey, messageValues, ...extra } = result;
  const wagering = wageringCentavos ?? rewardCentavos * activity.wageringMultiple;
  return {
    type: activity.type,
    state,
    eligible: state === 'eligible',
    message: translate(run.lang, messageKey ?? STATE_MESSAGES[state], messageValues),
    reward: formatCentavos(rewardCentavos),
    wagering: formatCentavos(wagering),
    wagering_multiple: activity.wageringMultiple,
    min_vip_level: activity.minVipLevel,
    starts_at: activity.startsAt,
    ends_at: activity.endsAt,
    ...extra,
  };
}

export interface BonusCredit {
  memberId: number;
  /** An activity type, 'vip_levelup', 'rebate' or 'agency_commission'. */
  source: string;
  activityId?: number | null;
  /** Unique per reward: `ftd:<member>`, `rechargerebate:<order>`, `dailyrescue:<member>:<day>` ... */
  claimKey: string;
  amountCentavos: number;
  wageringCentavos: number;
  detail?: Record<string, unknown>;
  /** The ledger account the money leaves: promotions_expense unless said (rebates: the member's rebate account). */
  from?: 'promotions_expense' | 'agency_commission_expense' | 'rebate';
}

/**
 * Pays one reward inside the caller's transaction: records the claim (its unique key refuses a
 * second claim with ALREADY_CLAIMED, also when two arrive at the same instant), moves the money
 * to the member's cash through the ledger, and adds the wagering requirement to ml_money.
 * The caller pushes the new balance after the commit (`afterCredit`).
 */
export async function creditBonus(trx: Database, credit: BonusCredit): Promise<{ bonusId: number; balanceCentavos: number }> {
  if (!Number.isSafeInteger(credit.amountCentavos) || credit.amountCentavos <= 0) throw new AppError('NOTHING_TO_CLAIM');
  // Responsible gaming: no bonuses during a pause or an exclusion (an agent's earned commission still pays).
  if (credit.source !== 'agency_commission') await assertMayReceiveBonus(trx, credit.memberId);
  const now = nowIso();
  const inserted = await trx
    .insertInto('bonus_credits')
    .values({
      member_id: credit.memberId,
      source: credit.source,
      activity_id: credit.activityId ?? null,
      claim_key: credit.claimKey,
      amount_centavos: credit.amountCentavos,
      wagering_centavos: credit.wageringCentavos,
      transfer_id: null,
      detail_json: credit.detail ? JSON.stringify(credit.detail) : null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('claim_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AppError('ALREADY_CLAIMED');
  const from = credit.from ?? 'promotions_expense';
  const posted = await postTransfer(trx, {
    key: `bonus:${credit.claimKey}`,
    code: credit.source === 'rebate' ? 'rebate_claim' : credit.source === 'agency_commission' ? 'agency_commission' : 'bonus',
    lines: moved(from === 'rebate' ? rebate(credit.memberId) : house(from), cash(credit.memberId), centavos(credit.amountCentavos)),
    meta: { bonus_id: inserted.id, source: credit.source, claim_key: credit.claimKey },
  });
  await trx.updateTable('bonus_credits').set({ transfer_id: posted.transferId }).where('id', '=', inserted.id).execute();
  if (credit.wageringCentavos > 0) {
    await trx
      .updateTable('members')
      .set((eb) => ({ wagering_required_centavos: eb('wagering_required_centavos', '+', credit.wageringCentavos) }))
      .where('id', '=', credit.memberId)
      .execute();
  }
  const balance = await trx
    .selectFrom('ledger_accounts')
    .select('balance_centavos')
    .where('member_id', '=', credit.memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirstOrThrow();
  return { bonusId: inserted.id, balanceCentavos: balance.balance_centavos };
}

/**
 * After a credit commits: the new balance and ml_money reach the member's open tabs, and a
 * notification lands in the information centre (kind 'bonus'; translated when listed).
 */
export async function afterCredit(ctx: AppContext, memberId: number, source: string, amountCentavos: number): Promise<void> {
  await ctx.db
    .insertInto('notifications')
    .values({
      member_id: memberId,
      kind: 'bonus',
      title: '',
      body: '',
      params_json: JSON.stringify({ source, amount: formatCentavos(amountCentavos) }),
      operator_id: null,
      read_at: null,
      created_at: nowIso(),
    })
    .execute();
  await pushBalance(ctx.db, ctx.realtime, memberId);
  pushNotification(ctx.realtime, memberId, 'bonus');
}

/** Locks the member's row for the claim's transaction (per-member counts hold under concurrency). */
export async function lockClaimant(trx: Database, memberId: number): Promise<void> {
  await lockMember(trx, memberId);
}
