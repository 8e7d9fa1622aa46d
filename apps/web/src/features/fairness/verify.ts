import * as bingo from '@casino/games/bingo';
import * as blackjack from '@casino/games/blackjack';
import * as crash from '@casino/games/crash';
import * as dice from '@casino/games/dice';
import * as double from '@casino/games/double';
import * as live from '@casino/games/live-tables';
import { formatMultiplier, type Multiplier } from '@casino/games/exact';
import { hashServerSeed, hmacFloats, isValidClientSeed, isValidNonce, isValidServerSeed, type Seeds } from '@casino/games/fair';
import * as mines from '@casino/games/mines';
import * as plinko from '@casino/games/plinko';
import * as roulette from '@casino/games/roulette';
import * as carnaval from '@casino/games/slot-carnaval';
import * as fruit from '@casino/games/slot-fruit';
import { formatCentavos, moneyStringToCentavos } from '@casino/shared/money';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import type { HouseRoundView } from '@casino/shared/schemas/house-games';
import { blackjackShoe, cardsText, handsText, replayBlackjack } from './verify-blackjack.ts';
import {
  computeTable,
  DEFAULT_TABLE_PARAMS,
  isTableGame,
  type TableOutcome,
  type TableParams,
  tableFacts,
  tableParamsFromRecorded,
  tableParamsProblem,
} from './verify-table.ts';
import { cardCodes, hiloStream, hiloReplayPayout, replayHilo, replayVideoPoker, videoPokerDeck, videoPokerPayout } from './verify-cards.ts';

/**
 * The verify tool's logic, apart from React: an outcome recomputed in the browser from seeds
 * (or from a shared round's hash and salt) by the same packages/games code the server runs, and
 * a recorded round compared with its recomputation fact by fact.
 */

/** Games played with the member's seed pair, and games played from a shared hash chain. */
export const SEEDED_GAMES = [
  'dice',
  'mines',
  'plinko',
  'roulette',
  'fruit-frenzy',
  'carnaval-20',
  'blackjack',
  'hi-lo',
  'video-poker',
  'keno',
  'limbo',
  'baccarat',
  'bac-bo',
] as const;
export const CHAIN_GAMES = ['crash', 'double', 'bingo-75', 'bingo-90', 'live-roulette', 'live-bac-bo'] as const;
export type SeededGame = (typeof SEEDED_GAMES)[number];
export type ChainGame = (typeof CHAIN_GAMES)[number];
export const VERIFY_GAMES: readonly HouseGameCode[] = [...CHAIN_GAMES, ...SEEDED_GAMES];

export const isSeededGame = (game: string): game is SeededGame => (SEEDED_GAMES as readonly string[]).includes(game);
export const isChainGame = (game: string): game is ChainGame => (CHAIN_GAMES as readonly string[]).includes(game);

export type GameParams = {
  /** Dice target in hundredths (5050 = 50.50). */
  diceTarget: number;
  diceDirection: dice.DiceDirection;
  mines: number;
  plinkoRows: number;
  plinkoRisk: plinko.PlinkoRisk;
} & TableParams;

export const DEFAULT_PARAMS: GameParams = {
  diceTarget: 5000,
  diceDirection: 'over',
  mines: 3,
  plinkoRows: 16,
  plinkoRisk: 'medium',
  ...DEFAULT_TABLE_PARAMS,
};

