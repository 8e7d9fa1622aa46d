import { describe, expect, test } from 'vitest';
import { ballSpot, goalSpot, homeShareFromOdds, PITCH_LENGTH, PITCH_WIDTH } from './pitch-motion.ts';

describe('the decorative ball', () => {
  test('the same fixture and tick always give the same spot (no jumps on re-render)', () => {
    expect(ballSpot(77, 12, 0.6)).toEqual(ballSpot(77, 12, 0.6));
  });

  test('stays on the pitch for every tick', () => {
    for (let tick = 0; tick < 2_000; tick++) {
      const spot = ballSpot(9, tick);
      expect(spot.x).toBeGreaterThanOrEqual(0);
      expect(spot.x).toBeLessThanOrEqual(PITCH_LENGTH);
      expect(spot.y).toBeGreaterThanOrEqual(0);
      expect(spot.y).toBeLessThanOrEqual(PITCH_WIDTH);
    }
  });

  test('an attack moves towards the goal of the side without the ball', () => {
    for (let attack = 0; attack < 50; attack++) {
      const first = ballSpot(5, attack * 4);
      const last = ballSpot(5, attack * 4 + 3);
      expect(last.attacking).toBe(first.attacking);
      if (first.attacking === 'home') expect(last.x).toBeGreaterThan(first.x);
      else expect(last.x).toBeLessThan(first.x);
    }
  });

  test('the stronger side has the ball more often', () => {
    let home = 0;
    for (let attack = 0; attack < 1_000; attack++) if (ballSpot(3, attack * 4, 0.7).attacking === 'home') home++;
    expect(home).toBeGreaterThan(630);
    expect(home).toBeLessThan(770);
  });

  test('a goal puts the ball in the net the scorer attacks', () => {
    expect(goalSpot('home', 1).x).toBeGreaterThan(PITCH_LENGTH);
    expect(goalSpot('away', 1).x).toBeLessThan(0);
  });
});

describe('possession from the prices', () => {
  test('the favourite attacks more, within bounds', () => {
    expect(homeShareFromOdds('1.50', '6.00')).toBe(0.75);
    expect(homeShareFromOdds('2.00', '2.00')).toBe(0.5);
    expect(homeShareFromOdds('3.00', '2.00')).toBeCloseTo(0.4, 5);
    expect(homeShareFromOdds('1.01', '50.00')).toBe(0.75);
    expect(homeShareFromOdds(undefined, '2.00')).toBe(0.5);
  });
});
