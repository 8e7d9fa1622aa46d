import * as bingo from '@casino/games/bingo';
import * as blackjack from '@casino/games/blackjack';
import * as bacbo from '@casino/games/bacbo';
import * as baccarat from '@casino/games/baccarat';
import * as crash from '@casino/games/crash';
import * as dice from '@casino/games/dice';
import * as double from '@casino/games/double';
import * as keno from '@casino/games/keno';
import * as limbo from '@casino/games/limbo';
import * as hilo from '@casino/games/hilo';
import * as mines from '@casino/games/mines';
import * as plinko from '@casino/games/plinko';
import * as roulette from '@casino/games/roulette';
import * as carnaval from '@casino/games/slot-carnaval';
import * as fruit from '@casino/games/slot-fruit';
import * as videopoker from '@casino/games/videopoker';
import { formatMultiplier } from '@casino/games/exact';
import { formatCentavos } from '@casino/shared/money';
import { HOUSE_GAME_CODES, type HouseGameCode } from '@casino/shared/schemas/games';
import type { HouseConfig, HouseRoundView } from '@casino/shared/schemas/house-games';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/http.ts';
import { findPairById } from '../fair/fair.repository.ts';
import { loadHouseGame } from './house-game.ts';
import { findHouseGame, findMemberRound } from './house.repository.ts';
import { findSharedRoundOfGameRound } from './shared/shared-rounds.repository.ts';

