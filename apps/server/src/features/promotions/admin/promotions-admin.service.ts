import { formatCentavos } from '@casino/shared/money';
import { ACTIVITY_ROUTES, ACTIVITY_TYPES, type ActivityType } from '@casino/shared/schemas/promotions';
import {
  type AdminActivities,
  type AdminActivity,
  type AdminBonusCredits,
  type AdminRedeemCode,
  type BonusCreditsQuery,
  COST_GROUPS,
  type CostGroup,
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  type PromotionsReport,
  type SiteProfile,
} from '@casino/shared/schemas/promotions-admin';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { ActivitiesTable, RedeemCodesTable } from '../../../db/schema.ts';
import { AppError } from '../../../lib/http.ts';
import { reportRange as reportDays } from '../../../lib/report-range.ts';
import { dayRange, daysBetween, isRealDay, SAO_PAULO_TIME_ZONE } from '../../../lib/sao-paulo.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import type { ActivityModule } from '../engine.ts';
import { MODULES } from '../modules/index.ts';
import * as repo from './promotions-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';

/**
 * The back office's promotions (DESIGN.md sections 7 and 10): operators configure each activity
 * (the module's own schema validates its settings), see what the claims cost, reconcile that cost
 * with the ledger, write redeem codes and switch the site's regulated profile (section 15).
 * Every change is one transaction with its audit row.
 */

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Text per language from a JSON column; anything that is not a string is left out. */
function textsOf(json: string): Record<string, string> {
  const parsed = parseJson<unknown>(json, {});
  if (!isRecord(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The given languages' texts over the current ones; an empty string removes a language. */
function mergeTexts(current: Record<string, string>, given: Partial<Record<string, string>>): Record<string, string> {
  const merged = { ...current };
  for (const [language, text] of Object.entries(given)) {
    if (text === undefined) continue;
    if (text === '') delete merged[language];
    else merged[language] = text;
  }
  return merged;
}

const isActivityType = (type: string): type is ActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

function moduleOf(type: string): ActivityModule<any> | undefined {
  return isActivityType(type) ? MODULES.get(type) : undefined;
}

/** ISO instants are stored in one shape ("…T03:00:00.000Z") so string comparisons on SQLite hold. */
const normalizeInstant = (value: string | null) => (value === null ? null : new Date(value).toISOString());

// ---- the site's profile ---------------------------------------------------------------------------

async function siteOrFail(ctx: AppContext, siteId: number | undefined) {
  const site = await repo.findSite(ctx.db, siteId);
  if (!site) throw new AppError('NOT_FOUND');
  return site;
}

const toSiteProfile = (site: { id: number; name: string; regulated: number; bonus_stacking: number }): SiteProfile => ({
  site_id: site.id,
  site_name: site.name,
  regulated: site.regulated === 1,
  bonus_stacking: site.bonus_stacking === 1,
});

/**
 * Switches the site's promotion settings, each audited with its before and after:
 * - the regulated profile (Lei 14.790/2023 forbids deposit-linked bonuses to licensed operators):
 *   the engine then refuses every deposit-linked activity, without touching their settings, so
 *   switching back restores them as they were;
 * - bonus stacking: off, one deposit funds at most one deposit bonus (docs/PROMOTIONS.md); on,
 *   every bonus a deposit qualifies for can be claimed. Bonuses already paid stay paid.
 */
export async function updateSiteProfile(
  ctx: AppContext,
  actor: Actor,
  siteId: number | undefined,
  changes: { regulated?: boolean | undefined; bonus_stacking?: boolean | undefined },
): Promise<SiteProfile> {
  const site = await siteOrFail(ctx, siteId);
  const before = toSiteProfile(site);
  const after: SiteProfile = {
    ...before,
    regulated: changes.regulated ?? before.regulated,
    bonus_stacking: changes.bonus_stacking ?? before.bonus_stacking,
  };
  if (after.regulated === before.regulated && after.bonus_stacking === before.bonus_stacking) return before;
  return ctx.db.transaction().execute(async (trx) => {
    await repo.setSiteProfile(trx, site.id, { regulated: after.regulated ? 1 : 0, bonus_stacking: after.bonus_stacking ? 1 : 0 }, nowIso());
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'site_profile.update',
      targetType: 'site',
      targetId: site.id,
      before,
      after,
      ip: actor.ip,
    });
    return after;
  });
}

// ---- activities ---------------------------------------------------------------------------------

const schemaCache = new WeakMap<ActivityModule<any>, Record<string, unknown> | null>();

/** JSON Schema of a module's settings (what the back office's generic form is drawn from). */
export function configJsonSchema(module: ActivityModule<any>): Record<string, unknown> | null {
  if (schemaCache.has(module)) return schemaCache.get(module) ?? null;
  let schema: Record<string, unknown> | null;
  try {
    schema = z.toJSONSchema(module.configSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    schema = null;
  }
  schemaCache.set(module, schema);
  return schema;
}

/** The stored settings over the module's defaults, as the engine reads them. */
function configOf(row: repo.ActivityRow, module: ActivityModule<any> | undefined): Record<string, unknown> {
  const stored = parseJson<unknown>(row.config_json, {});
  const defaults = module && isRecord(module.defaults.config) ? module.defaults.config : {};
  return { ...defaults, ...(isRecord(stored) ? stored : {}) };
}

type Cost = { claims: number; amountCentavos: number };

function toAdminActivity(row: repo.ActivityRow & { type: ActivityType }, regulated: boolean, cost: Cost | undefined): AdminActivity {
  const module = moduleOf(row.type);
  return {
    id: row.id,
    site_id: row.site_id,
    type: row.type,
    route: ACTIVITY_ROUTES[row.type],
    enabled: row.enabled === 1,
    sort: row.sort,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    min_vip_level: row.min_vip_level,
    wagering_multiple: row.wagering_multiple,
    deposit_linked: row.deposit_linked === 1,
    blocked_by_regulation: regulated && row.deposit_linked === 1,
    image_url: row.image_url,
    titles: textsOf(row.title_json),
    contents: textsOf(row.content_json),
    config: configOf(row, module),
    default_config: module && isRecord(module.defaults.config) ? module.defaults.config : null,
    config_schema: module ? configJsonSchema(module) : null,
    claims: cost?.claims ?? 0,
    cost: formatCentavos(cost?.amountCentavos ?? 0),
    updated_at: row.updated_at,
  };
}

const knownType = (row: repo.ActivityRow): row is repo.ActivityRow & { type: ActivityType } => isActivityType(row.type);

/** Every activity of the site with its settings, claims and cost to date, and the regulated switch. */
export async function listActivities(ctx: AppContext, siteId: number | undefined): Promise<AdminActivities> {
  const site = await siteOrFail(ctx, siteId);
  const [rows, costs] = await Promise.all([repo.listActivities(ctx.db, site.id), repo.claimsBySource(ctx.db, site.id)]);
  const costBySource = new Map(costs.map((cost) => [cost.source, cost]));
  const list = rows.filter(knownType).map((row) => toAdminActivity(row, site.regulated === 1, costBySource.get(row.type)));
  let totalCentavos = 0;
  let totalClaims = 0;
  for (const row of rows.filter(knownType)) {
    totalCentavos += costBySource.get(row.type)?.amountCentavos ?? 0;
    totalClaims += costBySource.get(row.type)?.claims ?? 0;
  }
  return { site: toSiteProfile(site), list, total_cost: formatCentavos(totalCentavos), total_claims: totalClaims };
}

export interface ActivityChanges {
  enabled?: boolean | undefined;
  sort?: number | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
  min_vip_level?: number | undefined;
  wagering_multiple?: number | undefined;
  deposit_linked?: boolean | undefined;
  titles?: Partial<Record<string, string>> | undefined;
  contents?: Partial<Record<string, string>> | undefined;
  image_url?: string | null | undefined;
  config?: Record<string, unknown> | undefined;
}

/**
 * The new settings through the module's own schema: the given keys over the current settings
 * (an array is replaced whole). A failure is a 422 naming each bad key as `config.<path>`.
 */
export function validateConfig(module: ActivityModule<any>, current: Record<string, unknown>, given: Record<string, unknown>) {
  const parsed = module.configSchema.safeParse({ ...current, ...given });
  const fields: Record<string, string[]> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const field = ['config', ...path.map(String)].join('.');
    fields[field] = [...(fields[field] ?? []), message];
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path, issue.message || 'validation.invalid');
    throw new AppError('VALIDATION_FAILED', { fieldErrors: fields });
  }
  // A key the module does not know would be dropped without a word: a typo must not look saved.
  const settings = parsed.data as Record<string, unknown>;
  for (const key of Object.keys(given)) if (!(key in settings)) add([key], 'validation.unknown_field');
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: fields });
  return settings;
}

