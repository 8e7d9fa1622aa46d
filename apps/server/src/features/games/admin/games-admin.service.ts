import { doubleColor } from '@casino/games/double';
import { normalizeLanguage } from '@casino/shared/languages';
import { formatCentavos } from '@casino/shared/money';
import type { GameCategory } from '@casino/shared/schemas/games';
import {
  type AdminGame,
  type AdminGameQuery,
  type AdminProvider,
  DEFAULT_RESULTS_DAYS,
  type GameResultRow,
  type GameResults,
  MAX_RESULTS_DAYS,
  RESULTS_MIN_ROUNDS_TO_FLAG,
  RESULTS_Z_99,
  type RoundDetail,
  type RoundSharedRound,
} from '@casino/shared/schemas/games-admin';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../../context.ts';
import { nowIso } from '../../../db/database.ts';
import type { GameProvidersTable, GamesTable } from '../../../db/schema.ts';
import { AppError } from '../../../lib/http.ts';
import { reportRange } from '../../../lib/report-range.ts';
import { SAO_PAULO_TIME_ZONE } from '../../../lib/sao-paulo.ts';
import { writeAudit } from '../../../platform/audit/audit.repository.ts';
import { forgetRecentHouseGames } from '../../house-games/house-game.ts';
import { formatHundredths } from '../../house-games/shared/feed.ts';
import * as repo from './games-admin.repository.ts';
import type { Actor } from '../../../platform/audit/actor.ts';

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function namesOf(json: string): Record<string, string> {
  const parsed = parseJson<unknown>(json, {});
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function tagsOf(json: string): string[] {
  const parsed = parseJson<unknown>(json, []);
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** Basis points as the percent string answers carry: 9700 -> "97.00". */
const percentOf = (bp: number) => formatCentavos(bp);

// ---- games --------------------------------------------------------------------------------------

export function toAdminGame(row: repo.GameRow): AdminGame {
  const isHouse = row.provider_kind === 'house';
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    names: namesOf(row.names_json),
    category: row.category as GameCategory,
    provider_id: row.provider_id,
    plat_type: row.plat_type,
    provider_name: row.provider_name,
    provider_enabled: row.provider_enabled === 1,
    is_house: isHouse,
    thumbnail: row.thumbnail,
    tags: tagsOf(row.tags_json),
    rtp: percentOf(row.rtp_bp),
    rtp_bp: row.rtp_bp,
    rtp_editable: !isHouse,
    volatility: row.volatility,
    min_bet: formatCentavos(row.min_bet_centavos),
    max_bet: formatCentavos(row.max_bet_centavos),
    enabled: row.enabled === 1,
    sort: row.sort,
    is_popular: row.is_popular === 1,
    is_promotion: row.is_promotion === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Case and accent blind: "acao" finds "Ação". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function matchesName(row: repo.GameRow, needle: string): boolean {
  const haystack = [row.code, row.name, ...Object.values(namesOf(row.names_json))];
  return haystack.some((text) => fold(text).includes(needle));
}

export async function listGames(ctx: AppContext, query: AdminGameQuery) {
  const filter = { platType: query.plat_type, category: query.category, enabled: query.enabled };
  const needle = query.name ? fold(query.name) : '';
  if (!needle) {
    const { rows, total } = await repo.pageGames(ctx.db, filter, query.page, query.page_size);
    return { list: rows.map(toAdminGame), total, page: query.page, page_size: query.page_size };
  }
  // Names live in a JSON column per language: the search runs here, over the filtered catalogue.
  const matching = (await repo.allGames(ctx.db, filter)).filter((row) => matchesName(row, needle));
  const from = (query.page - 1) * query.page_size;
  return {
    list: matching.slice(from, from + query.page_size).map(toAdminGame),
    total: matching.length,
    page: query.page,
    page_size: query.page_size,
  };
}

export interface GameChanges {
  name?: string | undefined;
  names?: Partial<Record<string, string>> | undefined;
  tags?: string[] | undefined;
  thumbnail?: string | undefined;
  enabled?: boolean | undefined;
  sort?: number | undefined;
  is_popular?: boolean | undefined;
  is_promotion?: boolean | undefined;
  /** Centavos. */
  min_bet?: number | undefined;
  max_bet?: number | undefined;
  /** Basis points; external games only. */
  rtp?: number | undefined;
}

function mergeNames(current: Record<string, string>, given: Partial<Record<string, string>>): Record<string, string> {
  const merged = { ...current };
  for (const [language, name] of Object.entries(given)) {
    if (name === undefined) continue;
    if (name === '') delete merged[language];
    else merged[language] = name;
  }
  return merged;
}

const flag = (value: boolean | undefined) => (value === undefined ? {} : { value: value ? 1 : 0 });

/** Edits one game; every change is audited with the game before and after. */
export async function updateGame(ctx: AppContext, actor: Actor, id: number, changes: GameChanges): Promise<AdminGame> {
  const before = await repo.findGame(ctx.db, id);
  if (!before) throw new AppError('GAME_NOT_FOUND');
  if (changes.rtp !== undefined && before.provider_kind === 'house') {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { rtp: ['validation.rtp_house'] } });
  }
  const minBet = changes.min_bet ?? before.min_bet_centavos;
  const maxBet = changes.max_bet ?? before.max_bet_centavos;
  if (minBet > maxBet) {
    const field = changes.max_bet !== undefined ? 'max_bet' : 'min_bet';
    throw new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: ['validation.min_bet_above_max'] } });
  }

  const update: Updateable<GamesTable> = {};
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.names !== undefined) update.names_json = JSON.stringify(mergeNames(namesOf(before.names_json), changes.names));
  if (changes.tags !== undefined) update.tags_json = JSON.stringify(changes.tags);
  if (changes.thumbnail !== undefined) update.thumbnail = changes.thumbnail;
  if (changes.sort !== undefined) update.sort = changes.sort;
  if (changes.min_bet !== undefined) update.min_bet_centavos = minBet;
  if (changes.max_bet !== undefined) update.max_bet_centavos = maxBet;
  if (changes.rtp !== undefined) update.rtp_bp = changes.rtp;
  for (const key of ['enabled', 'is_popular', 'is_promotion'] as const) {
    const set = flag(changes[key]);
    if ('value' in set) update[key] = set.value;
  }
  const beforeView = toAdminGame(before);
  // Only what really changes is written (and audited).
  const changed = changedOnly(update, before);
  if (Object.keys(changed).length === 0) return beforeView;

  const saved = await ctx.db.transaction().execute(async (trx) => {
    await repo.updateGame(trx, id, { ...changed, updated_at: nowIso() });
    const after = await repo.findGame(trx, id);
    if (!after) throw new Error(`game ${id} vanished inside its update`);
    const afterView = toAdminGame(after);
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'game.update',
      targetType: 'game',
      targetId: id,
      before: auditView(beforeView),
      after: auditView(afterView),
      ip: actor.ip,
    });
    return afterView;
  });
  // The games' own cache of catalogue rows (house-game.ts) reads the change at once here, within a second elsewhere.
  forgetRecentHouseGames(ctx);
  return saved;
}