export type Outcome =
  | TableOutcome
  | { game: 'dice'; roll: number; win: boolean; chance: number; multiplier: string; target: number; direction: dice.DiceDirection }
  | { game: 'mines'; mines: number; minePositions: number[] }
  | { game: 'plinko'; rows: number; risk: plinko.PlinkoRisk; path: number[]; slot: number; multiplier: string; table: readonly number[] }
  | { game: 'roulette'; number: number; color: roulette.RouletteColor }
  | { game: 'fruit-frenzy'; outcome: fruit.FruitOutcome }
  | { game: 'carnaval-20'; outcome: carnaval.CarnavalOutcome }
  /** The whole shuffled shoe, dealt from position 0. */
  | { game: 'blackjack'; shoe: number[] }
  /** Hi-Lo: the round's cards in the order they are shown (an infinite deck, one uniform draw of 52 each). */
  | { game: 'hi-lo'; cards: number[] }
  /** Video poker: the shuffled deck's first ten cards, the deal (0..4) then the replacements. */
  | { game: 'video-poker'; deck: number[] }
  | { game: 'crash'; crashPoint: number }
  | { game: 'double'; roll: number; color: double.DoubleColor }
  /** Live roulette: the number; live Bac Bo: the four dice (Player 1, Player 2, Banker 1, Banker 2). */
  | { game: 'live-roulette'; number: number; color: roulette.RouletteColor }
  | { game: 'live-bac-bo'; dice: number[]; playerTotal: number; bankerTotal: number; result: number }
  /** The whole ball order, and the cards asked for by id (`${purchase}-${index}`). */
  | { game: 'bingo-75' | 'bingo-90'; balls: number[]; cards: { id: string; cells: number[] }[] };

/** A problem with the typed input, as a `fairness.*` catalogue key per field. */
export type InputErrors = Partial<Record<'serverSeed' | 'clientSeed' | 'nonce' | 'hash' | 'salt' | 'params', string>>;

const SALT = /^[\x21-\x7e]{1,128}$/;

/** Reads a nonce typed as text: a whole number from 0 up, nothing else. */
export function parseNonce(text: string): number | null {
  const clean = text.trim();
  if (!/^\d{1,15}$/.test(clean)) return null;
  const nonce = Number(clean);
  return isValidNonce(nonce) ? nonce : null;
}

/** A dice target typed as "50.50" (two decimals at most) in hundredths, or null. */
export function parseHundredths(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function checkSeeds(serverSeed: string, clientSeed: string, nonceText: string): { seeds: Seeds } | { errors: InputErrors } {
  const errors: InputErrors = {};
  const server = serverSeed.trim().toLowerCase();
  const client = clientSeed.trim();
  const nonce = parseNonce(nonceText);
  if (!isValidServerSeed(server)) errors.serverSeed = 'fairness.errors.server_seed';
  if (!isValidClientSeed(client)) errors.clientSeed = 'fairness.errors.client_seed';
  if (nonce === null) errors.nonce = 'fairness.errors.nonce';
  if (Object.keys(errors).length > 0 || nonce === null) return { errors };
  return { seeds: { serverSeed: server, clientSeed: client, nonce } };
}

export function checkChainInput(hash: string, salt: string): { hash: string; salt: string } | { errors: InputErrors } {
  const errors: InputErrors = {};
  const cleanHash = hash.trim().toLowerCase();
  const cleanSalt = salt.trim();
  if (!crash.isValidHash(cleanHash)) errors.hash = 'fairness.errors.hash';
  if (!SALT.test(cleanSalt)) errors.salt = 'fairness.errors.salt';
  if (Object.keys(errors).length > 0) return { errors };
  return { hash: cleanHash, salt: cleanSalt };
}

export function paramsProblem(game: SeededGame, params: GameParams): string | null {
  if (isTableGame(game)) return tableParamsProblem(game, params);
  if (game === 'dice' && !dice.isValidDiceParams({ target: params.diceTarget, direction: params.diceDirection })) {
    return 'fairness.errors.dice';
  }
  if (game === 'mines' && !mines.isValidMinesCount(params.mines)) return 'fairness.errors.mines';
  if (game === 'plinko' && !plinko.isValidPlinkoParams({ rows: params.plinkoRows, risk: params.plinkoRisk }))
    return 'fairness.errors.plinko';
  return null;
}

const mult = (m: Multiplier) => formatMultiplier(m, 4);

/** The outcome a seed pair and nonce give in one game: the very code the server ran. */
export function computeSeeded(game: SeededGame, seeds: Seeds, params: GameParams): Outcome {
  const source = hmacFloats(seeds);
  switch (game) {
    case 'dice': {
      const p = { target: params.diceTarget, direction: params.diceDirection };
      const o = dice.play(source, p);
      return { game, roll: o.roll, win: o.win, chance: o.chance, multiplier: mult(o.multiplier), ...p };
    }
    case 'mines':
      return { game, mines: params.mines, minePositions: mines.play(source, { mines: params.mines }).minePositions };
    case 'plinko': {
      const o = plinko.play(source, { rows: params.plinkoRows, risk: params.plinkoRisk });
      return {
        game,
        rows: o.rows,
        risk: o.risk,
        path: o.path,
        slot: o.slot,
        multiplier: mult(o.multiplier),
        table: plinko.plinkoTable(o.rows, o.risk),
      };
    }
    case 'roulette': {
      const o = roulette.play(source);
      return { game, number: o.number, color: o.color };
    }
    case 'fruit-frenzy':
      return { game, outcome: fruit.play(source) };
    case 'carnaval-20':
      return { game, outcome: carnaval.play(source) };
    case 'hi-lo':
      return { game, cards: hiloStream(source) };
    case 'video-poker':
      return { game, deck: videoPokerDeck(source) };
    case 'blackjack':
      return { game, shoe: blackjackShoe(source) };
    case 'keno':
    case 'limbo':
    case 'baccarat':
    case 'bac-bo':
      return computeTable(game, source, params);
  }
}

/** Bingo card ids typed as "12-0, 12-1": the well-formed ones, at most 48. */
export function parseCardIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((id) => /^\d{1,15}-\d{1,2}$/.test(id)))].slice(0, 48);
}

