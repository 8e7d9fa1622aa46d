import { ERRORS, type ErrorCode } from '@casino/shared/errors';
import { CURRENCY, MEMBER_STATUS } from '@casino/shared/constants';
import { MAX_CENTAVOS } from '@casino/shared/money';
import {
  SEAMLESS_ACTIONS,
  type SeamlessAction,
  type SeamlessAnswer,
  type SeamlessStatus,
  seamlessBalanceBodySchema,
  seamlessBetBodySchema,
  seamlessBetWinBodySchema,
  seamlessRollbackBodySchema,
  seamlessWinBodySchema,
} from '@casino/shared/schemas/games';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Game, GameProvider } from '../../db/schema.ts';
import { translate } from '../../lib/i18n.ts';
import { strictBody } from '../../lib/validation.ts';
import { sha256 } from '../../lib/tokens.ts';
import { recentRead } from '../../lib/recent-reads.ts';
import { pushBalance } from '../../platform/realtime/realtime.ts';
import {
  credit,
  debit,
  type RoundRef,
  rollback,
  runWallet,
  type WalletErrorCode,
  type WalletOutcome,
  walletBalance,
} from '../wallet/wallet.service.ts';
import * as repo from './seamless.repository.ts';
import { verifySeamlessSignature } from './seamless.signature.ts';

/**
 * The seamless wallet as an external provider reaches it over HTTP (docs/SEAMLESS-WALLET.md).
 * Every call is signed; money moves only through the wallet core (idempotent by the provider's
 * transaction id), and every answer carries the player's balance in centavos.
 */

export type SeamlessHttpStatus = 200 | 400 | 401 | 403 | 404 | 409 | 422;

export interface SeamlessReply {
  httpStatus: SeamlessHttpStatus;
  answer: SeamlessAnswer;
}

/** Messages of the answers: the protocol's language is English unless the caller asks otherwise. */
const MESSAGE_LANG = 'en';

const STATUS_OF_WALLET_ERROR: Record<WalletErrorCode, SeamlessStatus> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  WALLET_DUPLICATE: 'DUPLICATE_TRANSACTION',
  WALLET_UNKNOWN_TX: 'UNKNOWN_TRANSACTION',
  WALLET_BET_SETTLED: 'BET_ALREADY_SETTLED',
  WALLET_BET_ROLLED_BACK: 'BET_ROLLED_BACK',
  LOSS_LIMIT_REACHED: 'LOSS_LIMIT_REACHED',
  WAGER_LIMIT_REACHED: 'WAGER_LIMIT_REACHED',
  SESSION_TIME_LIMIT_REACHED: 'SESSION_TIME_LIMIT_REACHED',
  // A stake is never a deposit; kept so every wallet refusal has a status.
  DEPOSIT_LIMIT_REACHED: 'PLAYER_BLOCKED',
  ACCOUNT_PAUSED: 'PLAYER_BLOCKED',
  SELF_EXCLUDED: 'PLAYER_BLOCKED',
  IDENTITY_NOT_VERIFIED: 'PLAYER_BLOCKED',
  TERMS_NOT_ACCEPTED: 'PLAYER_BLOCKED',
};

/** HTTP statuses follow the shared error table; only OK is a 200. */
export const HTTP_STATUS: Record<SeamlessStatus, SeamlessHttpStatus> = {
  OK: 200,
  INSUFFICIENT_FUNDS: ERRORS.INSUFFICIENT_FUNDS.status,
  DUPLICATE_TRANSACTION: ERRORS.WALLET_DUPLICATE.status,
  UNKNOWN_TRANSACTION: ERRORS.WALLET_UNKNOWN_TX.status,
  BET_ALREADY_SETTLED: ERRORS.WALLET_BET_SETTLED.status,
  BET_ROLLED_BACK: ERRORS.WALLET_BET_ROLLED_BACK.status,
  INVALID_SIGNATURE: ERRORS.WALLET_BAD_SIGNATURE.status,
  SESSION_EXPIRED: ERRORS.WALLET_SESSION_EXPIRED.status,
  INVALID_REQUEST: ERRORS.VALIDATION_FAILED.status,
  LOSS_LIMIT_REACHED: 403,
  WAGER_LIMIT_REACHED: 403,
  SESSION_TIME_LIMIT_REACHED: 403,
  PLAYER_BLOCKED: 403,
};

