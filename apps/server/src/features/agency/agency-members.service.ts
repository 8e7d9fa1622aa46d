import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { type ClientInfo, createMember } from '../auth/auth.service.ts';
import { consumeCaptcha } from '../auth/captcha.service.ts';
import { findSiteById } from '../../platform/sites/sites.repository.ts';

/**
 * An agent growing its team by registering a subordinate itself (the registration rules of
 * features/auth, with the agent as inviter). Existing members join a team only by their own
 * action: agency-bind.service.ts.
 */

/** Subordinates one agent may register per hour (an agent's session must not become a bot farm). */
const SUBORDINATE_REGISTRATIONS_PER_HOUR = 30;

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