/** The start must come before the end, also when only one of them changes. */
function assertDateOrder(startsAt: string | null, endsAt: string | null) {
  if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { ends_at: ['validation.ends_before_starts'] } });
  }
}

function activityUpdate(row: repo.ActivityRow, changes: ActivityChanges): Updateable<ActivitiesTable> {
  const update: Updateable<ActivitiesTable> = {};
  if (changes.enabled !== undefined) update.enabled = changes.enabled ? 1 : 0;
  if (changes.sort !== undefined) update.sort = changes.sort;
  if (changes.starts_at !== undefined) update.starts_at = normalizeInstant(changes.starts_at);
  if (changes.ends_at !== undefined) update.ends_at = normalizeInstant(changes.ends_at);
  if (changes.min_vip_level !== undefined) update.min_vip_level = changes.min_vip_level;
  if (changes.wagering_multiple !== undefined) update.wagering_multiple = changes.wagering_multiple;
  if (changes.deposit_linked !== undefined) update.deposit_linked = changes.deposit_linked ? 1 : 0;
  if (changes.image_url !== undefined) update.image_url = changes.image_url;
  if (changes.titles !== undefined) update.title_json = JSON.stringify(mergeTexts(textsOf(row.title_json), changes.titles));
  if (changes.contents !== undefined) update.content_json = JSON.stringify(mergeTexts(textsOf(row.content_json), changes.contents));
  if (changes.config !== undefined) {
    const module = moduleOf(row.type);
    // Without its module this server cannot tell a valid setting from a typo: nothing is saved.
    if (!module) throw new AppError('VALIDATION_FAILED', { fieldErrors: { config: ['validation.activity_without_module'] } });
    update.config_json = JSON.stringify(validateConfig(module, configOf(row, module), changes.config));
  }
  assertDateOrder(
    update.starts_at !== undefined ? (update.starts_at as string | null) : row.starts_at,
    update.ends_at !== undefined ? (update.ends_at as string | null) : row.ends_at,
  );
  return update;
}

