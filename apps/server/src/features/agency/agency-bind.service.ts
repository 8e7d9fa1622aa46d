import { AGENCY_MAX_DEPTH, type BindRequestItem } from '@casino/shared/schemas/agency';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Member } from '../../db/schema.ts';
import { AppError, fieldError } from '../../lib/http.ts';
import { findMemberById, findMemberByInviteCode } from '../../platform/members/members.repository.ts';
import { lockMember } from '../../platform/members/member-lock.ts';
import { pushNotification } from '../../platform/realtime/realtime.ts';
import * as bindRepo from './agency-bind.repository.ts';
import { linkToTree, serializeBindings } from './agency-tree.ts';
import * as repo from './agency.repository.ts';

/**
 * Binding an existing member to an agent happens only by the member's own action (issue 10 item
 * 8): the member enters the agent's invite code, or the agent's bind call (phone, invite code,
 * UID: spec section 3) leaves a request in the member's information centre, which the member
 * accepts or declines. Only then is the member, with its own team, linked into the agent's tree.
 *
 * Rules: a member joins a team at most once, within a week of registering (the week is checked
 * when the agent asks or the member enters a code); a request lapses after a week; a member has
 * at most one open request; an agent the member declined cannot ask again; nobody joins a team
 * below itself.
 */

/** A member can be asked, or can enter a code, only this soon after registering. */
export const BIND_WINDOW_MS = 7 * 24 * 3_600_000;
/** An unanswered request lapses after this long. */
export const BIND_REQUEST_TTL_MS = 7 * 24 * 3_600_000;
/** Requests one agent may send per hour (each one lands in a member's information centre). */
const BIND_REQUESTS_PER_HOUR = 30;
/** Invite codes one member may try per hour. */
const CODE_ATTEMPTS_PER_HOUR = 20;
/** The inviter chain is walked this far looking for a loop (far deeper than any real team). */
const MAX_CHAIN_STEPS = 10_000;

export interface BindInput {
  phone: string;
  invite_code: string;
  uid: number;
}

const registeredWithinWindow = (member: Member, now: Date) => now.getTime() - Date.parse(member.created_at) < BIND_WINDOW_MS;

/** Whether `memberId` is `agentId` itself or one of its inviters, however far up (joining would close a loop). */
async function isSelfOrAbove(db: Database, memberId: number, agentId: number): Promise<boolean> {
  let current: number | null | undefined = agentId;
  for (let step = 0; current !== null && current !== undefined && step < MAX_CHAIN_STEPS; step++) {
    if (current === memberId) return true;
    current = await repo.inviterOf(db, current);
  }
  return current !== null && current !== undefined;
}

/**
 * The member's subordinates gain the member's new ancestors: a member k levels below it is k + d
 * levels below each ancestor d levels above it, kept within AGENCY_MAX_DEPTH.
 */
async function relinkSubtree(trx: Database, memberId: number): Promise<void> {
  const [below, above] = await Promise.all([repo.descendantsOf(trx, memberId, AGENCY_MAX_DEPTH - 1), repo.ancestorsOf(trx, memberId)]);
  const rows = below.flatMap((d) =>
    above
      .filter((a) => d.depth + a.depth <= AGENCY_MAX_DEPTH)
      .map((a) => ({ member_id: d.member_id, ancestor_id: a.ancestor_id, depth: d.depth + a.depth })),
  );
  await repo.insertTreeRows(trx, rows);
}

/**
 * Links `memberId` (a member without inviter, the root of its own team) under `agentId`, its whole
 * team following it. Runs inside the caller's transaction, after serializeBindings and the
 * member's row lock; the member's other open requests close.
 */