/** The changes whose value differs from the row's. */
function changedOnly<T extends object>(changes: T, row: object): Partial<T> {
  const current = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => current[key] !== value)) as Partial<T>;
}

/** What the audit keeps of a game: the editable fields (timestamps would only add noise). */
function auditView({ created_at: _created, updated_at: _updated, ...rest }: AdminGame) {
  return rest;
}

// ---- providers ----------------------------------------------------------------------------------

export function toAdminProvider(row: repo.ProviderRow): AdminProvider {
  return {
    id: row.id,
    plat_type: row.plat_type,
    name: row.name,
    kind: row.kind,
    launch_url: row.launch_url,
    logo_url: row.logo_url,
    has_wallet_secret: row.wallet_secret !== null && row.wallet_secret !== '',
    enabled: row.enabled === 1,
    sort: row.sort,
    game_count: row.game_count,
    enabled_game_count: row.enabled_game_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listProviders(ctx: AppContext) {
  return (await repo.listProviders(ctx.db)).map(toAdminProvider);
}

export async function updateProvider(
  ctx: AppContext,
  actor: Actor,
  id: number,
  changes: { name?: string | undefined; enabled?: boolean | undefined; sort?: number | undefined },
): Promise<AdminProvider> {
  const before = await repo.findProvider(ctx.db, id);
  if (!before) throw new AppError('NOT_FOUND');
  const update: Updateable<GameProvidersTable> = {};
  if (changes.name !== undefined) update.name = changes.name;
  if (changes.enabled !== undefined) update.enabled = changes.enabled ? 1 : 0;
  if (changes.sort !== undefined) update.sort = changes.sort;
  const beforeView = toAdminProvider(before);
  const changed = changedOnly(update, before);
  if (Object.keys(changed).length === 0) return beforeView;

  const saved = await ctx.db.transaction().execute(async (trx) => {
    await repo.updateProvider(trx, id, { ...changed, updated_at: nowIso() });
    const after = await repo.findProvider(trx, id);
    if (!after) throw new Error(`provider ${id} vanished inside its update`);
    const afterView = toAdminProvider(after);
    const { created_at: _c, updated_at: _u, ...beforeAudit } = beforeView;
    const { created_at: _c2, updated_at: _u2, ...afterAudit } = afterView;
    await writeAudit(trx, {
      operatorId: actor.operatorId,
      action: 'provider.update',
      targetType: 'game_provider',
      targetId: id,
      before: beforeAudit,
      after: afterAudit,
      ip: actor.ip,
    });
    return afterView;
  });
  // The games' own cache of catalogue rows (house-game.ts) reads the change at once here, within a second elsewhere.
  forgetRecentHouseGames(ctx);
  return saved;
}

// ---- results ------------------------------------------------------------------------------------

export const RESULTS_TIME_ZONE = SAO_PAULO_TIME_ZONE;

/** The range's dates (both included) and its half-open UTC interval; defaults to the last 7 Brazilian days. */
export function resultsRange(from: string | undefined, to: string | undefined, now = Date.now()) {
  return reportRange(from, to, { defaultDays: DEFAULT_RESULTS_DAYS, maxDays: MAX_RESULTS_DAYS }, now);
}

/** Wins over bets in basis points, rounded half up, in integers; null without bets. */
export function observedRtpBp(winCentavos: number, betCentavos: number): number | null {
  if (betCentavos <= 0) return null;
  const bet = BigInt(betCentavos);
  return Number((BigInt(winCentavos) * 20_000n + bet) / (2n * bet));
}

const fractionToPercent = (fraction: number) => percentOf(Math.round(Math.max(0, fraction) * 10_000));

/**
 * The 99% interval of the true RTP from n rounds (ratio estimator: the residuals w - R*b around the
 * observed ratio R, over the mean bet), and whether the declared RTP falls outside it.
 */
export function rtpInterval(
  stats: { rounds: number; bet: number; win: number; win2: number; win_bet: number; bet2: number },
  declaredBp: number,
): Pick<GameResultRow, 'rtp_low' | 'rtp_high' | 'deviation'> {
  const { rounds: n, bet, win } = stats;
  if (n < 2 || bet <= 0) return { rtp_low: null, rtp_high: null, deviation: null };
  const ratio = win / bet;
  const residuals = Math.max(0, stats.win2 - 2 * ratio * stats.win_bet + ratio * ratio * stats.bet2);
  const meanBet = bet / n;
  const standardError = Math.sqrt(residuals / (n - 1) / n) / meanBet;
  const low = ratio - RESULTS_Z_99 * standardError;
  const high = ratio + RESULTS_Z_99 * standardError;
  const declared = declaredBp / 10_000;
  let deviation: GameResultRow['deviation'] = null;
  if (n >= RESULTS_MIN_ROUNDS_TO_FLAG) {
    if (declared < low) deviation = 'above';
    else if (declared > high) deviation = 'below';
  }
  return { rtp_low: fractionToPercent(low), rtp_high: fractionToPercent(high), deviation };
}

function figures(rounds: number, players: number, bet: number, win: number) {
  const rtpBp = observedRtpBp(win, bet);
  return {
    rounds,
    players,
    total_bet: formatCentavos(bet),
    total_win: formatCentavos(win),
    ggr: formatCentavos(bet - win),
    observed_rtp: rtpBp === null ? null : percentOf(rtpBp),
  };
}

export async function gameResults(
  ctx: AppContext,
  query: { from?: string | undefined; to?: string | undefined; plat_type?: string | undefined; lang?: string | undefined },
  now = Date.now(),
): Promise<GameResults> {
  const range = resultsRange(query.from, query.to, now);
  const filter = { start: range.start, end: range.end, platType: query.plat_type };
  const [rows, totals] = await Promise.all([repo.resultsByGame(ctx.db, filter), repo.resultTotals(ctx.db, filter)]);
  const language = normalizeLanguage(query.lang);
  return {
    from: range.from,
    to: range.to,
    time_zone: RESULTS_TIME_ZONE,
    list: rows.map((row) => ({
      game_id: row.game_id,
      code: row.code,
      name: namesOf(row.names_json)[language] || row.name,
      category: row.category as GameCategory,
      plat_type: row.plat_type,
      provider_name: row.provider_name,
      ...figures(row.rounds, row.players, row.bet, row.win),
      declared_rtp: percentOf(row.rtp_bp),
      ...rtpInterval(row, row.rtp_bp),
    })),
    totals: figures(totals.rounds, totals.players, totals.bet, totals.win),
  };
}

// ---- round lookup -------------------------------------------------------------------------------

/**
 * A round for a dispute: by its id (the id the player's game record shows) or by the provider's
 * round uid. The server seed of a house round is shown only once revealed: an operator must not be
 * able to predict a member's coming rounds.
 */
export async function lookupRound(
  ctx: AppContext,
  idText: string,
  platType: string | undefined,
  lang: string | undefined,
): Promise<RoundDetail> {
  let round: repo.RoundRow | undefined;
  let others: repo.RoundRow[] = [];
  if (!platType && /^\d{1,15}$/.test(idText)) round = await repo.findRoundById(ctx.db, Number(idText));
  if (!round) {
    const byUid = await repo.findRoundsByUid(ctx.db, idText, platType);
    round = byUid[0];
    others = byUid.slice(1);
  }
  if (!round) throw new AppError('ROUND_NOT_FOUND');

  const outcome = round.outcome_json === null ? null : parseJson<unknown>(round.outcome_json, round.outcome_json);
  const [transactions, seed, shared] = await Promise.all([
    repo.roundTransactions(ctx.db, round.provider_id, round.round_uid),
    round.seed_id === null ? undefined : repo.findSeed(ctx.db, round.seed_id),
    sharedRoundOf(ctx, round, outcome),
  ]);
  const revealed = seed?.revealed_at != null;
  return {
    id: round.id,
    round_uid: round.round_uid,
    status: round.status,
    member_id: round.member_id,
    member_account: round.member_account,
    game_id: round.game_id,
    game_code: round.game_code,
    game_name: namesOf(round.game_names_json)[normalizeLanguage(lang)] || round.game_name,
    category: round.category,
    provider_id: round.provider_id,
    plat_type: round.plat_type,
    provider_name: round.provider_name,
    is_house: round.provider_kind === 'house',
    bet: formatCentavos(round.bet_centavos),
    win: formatCentavos(round.win_centavos),
    net: formatCentavos(round.win_centavos - round.bet_centavos),
    created_at: round.created_at,
    settled_at: round.settled_at,
    outcome,
    transactions: transactions.map((tx) => ({
      id: tx.id,
      tx_id: tx.tx_id,
      kind: tx.kind,
      ref_tx_id: tx.ref_tx_id,
      amount: formatCentavos(tx.amount_centavos),
      status: tx.status,
      transfer_id: tx.transfer_id,
      transfer_key: tx.transfer_key ?? null,
      created_at: tx.created_at,
    })),
    seed:
      seed && seed.member_id === round.member_id
        ? {
            seed_id: seed.id,
            server_seed_hash: seed.server_seed_hash,
            client_seed: seed.client_seed,
            nonce: round.nonce,
            revealed,
            server_seed: revealed ? seed.server_seed : null,
            revealed_at: seed.revealed_at,
          }
        : null,
    ...(shared ? { shared_round: shared } : {}),
    other_matches: others.map((other) => ({ id: other.id, plat_type: other.plat_type })),
  };
}

const SHARED_ROUND_GAMES = ['crash', 'double'] as const;
type SharedRoundGame = (typeof SHARED_ROUND_GAMES)[number];
const isSharedRoundGame = (code: string): code is SharedRoundGame => (SHARED_ROUND_GAMES as readonly string[]).includes(code);

/**
 * Which shared round a house crash or double game round belongs to: the outcome's
 * shared_round_id, or else the uid inside the member's round uid (`<game>:<shared uid>:<member>`).
 */
function sharedRoundKey(round: repo.RoundRow, outcome: unknown): { id: number } | { uid: string } | undefined {
  if (round.provider_kind !== 'house' || !isSharedRoundGame(round.game_code)) return undefined;
  const id = outcome && typeof outcome === 'object' ? (outcome as { shared_round_id?: unknown }).shared_round_id : undefined;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return { id };
  const match = /^(crash|double):([^:]+):(\d+)$/.exec(round.round_uid);
  return match && match[1] === round.game_code && Number(match[3]) === round.member_id ? { uid: match[2] as string } : undefined;
}

/**
 * The shared round of a crash or double game round, with the member's stakes in it. The round's
 * hash is the chain's future until the round is over (ended, or cancelled by a restart: its
 * chain index is never handed out again), so hash and result stay null before that; a double
 * roll shows once the wheel spins, as the players see it.
 */
async function sharedRoundOf(ctx: AppContext, round: repo.RoundRow, outcome: unknown): Promise<RoundSharedRound | undefined> {
  const key = sharedRoundKey(round, outcome);
  if (!key) return undefined;
  const shared = await repo.findSharedRound(ctx.db, key);
  if (!shared || shared.game !== round.game_code || !isSharedRoundGame(shared.game)) return undefined;
  const bets = await repo.sharedBetsOf(ctx.db, shared.id, round.member_id, round.round_uid);
  const over = shared.status === 'ended' || shared.status === 'cancelled';
  const isCrash = shared.game === 'crash';
  const rollShown = !isCrash && (over || shared.status === 'spinning');
  return {
    id: shared.id,
    game: shared.game,
    uid: shared.uid,
    status: shared.status,
    crash_point: isCrash && over ? formatHundredths(shared.result) : null,
    roll: rollShown ? shared.result : null,
    color: rollShown ? doubleColor(shared.result) : null,
    hash: over ? shared.hash : null,
    chain_id: shared.chain_id,
    chain_index: shared.chain_index,
    salt: shared.salt ?? null,
    terminating_hash: shared.terminating_hash ?? null,
    created_at: shared.created_at,
    betting_ends_at: shared.betting_ends_at,
    started_at: shared.started_at,
    ended_at: shared.ended_at,
    bets: bets.map((bet) => ({
      choice: bet.choice,
      amount: formatCentavos(bet.stake_centavos),
      auto_cashout: bet.auto_cashout_x100 === null ? null : formatHundredths(bet.auto_cashout_x100),
      cashout: bet.status === 'won' && bet.cashout_x100 !== null ? formatHundredths(bet.cashout_x100) : null,
      win: formatCentavos(bet.win_centavos),
      status: bet.status,
      created_at: bet.created_at,
      settled_at: bet.settled_at,
    })),
  };
}
