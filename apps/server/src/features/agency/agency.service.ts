import { formatCentavos } from '@casino/shared/money';
import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import type { AgencyOverview, AgencyRewardItem, InviteRecordItem, SubordinateItem } from '@casino/shared/schemas/agency';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { addDays, dayRange, SAO_PAULO_TIME_ZONE, saoPauloDay } from '../../lib/sao-paulo.ts';
import {
  AGENCY_MIN_PAYOUT_CENTAVOS,
  AGENCY_WAGERING_MULTIPLE,
  type Commission,
  loadRates,
  pendingCommissions,
} from './agency-commissions.ts';
import * as repo from './agency.repository.ts';

/**
 * What an agent sees of its team (every read is scoped to the caller's own subtree): the overview,
 * its subordinates, the invitation record, commissions by day, and the public mechanism. Figures
 * called "pending" are today's commissions computed live with the settlement's formula; the rest
 * is what settlements paid, plus the invitation activity's bonuses for direct invitees.
 */

/** An indirect subordinate's account shows only its edges ("jo***12"). */
export function maskAccount(account: string): string {
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

function sumBy<T>(items: T[], key: (item: T) => number, amount: (item: T) => number): Map<number, number> {
  const sums = new Map<number, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + amount(item));
  return sums;
}

const total = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The invite link the register form reads its code from (?invite_code=). */
export function inviteLink(publicUrl: string, inviteCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/?invite_code=${encodeURIComponent(inviteCode)}`;
}

/** The agency centre's header: invite code and link, team counts, commission pending today and paid so far. */
export async function agencyOverview(ctx: AppContext, member: Member, lang: string): Promise<AgencyOverview> {
  const today = saoPauloDay();
  const [counts, pending, paid] = await Promise.all([
    repo.countByLevel(ctx.db, member.id),
    pendingCommissions(ctx.db, member.id, today),
    repo.paidByLevel(ctx.db, member.id),
  ]);
  let indirect = 0;
  for (let level = 2; level <= AGENCY_MAX_DEPTH; level++) indirect += counts.get(level) ?? 0;
  return {
    member_id: member.id,
    invite_code: member.invite_code,
    invite_link: inviteLink(ctx.publicUrl(), member.invite_code),
    inviter_id: member.agent_id,
    direct_count: counts.get(1) ?? 0,
    indirect_count: indirect,
    pending_commission: formatCentavos(total(pending.map((c) => c.amount_centavos))),
    total_commission: formatCentavos(total(paid.values())),
    agent_label: translate(lang, 'agency.ordinary_agent'),
  };
}

/** Per subordinate of a page: commission paid plus its share of today's pending. */
async function commissionBySubordinate(ctx: AppContext, agentId: number, subordinateIds: number[], pending: Commission[]) {
  const paid = await repo.paidBySubordinate(ctx.db, agentId, subordinateIds);
  const pendingBySub = sumBy(
    pending,
    (c) => c.subordinate_id,
    (c) => c.amount_centavos,
  );
  return (id: number) => (paid.get(id) ?? 0) + (pendingBySub.get(id) ?? 0);
}

/** The caller's subordinates (one level or all), with what each has earned the caller. */
export async function agencySubordinates(
  ctx: AppContext,
  member: Member,
  query: { level?: number | undefined; page: number; page_size: number },
): Promise<{ list: SubordinateItem[]; total: number; page: number; page_size: number }> {
  const { rows, total: count } = await repo.pageSubordinates(ctx.db, member.id, query);
  const ids = rows.map((row) => row.id);
  const commissionOf = await commissionBySubordinate(ctx, member.id, ids, await pendingCommissions(ctx.db, member.id, saoPauloDay(), ids));
  const list = rows.map((row) => ({
    uid: row.id,
    account: row.depth === 1 ? row.account : maskAccount(row.account),
    level: row.depth,
    registered_at: row.created_at,
    total_recharge: formatCentavos(row.total_recharge_centavos),
    total_betting: formatCentavos(row.total_bet_centavos),
    commission: formatCentavos(commissionOf(row.id)),
  }));
  return { list, total: count, page: query.page, page_size: query.page_size };
}

/** Direct and indirect rewards over the whole team: commissions paid and pending, invitation bonuses. */
async function rewardTotals(ctx: AppContext, agentId: number, pending: Commission[]) {
  const [paid, invitation] = await Promise.all([
    repo.paidByLevel(ctx.db, agentId),
    repo.invitationBonusesByDay(ctx.db, ctx.dialect, agentId),
  ]);
  const pendingByLevel = sumBy(
    pending,
    (c) => c.depth,
    (c) => c.amount_centavos,
  );
  const atLevel = (level: number) => (paid.get(level) ?? 0) + (pendingByLevel.get(level) ?? 0);
  let indirect = 0;
  for (let level = 2; level <= AGENCY_MAX_DEPTH; level++) indirect += atLevel(level);
  return { direct: atLevel(1) + total(invitation.map((day) => day.amount_centavos)), indirect };
}

/**
 * The invitation record: one row per subordinate (levels 1-3) with who invited it and with which
 * code, and what it earned the caller: a direct invitee's commissions and invitation bonuses as
 * direct_reward, a deeper one's commissions as indirect_reward (paid and today's pending).
 */
export async function inviteRecord(
  ctx: AppContext,
  member: Member,
  query: { uid?: number | undefined; page: number; page_size: number },
): Promise<{
  list: InviteRecordItem[];
  total: number;
  page: number;
  page_size: number;
  total_direct_reward: string;
  total_indirect_reward: string;
}> {
  const { rows, total: count } = await repo.pageSubordinates(ctx.db, member.id, {
    memberId: query.uid,
    page: query.page,
    page_size: query.page_size,
  });
  const ids = rows.map((row) => row.id);
  const inviterIds = [...new Set(rows.map((row) => row.agent_id).filter((id): id is number => id !== null))];
  const allPending = await pendingCommissions(ctx.db, member.id, saoPauloDay());
  const [commissionOf, invitation, codes, firstRecharge] = await Promise.all([
    commissionBySubordinate(ctx, member.id, ids, allPending),
    repo.invitationBonusesFor(
      ctx.db,
      member.id,
      rows.filter((row) => row.depth === 1).map((row) => row.id),
    ),
    repo.inviteCodesOf(ctx.db, inviterIds),
    repo.firstRechargeAt(ctx.db, ids),
  ]);
  const list = rows.map((row) => {
    const reward = commissionOf(row.id) + (invitation.get(row.id) ?? 0);
    return {
      my_id: member.id,
      inviter_id: row.agent_id,
      invitation_code: row.agent_id === null ? '' : (codes.get(row.agent_id) ?? ''),
      invitee_uid: row.id,
      invitee_account: row.depth === 1 ? row.account : maskAccount(row.account),
      level: row.depth,
      registered_at: row.created_at,
      first_recharge_at: firstRecharge.get(row.id) ?? null,
      direct_reward: formatCentavos(row.depth === 1 ? reward : 0),
      indirect_reward: formatCentavos(row.depth === 1 ? 0 : reward),
    };
  });
  const totals = await rewardTotals(ctx, member.id, allPending);
  return {
    list,
    total: count,
    page: query.page,
    page_size: query.page_size,
    total_direct_reward: formatCentavos(totals.direct),
    total_indirect_reward: formatCentavos(totals.indirect),
  };
}

/** Today's pending commissions grouped like the settled ones (day, source, level). */
function pendingItems(pending: Commission[]): AgencyRewardItem[] {
  const groups = new Map<string, AgencyRewardItem & { baseCentavos: number; amountCentavos: number }>();
  for (const c of pending) {
    const key = `${c.source}:${c.depth}:${c.rate_bp}`;
    const group = groups.get(key) ?? {
      day: c.day,
      source: c.source,
      level: c.depth,
      rate_bp: c.rate_bp,
      base: '',
      amount: '',
      status: 'pending' as const,
      settled_at: null,
      baseCentavos: 0,
      amountCentavos: 0,
    };
    group.baseCentavos += c.base_centavos;
    group.amountCentavos += c.amount_centavos;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ baseCentavos, amountCentavos, ...item }) => ({
    ...item,
    base: formatCentavos(baseCentavos),
    amount: formatCentavos(amountCentavos),
  }));
}

const SOURCE_ORDER = { recharge: 0, betting: 1, invitation: 2 } as const;

/** Newest day first; within a day recharge, betting, invitation, then by level. */
function byDayDesc(a: AgencyRewardItem, b: AgencyRewardItem): number {
  if (a.day !== b.day) return a.day < b.day ? 1 : -1;
  if (a.source !== b.source) return SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source];
  return a.level - b.level;
}

/**
 * Commissions by day, source and level: what settlements paid, the invitation activity's bonuses
 * (source 'invitation', level 1) and today's pending, over the last `days` days (unset: ever).
 * Totals cover the same window: direct (level 1 and invitation), indirect (levels 2-3) and pending.
 */
export async function agencyReward(
  ctx: AppContext,
  member: Member,
  query: { days?: 1 | 3 | 7 | undefined; page: number; page_size: number },
) {
  const today = saoPauloDay();
  const fromDay = query.days ? addDays(today, -(query.days - 1)) : undefined;
  const [paid, invitation, pending] = await Promise.all([
    repo.paidGroups(ctx.db, member.id, fromDay),
    repo.invitationBonusesByDay(ctx.db, ctx.dialect, member.id, fromDay ? dayRange(fromDay).start : undefined),
    pendingCommissions(ctx.db, member.id, today),
  ]);
  const items: AgencyRewardItem[] = [
    ...paid.map((row) => ({
      day: row.day,
      source: row.source === 'betting' ? ('betting' as const) : ('recharge' as const),
      level: row.depth,
      base: formatCentavos(row.base_centavos),
      rate_bp: row.rate_bp,
      amount: formatCentavos(row.amount_centavos),
      status: 'settled' as const,
      settled_at: row.settled_at,
    })),
    ...invitation.map((row) => ({
      day: row.day,
      source: 'invitation' as const,
      level: 1,
      base: '0.00',
      rate_bp: 0,
      amount: formatCentavos(row.amount_centavos),
      status: 'settled' as const,
      settled_at: row.paid_at,
    })),
    ...pendingItems(pending),
  ].sort(byDayDesc);

  const settledDirect = paid.filter((row) => row.depth === 1).reduce((s, row) => s + row.amount_centavos, 0);
  const settledIndirect = paid.filter((row) => row.depth > 1).reduce((s, row) => s + row.amount_centavos, 0);
  const start = (query.page - 1) * query.page_size;
  return {
    list: items.slice(start, start + query.page_size),
    total: items.length,
    page: query.page,
    page_size: query.page_size,
    direct_reward: formatCentavos(settledDirect + total(invitation.map((row) => row.amount_centavos))),
    indirect_reward: formatCentavos(settledIndirect),
    pending: formatCentavos(total(pending.map((c) => c.amount_centavos))),
  };
}

/** The commission rates of one source by level (public: the mechanism page shows them to visitors). */
export async function mechanismRates(ctx: AppContext, source: repo.CommissionSource) {
  const rates = await loadRates(ctx.db);
  const levels = [...rates.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, rate]) => ({ level, rate_bp: source === 'recharge' ? rate.recharge_bp : rate.betting_bp }));
  return { source, levels };
}

/** When and how commissions are settled. */
export async function mechanismSettlement(ctx: AppContext) {
  return {
    timezone: SAO_PAULO_TIME_ZONE,
    settles_at: ctx.config.AGENCY_SETTLE_AT,
    last_settled_day: await repo.lastSettledDay(ctx.db),
    min_payout: formatCentavos(AGENCY_MIN_PAYOUT_CENTAVOS),
    wagering_multiple: AGENCY_WAGERING_MULTIPLE,
  };
}
