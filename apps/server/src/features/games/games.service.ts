import { normalizeLanguage } from '@casino/shared/languages';
import { formatCentavos } from '@casino/shared/money';
import {
  GAME_CATEGORIES,
  GAME_ROW_LIMIT,
  type GameCategory,
  type GameItem,
  type GameListAnswer,
  HOUSE_PLAT_TYPE,
  MAX_FOLLOWS,
  type ProviderItem,
} from '@casino/shared/schemas/games';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import * as repo from './games.repository.ts';

/** The catalogue, favourites and recently played games, as the player site reads them. */

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The game's name in the reader's language, else English, else its default name. */
export function gameName(row: { name: string; names_json: string }, lang: string): string {
  const names = parseJson<Record<string, unknown>>(row.names_json, {});
  const own = names[normalizeLanguage(lang)];
  if (typeof own === 'string' && own.trim() !== '') return own;
  return typeof names.en === 'string' && names.en.trim() !== '' ? names.en : row.name;
}

function gameTags(row: { tags_json: string }): string[] {
  const tags = parseJson<unknown>(row.tags_json, []);
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

const asCategory = (value: string): GameCategory =>
  (GAME_CATEGORIES as readonly string[]).includes(value) ? (value as GameCategory) : 'slots';

/** RTP basis points as a percentage string: 9700 -> "97.00". */
export const rtpPercent = (bp: number) => formatCentavos(bp);

export function toGameItem(row: repo.GameRow, lang: string, followed: boolean): GameItem {
  return {
    id: row.id,
    code: row.code,
    name: gameName(row, lang),
    category: asCategory(row.category),
    plat_type: row.plat_type,
    provider_name: row.provider_name,
    thumbnail: row.thumbnail,
    tags: gameTags(row),
    rtp: rtpPercent(row.rtp_bp),
    volatility: row.volatility,
    min_bet: formatCentavos(row.min_bet_centavos),
    max_bet: formatCentavos(row.max_bet_centavos),
    is_house: row.provider_kind === 'house' || row.plat_type === HOUSE_PLAT_TYPE,
    is_popular: row.is_popular === 1,
    is_promotion: row.is_promotion === 1,
    is_followed: followed,
  };
}

async function toItems(ctx: AppContext, rows: repo.GameRow[], lang: string, memberId: number | undefined): Promise<GameItem[]> {
  const followed = memberId
    ? await repo.followedAmong(
        ctx.db,
        memberId,
        rows.map((r) => r.id),
      )
    : new Set<number>();
  return rows.map((row) => toGameItem(row, lang, followed.has(row.id)));
}

/** Case and accent blind: "PESCA" finds "Pesca", "roleta" finds "Roleta", "fuRia" finds "Fúria". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function matchesName(row: repo.GameRow, needle: string): boolean {
  const names = Object.values(parseJson<Record<string, unknown>>(row.names_json, {})).filter((n): n is string => typeof n === 'string');
  return [row.name, row.code, ...names].some((name) => foldForSearch(name).includes(needle));
}

export interface ListFilter {
  category?: GameCategory | undefined;
  tag?: string | undefined;
  plat_type?: string | undefined;
  name?: string | undefined;
  page: number;
  page_size: number;
}

export async function listGames(ctx: AppContext, filter: ListFilter, lang: string, memberId: number | undefined): Promise<GameListAnswer> {
  let rows = await repo.listPlayableGames(ctx.db, { category: filter.category, platType: filter.plat_type });
  const tag = filter.tag?.trim().toLowerCase();
  if (tag) rows = rows.filter((row) => gameTags(row).includes(tag));
  const needle = filter.name ? foldForSearch(filter.name) : '';
  if (needle) rows = rows.filter((row) => matchesName(row, needle));
  const start = (filter.page - 1) * filter.page_size;
  return {
    list: await toItems(ctx, rows.slice(start, start + filter.page_size), lang, memberId),
    total: rows.length,
    page: filter.page,
    page_size: filter.page_size,
  };
}

export async function listProviders(ctx: AppContext): Promise<ProviderItem[]> {
  const rows = await repo.providersWithCounts(ctx.db);
  return rows.map((r) => ({ plat_type: r.plat_type, name: r.name, logo_url: r.logo_url, game_count: Number(r.game_count) }));
}

export async function flaggedGames(ctx: AppContext, flag: 'popular' | 'promotion', lang: string, memberId: number | undefined) {
  const rows = await repo.listFlaggedGames(ctx.db, flag === 'popular' ? 'is_popular' : 'is_promotion', GAME_ROW_LIMIT);
  return toItems(ctx, rows, lang, memberId);
}

export async function recentlyPlayed(ctx: AppContext, memberId: number, lang: string) {
  return toItems(ctx, await repo.recentGames(ctx.db, memberId, GAME_ROW_LIMIT), lang, memberId);
}

/** A game a player may open: unknown is 404, a disabled game or provider is GAME_DISABLED. */
export function playable<T extends { enabled: number; provider_enabled: number }>(row: T | undefined): T {
  if (!row) throw new AppError('GAME_NOT_FOUND');
  if (row.enabled !== 1 || row.provider_enabled !== 1) throw new AppError('GAME_DISABLED');
  return row;
}

export async function gameDetail(ctx: AppContext, code: string, lang: string, memberId: number | undefined): Promise<GameItem> {
  const row = playable(await repo.findGameByCode(ctx.db, code));
  const [item] = await toItems(ctx, [row], lang, memberId);
  return item!;
}

// ---- favourites ---------------------------------------------------------------------------------

export async function followedGames(ctx: AppContext, memberId: number, lang: string): Promise<GameItem[]> {
  const rows = await repo.listFollowedGames(ctx.db, memberId, MAX_FOLLOWS);
  return rows.map((row) => toGameItem(row, lang, true));
}

export async function follow(ctx: AppContext, memberId: number, gameId: number): Promise<void> {
  const game = await repo.findGameById(ctx.db, gameId);
  playable(game);
  const followed = await repo.followedAmong(ctx.db, memberId, [gameId]);
  if (followed.has(gameId)) return;
  if ((await repo.countFollows(ctx.db, memberId)) >= MAX_FOLLOWS) {
    throw new AppError('FOLLOW_FAILED', { fieldErrors: { game_id: ['games.follow_limit'] }, messageValues: { max: MAX_FOLLOWS } });
  }
  await repo.insertFollow(ctx.db, memberId, gameId, nowIso());
}

export async function unfollow(ctx: AppContext, memberId: number, gameId: number): Promise<void> {
  if (!(await repo.findGameById(ctx.db, gameId))) throw new AppError('GAME_NOT_FOUND');
  await repo.deleteFollow(ctx.db, memberId, gameId);
}
