import type { SiteProfile } from '@casino/shared/schemas/promotions-admin';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import { AppError } from '../../../lib/http.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import * as repo from './promotions-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';

export async function siteOrFail(ctx: AppContext, siteId: number | undefined) {
  const site = await repo.findSite(ctx.db, siteId);
  if (!site) throw new AppError('NOT_FOUND');
  return site;
}

export const toSiteProfile = (site: { id: number; name: string; regulated: number; bonus_stacking: number }): SiteProfile => ({
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