/** The changes whose value differs from the row's. */
function changedOnly<T extends object>(changes: T, row: object): Partial<T> {
  const current = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => current[key] !== value)) as Partial<T>;
}

/** What the audit keeps of an activity: its settings (figures and schemas would only add noise). */
function auditView({
  claims: _claims,
  cost: _cost,
  config_schema: _schema,
  default_config: _defaults,
  updated_at: _updated,
  blocked_by_regulation: _blocked,
  ...settings
}: AdminActivity) {
  return settings;
}

/** Edits one activity; invalid settings answer 422 and save nothing; every change is audited. */
export async function updateActivity(ctx: AppContext, actor: Actor, id: number, changes: ActivityChanges): Promise<AdminActivity> {
  const row = await repo.findActivity(ctx.db, id);
  if (!row || !knownType(row)) throw new AppError('NOT_FOUND');
  const site = await siteOrFail(ctx, row.site_id);
  const costs = await repo.claimsBySource(ctx.db, site.id);
  const cost = costs.find((item) => item.source === row.type);
  const before = toAdminActivity(row, site.regulated === 1, cost);
  const changed = changedOnly(activityUpdate(row, changes), row);
  if (Object.keys(changed).length === 0) return before;

  return ctx.db.transaction().execute(async (trx) => {
    await repo.updateActivity(trx, id, { ...changed, updated_at: nowIso() });
    const stored = await repo.findActivity(trx, id);
    if (!stored || !knownType(stored)) throw new Error(`activity ${id} vanished inside its update`);
    const after = toAdminActivity(stored, site.regulated === 1, cost);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'activity.update',
      targetType: 'activity',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
      ip: actor.ip,
    });
    return after;
  });
}