const MESSAGE_KEY: Record<Exclude<SeamlessStatus, 'OK' | 'INVALID_REQUEST'>, ErrorCode> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  DUPLICATE_TRANSACTION: 'WALLET_DUPLICATE',
  UNKNOWN_TRANSACTION: 'WALLET_UNKNOWN_TX',
  BET_ALREADY_SETTLED: 'WALLET_BET_SETTLED',
  BET_ROLLED_BACK: 'WALLET_BET_ROLLED_BACK',
  INVALID_SIGNATURE: 'WALLET_BAD_SIGNATURE',
  SESSION_EXPIRED: 'WALLET_SESSION_EXPIRED',
  LOSS_LIMIT_REACHED: 'LOSS_LIMIT_REACHED',
  WAGER_LIMIT_REACHED: 'WAGER_LIMIT_REACHED',
  SESSION_TIME_LIMIT_REACHED: 'SESSION_TIME_LIMIT_REACHED',
  PLAYER_BLOCKED: 'SELF_EXCLUDED',
};

/** A refusal before any money moved; the answer carries the balance when the player is known. */
class Refusal extends Error {
  constructor(
    readonly status: Exclude<SeamlessStatus, 'OK'>,
    readonly messageKey?: string,
    readonly memberId?: number,
  ) {
    super(status);
  }
}

function reply(status: SeamlessStatus, fields: Omit<SeamlessAnswer, 'status' | 'currency'>, messageKey?: string): SeamlessReply {
  const key =
    messageKey ?? (status === 'OK' ? 'ok' : status === 'INVALID_REQUEST' ? 'wallet.invalid_request' : ERRORS[MESSAGE_KEY[status]].message);
  return {
    httpStatus: HTTP_STATUS[status],
    answer: { status, currency: CURRENCY, ...fields, message: translate(MESSAGE_LANG, key) },
  };
}

/** A callback's body by its schema, strict like every request body (unknown fields are refused). */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = strictBody(schema).safeParse(body);
  if (!parsed.success) throw new Refusal('INVALID_REQUEST');
  return parsed.data as z.infer<T>;
}

/** Sessions slide at most this often (one write per quarter minute, not per bet). */
const TOUCH_EVERY_MS = 15_000;

/** Balance, bet and betwin need a live launch session of this provider. */
async function liveSession(ctx: AppContext, provider: GameProvider, token: string) {
  const session = await repo.findGameSession(ctx.db, provider.id, sha256(token));
  const now = Date.now();
  if (
    !session ||
    session.member_status === MEMBER_STATUS.frozen ||
    session.member_deleted_at !== null ||
    Date.parse(session.expires_at) <= now ||
    Date.parse(session.created_at) + ctx.config.SESSION_MAX_HOURS * 3_600_000 <= now
  ) {
    throw new Refusal('SESSION_EXPIRED');
  }
  if (now - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
    const idleMs = ctx.config.SESSION_IDLE_MINUTES * 60_000;
    await repo.touchGameSession(ctx.db, session.id, new Date(now).toISOString(), new Date(now + idleMs).toISOString());
  }
  return session;
}

/**
 * Wins and rollbacks may come after the session ended: the player is the token's (expired or
 * not), else the `member_id` / `player_id` the provider learnt from the balance call.
 */
