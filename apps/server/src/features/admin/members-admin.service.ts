import { MEMBER_STATUS } from '@casino/shared/constants';
import { formatCentavos } from '@casino/shared/money';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import type { Member, MemberSession } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { findMemberById, memberBalances, updateMember } from '../../platform/members/members.repository.ts';
import { listMemberSessions, type RevokeReason, revokeMemberSessions } from '../../platform/auth/sessions.repository.ts';
import { findSiteById } from '../../platform/sites/sites.repository.ts';
import { writeAudit } from '../../platform/audit/audit.repository.ts';
import type { Actor } from '../../platform/audit/actor.ts';
import * as repo from './members-admin.repository.ts';

function isLive(session: Pick<MemberSession, 'revoked_at' | 'expires_at' | 'last_seen_at'>, idleMs: number, now: number) {
  return !session.revoked_at && Date.parse(session.expires_at) > now && Date.parse(session.last_seen_at) + idleMs > now;
}

export async function searchMembers(
  ctx: AppContext,
  filter: { q?: string | undefined; status?: number | undefined; page: number; page_size: number },
) {
  const [rows, total] = await Promise.all([repo.searchMembersPage(ctx.db, filter), repo.countSearchedMembers(ctx.db, filter)]);
  const lastSeen = await lastSeenByMember(
    ctx,
    rows.map((r) => r.id),
  );
  const idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
  const now = Date.now();
  return {
    list: rows.map((row) => {
      const seen = lastSeen.get(row.id);
      return summary(row, row.site_name, seen?.last_seen_at ?? null, seen ? isLive(seen, idleMs, now) : false);
    }),
    total,
    page: filter.page,
    page_size: filter.page_size,
  };
}

async function lastSeenByMember(ctx: AppContext, ids: number[]) {
  const result = new Map<number, MemberSession>();
  if (ids.length === 0) return result;
  const sessions = await repo.latestSessionsOf(ctx.db, ids);
  for (const s of sessions) if (!result.has(s.member_id)) result.set(s.member_id, s);
  return result;
}

function summary(member: Member, siteName: string | null, lastSeenAt: string | null, online: boolean) {
  return {
    id: member.id,
    name: member.account,
    realname: member.realname,
    phone: member.phone,
    email: member.email,
    status: member.status,
    site: siteName,
    agent_id: member.agent_id,
    register_ip: member.register_ip,
    created_at: member.created_at,
    last_seen_at: lastSeenAt,
    online,
  };
}

export async function memberDetail(ctx: AppContext, id: number) {
  const member = await findMemberById(ctx.db, id);
  if (!member) throw new AppError('NOT_FOUND');
  const [site, balances, sessions] = await Promise.all([
    findSiteById(ctx.db, member.site_id),
    memberBalances(ctx.db, id),
    listMemberSessions(ctx.db, id),
  ]);
  const idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
  const now = Date.now();
  const sessionViews = sessions.map((s) => ({
    id: s.id,
    ip: s.ip,
    user_agent: s.user_agent,
    created_at: s.created_at,
    last_seen_at: s.last_seen_at,
    expires_at: s.expires_at,
    revoked_at: s.revoked_at,
    revoked_reason: s.revoked_reason,
    active: isLive(s, idleMs, now),
  }));
  const latest = sessionViews[0];
  return {
    ...summary(
      member,
      site?.name ?? null,
      latest?.last_seen_at ?? null,
      sessionViews.some((s) => s.active),
    ),
    nickname: member.nickname,
    invite_code: member.invite_code,
    top_id: member.top_id,
    lang: member.lang,
    register_type: member.register_type,
    has_qk_pwd: member.qk_pwd_hash !== null,
    money: formatCentavos(balances.cash ?? 0),
    fs_money: formatCentavos(balances.rebate ?? 0),
    ml_money: formatCentavos(member.wagering_required_centavos),
    profile_url: member.profile_url,
    sessions: sessionViews,
  };
}

async function revokeAll(ctx: AppContext, memberId: number, reason: RevokeReason) {
  return revokeMemberSessions(ctx.db, memberId, reason, nowIso());
}

/** Ends every session of the member; its next call answers 401 with force_offline. */
export async function forceOffline(ctx: AppContext, actor: Actor, memberId: number, reason?: string) {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  const revoked = await revokeAll(ctx, memberId, 'force_offline');
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: 'member.force_offline',
    targetType: 'member',
    targetId: memberId,
    before: { live_sessions: revoked },
    after: { live_sessions: 0, reason: reason ?? null },
    ip: actor.ip,
  });
  return memberDetail(ctx, memberId);
}

export async function setFrozen(ctx: AppContext, actor: Actor, memberId: number, frozen: boolean, reason?: string) {
  const member = await findMemberById(ctx.db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  const status = frozen ? MEMBER_STATUS.frozen : MEMBER_STATUS.active;
  await ctx.db.transaction().execute(async (trx) => {
    await updateMember(trx, memberId, { status, frozen_reason: frozen ? (reason ?? null) : null, updated_at: nowIso() });
    if (frozen) await revokeMemberSessions(trx, memberId, 'frozen', nowIso());
  });
  await writeAudit(ctx.db, {
    operatorId: actor.operatorId,
    action: frozen ? 'member.freeze' : 'member.unfreeze',
    targetType: 'member',
    targetId: memberId,
    before: { status: member.status, frozen_reason: member.frozen_reason },
    after: { status, frozen_reason: frozen ? (reason ?? null) : null },
    ip: actor.ip,
  });
  return memberDetail(ctx, memberId);
}

export async function pageOutbox(ctx: AppContext, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([repo.outboxPage(ctx.db, page, pageSize), repo.countOutbox(ctx.db)]);
  return {
    list: rows.map(({ to_address, ...row }) => ({ ...row, to: to_address })),
    total,
    page,
    page_size: pageSize,
  };
}
