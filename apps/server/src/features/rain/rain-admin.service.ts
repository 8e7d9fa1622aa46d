import { formatCentavos } from '@casino/shared/money';
import type { AdminRain, AdminRainDetail, RainPhase, RainSettings } from '@casino/shared/schemas/rain';
import type { z } from 'zod';
import type { rainSettingsBody } from '@casino/shared/schemas/rain';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import * as repo from './rain.repository.ts';
import { type RainRules, rulesFor } from './rain.service.ts';

/** The back office's rain: settings per site (audited with before and after), the rains and each one's payouts. */

async function siteOrFail(ctx: AppContext, siteId: number | undefined) {
  const site = siteId === undefined ? await repo.firstSite(ctx.db) : await repo.findSite(ctx.db, siteId);
  if (!site) throw new AppError('NOT_FOUND');
  return site;
}

function toSettings(site: { id: number; name: string; regulated: number }, rules: RainRules): RainSettings {
  return {
    site_id: Number(site.id),
    site_name: site.name,
    regulated: Number(site.regulated) === 1,
    enabled: rules.enabled,
    off_when_regulated: rules.offWhenRegulated,
    mode: rules.mode,
    interval_minutes: rules.intervalMinutes,
    pot: formatCentavos(rules.potCentavos),
    min_wager: formatCentavos(rules.minWagerCentavos),
    chat_active_minutes: rules.chatActiveMinutes,
    window_seconds: rules.windowSeconds,
    announce_seconds: rules.announceSeconds,
    wagering_multiple: rules.wageringMultiple,
    saved: rules.saved,
    updated_at: rules.updatedAt,
  };
}

export async function getSettings(ctx: AppContext, siteId: number | undefined): Promise<RainSettings> {
  const site = await siteOrFail(ctx, siteId);
  return toSettings(site, await rulesFor(ctx, Number(site.id)));
}

export async function updateSettings(ctx: AppContext, actor: Actor, body: z.output<typeof rainSettingsBody>): Promise<RainSettings> {
  const site = await siteOrFail(ctx, body.site_id);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await rulesFor(ctx, Number(site.id), trx);
    const after: RainRules = {
      ...before,
      enabled: body.enabled ?? before.enabled,
      offWhenRegulated: body.off_when_regulated ?? before.offWhenRegulated,
      mode: body.mode ?? before.mode,
      intervalMinutes: body.interval_minutes ?? before.intervalMinutes,
      intervalMs: (body.interval_minutes ?? before.intervalMinutes) * 60_000,
      potCentavos: body.pot ?? before.potCentavos,
      minWagerCentavos: body.min_wager ?? before.minWagerCentavos,
      chatActiveMinutes: body.chat_active_minutes ?? before.chatActiveMinutes,
      windowSeconds: body.window_seconds ?? before.windowSeconds,
      announceSeconds: body.announce_seconds ?? before.announceSeconds,
      wageringMultiple: body.wagering_multiple ?? before.wageringMultiple,
      saved: true,
      updatedAt: nowIso(),
    };
    await repo.saveSettings(trx, {
      site_id: Number(site.id),
      enabled: after.enabled ? 1 : 0,
      off_when_regulated: after.offWhenRegulated ? 1 : 0,
      mode: after.mode,
      interval_minutes: after.intervalMinutes,
      pot_centavos: after.potCentavos,
      min_wager_centavos: after.minWagerCentavos,
      chat_active_minutes: after.chatActiveMinutes,
      window_seconds: after.windowSeconds,
      announce_seconds: after.announceSeconds,
      wagering_multiple: after.wageringMultiple,
      updated_by: actor.operatorId,
      updated_at: after.updatedAt as string,
    });
    const beforeView = toSettings(site, before);
    const afterView = toSettings(site, after);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'rain_settings.update',
      targetType: 'site',
      targetId: Number(site.id),
      before: beforeView,
      after: afterView,
      ip: actor.ip,
    });
    return afterView;
  });
}

const iso = (value: string) => new Date(value).toISOString();

function toAdminRain(row: repo.RainRow & { claims?: unknown }): AdminRain {
  return {
    id: Number(row.id),
    site_id: Number(row.site_id),
    mode: row.mode === 'auto' ? 'auto' : 'claim',
    status: (['announced', 'open', 'paid', 'cancelled'].includes(row.status) ? row.status : 'scheduled') as RainPhase,
    at: iso(row.at),
    closes_at: iso(row.closes_at),
    pot: formatCentavos(Number(row.pot_centavos)),
    paid_count: Number(row.paid_count),
    paid: formatCentavos(Number(row.paid_centavos)),
    claims: Number(row.claims ?? 0),
    paid_at: row.paid_at ? iso(row.paid_at) : null,
  };
}

export async function listRains(ctx: AppContext, query: { site_id?: number | undefined; page: number; page_size: number }) {
  const site = await siteOrFail(ctx, query.site_id);
  const [total, rows] = await Promise.all([
    repo.countRains(ctx.db, Number(site.id)),
    repo.pageRains(ctx.db, Number(site.id), (query.page - 1) * query.page_size, query.page_size),
  ]);
  return { list: rows.map(toAdminRain), total, page: query.page, page_size: query.page_size };
}

export async function rainDetail(ctx: AppContext, id: number): Promise<AdminRainDetail> {
  const row = await repo.findRain(ctx.db, id);
  if (!row) throw new AppError('RAIN_NOT_FOUND');
  const payouts = await repo.payoutsOf(ctx.db, id);
  return {
    rain: toAdminRain({ ...row, claims: payouts.length }),
    payouts: payouts.map((p) => ({
      member_id: Number(p.member_id),
      account: p.account,
      status: p.status === 'paid' || p.status === 'skipped' ? p.status : 'claimed',
      amount: formatCentavos(Number(p.amount_centavos)),
      wagering: formatCentavos(Number(p.wagering_centavos)),
      claimed_at: p.claimed_at ? iso(p.claimed_at) : null,
      paid_at: p.paid_at ? iso(p.paid_at) : null,
    })),
  };
}