async function joinTeam(trx: Database, memberId: number, agentId: number, at: string): Promise<void> {
  const member = await findMemberById(trx, memberId);
  if (!member || member.agent_id !== null) throw new AppError('ALREADY_HAS_INVITER');
  if (await isSelfOrAbove(trx, memberId, agentId)) throw new AppError('JOIN_NOT_ALLOWED');
  const agent = await findMemberById(trx, agentId);
  if (!agent || agent.site_id !== member.site_id) throw new AppError('JOIN_NOT_ALLOWED');
  const topId = agent.top_id ?? agent.id;
  if (!(await repo.setInviter(trx, memberId, agentId, topId, at))) throw new AppError('ALREADY_HAS_INVITER');
  await linkToTree(trx, memberId, agentId);
  await relinkSubtree(trx, memberId);
  await repo.moveTopAgent(trx, memberId, topId, at);
  await bindRepo.cancelPending(trx, memberId, at);
}

// ---- the agent asks -----------------------------------------------------------------------------

/**
 * POST api/agency/bind: asks member `uid` (registered less than a week ago, with no inviter) to
 * join the calling agent's team. The code must be the caller's own; an unknown UID or a phone that
 * is not the member's answers 409 "USER DOES NOT EXIST" whatever the rest, so the call cannot
 * probe who exists. Asking again while the request is open answers the same request.
 */
export async function requestBinding(
  ctx: AppContext,
  agent: Member,
  input: BindInput,
  now: Date = new Date(),
): Promise<{ uid: number; inviter_id: number; status: 'pending'; expires_at: string }> {
  if (input.invite_code.toUpperCase() !== agent.invite_code.toUpperCase()) throw new AppError('BIND_NOT_ALLOWED');
  const invitee = await findMemberById(ctx.db, input.uid);
  if (!invitee || invitee.phone !== input.phone || invitee.site_id !== agent.site_id) throw new AppError('USER_DOES_NOT_EXIST');
  if (invitee.id === agent.id) throw new AppError('BIND_NOT_ALLOWED');
  if (invitee.agent_id !== null) throw new AppError('ALREADY_BOUND');
  if (!registeredWithinWindow(invitee, now)) throw new AppError('BIND_NOT_ALLOWED');
  if (await isSelfOrAbove(ctx.db, invitee.id, agent.id)) throw new AppError('BIND_NOT_ALLOWED');
  if (await bindRepo.hasDeclined(ctx.db, invitee.id, agent.id)) throw new AppError('BIND_NOT_ALLOWED');

  const at = now.toISOString();
  const answer = (expiresAt: string) => ({ uid: invitee.id, inviter_id: agent.id, status: 'pending' as const, expires_at: expiresAt });
  const open = await bindRepo.findPending(ctx.db, invitee.id, at);
  if (open?.agent_id === agent.id) return answer(open.expires_at);
  if (open) throw new AppError('BIND_REQUEST_PENDING');
  if ((await ctx.counters.hit(`agency:bind:${agent.id}`, 3_600_000)) > BIND_REQUESTS_PER_HOUR) throw new AppError('RATE_LIMITED');

  let notified = false;
  const sent = await ctx.db.transaction().execute(async (trx) => {
    // Requests to one member, and its own answers, run one at a time.
    await lockMember(trx, invitee.id);
    await bindRepo.expireLapsed(trx, invitee.id, at);
    const pending = await bindRepo.findPending(trx, invitee.id, at);
    if (pending?.agent_id === agent.id) return answer(pending.expires_at);
    if (pending) throw new AppError('BIND_REQUEST_PENDING');
    const current = await findMemberById(trx, invitee.id);
    if (current?.agent_id !== null) throw new AppError('ALREADY_BOUND');
    const expiresAt = new Date(now.getTime() + BIND_REQUEST_TTL_MS).toISOString();
    await bindRepo.insertRequest(trx, { member_id: invitee.id, agent_id: agent.id, created_at: at, expires_at: expiresAt });
    await bindRepo.notify(trx, invitee.id, 'agency_bind_request', { agent: agent.account, uid: agent.id }, at);
    notified = true;
    return answer(expiresAt);
  });
  if (notified) pushNotification(ctx.realtime, invitee.id, 'agency_bind_request');
  return sent;
}

// ---- the member answers -------------------------------------------------------------------------