async function settlingPlayer(
  ctx: AppContext,
  provider: GameProvider,
  body: { token?: string | undefined; member_id?: string | number | undefined; player_id?: string | number | undefined },
): Promise<number> {
  const named = [body.member_id, body.player_id].filter((v) => v !== undefined).map(Number);
  if (named.length === 2 && named[0] !== named[1]) throw new Refusal('INVALID_REQUEST', 'wallet.player_mismatch');
  const memberId = named[0];
  if (body.token) {
    const session = await repo.findGameSession(ctx.db, provider.id, sha256(body.token));
    if (session) {
      if (memberId !== undefined && memberId !== session.member_id) throw new Refusal('INVALID_REQUEST', 'wallet.player_mismatch');
      // The session's member exists (the session was read with its member's row).
      return session.member_id;
    }
    if (memberId === undefined) throw new Refusal('SESSION_EXPIRED');
  }
  if (memberId === undefined) throw new Refusal('INVALID_REQUEST', 'wallet.unknown_player');
  if (!(await repo.findMember(ctx.db, memberId))) throw new Refusal('INVALID_REQUEST', 'wallet.unknown_player');
  return memberId;
}

async function providerGame(ctx: AppContext, provider: GameProvider, code: string): Promise<Game> {
  // Every callback names its game: the row is read at most once a second (lib/recent-reads.ts).
  const game = await recentRead(ctx.db, `provider-game:${provider.id}:${code}`, () => repo.findProviderGame(ctx.db, provider.id, code));
  if (!game) throw new Refusal('INVALID_REQUEST', 'wallet.unknown_game');
  return game;
}

/** A new stake needs the session's own game, open for play, and a stake within its limits. */
async function stakeGame(
  ctx: AppContext,
  provider: GameProvider,
  session: { game_id: number; member_id: number },
  code: string,
  amountCentavos: number,
): Promise<Game> {
  const game = await providerGame(ctx, provider, code);
  const player = session.member_id;
  if (game.id !== session.game_id) throw new Refusal('INVALID_REQUEST', 'wallet.game_mismatch', player);
  if (game.enabled !== 1) throw new Refusal('SESSION_EXPIRED', undefined, player);
  if (amountCentavos > game.max_bet_centavos || (amountCentavos > 0 && amountCentavos < game.min_bet_centavos)) {
    throw new Refusal('INVALID_REQUEST', 'wallet.bet_out_of_limits', player);
  }
  return game;
}

function roundOf(provider: GameProvider, game: Game, memberId: number, roundUid: string): RoundRef {
  return { providerId: provider.id, platType: provider.plat_type, gameId: game.id, category: game.category, memberId, roundUid };
}

async function settle(ctx: AppContext, memberId: number, txId: string, outcome: WalletOutcome): Promise<SeamlessReply> {
  if (!outcome.ok) {
    return reply(STATUS_OF_WALLET_ERROR[outcome.error], { balance: outcome.balanceCentavos, tx_id: txId, player_id: String(memberId) });
  }
  if (!outcome.replayed) {
    // After the commit: the player's open tabs see the new balance at once.
    await pushBalance(ctx.db, ctx.realtime, memberId).catch((error) => ctx.log.warn({ err: error }, 'balance push failed'));
  }
  return reply('OK', {
    balance: outcome.balanceCentavos,
    tx_id: txId,
    reference: String(outcome.transactionId),
    player_id: String(memberId),
    replayed: outcome.replayed,
  });
}

