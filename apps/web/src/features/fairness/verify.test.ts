import { createHash, createHmac } from 'node:crypto';
import { generateChain } from '@casino/games/crash';
import { fruitPayout } from '@casino/games/slot-fruit';
import { formatCentavos } from '@casino/shared/money';
import type { HouseRoundView } from '@casino/shared/schemas/house-games';
import { describe, expect, it } from 'vitest';
import {
  checkChainInput,
  checkRound,
  checkSeeds,
  computeChain,
  computeSeeded,
  DEFAULT_PARAMS,
  parseHundredths,
  parseNonce,
  stepsToTerminatingHash,
} from './verify.ts';

const SERVER_SEED = 'a'.repeat(16) + '0123456789abcdef'.repeat(3);
const CLIENT_SEED = 'lucky_player-7';

/** The first float of a bet, computed with Node's own HMAC (independent of @noble/hashes). */
function firstFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

function houseRound(overrides: Partial<HouseRoundView>): HouseRoundView {
  return {
    id: 41,
    game_code: 'dice',
    status: 'settled',
    amount: '10.00',
    win: '0.00',
    created_at: '2026-01-01T00:00:00.000Z',
    settled_at: '2026-01-01T00:00:00.000Z',
    outcome: {},
    seeds: {
      server_seed: SERVER_SEED,
      server_seed_hash: createHash('sha256').update(SERVER_SEED).digest('hex'),
      client_seed: CLIENT_SEED,
      nonce: 5,
      revealed: true,
    },
    chain: null,
    ...overrides,
  };
}

describe('verify input', () => {
  it('accepts a well-formed pair and refuses each malformed field with its own message', () => {
    expect(checkSeeds(` ${SERVER_SEED.toUpperCase()} `, CLIENT_SEED, '12')).toEqual({
      seeds: { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 12 },
    });
    expect(checkSeeds(SERVER_SEED.slice(1), 'has space', '-1')).toEqual({
      errors: { serverSeed: 'fairness.errors.server_seed', clientSeed: 'fairness.errors.client_seed', nonce: 'fairness.errors.nonce' },
    });
    expect(checkSeeds(`${SERVER_SEED.slice(1)}g`, CLIENT_SEED, '0')).toEqual({ errors: { serverSeed: 'fairness.errors.server_seed' } });
    expect(checkChainInput('z'.repeat(64), '')).toEqual({ errors: { hash: 'fairness.errors.hash', salt: 'fairness.errors.salt' } });
  });

  it('reads nonces and dice targets exactly', () => {
    expect(parseNonce('007')).toBe(7);
    expect(parseNonce('1.5')).toBeNull();
    expect(parseNonce('1e3')).toBeNull();
    expect(parseHundredths('50.5')).toBe(5050);
    expect(parseHundredths('49,99')).toBe(4999);
    expect(parseHundredths('12.345')).toBeNull();
  });
});

describe('recomputation', () => {
  it('rolls the dice from the first HMAC float, as REFERENCE.md defines it', () => {
    for (const nonce of [0, 1, 2, 99]) {
      const outcome = computeSeeded('dice', { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce }, DEFAULT_PARAMS);
      if (outcome.game !== 'dice') throw new Error('expected a dice outcome');
      expect(outcome.roll).toBe(Math.floor(firstFloat(SERVER_SEED, CLIENT_SEED, nonce) * 10_001));
      expect(outcome.win).toBe(outcome.roll > DEFAULT_PARAMS.diceTarget);
    }
  });

  it('spins roulette from the first float and lays distinct mines', () => {
    const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 3 };
    const spin = computeSeeded('roulette', seeds, DEFAULT_PARAMS);
    expect(spin).toMatchObject({ game: 'roulette', number: Math.floor(firstFloat(SERVER_SEED, CLIENT_SEED, 3) * 37) });
    const board = computeSeeded('mines', seeds, { ...DEFAULT_PARAMS, mines: 24 });
    if (board.game !== 'mines') throw new Error('expected a mines outcome');
    expect(new Set(board.minePositions).size).toBe(24);
  });

  it('derives a crash point from HMAC(hash, salt) with the 97% formula', () => {
    const hash = createHash('sha256').update('round').digest('hex');
    const salt = 'public-salt';
    const top52 = BigInt(`0x${createHmac('sha256', hash).update(salt).digest('hex').slice(0, 13)}`);
    const expected = Number((97n * 2n ** 52n) / (2n ** 52n - top52));
    expect(computeChain('crash', hash, salt)).toEqual({ game: 'crash', crashPoint: Math.max(100, expected) });
    const double = computeChain('double', hash, salt);
    expect(double).toMatchObject({ game: 'double', roll: Number((top52 * 15n) >> 52n) });
  });

  it('finds a round hash on its chain, and not a stranger', async () => {
    const chain = generateChain('c'.repeat(64), 12);
    const terminating = chain[chain.length - 1]!;
    expect(await stepsToTerminatingHash(chain[4]!, terminating)).toBe(7);
    expect(await stepsToTerminatingHash(terminating, terminating)).toBe(0);
    const stranger = createHash('sha256').update('nope').digest('hex');
    expect(await stepsToTerminatingHash(stranger, terminating, undefined, AbortSignal.abort())).toBeNull();
  });
});

