import { formatCentavos } from '@casino/shared/money';
import { ACTIVITY_ROUTES, type ActivityType } from '@casino/shared/schemas/promotions';
import type { AdminActivities, AdminActivity } from '@casino/shared/schemas/promotions-admin';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import type { ActivitiesTable } from '../../../db/schema.ts';
import { AppError } from '../../../lib/http.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import type { ActivityModule } from '../engine.ts';
import * as repo from './promotions-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';
import {
  assertDateOrder,
  changedOnly,
  isActivityType,
  isRecord,
  mergeTexts,
  moduleOf,
  normalizeInstant,
  parseJson,
  textsOf,
} from './promotions-admin.helpers.ts';
import { siteOrFail, toSiteProfile } from './site-profile.service.ts';
const schemaCache = new WeakMap<ActivityModule<unknown>, Record<string, unknown> | null>();

/** JSON Schema of a module's settings (what the back office's generic form is drawn from). */
export function configJsonSchema(module: ActivityModule<unknown>): Record<string, unknown> | null {
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
function configOf(row: repo.ActivityRow, module: ActivityModule<unknown> | undefined): Record<string, unknown> {
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
export function validateConfig(module: ActivityModule<unknown>, current: Record<string, unknown>, given: Record<string, unknown>) {
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
