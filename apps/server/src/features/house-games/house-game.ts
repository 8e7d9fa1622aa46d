import { randomFillSync } from 'node:crypto';
import { formatBRL } from '@casino/shared/money';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import { v7 as uuidv7 } from 'uuid';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { forgetRecentReads, recentRead } from '../../lib/recent-reads.ts';
import { inGroupCommit } from '../../platform/ledger/group-commit.ts';
import { moneyFailure } from '../../platform/ledger/money-failure.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';
import type { RoundRef } from '../wallet/wallet.service.ts';
import { findHouseGame } from './house.repository.ts';

/**
 * What every house game shares: its catalogue row (limits, enabled), the stake checks, the round
 * reference the wallet core needs, and the game's transaction (whose wallet failures become
 * answers). Money moves only through the wallet core (debit, credit, settleLost), inside it.
 */

/** What the games need of the context (the shared rounds are built before the full context exists). */
export type GameContext = Pick<AppContext, 'db' | 'dialect' | 'log' | 'realtime' | 'config'>;

export interface HouseGame {
  id: number;
  code: HouseGameCode;
  name: string;
  category: string;
  providerId: number;
  platType: string;
  rtpBp: number;
  minBetCentavos: number;
  maxBetCentavos: number;
  enabled: boolean;
}

export async function loadHouseGame(ctx: GameContext, code: HouseGameCode): Promise<HouseGame | undefined> {
  const row = await findHouseGame(ctx.db, code);
  if (!row) return undefined;
  return {
    id: row.id,
    code,
    name: row.name,
    category: row.category,
    providerId: row.provider_id,
    platType: row.plat_type,
    rtpBp: row.rtp_bp,
    minBetCentavos: row.min_bet_centavos,
    maxBetCentavos: row.max_bet_centavos,
    enabled: row.enabled === 1 && row.provider_enabled === 1,
  };
}

/** The catalogue row read at most once a second per game (lib/recent-reads.ts): the shared rounds take a thousand bets in a few seconds. */
export function recentHouseGame(ctx: GameContext, code: HouseGameCode): Promise<HouseGame | undefined> {
  return recentRead(ctx.db, `house-game:${code}`, () => loadHouseGame(ctx, code));
}

/** Drops this process's cached catalogue rows (an operator changed a game or a provider). */
export function forgetRecentHouseGames(ctx: Pick<GameContext, 'db'>): void {
  forgetRecentReads(ctx.db);
}

/** The game a bet is for: refused when it is missing from the catalogue or switched off. */
export async function playableGame(ctx: GameContext, code: HouseGameCode, options: { recent?: boolean } = {}): Promise<HouseGame> {
  const game = options.recent ? await recentHouseGame(ctx, code) : await loadHouseGame(ctx, code);
  if (!game) throw new AppError('GAME_NOT_FOUND');
  if (!game.enabled) throw new AppError('GAME_DISABLED');
  return game;
}

/** The stake against the game's limits (from its catalogue row), with the limit in the message. */
export function checkStake(game: HouseGame, stakeCentavos: number, field = 'amount'): void {
  if (stakeCentavos < game.minBetCentavos) {
    throw new AppError('BET_BELOW_MIN', {
      fieldErrors: { [field]: ['games.bet_below_min'] },
      messageValues: (lang) => ({
        amount: formatBRL(game.minBetCentavos, lang),
      }),
    });
  }
  if (stakeCentavos > game.maxBetCentavos) {
    throw new AppError('BET_ABOVE_MAX', {
      fieldErrors: { [field]: ['games.bet_above_max'] },
      messageValues: (lang) => ({
        amount: formatBRL(game.maxBetCentavos, lang),
      }),
    });
  }
}

/**
 * A new round id of a house game: `<code>:<uuid>`, a time-ordered UUID (version 7). The id is the
 * key of four unique indexes on the bet path (the round, its wallet transactions, the ledger's
 * idempotency keys); random (version 4) ids put every insert on a different index page, so each
 * bet wrote ~35 KB to the write-ahead log even when 40 bets shared a commit. Ordered ids append
 * to the same pages (docs/PERFORMANCE.md).
 */
export function newRoundUid(code: string): string {
  return `${code}:${uuidv7({ random: random16() })}`;
}

/** 16 random bytes from a pool refilled 4 KB at a time (a draw per id cost 2% of a dice bet). */
const entropy = { pool: new Uint8Array(0), at: 0 };
function random16(): Uint8Array {
  if (entropy.at + 16 > entropy.pool.length) {
    entropy.pool = randomFillSync(new Uint8Array(4096));
    entropy.at = 0;
  }
  entropy.at += 16;
  return entropy.pool.subarray(entropy.at - 16, entropy.at);
}

export function roundRefOf(game: HouseGame, memberId: number, roundUid: string): RoundRef {
  return {
    providerId: game.providerId,
    platType: game.platType,
    gameId: game.id,
    category: game.category,
    memberId,
    roundUid,
  };
}

/**
 * Runs a game's transaction and turns the wallet's failures (thrown: short funds, refusals) into
 * answers through `moneyFailure`; the transaction has rolled back whole by then (no stake taken,
 * no nonce used). On SQLite the rounds of the moment share one durable commit with the ledger's
 * transfers (group-commit.ts), each in its own savepoint.
 */
export async function inGameTransaction<T>(ctx: GameContext, work: (trx: Database) => Promise<T>, field = 'amount'): Promise<T> {
  try {
    return await inGroupCommit(ctx.db, work);
  } catch (error) {
    throw moneyFailure(error, field);
  }
}

/** Tells the member's open pages the new balance, after the commit (a lost push only delays it). */
export async function notifyBalance(ctx: GameContext, memberId: number): Promise<void> {
  try {
    await pushBalance(ctx.db, ctx.realtime, memberId);
  } catch (error) {
    ctx.log.warn({ err: error, memberId }, 'balance push failed');
  }
}
