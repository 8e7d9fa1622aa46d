import { describe, expect, it } from 'vitest';
import { legResultOf, planBetMove, transferCode, winFigure } from './settlement-rules.ts';

const open = (stakeCentavos: number) => ({ status: 'open', stakeCentavos, paidCentavos: 0 });

describe('planBetMove', () => {
  it('pays a won single stake x odds and counts its stake', () => {
    expect(planBetMove(open(1_000), [{ odds: 185, result: 'won' }])).toEqual({
      status: 'won',
      targetPaidCentavos: 1_850,
      deltaCentavos: 1_850,
      countsStake: true,
    });
  });

  it('closes a lost accumulator with nothing to pay even while other legs are pending', () => {
    expect(
      planBetMove(open(1_000), [
        { odds: 200, result: 'pending' },
        { odds: 300, result: 'lost' },
      ]),
    ).toEqual({ status: 'lost', targetPaidCentavos: 0, deltaCentavos: 0, countsStake: true });
  });

  it('leaves an open bet with a pending leg alone', () => {
    expect(
      planBetMove(open(1_000), [
        { odds: 200, result: 'won' },
        { odds: 300, result: 'pending' },
      ]),
    ).toBeNull();
  });

  it('counts void legs at 1.00 and rounds the payout down', () => {
    // 12.34 x (2.10 x 1.00 x 1.90 = 3.99) = 49.2366 -> 49.23
    const move = planBetMove(open(1_234), [
      { odds: 210, result: 'won' },
      { odds: 340, result: 'void' },
      { odds: 190, result: 'won' },
    ]);
    expect(move).toMatchObject({ status: 'won', targetPaidCentavos: 4_923 });
  });

  it('gives a wholly void bet its stake back without counting it', () => {
    expect(planBetMove(open(700), [{ odds: 250, result: 'void' }])).toEqual({
      status: 'void',
      targetPaidCentavos: 700,
      deltaCentavos: 700,
      countsStake: false,
    });
  });

  it('moves a corrected bet only by the difference and counts its stake once', () => {
    const won = { status: 'won', stakeCentavos: 1_000, paidCentavos: 2_100 };
    expect(planBetMove(won, [{ odds: 210, result: 'lost' }])).toEqual({
      status: 'lost',
      targetPaidCentavos: 0,
      deltaCentavos: -2_100,
      countsStake: false,
    });
    expect(planBetMove(won, [{ odds: 210, result: 'won' }])).toBeNull();
    const voided = { status: 'void', stakeCentavos: 1_000, paidCentavos: 1_000 };
    expect(planBetMove(voided, [{ odds: 210, result: 'won' }])).toEqual({
      status: 'won',
      targetPaidCentavos: 2_100,
      deltaCentavos: 1_100,
      countsStake: true,
    });
  });

  it('keeps asking for what a short correction could not take back', () => {
    const short = { status: 'lost', stakeCentavos: 1_000, paidCentavos: 3_000 };
    expect(planBetMove(short, [{ odds: 360, result: 'lost' }])).toMatchObject({ deltaCentavos: -3_000, countsStake: false });
  });

  it('never touches a cashed-out bet', () => {
    expect(planBetMove({ status: 'cashed_out', stakeCentavos: 1_000, paidCentavos: 900 }, [{ odds: 200, result: 'won' }])).toBeNull();
  });
});

describe('helpers', () => {
  it('reads unknown selection results as pending', () => {
    expect(['won', 'lost', 'void', 'pending', 'half_won', ''].map(legResultOf)).toEqual([
      'won',
      'lost',
      'void',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('counts only won payouts as wins', () => {
    expect(winFigure('won', 500)).toBe(500);
    expect(winFigure('void', 500)).toBe(0);
    expect(winFigure('lost', 300)).toBe(0);
  });

  it('names why money moves', () => {
    const move = (status: 'won' | 'void' | 'lost', deltaCentavos: number) => ({
      status,
      targetPaidCentavos: 0,
      deltaCentavos,
      countsStake: false,
    });
    expect(transferCode('open', move('won', 100))).toBe('sport_bet_payout');
    expect(transferCode('open', move('void', 100))).toBe('sport_bet_refund');
    expect(transferCode('lost', move('won', 100))).toBe('sport_bet_correction');
    expect(transferCode('won', move('lost', -100))).toBe('sport_bet_correction');
  });
});