/** "97.00" from basis points. */
export function rtpFromBasisPoints(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** A probability as a percentage string, floored to 4 decimals (0.98942 -> "98.9420"). */
const percent = (p: number) => (Math.floor(p * 1_000_000 + 1e-9) / 10_000).toFixed(4);
const hundredths = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** The constants a game's screen needs, straight from packages/games. */
function gameConstants(ctx: AppContext, code: HouseGameCode): Record<string, unknown> {
  switch (code) {
    case 'dice':
      return { min_chance: hundredths(dice.DICE_MIN_CHANCE), max_chance: hundredths(dice.DICE_MAX_CHANCE), outcomes: dice.DICE_OUTCOMES };
    case 'mines':
      return { tiles: mines.MINES_TILES, min_mines: mines.MINES_MIN, max_mines: mines.MINES_MAX };
    case 'plinko':
      return {
        min_rows: plinko.PLINKO_MIN_ROWS,
        max_rows: plinko.PLINKO_MAX_ROWS,
        risks: plinko.PLINKO_RISKS,
        /** tables[rows][risk][slot]: multipliers in hundredths. */
        tables: plinko.PLINKO_TABLES,
      };
    case 'roulette':
      return {
        bet_types: roulette.ROULETTE_BET_TYPES,
        payouts: roulette.ROULETTE_PAYOUTS,
        min_per_bet: formatCentavos(roulette.ROULETTE_LIMITS.minBetCentavos),
        max_per_bet: Object.fromEntries(
          Object.entries(roulette.ROULETTE_LIMITS.maxBetCentavos).map(([type, c]) => [type, formatCentavos(c)]),
        ),
        max_total: formatCentavos(roulette.ROULETTE_LIMITS.maxTotalCentavos),
        max_bets: roulette.ROULETTE_LIMITS.maxBets,
        chips: roulette.ROULETTE_CHIPS_CENTAVOS.map(formatCentavos),
        wheel: roulette.WHEEL_ORDER,
      };
    case 'fruit-frenzy':
      return {
        line_count: fruit.FRUIT_LINE_COUNT,
        lines: fruit.FRUIT_LINES,
        symbols: fruit.FRUIT_SYMBOLS,
        /** Three of a kind pays this many line bets (line bet = stake / 5). */
        paytable: fruit.FRUIT_PAYTABLE,
        multipliers: fruit.FRUIT_MULTIPLIERS,
      };
    case 'carnaval-20':
      return {
        line_count: carnaval.CARNAVAL_LINE_COUNT,
        lines: carnaval.CARNAVAL_LINES,
        symbols: carnaval.CARNAVAL_SYMBOLS,
        /** Line bets for 3, 4 and 5 of a kind (line bet = stake / 20). */
        paytable: carnaval.CARNAVAL_PAYTABLE,
        scatter: carnaval.CARNAVAL_SCATTER,
        free_multipliers: carnaval.CARNAVAL_FREE_MULTIPLIERS,
        max_free_spins: carnaval.CARNAVAL_MAX_FREE_SPINS,
      };
    case 'crash':
      return {
        betting_ms: ctx.config.CRASH_BETTING_MS,
        min_auto_cashout: hundredths(crash.CRASH_MIN_TARGET),
        max_auto_cashout: hundredths(crash.CRASH_MAX_TARGET),
        /** m(t) = e^(growth * ms). */
        growth: crash.CRASH_GROWTH,
      };
    case 'double':
      return {
        betting_ms: ctx.config.DOUBLE_BETTING_MS,
        spin_ms: ctx.config.DOUBLE_SPIN_MS,
        multipliers: double.DOUBLE_MULTIPLIERS,
        wheel: double.DOUBLE_WHEEL_ORDER,
      };
    // Issue 14's games: each fills its own case with its screen's constants.
    case 'blackjack':
      return {
        decks: blackjack.BLACKJACK_DECKS,
        max_hands: blackjack.BLACKJACK_MAX_HANDS,
        dealer_stands_soft_17: true,
        /** Returned per unit staked, stake included: blackjack 3:2, a win 1:1, insurance 2:1. */
        blackjack_pays: '3:2',
        insurance_pays: '2:1',
        double_any_two: true,
        double_after_split: true,
        split_aces_once: true,
        surrender: false,
        auto_stand_hours: 24,
      };
    case 'video-poker':
      return {
        /** Hand ranks, lowest first, and what each pays per unit staked (stake included): 9/6 Jacks or Better. */
        hands: videopoker.POKER_HANDS,
        paytable: videopoker.JACKS_OR_BETTER_9_6,
        decks: 1,
        /** The RTP under optimal holds, exact (99.5439%). */
        optimal_rtp: videopoker.declaredRtp,
      };
    case 'baccarat':
      return {
        decks: baccarat.BACCARAT_DECKS,
        bets: baccarat.BACCARAT_BETS,
        /** What a winning bet returns per unit staked, stake included ("1.95" = 0.95:1). */
        returns: Object.fromEntries(Object.entries(baccarat.BACCARAT_WIN_MULTIPLIERS).map(([bet, m]) => [bet, formatMultiplier(m, 2)])),
        /** Each bet's exact RTP as a percentage string (4 decimals). */
        rtps: {
          player: percent(baccarat.BACCARAT_DECLARED.player),
          banker: percent(baccarat.BACCARAT_DECLARED.banker),
          tie: percent(baccarat.BACCARAT_DECLARED.tie),
          player_pair: percent(baccarat.BACCARAT_DECLARED.pair),
          banker_pair: percent(baccarat.BACCARAT_DECLARED.pair),
        },
      };
    case 'bac-bo':
      return {
        bets: bacbo.BACBO_BETS,
        /** Tie pays "x to 1" by the tied total. */
        tie_pays: bacbo.BACBO_TIE_PAYS,
        /** Player and Banker return this share of the stake on a tie. */
        tie_refund: formatMultiplier(bacbo.BACBO_TIE_REFUND, 2),
        rtps: Object.fromEntries(bacbo.BACBO_BETS.map((bet) => [bet, percent(bacbo.bacboRtp(bet))])),
      };
    case 'keno':
      return {
        numbers: keno.KENO_NUMBERS,
        drawn: keno.KENO_DRAWN,
        min_picks: keno.KENO_MIN_PICKS,
        max_picks: keno.KENO_MAX_PICKS,
        risks: keno.KENO_RISKS,
        /** paytables[risk][picks - 1][hits]: the multiplier in tenths (39 = 3.9x), stake included. */
        paytables: keno.KENO_PAYTABLES,
        /** rtps[risk][picks - 1]: each table's exact RTP as a percentage string (4 decimals). */
        rtps: Object.fromEntries(
          keno.KENO_RISKS.map((risk) => [risk, Array.from({ length: keno.KENO_MAX_PICKS }, (_, i) => percent(keno.kenoRtp(i + 1, risk)))]),
        ),
      };
    case 'hi-lo':
      return {
        /** higher / lower / same, plus skip; a guess wins on w of 13 ranks and multiplies the round by 13 / w. */
        guesses: hilo.HILO_GUESSES,
        skip: true,
        ranks: 13,
        /** Ace low (1) .. king high (13); cards come from an infinite deck. */
        house_edge: '1.00',
        /** The round cashes out by itself at this multiplier. */
        auto_cashout: hilo.HILO_AUTO_CASHOUT.toString(),
      };
    case 'limbo':
      return {
        min_target: hundredths(limbo.LIMBO_MIN_TARGET),
        max_target: hundredths(limbo.LIMBO_MAX_TARGET),
        /** Every target returns 99% (to within 6e-14). */
        house_edge: '1.00',
      };
    case 'live-roulette':
      return {
        rng_table: true,
        betting_ms: ctx.config.LIVE_ROULETTE_BETTING_MS,
        spin_ms: ctx.config.LIVE_ROULETTE_SPIN_MS,
        pause_ms: ctx.config.LIVE_ROULETTE_PAUSE_MS,
        bet_types: roulette.ROULETTE_BET_TYPES,
        payouts: roulette.ROULETTE_PAYOUTS,
        min_per_bet: formatCentavos(roulette.ROULETTE_LIMITS.minBetCentavos),
        max_per_bet: Object.fromEntries(
          Object.entries(roulette.ROULETTE_LIMITS.maxBetCentavos).map(([type, c]) => [type, formatCentavos(c)]),
        ),
        max_total: formatCentavos(roulette.ROULETTE_LIMITS.maxTotalCentavos),
        max_bets: roulette.ROULETTE_LIMITS.maxBets,
        chips: roulette.ROULETTE_CHIPS_CENTAVOS.map(formatCentavos),
        wheel: roulette.WHEEL_ORDER,
        red_numbers: [...roulette.RED_NUMBERS].sort((x, y) => x - y),
      };
    case 'live-bac-bo':
      return {
        rng_table: true,
        betting_ms: ctx.config.LIVE_BACBO_BETTING_MS,
        roll_ms: ctx.config.LIVE_BACBO_ROLL_MS,
        pause_ms: ctx.config.LIVE_BACBO_PAUSE_MS,
        sides: bacbo.BACBO_BETS,
        /** Player and Banker return 2x; on a tie they return 90% of the stake. */
        side_multiplier: 2,
        tie_refund: '0.9',
        /** Tie pays "x to 1" by the tied total. */
        tie_pays: bacbo.BACBO_TIE_PAYS,
        rtp_by_side: { player: bacbo.bacboRtp('player'), banker: bacbo.bacboRtp('banker'), tie: bacbo.bacboRtp('tie') },
      };
    case 'bingo-75':
    case 'bingo-90': {
      const rules = bingo.BINGO_RULES[code];
      return {
        balls: rules.balls,
        card_price: formatCentavos(rules.priceCentavos),
        max_cards: ctx.config.BINGO_MAX_CARDS,
        buy_ms: ctx.config.BINGO_BUY_MS,
        ball_ms: ctx.config.BINGO_BALL_MS,
        pause_ms: ctx.config.BINGO_PAUSE_MS,
        prizes: rules.prizes,
        prize_percent: bingo.PRIZE_PERCENT,
        jackpot_percent: bingo.JACKPOT_PERCENT,
        house_edge_percent: bingo.HOUSE_EDGE_PERCENT,
        jackpot_balls: rules.jackpotBalls,
      };
    }
  }
}

function localName(namesJson: string, fallback: string, lang: string): string {
  try {
    const names = JSON.parse(namesJson) as Record<string, string>;
    return names[lang] ?? names.pt ?? fallback;
  } catch {
    return fallback;
  }
}

/** GET API.house.config?code=: limits from the catalogue row, constants from packages/games. */
export async function houseConfig(ctx: AppContext, code: HouseGameCode, lang: string): Promise<HouseConfig> {
  const row = await findHouseGame(ctx.db, code);
  const game = await loadHouseGame(ctx, code);
  if (!row || !game) throw new AppError('GAME_NOT_FOUND');
  return {
    code,
    name: localName(row.names_json, row.name, lang),
    enabled: game.enabled,
    min_bet: formatCentavos(game.minBetCentavos),
    max_bet: formatCentavos(game.maxBetCentavos),
    rtp: rtpFromBasisPoints(game.rtpBp),
    ...gameConstants(ctx, code),
  };
}

const isHouseCode = (code: string): code is HouseGameCode => (HOUSE_GAME_CODES as readonly string[]).includes(code);

/**
 * GET API.house.round(id): one of the member's house rounds with what the verify page needs to
 * replay it: its stored outcome and parameters, and its seed pair (the server seed only once the
 * pair was rotated out) or, for crash and double, the shared round's chain hash once it ended.
 * Anyone else's round is "not found".
 */
export async function houseRound(ctx: AppContext, memberId: number, roundId: number): Promise<HouseRoundView> {
  const round = await findMemberRound(ctx.db, memberId, roundId);
  if (!round || !isHouseCode(round.game_code)) throw new AppError('ROUND_NOT_FOUND');
  const game = await loadHouseGame(ctx, round.game_code);
  if (!game || game.providerId !== round.provider_id) throw new AppError('ROUND_NOT_FOUND');

  let seeds: HouseRoundView['seeds'] = null;
  if (round.seed_id !== null) {
    const pair = await findPairById(ctx.db, round.seed_id);
    if (pair) {
      const revealed = pair.revealed_at !== null;
      seeds = {
        server_seed_hash: pair.server_seed_hash,
        client_seed: pair.client_seed,
        nonce: round.nonce ?? 0,
        server_seed: revealed ? pair.server_seed : null,
        revealed,
      };
    }
  }
  let chain: HouseRoundView['chain'] = null;
  const shared = await findSharedRoundOfGameRound(ctx.db, round.round_uid);
  if (shared) {
    const ended = shared.status === 'ended';
    chain = {
      shared_round_id: shared.id,
      hash: ended ? shared.hash : null,
      chain_index: shared.chain_index,
      terminating_hash: shared.terminating_hash,
      salt: shared.salt,
      result: ended ? shared.result : null,
    };
  }
  return {
    id: round.id,
    game_code: round.game_code,
    status: round.status as HouseRoundView['status'],
    amount: formatCentavos(round.bet_centavos),
    win: formatCentavos(round.win_centavos),
    created_at: round.created_at,
    settled_at: round.settled_at,
    outcome: round.outcome_json ? JSON.parse(round.outcome_json) : null,
    seeds,
    chain,
  };
}