// ---- claims -------------------------------------------------------------------------------------

/** A date range of São Paulo days (both included) as a half-open UTC interval; either end may be open. */
function openRange(from: string | undefined, to: string | undefined) {
  if (from !== undefined) assertRealDay(from, 'from');
  if (to !== undefined) assertRealDay(to, 'to');
  if (from !== undefined && to !== undefined && from > to)
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { from: ['validation.date_order'] } });
  return { start: from === undefined ? undefined : dayRange(from).start, end: to === undefined ? undefined : dayRange(to).end };
}

/** "2025-02-30" has the right shape and no day. */
function assertRealDay(day: string, field: string) {
  if (!isRealDay(day)) throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.date_format'] } });
}

/** `member` is an id (digits) or an account name: digits match either. */
function memberFilter(member: string | undefined) {
  if (!member) return {};
  const account = member.toLowerCase();
  return /^\d{1,15}$/.test(member) ? { memberId: Number(member), account } : { account };
}

/** The claims list operators search by source, member and São Paulo days, newest first. */
export async function listBonusCredits(ctx: AppContext, query: BonusCreditsQuery): Promise<AdminBonusCredits> {
  const range = openRange(query.from, query.to);
  const filter = { source: query.source, ...memberFilter(query.member), ...range };
  const { rows, total, amountCentavos } = await repo.pageCredits(ctx.db, filter, query.page, query.page_size);
  return {
    list: rows.map((row) => {
      const detail = parseJson<unknown>(row.detail_json, null);
      return {
        id: row.id,
        member_id: row.member_id,
        account: row.account,
        source: row.source,
        activity_id: row.activity_id,
        claim_key: row.claim_key,
        amount: formatCentavos(row.amount_centavos),
        wagering: formatCentavos(row.wagering_centavos),
        transfer_id: row.transfer_id,
        detail: isRecord(detail) ? detail : null,
        created_at: row.created_at,
      };
    }),
    total,
    page: query.page,
    page_size: query.page_size,
    total_amount: formatCentavos(amountCentavos),
  };
}

// ---- cost report --------------------------------------------------------------------------------

/** The report's column of a bonus source. */
export function costGroupOf(source: string): CostGroup {
  if (source === 'rebate') return 'rebates';
  if (source === 'vip_levelup') return 'vip';
  if (source === 'agency_commission') return 'agency';
  return 'bonuses';
}

/** The report's days: both ends included, the last 30 São Paulo days by default, at most 92. */
export function reportRange(from: string | undefined, to: string | undefined, now = Date.now()) {
  const range = reportDays(from, to, { defaultDays: DEFAULT_REPORT_DAYS, maxDays: MAX_REPORT_DAYS }, now);
  return { ...range, days: daysBetween(range.from, range.to) };
}

type Figures = Record<CostGroup, number> & { claims: number; ledger: number };
const emptyFigures = (): Figures => ({ bonuses: 0, rebates: 0, vip: 0, agency: 0, claims: 0, ledger: 0 });

function formatFigures(figures: Figures) {
  const total = COST_GROUPS.reduce((sum, group) => sum + figures[group], 0);
  return {
    bonuses: formatCentavos(figures.bonuses),
    rebates: formatCentavos(figures.rebates),
    vip: formatCentavos(figures.vip),
    agency: formatCentavos(figures.agency),
    total: formatCentavos(total),
    claims: figures.claims,
    ledger: formatCentavos(figures.ledger),
  };
}

/**
 * What promotions cost per São Paulo day: bonuses, rebates claimed, VIP rewards and agency
 * commissions from bonus_credits, next to the check figure the ledger gives (what left
 * promotions_expense and agency_commission_expense). Rebates cost the ledger when they accrue and
 * the claims list when they are claimed, so `ledger_by_code` shows what the check figure is made of,
 * and `reconciliation` pairs every other claim with its own ledger entries to the centavo.
 */
