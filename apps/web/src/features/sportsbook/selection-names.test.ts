import { describe, expect, test } from 'vitest';
import { awayLine, selectionName, splitFixtureName } from './selection-names.ts';
import type { SportsT } from './sports-i18n.ts';

/** A stand-in catalogue: the key and its values, so the test sees what was asked. */
const t = ((key: string, values?: Record<string, unknown>) =>
  `${key}${values?.line ? `:${values.line}` : ''}${values && !values.line && values.home ? `:${values.home}` : ''}`) as unknown as SportsT;

const teams = { home: 'Flamengo', away: 'Palmeiras' };

test('splitFixtureName reads the server fixture name', () => {
  expect(splitFixtureName('Atlético Mineiro x São Paulo')).toEqual({ home: 'Atlético Mineiro', away: 'São Paulo' });
  expect(splitFixtureName('Solo')).toEqual({ home: 'Solo', away: 'Solo' });
});

test('awayLine turns the home handicap around', () => {
  expect(awayLine('-1.5')).toBe('+1.5');
  expect(awayLine('+0.5')).toBe('-0.5');
  expect(awayLine('0')).toBe('0');
});

describe('selectionName', () => {
  test('teams keep their Portuguese names; other selections come from the catalogue', () => {
    expect(selectionName(t, { market_type: '1x2', line: null, selection_code: 'home' }, teams)).toBe('Flamengo');
    expect(selectionName(t, { market_type: '1x2', line: null, selection_code: 'away' }, teams)).toBe('Palmeiras');
    expect(selectionName(t, { market_type: '1x2', line: null, selection_code: 'draw' }, teams)).toBe('selections.draw:Flamengo');
    expect(selectionName(t, { market_type: 'correct_score', line: null, selection_code: '2-1' }, teams)).toBe('2-1');
  });

  test('lines are written with the reader decimal separator, handicaps from each side', () => {
    const over = selectionName(t, { market_type: 'over_under', line: '2.5', selection_code: 'over' }, teams);
    expect(over).toMatch(/^selections\.over:2[.,]5$/);
    const home = selectionName(t, { market_type: 'asian_handicap', line: '-1.5', selection_code: 'home' }, teams);
    const away = selectionName(t, { market_type: 'asian_handicap', line: '-1.5', selection_code: 'away' }, teams);
    expect(home).toMatch(/^Flamengo -1[.,]5$/);
    expect(away).toMatch(/^Palmeiras \+1[.,]5$/);
  });
});