describe('a recorded round against its recomputation', () => {
  const seeds = { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: 5 };

  it('matches an honest dice round fact by fact, payout included', () => {
    const params = { ...DEFAULT_PARAMS, diceTarget: 2500, diceDirection: 'over' as const };
    const outcome = computeSeeded('dice', seeds, params);
    if (outcome.game !== 'dice') throw new Error('expected a dice outcome');
    // A win at 75% chance pays 99/75 = 1.32x: R$ 10,00 returns R$ 13,20.
    const win = outcome.win ? '13.20' : '0.00';
    const check = checkRound(
      houseRound({ win, outcome: { roll: outcome.roll, target: 2500, direction: 'over', chance: 7500, win: outcome.win } }),
    );
    expect(check.kind).toBe('checked');
    if (check.kind !== 'checked') return;
    expect(check.commitment).toBe(true);
    expect(check.facts.map((f) => [f.label, f.equal])).toEqual([
      ['roll', true],
      ['result', true],
      ['payout', true],
    ]);
    expect(check.match).toBe(true);
  });

  it('flags a tampered roll, a wrong payout and a seed that does not fit its hash', () => {
    const outcome = computeSeeded('dice', seeds, DEFAULT_PARAMS);
    if (outcome.game !== 'dice') throw new Error('expected a dice outcome');
    const tampered = houseRound({
      win: '999.00',
      outcome: { roll: (outcome.roll + 1) % 10_001, target: 5000, direction: 'over', win: outcome.win },
      seeds: { server_seed: SERVER_SEED, server_seed_hash: 'f'.repeat(64), client_seed: CLIENT_SEED, nonce: 5, revealed: true },
    });
    const check = checkRound(tampered);
    if (check.kind !== 'checked') throw new Error('expected a checked round');
    expect(check.match).toBe(false);
    expect(check.commitment).toBe(false);
    expect(check.facts.find((f) => f.label === 'roll')?.equal).toBe(false);
    expect(check.facts.find((f) => f.label === 'payout')?.equal).toBe(false);
  });

  it('replays stored mine reveals on the recomputed board', () => {
    const board = computeSeeded('mines', seeds, { ...DEFAULT_PARAMS, mines: 3 });
    if (board.game !== 'mines') throw new Error('expected a mines outcome');
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((tile) => !board.minePositions.includes(tile));
    // Two safe tiles with 3 mines: 0.99 * C(25,2) / C(22,2) = 0.99 * 300 / 231, so R$ 10,00 returns R$ 12,85.
    const round = houseRound({
      game_code: 'mines',
      win: '12.85',
      outcome: {
        game: 'mines',
        params: { mines: 3 },
        status: 'cashed_out',
        mine_positions: board.minePositions,
        revealed: safe.slice(0, 2),
      },
    });
    const check = checkRound(round);
    if (check.kind !== 'checked') throw new Error('expected a checked round');
    expect(check.facts.map((f) => [f.label, f.equal])).toEqual([
      ['mine_tiles', true],
      ['payout', true],
    ]);
    const busted = checkRound(
      houseRound({
        game_code: 'mines',
        win: '0.00',
        outcome: { mines: 3, mine_positions: board.minePositions, revealed: [safe[0]!, board.minePositions[0]!] },
      }),
    );
    expect(busted.kind === 'checked' && busted.match).toBe(true);
  });

  it("checks a slot spin stored whole, the wheel's value read from the result and not the round's multiplier", () => {
    const spin = computeSeeded('fruit-frenzy', seeds, DEFAULT_PARAMS);
    if (spin.game !== 'fruit-frenzy') throw new Error('expected a fruit spin');
    const win = formatCentavos(fruitPayout(1000, spin.outcome));
    const stored = { game: 'fruit-frenzy', params: { bet_centavos: 1000 }, result: spin.outcome, multiplier: '9.9999' };
    const check = checkRound(houseRound({ game_code: 'fruit-frenzy', win, outcome: stored }));
    if (check.kind !== 'checked') throw new Error('expected a checked round');
    expect(check.facts.map((f) => [f.label, f.equal])).toEqual([
      ['stops', true],
      ['wheel', true],
      ['payout', true],
    ]);
    const otherStops = { ...spin.outcome, stops: spin.outcome.stops.map((stop) => stop + 1) };
    const moved = checkRound(houseRound({ game_code: 'fruit-frenzy', win, outcome: { ...stored, result: otherStops } }));
    expect(moved.kind === 'checked' && moved.match).toBe(false);
  });

  it('waits for the server seed to be revealed, and for a shared round to end', () => {
    const hidden = houseRound({
      seeds: { server_seed: null, server_seed_hash: 'f'.repeat(64), client_seed: CLIENT_SEED, nonce: 5, revealed: false },
    });
    expect(checkRound(hidden)).toEqual({ kind: 'pending', reason: 'not_revealed' });
    const running = houseRound({
      game_code: 'crash',
      seeds: null,
      chain: { shared_round_id: 1, hash: null, chain_index: 3, terminating_hash: 'e'.repeat(64), salt: 's', result: null },
    });
    expect(checkRound(running)).toEqual({ kind: 'pending', reason: 'not_ended' });
  });

  it('checks a crash round by its chain hash and salt', () => {
    const hash = createHash('sha256').update('crash-round').digest('hex');
    const point = computeChain('crash', hash, 'salt-1');
    if (point.game !== 'crash') throw new Error('expected a crash point');
    const chain = { shared_round_id: 9, hash, chain_index: 1, terminating_hash: 'e'.repeat(64), salt: 'salt-1', result: point.crashPoint };
    const honest = checkRound(houseRound({ game_code: 'crash', seeds: null, chain }));
    expect(honest.kind === 'checked' && honest.match).toBe(true);
    const lie = checkRound(houseRound({ game_code: 'crash', seeds: null, chain: { ...chain, result: point.crashPoint + 1 } }));
    expect(lie.kind === 'checked' && lie.match).toBe(false);
  });
});