export async function promotionsReport(ctx: AppContext, query: { from?: string | undefined; to?: string | undefined }, now = Date.now()) {
  const range = reportRange(query.from, query.to, now);
  const [claims, ledger, reconciliation] = await Promise.all([
    repo.claimsByDay(ctx.db, ctx.dialect, range),
    repo.expenseByDay(ctx.db, ctx.dialect, range),
    repo.reconcileClaims(ctx.db, range),
  ]);
  const byDay = new Map(range.days.map((day) => [day, emptyFigures()]));
  const totals = emptyFigures();
  const bySource = new Map<string, { claims: number; amountCentavos: number }>();
  for (const row of claims) {
    const group = costGroupOf(row.source);
    for (const figures of [byDay.get(row.day), totals]) {
      if (!figures) continue;
      figures[group] += row.amountCentavos;
      figures.claims += row.claims;
    }
    const source = bySource.get(row.source) ?? { claims: 0, amountCentavos: 0 };
    bySource.set(row.source, { claims: source.claims + row.claims, amountCentavos: source.amountCentavos + row.amountCentavos });
  }
  const byCode = new Map<string, number>();
  for (const row of ledger) {
    const figures = byDay.get(row.day);
    if (figures) figures.ledger += row.costCentavos;
    totals.ledger += row.costCentavos;
    byCode.set(row.code, (byCode.get(row.code) ?? 0) + row.costCentavos);
  }
  const report: PromotionsReport = {
    from: range.from,
    to: range.to,
    time_zone: SAO_PAULO_TIME_ZONE,
    days: range.days.map((day) => ({ day, ...formatFigures(byDay.get(day) ?? emptyFigures()) })),
    totals: formatFigures(totals),
    by_source: [...bySource.entries()]
      .sort((a, b) => b[1].amountCentavos - a[1].amountCentavos || a[0].localeCompare(b[0]))
      .map(([source, figures]) => ({
        source,
        group: costGroupOf(source),
        claims: figures.claims,
        amount: formatCentavos(figures.amountCentavos),
      })),
    ledger_by_code: [...byCode.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([code, amountCentavos]) => ({ code, amount: formatCentavos(amountCentavos) })),
    reconciliation: {
      claims_from_expense: formatCentavos(reconciliation.claimsCentavos),
      ledger_of_claims: formatCentavos(reconciliation.ledgerCentavos),
      unposted_claims: reconciliation.unposted,
      agrees: reconciliation.claimsCentavos === reconciliation.ledgerCentavos && reconciliation.unposted === 0,
    },
  };
  return report;
}

// ---- redeem codes -------------------------------------------------------------------------------

/** What the list's badge says of a code right now. */
export function redeemCodeState(row: repo.RedeemCodeRow, now = Date.now()): AdminRedeemCode['state'] {
  if (row.enabled !== 1) return 'disabled';
  if (row.used_count >= row.max_uses) return 'used_up';
  if (row.ends_at && Date.parse(row.ends_at) <= now) return 'expired';
  if (row.starts_at && Date.parse(row.starts_at) > now) return 'scheduled';
  return 'active';
}

export function toAdminRedeemCode(row: repo.RedeemCodeRow, now = Date.now()): AdminRedeemCode {
  return {
    id: row.id,
    site_id: row.site_id,
    code: row.code,
    amount: formatCentavos(row.amount_centavos),
    wagering_multiple: row.wagering_multiple,
    wagering: formatCentavos(row.amount_centavos * row.wagering_multiple),
    max_uses: row.max_uses,
    used_count: row.used_count,
    min_vip_level: row.min_vip_level,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    enabled: row.enabled === 1,
    state: redeemCodeState(row, now),
    // Every use pays the code's amount (the redeemcode module credits exactly that).
    cost: formatCentavos(row.amount_centavos * row.used_count),
    created_at: row.created_at,
  };
}

export async function listRedeemCodes(
  ctx: AppContext,
  query: { site_id?: number | undefined; code?: string | undefined; enabled?: boolean | undefined; page: number; page_size: number },
) {
  const site = await siteOrFail(ctx, query.site_id);
  const filter = { siteId: site.id, code: query.code?.toUpperCase(), enabled: query.enabled };
  const { rows, total } = await repo.pageRedeemCodes(ctx.db, filter, query.page, query.page_size);
  const now = Date.now();
  return { list: rows.map((row) => toAdminRedeemCode(row, now)), total, page: query.page, page_size: query.page_size };
}

