import { forgetRecentReads } from '../../../lib/recent-reads.ts';
import { formatCentavos } from '@casino/shared/money';
import type { AdminCompetition, SportsSettings } from '@casino/shared/schemas/sports-admin';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import type { CompetitionsTable } from '../../../db/schema.ts';
import { AppError } from '../../../lib/http.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import { priceFixture } from '../markets.service.ts';
import * as repo from './sports-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';
import { exposureView, nameIn } from './sports-admin.views.ts';

/**
 * The book's configuration: competitions (shown or hidden, their own margin) and the one settings
 * row (default margin, stake and payout limits, liability cap, legs, cash-out margin). A margin
 * change reprices the open markets of the scheduled fixtures it applies to, through the sports
 * feature's priceFixture, so players never see prices of the old margin after the answer.
 */

type CompetitionKind = AdminCompetition['kind'];
const KINDS: readonly string[] = ['league', 'cup', 'international', 'virtual'];

function toAdminCompetition(
  row: repo.CompetitionRow,
  defaultMarginBp: number,
  open: { bets: number; stakesCentavos: number } | undefined,
  lang: string | undefined,
): AdminCompetition {
  return {
    id: Number(row.id),
    code: row.code,
    name: nameIn(row.names_json, lang, row.code),
    sport: row.sport_code,
    country: row.country,
    kind: (KINDS.includes(row.kind) ? row.kind : 'league') as CompetitionKind,
    enabled: row.enabled === 1,
    margin_bp: row.margin_bp,
    effective_margin_bp: row.margin_bp ?? defaultMarginBp,
    upcoming_fixtures: row.upcoming_fixtures,
    ...exposureView(open ?? { bets: 0, stakesCentavos: 0 }),
  };
}

/** Every competition in menu order with its upcoming fixtures and the open bets on it. */
export async function listCompetitions(ctx: AppContext, lang: string | undefined): Promise<AdminCompetition[]> {
  const [rows, open, settings] = await Promise.all([
    repo.listCompetitions(ctx.db),
    repo.openBetsByCompetition(ctx.db),
    repo.findSettings(ctx.db),
  ]);
  return rows.map((row) => toAdminCompetition(row, settings.default_margin_bp, open.get(Number(row.id)), lang));
}

async function competitionView(ctx: AppContext, id: number, lang: string | undefined): Promise<AdminCompetition> {
  const [row] = await repo.listCompetitions(ctx.db, { id });
  if (!row) throw new AppError('NOT_FOUND');
  const [open, settings] = await Promise.all([repo.openBetsByCompetition(ctx.db), repo.findSettings(ctx.db)]);
  return toAdminCompetition(row, settings.default_margin_bp, open.get(id), lang);
}

/**
 * Reprices the open markets of scheduled fixtures at the margin that now applies to them (one
 * transaction per fixture, like the calendar's pricing); answers how many fixtures got new prices.
 */
async function repriceFixtures(ctx: AppContext, fixtureIds: readonly number[]): Promise<number> {
  let repriced = 0;
  for (const fixtureId of fixtureIds) {
    const summary = await priceFixture(ctx.db, fixtureId);
    if (summary.changed > 0 || summary.created > 0) repriced++;
  }
  return repriced;
}

/**
 * Shows or hides a competition and sets its own margin (null: the book's default). Audited; a
 * change of the margin that applies reprices its scheduled fixtures.
 */
export async function updateCompetition(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: { enabled?: boolean | undefined; margin_bp?: number | null | undefined },
  lang: string | undefined,
): Promise<{ competition: AdminCompetition; repriced_fixtures: number }> {
  const before = await competitionView(ctx, id, lang);
  const update: Updateable<CompetitionsTable> = {};
  if (changes.enabled !== undefined && changes.enabled !== before.enabled) update.enabled = changes.enabled ? 1 : 0;
  if (changes.margin_bp !== undefined && changes.margin_bp !== before.margin_bp) update.margin_bp = changes.margin_bp;
  if (Object.keys(update).length === 0) return { competition: before, repriced_fixtures: 0 };

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateCompetition(trx, id, update);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'sports.competition_update',
      targetType: 'competition',
      targetId: id,
      before: competitionAuditView(before),
      after: competitionAuditView({
        ...before,
        enabled: update.enabled === undefined ? before.enabled : update.enabled === 1,
        margin_bp: update.margin_bp === undefined ? before.margin_bp : (update.margin_bp as number | null),
      }),
      ip: actor.ip,
    });
  });
  const after = await competitionView(ctx, id, lang);
  const marginMoved = after.effective_margin_bp !== before.effective_margin_bp;
  const repriced = marginMoved ? await repriceFixtures(ctx, await repo.scheduledFixturesFollowing(ctx.db, { competitionId: id })) : 0;
  return { competition: after, repriced_fixtures: repriced };
}