async function dispatch(ctx: AppContext, provider: GameProvider, action: SeamlessAction, body: unknown): Promise<SeamlessReply> {
  const open = provider.enabled === 1;
  switch (action) {
    case 'balance': {
      const input = parse(seamlessBalanceBodySchema, body);
      if (!open) throw new Refusal('SESSION_EXPIRED');
      const session = await liveSession(ctx, provider, input.token);
      if (input.game_code) await providerGame(ctx, provider, input.game_code);
      return reply('OK', { balance: await walletBalance(ctx.db, session.member_id), player_id: String(session.member_id) });
    }
    case 'bet': {
      const input = parse(seamlessBetBodySchema, body);
      if (!open) throw new Refusal('SESSION_EXPIRED');
      const session = await liveSession(ctx, provider, input.token);
      const game = await stakeGame(ctx, provider, session, input.game_code, input.amount);
      const round = roundOf(provider, game, session.member_id, input.round_id);
      // A bet retried after its rollback hears BET_ROLLED_BACK, a new bet into a closed round
      // BET_SETTLED or BET_ROLLED_BACK (the wallet core refuses both).
      const outcome = await runWallet(ctx.db, session.member_id, (trx) =>
        debit(trx, round, { txId: input.tx_id, amountCentavos: input.amount }),
      );
      return settle(ctx, session.member_id, input.tx_id, outcome);
    }
    case 'win': {
      const input = parse(seamlessWinBodySchema, body);
      if (input.amount > MAX_CENTAVOS) throw new Refusal('INVALID_REQUEST', 'wallet.amount_too_large');
      const memberId = await settlingPlayer(ctx, provider, input);
      const game = await providerGame(ctx, provider, input.game_code);
      const round = roundOf(provider, game, memberId, input.round_id);
      const outcome = await runWallet(ctx.db, memberId, (trx) =>
        credit(trx, round, { txId: input.tx_id, amountCentavos: input.amount, closeRound: input.round_closed !== false }),
      );
      return settle(ctx, memberId, input.tx_id, outcome);
    }
    case 'rollback': {
      const input = parse(seamlessRollbackBodySchema, body);
      const memberId = await settlingPlayer(ctx, provider, input);
      if (input.game_code) await providerGame(ctx, provider, input.game_code);
      const txId = input.tx_id ?? `rollback:${input.ref_tx_id}`;
      const outcome = await runWallet(ctx.db, memberId, (trx) =>
        rollback(trx, { providerId: provider.id, platType: provider.plat_type, memberId, txId, refTxId: input.ref_tx_id }),
      );
      return settle(ctx, memberId, txId, outcome);
    }
    case 'betwin': {
      const input = parse(seamlessBetWinBodySchema, body);
      if (input.bet_tx_id === input.win_tx_id || input.win_amount > MAX_CENTAVOS) throw new Refusal('INVALID_REQUEST');
      if (!open) throw new Refusal('SESSION_EXPIRED');
      const session = await liveSession(ctx, provider, input.token);
      const game = await stakeGame(ctx, provider, session, input.game_code, input.bet_amount);
      const round = roundOf(provider, game, session.member_id, input.round_id);
      // One transaction: the stake and the win stand together or not at all.
      const outcome = await runWallet(ctx.db, session.member_id, async (trx) => {
        const bet = await debit(trx, round, { txId: input.bet_tx_id, amountCentavos: input.bet_amount });
        const win = await credit(trx, round, { txId: input.win_tx_id, amountCentavos: input.win_amount });
        return { ...win, replayed: bet.replayed && win.replayed };
      });
      return settle(ctx, session.member_id, input.bet_tx_id, outcome);
    }
  }
}

export const isSeamlessAction = (action: string): action is SeamlessAction => (SEAMLESS_ACTIONS as readonly string[]).includes(action);

/** One callback: provider, signature, body, then the wallet. Never throws for a provider's mistake. */
export async function handleSeamlessCall(
  ctx: AppContext,
  platType: string,
  action: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<SeamlessReply> {
  // The provider's row (its secret, enabled) read at most once a second; the back office's change applies here at once.
  const provider = await recentRead(ctx.db, `provider:${platType}`, () => repo.findProvider(ctx.db, platType));
  // An unknown platform or one without a secret cannot sign: the same answer as a bad signature.
  if (provider?.kind !== 'external') return reply('INVALID_SIGNATURE', {});
  const verdict = await verifySeamlessSignature(ctx.counters, provider, headers, rawBody);
  if (verdict !== 'ok') {
    ctx.log.warn({ platType, action, verdict }, 'seamless call refused: signature');
    return reply('INVALID_SIGNATURE', {});
  }
  if (!isSeamlessAction(action)) return reply('INVALID_REQUEST', {});
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return reply('INVALID_REQUEST', {});
  }
  try {
    const result = await dispatch(ctx, provider, action, body);
    ctx.log.info({ platType, action, status: result.answer.status, tx: result.answer.tx_id }, 'seamless call');
    return result;
  } catch (error) {
    if (error instanceof Refusal) {
      const known =
        error.memberId === undefined ? {} : { balance: await walletBalance(ctx.db, error.memberId), player_id: String(error.memberId) };
      return reply(error.status, known, error.messageKey);
    }
    throw error;
  }
}
