import { formatCentavos } from '@casino/shared/money';
import type { AdminRedeemCode } from '@casino/shared/schemas/promotions-admin';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { RedeemCodesTable } from '../../../db/schema.ts';
import { AppError } from '../../../lib/http.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import * as repo from './promotions-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';
import { assertDateOrder, changedOnly, normalizeInstant } from './promotions-admin.helpers.ts';
import { siteOrFail } from './site-profile.service.ts';
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