function competitionAuditView(view: Pick<AdminCompetition, 'code' | 'enabled' | 'margin_bp'>) {
  return { code: view.code, enabled: view.enabled, margin_bp: view.margin_bp };
}

// ---- settings -----------------------------------------------------------------------------------

function toSettings(row: repo.SettingsRow): SportsSettings {
  return {
    default_margin_bp: row.default_margin_bp,
    min_stake: formatCentavos(row.min_stake_centavos),
    max_stake: formatCentavos(row.max_stake_centavos),
    max_payout: formatCentavos(row.max_payout_centavos),
    max_market_liability: formatCentavos(row.max_market_liability_centavos),
    max_legs: row.max_legs,
    cashout_margin_bp: row.cashout_margin_bp,
    updated_at: row.updated_at,
  };
}

export async function getSettings(ctx: AppContext): Promise<SportsSettings> {
  return toSettings(await repo.findSettings(ctx.db));
}

export interface SettingsInput {
  default_margin_bp: number;
  /** Centavos. */
  min_stake: number;
  max_stake: number;
  max_payout: number;
  max_market_liability: number;
  max_legs: number;
  cashout_margin_bp: number;
}

/**
 * The limits must nest, or some bet could never be placed: min stake ≤ max stake ≤ max payout ≤
 * max market liability. Each refusal names the field that breaks the order.
 */
export function settingsOrderErrors(input: SettingsInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (input.min_stake > input.max_stake) errors.min_stake = ['sports.min_stake_above_max'];
  if (input.max_stake > input.max_payout) errors.max_stake = ['sports.max_stake_above_payout'];
  if (input.max_payout > input.max_market_liability) errors.max_payout = ['sports.max_payout_above_liability'];
  return errors;
}

/**
 * Replaces the book's settings (audited, before and after). A new default margin reprices the
 * scheduled fixtures of every competition without its own margin.
 */
export async function putSettings(
  ctx: AppContext,
  actor: Actor,
  input: SettingsInput,
): Promise<{ settings: SportsSettings; repriced_fixtures: number }> {
  const errors = settingsOrderErrors(input);
  if (Object.keys(errors).length > 0) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  const before = await repo.findSettings(ctx.db);
  const row = {
    default_margin_bp: input.default_margin_bp,
    min_stake_centavos: input.min_stake,
    max_stake_centavos: input.max_stake,
    max_payout_centavos: input.max_payout,
    max_market_liability_centavos: input.max_market_liability,
    max_legs: input.max_legs,
    cashout_margin_bp: input.cashout_margin_bp,
  };
  const unchanged = (Object.keys(row) as (keyof typeof row)[]).every((key) => Number(before[key]) === row[key]);
  if (unchanged) return { settings: toSettings(before), repriced_fixtures: 0 };

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateSettings(trx, { ...row, updated_at: nowIso() });
    const { updated_at: _before, ...beforeView } = toSettings(before);
    const { updated_at: _after, ...afterView } = toSettings({ ...before, ...row });
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'sports.settings_update',
      targetType: 'sportsbook_settings',
      targetId: 1,
      before: beforeView,
      after: afterView,
      ip: actor.ip,
    });
  });
  // Placements read the settings at most once a second (recentSettings): this process's change applies at once.
  forgetRecentReads(ctx.db);
  const repriced =
    before.default_margin_bp !== input.default_margin_bp
      ? await repriceFixtures(ctx, await repo.scheduledFixturesFollowing(ctx.db, { defaultMargin: true }))
      : 0;
  return { settings: await getSettings(ctx), repriced_fixtures: repriced };
}
