import { normalizeLanguage } from '@casino/shared/languages';
import { formatCentavos } from '@casino/shared/money';
import type { Day7LoginAnswer } from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../db/schema.ts';
import { AppError } from '../../lib/http.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { walletBalance } from '../wallet/wallet.service.ts';
import * as repo from './games.repository.ts';
import { playable, toGameItem } from './games.service.ts';
import { refuseUnacceptedTerms } from '../../platform/responsible/standing.ts';

/**
 * The day7 bridge of the spec: `day7LoginV2` hands a member over to a game, `getAllBalance` reads
 * the balance each platform (platType) plays with.
 */

export interface LaunchInput {
  game_code?: string | undefined;
  game_id?: number | undefined;
  platType?: string | undefined;
}

/** A launch session lives this long without a wallet call (sliding, like the member's session). */
export const gameSessionIdleMs = (ctx: AppContext) => ctx.config.SESSION_IDLE_MINUTES * 60_000;

/** Adds query parameters to a launch URL that may be absolute or a path of this site. */
function withQuery(launchUrl: string, params: Record<string, string>): string {
  const absolute = /^https?:\/\//i.test(launchUrl);
  const url = new URL(launchUrl, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return absolute ? url.toString() : `${url.pathname}${url.search}`;
}

/** Launches per member per minute: far above any player, low enough to bound the sessions table. */
export const LAUNCHES_PER_MINUTE = 30;
const STALE_SESSION_MS = 7 * 24 * 3_600_000;

export async function launchGame(ctx: AppContext, member: Member, input: LaunchInput, lang: string): Promise<Day7LoginAnswer> {
  if (!input.game_code && !input.game_id) throw new AppError('VALIDATION_FAILED', { fieldErrors: { game_code: ['validation.required'] } });
  const found = input.game_code ? await repo.findGameByCode(ctx.db, input.game_code) : await repo.findGameById(ctx.db, input.game_id!);
  // A given platType must be the game's own: a mismatch is a game that does not exist there.
  const mismatch = found && ((input.game_id && found.id !== input.game_id) || (input.platType && found.plat_type !== input.platType));
  const row = playable(mismatch ? undefined : found);
  const followed = (await repo.followedAmong(ctx.db, member.id, [row.id])).has(row.id);
  const game = toGameItem(row, lang, followed);

  if (row.provider_kind === 'house') {
    return { mode: 'house', url: `/gameInfo?code=${encodeURIComponent(row.code)}`, game };
  }
  if (!row.launch_url) throw new AppError('GAME_DISABLED');
  // A provider's game takes stakes through the wallet: terms in force not accepted refuse it here
  // first (the member row came with the session: no query unless the site's versions are not kept).
  await refuseUnacceptedTerms(ctx.db, member.id, member);
  if ((await ctx.counters.hit(`game-launch:${member.id}`, 60_000)) > LAUNCHES_PER_MINUTE) throw new AppError('RATE_LIMITED');
  const token = newToken();
  const now = Date.now();
  await repo.deleteStaleGameSessions(ctx.db, member.id, new Date(now - STALE_SESSION_MS).toISOString());
  await repo.insertGameSession(ctx.db, {
    tokenHash: sha256(token),
    memberId: member.id,
    gameId: row.id,
    providerId: row.provider_id,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + gameSessionIdleMs(ctx)).toISOString(),
  });
  return { mode: 'iframe', url: withQuery(row.launch_url, { token, game: row.code, lang: normalizeLanguage(lang) }), game };
}

/**
 * Seamless wallet: every platform plays with the member's one cash balance, so each enabled
 * provider answers the same figure.
 */
export async function platformBalances(ctx: AppContext, memberId: number, platType: string | undefined) {
  const providers = (await repo.listEnabledProviders(ctx.db)).filter((p) => !platType || p.plat_type === platType);
  if (providers.length === 0) return [];
  const balance = formatCentavos(await walletBalance(ctx.db, memberId));
  return providers.map((p) => ({ platType: p.plat_type, balance }));
}