/** The result of a shared round from its chain hash and the chain's salt (bingo: and the cards asked for). */
export function computeChain(game: ChainGame, hash: string, salt: string, cardIds: readonly string[] = []): Outcome {
  if (game === 'bingo-75' || game === 'bingo-90') {
    return {
      game,
      balls: bingo.ballOrder(game, hash, salt),
      cards: cardIds.map((id) => ({ id, cells: bingo.bingoCard(game, hash, salt, id) })),
    };
  }
  if (game === 'crash') return { game, crashPoint: crash.crashPointFromHash(hash, salt, crash.declaredRtp) };
  if (game === 'live-roulette') {
    const number = live.liveRouletteNumberFromHash(hash, salt);
    return { game, number, color: roulette.rouletteColor(number) };
  }
  if (game === 'live-bac-bo') {
    const dice = live.liveBacboDiceFromHash(hash, salt);
    return { game, dice, playerTotal: dice[0] + dice[1], bankerTotal: dice[2] + dice[3], result: live.encodeBacboDice(dice) };
  }
  const roll = double.doubleRollFromHash(hash, salt);
  return { game, roll, color: double.doubleColor(roll) };
}

/** "2.35x" from hundredths. */
export function formatHundredthsX(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}x`;
}

/** "42.37" from a dice roll in hundredths. */
export function formatRoll(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

export function commitmentMatches(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}

// ---- chain membership ------------------------------------------------------------------------

/** Hashes to walk at most when checking that a round's hash leads to the published terminating hash. */
export const MAX_CHAIN_STEPS = 2_000_000;
const CHAIN_SLICE = 5_000;

/**
 * Walks hash -> sha256(hash) -> ... until the terminating hash (the steps taken) or the limit
 * (null); yields to the page between slices so a long chain keeps it responsive.
 */
export async function stepsToTerminatingHash(
  hash: string,
  terminatingHash: string,
  onProgress?: (steps: number) => void,
  signal?: AbortSignal,
): Promise<number | null> {
  if (!crash.isValidHash(hash) || !crash.isValidHash(terminatingHash)) return null;
  let current = hash;
  for (let steps = 0; steps <= MAX_CHAIN_STEPS; steps += 1) {
    if (current === terminatingHash) return steps;
    current = crash.nextChainHash(current);
    if (steps % CHAIN_SLICE === CHAIN_SLICE - 1) {
      onProgress?.(steps + 1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) return null;
    }
  }
  return null;
}

// ---- a recorded round against its recomputation ---------------------------------------------

/** One compared fact: a label key (`fairness.facts.*`), the stored and the recomputed value. */
export type Fact = { label: string; recorded: string; recomputed: string; equal: boolean };

export type RoundCheck =
  | { kind: 'pending'; reason: 'not_revealed' | 'not_ended' | 'no_seeds' | 'unsupported' }
  | { kind: 'checked'; outcome: Outcome; facts: Fact[]; match: boolean; commitment: boolean | null };

type Loose = Record<string, unknown>;
const asObject = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

/**
 * The stored outcome as one flat object: the server keeps `{ game, params, result, ... }`
 * (mines keeps its fields at the top), so the result's fields win over the parameters'.
 */
function flatten(recorded: unknown): Loose {
  const o = asObject(recorded);
  return { ...o, ...asObject(o.params), ...asObject(o.result) };
}
const pick = (o: Loose, ...keys: string[]): unknown => keys.map((k) => o[k]).find((v) => v !== undefined);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const numbers = (value: unknown): number[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'number') ? (value as number[]) : null;
const show = (value: unknown): string =>
  value === null || value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : String(value);

function fact(label: string, recorded: unknown, recomputed: unknown): Fact {
  const r = show(recorded);
  const c = show(recomputed);
  return { label, recorded: r, recomputed: c, equal: r === c };
}

const sorted = (list: number[] | null) => (list ? [...list].sort((a, b) => a - b) : null);
const pathText = (path: number[] | null) => (path ? path.map((step) => (step === 1 ? 'R' : 'L')).join('') : null);
const money = (centavos: number) => formatCentavos(centavos);

/** The parameters a stored outcome carries (dice target, mines count, plinko rows and risk). */
export function paramsFromRecorded(game: SeededGame, recorded: unknown): GameParams {
  const o = flatten(recorded);
  const params = { ...DEFAULT_PARAMS };
  if (isTableGame(game)) return { ...params, ...tableParamsFromRecorded(game, o, params) };
  if (game === 'dice') {
    params.diceTarget = num(o.target) ?? params.diceTarget;
    params.diceDirection = o.direction === 'under' ? 'under' : 'over';
  }
  if (game === 'mines') params.mines = num(pick(o, 'mines', 'mines_count')) ?? params.mines;
  if (game === 'plinko') {
    params.plinkoRows = num(o.rows) ?? params.plinkoRows;
    params.plinkoRisk = (plinko.PLINKO_RISKS as readonly string[]).includes(String(o.risk))
      ? (o.risk as plinko.PlinkoRisk)
      : params.plinkoRisk;
  }
  return params;
}

/** Roulette chips as stored ({ type, numbers, index, amount }) to the maths' stakes. */
function rouletteStakes(recorded: Loose): roulette.RouletteStake[] | null {
  if (!Array.isArray(recorded.bets)) return null;
  const stakes: roulette.RouletteStake[] = [];
  for (const raw of recorded.bets) {
    const chip = asObject(raw);
    const amount = typeof chip.amount === 'string' ? moneyStringToCentavos(chip.amount) : null;
    if (amount === null || typeof chip.type !== 'string') return null;
    const bet: roulette.RouletteBet = { type: chip.type as roulette.RouletteBetType };
    const covered = numbers(chip.numbers);
    if (covered && covered.length > 0) bet.numbers = covered;
    if (typeof chip.index === 'number') bet.index = chip.index;
    stakes.push({ bet, amountCentavos: amount });
  }
  return stakes;
}

/** Replays the stored reveals on the recomputed board: a mine pays nothing, else the cash-out. */
function minesReplayPayout(outcome: Extract<Outcome, { game: 'mines' }>, revealed: number[], betCentavos: number): number {
  let state = mines.startState({ mines: outcome.mines, minePositions: outcome.minePositions });
  for (const tile of revealed) {
    const step = mines.reveal(state, tile);
    if (!step.ok) break;
    state = step.state;
  }
  return mines.minesPayout(betCentavos, state);
}

function seededFacts(outcome: Outcome, recorded: Loose, betCentavos: number, winCentavos: number): Fact[] {
  switch (outcome.game) {
    case 'keno':
    case 'limbo':
    case 'baccarat':
    case 'bac-bo':
      return tableFacts(outcome, recorded, betCentavos, winCentavos).map((f) => fact(f.label, f.recorded, f.recomputed));
    case 'dice': {
      const roll = num(recorded.roll);
      const payout = dice.dicePayout(betCentavos, {
        roll: outcome.roll,
        win: outcome.win,
        chance: outcome.chance,
        multiplier: dice.diceMultiplier({ target: outcome.target, direction: outcome.direction }),
      });
      return [
        fact('roll', roll === null ? null : formatRoll(roll), formatRoll(outcome.roll)),
        fact('result', typeof recorded.win === 'boolean' ? (recorded.win ? 'win' : 'loss') : null, outcome.win ? 'win' : 'loss'),
        fact('payout', money(winCentavos), money(payout)),
      ];
    }
    case 'mines': {
      const facts = [fact('mine_tiles', sorted(numbers(pick(recorded, 'mine_positions', 'minePositions'))), sorted(outcome.minePositions))];
      const revealed = numbers(recorded.revealed);
      if (revealed) facts.push(fact('payout', money(winCentavos), money(minesReplayPayout(outcome, revealed, betCentavos))));
      return facts;
    }
    case 'plinko': {
      const payout = plinko.plinkoPayout(betCentavos, {
        rows: outcome.rows,
        risk: outcome.risk,
        path: outcome.path,
        slot: outcome.slot,
        multiplier: { num: outcome.table[outcome.slot] ?? 0, den: 100 },
      });
      return [
        fact('path', pathText(numbers(recorded.path)), pathText(outcome.path)),
        fact('slot', num(recorded.slot), outcome.slot),
        fact('payout', money(winCentavos), money(payout)),
      ];
    }
    case 'roulette': {
      const stakes = rouletteStakes(recorded);
      const facts = [fact('number', num(recorded.number), outcome.number)];
      if (stakes)
        facts.push(fact('payout', money(winCentavos), money(roulette.settleRoulette(outcome.number, stakes).totalReturnCentavos)));
      return facts;
    }
    case 'fruit-frenzy':
      return [
        fact('stops', numbers(recorded.stops), outcome.outcome.stops),
        fact('wheel', num(recorded.multiplier), outcome.outcome.multiplier),
        fact('payout', money(winCentavos), money(fruit.fruitPayout(betCentavos, outcome.outcome))),
      ];
    case 'carnaval-20': {
      const base = asObject(recorded.base);
      const free = Array.isArray(pick(recorded, 'freeSpins', 'free_spins'))
        ? (pick(recorded, 'freeSpins', 'free_spins') as unknown[])
        : null;
      return [
        fact('stops', numbers(base.stops), outcome.outcome.base.stops),
        fact('free_spins', free ? free.length : null, outcome.outcome.freeSpins.length),
        fact('payout', money(winCentavos), money(carnaval.carnavalPayout(betCentavos, outcome.outcome))),
      ];
    }
    case 'blackjack': {
      // The stored moves replayed on the recomputed shoe: the same cards, the same return.
      const state = asObject(recorded.state);
      const bet = num(recorded.bet_centavos) ?? betCentavos;
      const replay = replayBlackjack(outcome.shoe, bet, recorded.moves);
      return [
        fact('dealer_cards', cardsText(numbers(state.dealer)), replay ? cardsText(replay.dealer) : null),
        fact(
          'hands',
          handsText(Array.isArray(state.hands) ? (state.hands as { cards: number[] }[]) : null),
          replay ? handsText(replay.hands) : null,
        ),
        fact('payout', money(winCentavos), replay ? money(blackjack.blackjackPayout(replay)) : null),
      ];
    }
    case 'hi-lo': {
      // The stored moves replayed on the recomputed cards: the same cards, the same return.
      const bet = num(recorded.bet_centavos) ?? betCentavos;
      const replay = replayHilo(outcome.cards, recorded.moves, recorded.status === 'cashed_out');
      return [
        fact('cards', cardCodes(numbers(recorded.cards)), replay ? cardCodes(replay.cards) : null),
        fact('payout', money(winCentavos), replay ? money(hiloReplayPayout(bet, replay)) : null),
      ];
    }
    case 'video-poker': {
      // The stored hold applied to the recomputed deck.
      const bet = num(recorded.bet_centavos) ?? betCentavos;
      const replay = replayVideoPoker(outcome.deck, recorded.held);
      return [
        fact('hand', cardCodes(numbers(recorded.hand)), cardCodes(outcome.deck.slice(0, 5))),
        fact('final_hand', cardCodes(numbers(recorded.final)), replay ? cardCodes(replay.final) : null),
        fact('payout', money(winCentavos), replay ? money(videoPokerPayout(bet, replay)) : null),
      ];
    }
    default:
      return [];
  }
}

/** Compares a round from API.house.round(id) with what its seeds (or chain hash) give. */
export function checkRound(round: HouseRoundView): RoundCheck {
  const game = round.game_code;
  const recorded = flatten(round.outcome);
  const betCentavos = moneyStringToCentavos(round.amount) ?? 0;
  const winCentavos = moneyStringToCentavos(round.win) ?? 0;
  if (isChainGame(game)) {
    const chain = round.chain;
    if (!chain) return { kind: 'pending', reason: 'no_seeds' };
    if (!chain.hash || chain.result === null) return { kind: 'pending', reason: 'not_ended' };
    const cardIds = Array.isArray(recorded.cards)
      ? (recorded.cards as { id?: unknown }[]).flatMap((c) => (typeof c?.id === 'string' ? [c.id] : []))
      : [];
    const outcome = computeChain(game, chain.hash, chain.salt, cardIds);
    const facts =
      outcome.game === 'crash'
        ? [fact('crash_point', formatHundredthsX(chain.result), formatHundredthsX(outcome.crashPoint))]
        : outcome.game === 'double'
          ? [fact('roll', chain.result, outcome.roll)]
          : outcome.game === 'live-roulette'
            ? [fact('roll', chain.result, outcome.number)]
            : outcome.game === 'live-bac-bo'
              ? [fact('roll', chain.result, outcome.result)]
              : outcome.game === 'bingo-75' || outcome.game === 'bingo-90'
                ? [fact('first_ball', chain.result, outcome.balls[0])]
                : [];
    return { kind: 'checked', outcome, facts, match: facts.every((f) => f.equal), commitment: null };
  }
  if (!isSeededGame(game)) return { kind: 'pending', reason: 'unsupported' };
  const seeds = round.seeds;
  if (!seeds) return { kind: 'pending', reason: 'no_seeds' };
  if (!seeds.revealed || !seeds.server_seed) return { kind: 'pending', reason: 'not_revealed' };
  const outcome = computeSeeded(
    game,
    { serverSeed: seeds.server_seed, clientSeed: seeds.client_seed, nonce: seeds.nonce },
    paramsFromRecorded(game, recorded),
  );
  const facts = seededFacts(outcome, recorded, betCentavos, winCentavos);
  return {
    kind: 'checked',
    outcome,
    facts,
    match: facts.length > 0 && facts.every((f) => f.equal),
    commitment: commitmentMatches(seeds.server_seed, seeds.server_seed_hash),
  };
}
