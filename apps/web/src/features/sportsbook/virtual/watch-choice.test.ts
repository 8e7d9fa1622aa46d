import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { describe, expect, test } from 'vitest';
import { chooseWatched } from './watch-choice.ts';

const team = (id: number) => ({ id, name: `Time ${id}`, short_name: `T${id}`, color_primary: '#000000', color_secondary: '#ffffff' });
function fixture(id: number, status: FixtureSummary['status']): FixtureSummary {
  return {
    id,
    competition: { code: 'virtual', name: 'Liga Virtual Aurora' },
    home: team(id * 2),
    away: team(id * 2 + 1),
    starts_at: '2025-06-01T12:00:00.000Z',
    status,
    minute: 0,
    home_score: 0,
    away_score: 0,
    is_virtual: true,
    main_market: null,
    markets_count: 0,
  };
}

describe('the match the live view shows', () => {
  const betting = {
    current: [fixture(11, 'scheduled'), fixture(12, 'scheduled')],
    next: [fixture(21, 'scheduled')],
    results: [fixture(1, 'finished')],
  };
  const live = { current: [fixture(11, 'live'), fixture(12, 'live')], next: [fixture(21, 'scheduled')], results: [fixture(1, 'finished')] };

  test('a match the player picked, wherever it is listed', () => {
    expect(chooseWatched(betting, 'betting', 21, 11)?.id).toBe(21);
    expect(chooseWatched(betting, 'betting', 1, null)?.id).toBe(1);
  });

  test('a pick no longer listed falls back to following the league', () => {
    expect(chooseWatched(betting, 'betting', 999, null)?.id).toBe(11);
  });

  test('without a pick: the round first live match, else its first match', () => {
    const mixed = { ...live, current: [fixture(11, 'finished'), fixture(12, 'live')] };
    expect(chooseWatched(mixed, 'live', null, null)?.id).toBe(12);
    expect(chooseWatched(betting, 'betting', null, null)?.id).toBe(11);
  });

  test('a followed match stays through full time while the next round takes bets, and the view moves on at kick-off', () => {
    const afterFullTime = { current: [fixture(21, 'scheduled')], next: [fixture(31, 'scheduled')], results: [fixture(11, 'finished')] };
    expect(chooseWatched(afterFullTime, 'betting', null, 11)?.id).toBe(11);
    const nextKickoff = { current: [fixture(21, 'live')], next: [fixture(31, 'scheduled')], results: [fixture(11, 'finished')] };
    expect(chooseWatched(nextKickoff, 'live', null, 11)?.id).toBe(21);
  });

  test('an empty league shows nothing', () => {
    expect(chooseWatched({ current: [], next: [], results: [] }, 'full_time', null, null)).toBeNull();
  });
});