/** GET api/agency/bind/requests: the caller's open requests, with who asks. */
export async function listBindRequests(ctx: AppContext, member: Member, now: Date = new Date()): Promise<{ list: BindRequestItem[] }> {
  const rows = await bindRepo.listOpen(ctx.db, member.id, now.toISOString());
  return {
    list: rows.map((row) => ({
      id: row.id,
      agent_uid: row.agent_id,
      agent_account: row.agent_account,
      invite_code: row.invite_code,
      created_at: row.created_at,
      expires_at: row.expires_at,
    })),
  };
}

/** Why a request of the caller could not be answered: not theirs (or no such id), or no longer open. */
async function unanswerable(db: Database, memberId: number, id: number): Promise<AppError> {
  const row = await bindRepo.findMemberRequest(db, memberId, id);
  return new AppError(row ? 'BIND_REQUEST_CLOSED' : 'BIND_REQUEST_NOT_FOUND');
}

/**
 * POST api/agency/bind/accept: the caller accepts one of its own open requests and joins that
 * agent's team. The pending -> accepted update is conditional, so two accepts at once link once.
 */
export async function acceptBindRequest(ctx: AppContext, member: Member, id: number, now: Date = new Date()) {
  const at = now.toISOString();
  const agentId = await ctx.db.transaction().execute(async (trx) => {
    await serializeBindings(trx, ctx.dialect);
    // The member is its team's root: registrations into its team wait for this binding.
    await lockMember(trx, member.id);
    const request = await bindRepo.findMemberRequest(trx, member.id, id);
    if (!request) throw new AppError('BIND_REQUEST_NOT_FOUND');
    if (!(await bindRepo.decide(trx, member.id, id, 'accepted', at))) throw new AppError('BIND_REQUEST_CLOSED');
    await joinTeam(trx, member.id, request.agent_id, at);
    return request.agent_id;
  });
  await bindRepo.notify(ctx.db, agentId, 'agency_bind_accepted', { uid: member.id }, at);
  pushNotification(ctx.realtime, agentId, 'agency_bind_accepted');
  return { uid: member.id, inviter_id: agentId };
}

/** POST api/agency/bind/decline: the caller declines one of its own open requests; that agent cannot ask again. */
export async function declineBindRequest(ctx: AppContext, member: Member, id: number, now: Date = new Date()) {
  const at = now.toISOString();
  const request = await bindRepo.findMemberRequest(ctx.db, member.id, id);
  if (!request) throw new AppError('BIND_REQUEST_NOT_FOUND');
  if (!(await bindRepo.decide(ctx.db, member.id, id, 'declined', at))) throw await unanswerable(ctx.db, member.id, id);
  await bindRepo.notify(ctx.db, request.agent_id, 'agency_bind_declined', { uid: member.id }, at);
  pushNotification(ctx.realtime, request.agent_id, 'agency_bind_declined');
  return { id, status: 'declined' as const };
}

/**
 * POST api/agency/bind/code: the caller enters an agent's invite code (of its own site) and joins
 * that agent's team, within a week of registering and only while it has no inviter.
 */
export async function bindByCode(ctx: AppContext, member: Member, inviteCode: string, now: Date = new Date()) {
  if ((await ctx.counters.hit(`agency:join:${member.id}`, 3_600_000)) > CODE_ATTEMPTS_PER_HOUR) throw new AppError('RATE_LIMITED');
  if (member.agent_id !== null) throw new AppError('ALREADY_HAS_INVITER');
  if (!registeredWithinWindow(member, now)) throw new AppError('JOIN_WINDOW_CLOSED');
  const agent = await findMemberByInviteCode(ctx.db, inviteCode);
  if (!agent || agent.site_id !== member.site_id) throw fieldError('INVITE_CODE_UNKNOWN', 'invite_code');
  if (agent.id === member.id) throw new AppError('JOIN_NOT_ALLOWED');

  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await serializeBindings(trx, ctx.dialect);
    await lockMember(trx, member.id);
    await joinTeam(trx, member.id, agent.id, at);
  });
  await bindRepo.notify(ctx.db, agent.id, 'agency_team_joined', { uid: member.id }, at);
  pushNotification(ctx.realtime, agent.id, 'agency_team_joined');
  return { uid: member.id, inviter_id: agent.id };
}
