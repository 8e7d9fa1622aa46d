import { createHash, createHmac } from 'node:crypto';
import * as bacbo from '@casino/games/bacbo';
import * as baccarat from '@casino/games/baccarat';
import { cardCode } from '@casino/games/cards';
import { hmacFloats } from '@casino/games/fair';
import * as keno from '@casino/games/keno';
import * as limbo from '@casino/games/limbo';
import { formatCentavos } from '@casino/shared/money';
import type { HouseRoundView } from '@casino/shared/schemas/house-games';
import { describe, expect, it } from 'vitest';
import { checkRound, computeSeeded, DEFAULT_PARAMS, paramsFromRecorded, paramsProblem } from './verify.ts';

const SERVER_SEED = '0123456789abcdef'.repeat(4);
const CLIENT_SEED = 'table_games-1';
const seeds = (nonce: number) => ({ serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });

/** Words of the byte stream with Node's own HMAC (independent of @noble/hashes). */
function words(nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const digest = createHmac('sha256', SERVER_SEED).update(`${CLIENT_SEED}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4) out.push(digest.readUInt32BE(i));
  }
  return out;
}

function round(game: HouseRoundView['game_code'], nonce: number, outcome: unknown, amount: string, win: string): HouseRoundView {
  return {
    id: 7,
    game_code: game,
    status: 'settled',
    amount,
    win,
    created_at: '2026-01-01T00:00:00.000Z',
    settled_at: '2026-01-01T00:00:00.000Z',
    outcome,
    seeds: {
      server_seed: SERVER_SEED,
      server_seed_hash: createHash('sha256').update(SERVER_SEED).digest('hex'),
      client_seed: CLIENT_SEED,
      nonce,
      revealed: true,
    },
    chain: null,
  };
}

describe('verify tool: keno, limbo, baccarat, bac bo', () => {
  it('keno: the draw is the forward Fisher-Yates of 1..40 on the stream, and a recorded round matches', () => {
    // Independent: rejection sampling and swaps written from the formula's text.
    const w = words(3, 40);
    const board = Array.from({ length: 40 }, (_, i) => i + 1);
    let k = 0;
    for (let i = 0; i < 10; i += 1) {
      const n = 40 - i;
      const limit = 2 ** 32 - (2 ** 32 % n);
      let u = w[k++] as number;
      while (u >= limit) u = w[k++] as number;
      const j = i + (u % n);
      [board[i], board[j]] = [board[j] as number, board[i] as number];
    }
    const params = { ...DEFAULT_PARAMS, kenoPicks: '5, 12, 33', kenoRisk: 'high' as const };
    const outcome = computeSeeded('keno', seeds(3), params);
    expect(outcome.game === 'keno' && outcome.drawn).toEqual(board.slice(0, 10));

    const played = keno.play(hmacFloats(seeds(3)), { picks: [5, 12, 33], risk: 'high' });
    const win = formatCentavos(keno.kenoPayout(200, played));
    const stored = {
      game: 'keno',
      params: { picks: [5, 12, 33], risk: 'high' },
      result: { picks: [5, 12, 33], risk: 'high', drawn: played.drawn, hits: played.hits },
    };
    expect(paramsFromRecorded('keno', stored).kenoPicks).toBe('5, 12, 33');
    const check = checkRound(round('keno', 3, stored, '2.00', win));
    expect(check.kind === 'checked' && check.match).toBe(true);
    const tampered = checkRound(round('keno', 3, stored, '2.00', '999.00'));
    expect(tampered.kind === 'checked' && tampered.match).toBe(false);
    expect(paramsProblem('keno', { ...params, kenoPicks: '1, 1' })).toBe('fairness.errors.keno');
    expect(paramsProblem('keno', { ...params, kenoPicks: '41' })).toBe('fairness.errors.keno');
  });

  it('limbo: the result from the first 8 bytes, and a recorded round matches', () => {
    const [w0, w1] = words(9, 2) as [number, number];
    const u = (BigInt(w0) << 32n) | BigInt(w1);
    const expected = Math.min(100_000_000, Math.max(100, Number((99n * 2n ** 64n) / (2n ** 64n - u))));
    const outcome = computeSeeded('limbo', seeds(9), { ...DEFAULT_PARAMS, limboTarget: '3.00' });
    expect(outcome.game === 'limbo' && outcome.result).toBe(expected);
    const played = limbo.play(hmacFloats(seeds(9)), { target: 300 });
    const stored = { game: 'limbo', params: { target: 300 }, result: { target: 300, result: played.result, win: played.win } };
    const check = checkRound(round('limbo', 9, stored, '1.00', formatCentavos(limbo.limboPayout(100, played))));
    expect(check.kind === 'checked' && check.match).toBe(true);
    expect(paramsProblem('limbo', { ...DEFAULT_PARAMS, limboTarget: '1.00' })).toBe('fairness.errors.limbo');
  });

  it('baccarat and bac bo: the cards and dice recomputed, each stored bet paid again', () => {
    const b = baccarat.play(hmacFloats(seeds(4)));
    const bets = [
      { type: 'banker', amount_centavos: 500 },
      { type: 'tie', amount_centavos: 100 },
    ];
    const win = bets.reduce((s, x) => s + baccarat.baccaratPayout(x.type as baccarat.BaccaratBet, x.amount_centavos, b), 0);
    const stored = {
      game: 'baccarat',
      params: { bets },
      result: { player: b.player.map(cardCode), banker: b.banker.map(cardCode), winner: b.winner },
    };
    const check = checkRound(round('baccarat', 4, stored, '6.00', formatCentavos(win)));
    expect(check.kind === 'checked' && check.match).toBe(true);

    // Bac bo's dice: 1 + (u mod 6) for each accepted word, written from the formula.
    const w = words(5, 8).filter((u) => u < 2 ** 32 - (2 ** 32 % 6));
    const dice = w.slice(0, 4).map((u) => 1 + (u % 6));
    const outcome = computeSeeded('bac-bo', seeds(5), DEFAULT_PARAMS);
    expect(outcome.game === 'bac-bo' && [...outcome.outcome.player, ...outcome.outcome.banker]).toEqual(dice);
    const d = bacbo.play(hmacFloats(seeds(5)));
    const stored2 = {
      game: 'bac-bo',
      params: { bets: [{ type: 'player', amount_centavos: 300 }] },
      result: { player: d.player, banker: d.banker },
    };
    const good = checkRound(round('bac-bo', 5, stored2, '3.00', formatCentavos(bacbo.bacboPayout('player', 300, d))));
    expect(good.kind === 'checked' && good.match).toBe(true);
    const bad = checkRound(round('bac-bo', 5, { ...stored2, result: { player: [6, 6], banker: d.banker } }, '3.00', '0.00'));
    expect(bad.kind === 'checked' && bad.match).toBe(false);
  });
});
