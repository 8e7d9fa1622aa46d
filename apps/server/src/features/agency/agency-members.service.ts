import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import type { Member } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { type ClientInfo, createMember } from '../auth/auth.service.ts';
import { consumeCaptcha } from '../auth/captcha.service.ts';
import { findMemberById } from '../auth/members.repository.ts';
import { lockMember } from '../member-banks/member-banks.repository.ts';
import { findSiteById } from '../sites/sites.repository.ts';
import { AGENCY_MAX_DEPTH } from '@casino/shared/schemas/agency';
import { linkToTree, serializeBindings } from './agency-tree.ts';
import * as repo from './agency.repository.ts';

/**
 * An agent growing its team: registering a subordinate itself (the registration rules of
 * features/auth, with the agent as inviter), or binding a member who registered without an
 * invitation (its phone, the agent's own invite code and its UID) within a week of registering.
 */

/** Subordinates one agent may register per hour (an agent's session must not become a bot farm). */
const SUBORDINATE_REGISTRATIONS_PER_HOUR = 30;
/** A member can be bound to an inviter only this soon after registering. */
export const BIND_WINDOW_MS = 7 * 24 * 3_600_000;
/** The inviter chain is walked this far looking for a loop (far deeper than any real team). */
const MAX_CHAIN_STEPS = 10_000;

export interface SubordinateInput {
  account: string;
  password: string;
  phone: string;
  realname?: string | undefined;
  captcha_key?: string | undefined;
  captcha?: string | undefined;
  lang?: string | undefined;
}

/** Registers a member under the calling agent (no session is opened: the subordinate logs in itself). */
export async function registerSubordinate(ctx: AppContext, agent: Member, input: SubordinateInput, client: ClientInfo) {
  if ((await ctx.counters.hit(`agency:subordinate:${agent.id}`, 3_600_000)) > SUBORDINATE_REGISTRATIONS_PER_HOUR) {
    throw new AppError('RATE_LIMITED');
  }
  await consumeCaptcha(ctx, input.captcha_key, input.captcha);
  const site = await findSiteById(ctx.db, agent.site_id);
  if (!site) throw new AppError('SITE_UNKNOWN');
  const member = await createMember(
    ctx,
    site,
    {
      account: input.account,
      password: input.password,
      phone: input.phone,
      realname: input.realname ?? '',
      lang: input.lang,
      inviter: agent,
      registerIp: client.ip,
    },
    {},
    async (_trx, created) => created,
  );
  return { uid: member.id, account: member.account, invite_code: member.invite_code };
}

export interface BindInput {
  phone: string;
  invite_code: string;
  uid: number;
}

/** Whether `memberId` is `agentId` itself or one of its inviters, however far up (binding it would close a loop). */
async function isSelfOrAbove(trx: Database, memberId: number, agentId: number): Promise<boolean> {
  let current: number | null | undefined = agentId;
  for (let step = 0; current !== null && current !== undefined && step < MAX_CHAIN_STEPS; step++) {
    if (current === memberId) return true;
    current = await repo.inviterOf(trx, current);
  }
  return current !== null && current !== undefined;
}

/**
 * The invitee's subordinates gain the invitee's new ancestors: a member k levels below the invitee
 * is k + d levels below each ancestor d levels above it, kept within AGENCY_MAX_DEPTH.
 */
async function relinkSubtree(trx: Database, inviteeId: number): Promise<void> {
  const [below, above] = await Promise.all([repo.descendantsOf(trx, inviteeId, AGENCY_MAX_DEPTH - 1), repo.ancestorsOf(trx, inviteeId)]);
  const rows = below.flatMap((d) =>
    above
      .filter((a) => d.depth + a.depth <= AGENCY_MAX_DEPTH)
      .map((a) => ({ member_id: d.member_id, ancestor_id: a.ancestor_id, depth: d.depth + a.depth })),
  );
  await repo.insertTreeRows(trx, rows);
}

/**
 * Binds member `uid` (registered less than a week ago, with no inviter) to the calling agent. The
 * code must be the caller's own; an unknown UID or a phone that is not the member's answers 409
 * "USER DOES NOT EXIST" whatever the rest, so the call cannot probe who exists.
 */
export async function bindInvitee(
  ctx: AppContext,
  agent: Member,
  input: BindInput,
  now: Date = new Date(),
): Promise<{ uid: number; inviter_id: number }> {
  if (input.invite_code.toUpperCase() !== agent.invite_code.toUpperCase()) throw new AppError('BIND_NOT_ALLOWED');
  const invitee = await findMemberById(ctx.db, input.uid);
  if (!invitee || invitee.phone !== input.phone || invitee.site_id !== agent.site_id) throw new AppError('USER_DOES_NOT_EXIST');
  if (invitee.id === agent.id) throw new AppError('BIND_NOT_ALLOWED');
  if (invitee.agent_id !== null) throw new AppError('ALREADY_BOUND');
  if (now.getTime() - Date.parse(invitee.created_at) >= BIND_WINDOW_MS) throw new AppError('BIND_NOT_ALLOWED');

  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await serializeBindings(trx, ctx.dialect);
    // The invitee is its team's root: registrations into its team wait for this binding.
    await lockMember(trx, invitee.id);
    if (await isSelfOrAbove(trx, invitee.id, agent.id)) throw new AppError('BIND_NOT_ALLOWED');
    const current = await findMemberById(trx, agent.id);
    if (!current) throw new AppError('UNAUTHENTICATED');
    const topId = current.top_id ?? current.id;
    if (!(await repo.setInviter(trx, invitee.id, agent.id, topId, at))) throw new AppError('ALREADY_BOUND');
    await linkToTree(trx, invitee.id, agent.id);
    await relinkSubtree(trx, invitee.id);
    await repo.moveTopAgent(trx, invitee.id, topId, at);
  });
  return { uid: invitee.id, inviter_id: agent.id };
}