export interface RedeemCodeInput {
  code: string;
  /** Centavos. */
  amount: number;
  wagering_multiple: number;
  max_uses: number;
  min_vip_level: number;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
  enabled: boolean;
  site_id?: number | undefined;
}

const codeTaken = () => new AppError('VALIDATION_FAILED', { fieldErrors: { code: ['validation.redeem_code_taken'] } });

/** Writes a new code (codes are unique across sites: a member types only the code). */
export async function createRedeemCode(ctx: AppContext, actor: Actor, input: RedeemCodeInput): Promise<AdminRedeemCode> {
  const site = await siteOrFail(ctx, input.site_id);
  const startsAt = normalizeInstant(input.starts_at ?? null);
  const endsAt = normalizeInstant(input.ends_at ?? null);
  assertDateOrder(startsAt, endsAt);
  if (await repo.findRedeemCodeByCode(ctx.db, input.code)) throw codeTaken();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await repo.insertRedeemCode(trx, {
        site_id: site.id,
        code: input.code,
        amount_centavos: input.amount,
        wagering_multiple: input.wagering_multiple,
        max_uses: input.max_uses,
        min_vip_level: input.min_vip_level,
        starts_at: startsAt,
        ends_at: endsAt,
        enabled: input.enabled ? 1 : 0,
        created_at: nowIso(),
      });
      const view = toAdminRedeemCode(row);
      await writeAudit(trx, {
        operatorId: actor.operatorId,
        action: 'redeem_code.create',
        targetType: 'redeem_code',
        targetId: row.id,
        after: redeemAuditView(view),
        ip: actor.ip,
      });
      return view;
    });
  } catch (error) {
    // Two operators typing the same code at once: the unique index decides.
    if (isUniqueViolation(error, 'code')) throw codeTaken();
    throw error;
  }
}

export interface RedeemCodeChanges {
  enabled?: boolean | undefined;
  max_uses?: number | undefined;
  min_vip_level?: number | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
}

/** What the audit keeps of a code: its terms (the live state and counts would only add noise). */
function redeemAuditView({ state: _state, cost: _cost, used_count: _used, created_at: _created, ...terms }: AdminRedeemCode) {
  return terms;
}

/** Switches a code on or off, or changes its uses, VIP gate or dates; its amount never changes. */
export async function updateRedeemCode(ctx: AppContext, actor: Actor, id: number, changes: RedeemCodeChanges): Promise<AdminRedeemCode> {
  const row = await repo.findRedeemCode(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const update: Updateable<RedeemCodesTable> = {};
  if (changes.enabled !== undefined) update.enabled = changes.enabled ? 1 : 0;
  if (changes.max_uses !== undefined) update.max_uses = changes.max_uses;
  if (changes.min_vip_level !== undefined) update.min_vip_level = changes.min_vip_level;
  if (changes.starts_at !== undefined) update.starts_at = normalizeInstant(changes.starts_at);
  if (changes.ends_at !== undefined) update.ends_at = normalizeInstant(changes.ends_at);
  assertDateOrder(
    update.starts_at !== undefined ? (update.starts_at as string | null) : row.starts_at,
    update.ends_at !== undefined ? (update.ends_at as string | null) : row.ends_at,
  );
  const before = toAdminRedeemCode(row);
  const changed = changedOnly(update, row);
  if (Object.keys(changed).length === 0) return before;

  return ctx.db.transaction().execute(async (trx) => {
    await repo.updateRedeemCode(trx, id, changed);
    const stored = await repo.findRedeemCode(trx, id);
    if (!stored) throw new Error(`redeem code ${id} vanished inside its update`);
    // Uses below those already made would make the count lie; checked on the row as it is now.
    if (stored.max_uses < stored.used_count) {
      throw new AppError('VALIDATION_FAILED', {
        fieldErrors: { max_uses: ['validation.max_uses_below_used'] },
        messageValues: { used: stored.used_count },
      });
    }
    const after = toAdminRedeemCode(stored);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'redeem_code.update',
      targetType: 'redeem_code',
      targetId: id,
      before: redeemAuditView(before),
      after: redeemAuditView(after),
      ip: actor.ip,
    });
    return after;
  });
}
