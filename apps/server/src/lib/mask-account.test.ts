import { describe, expect, it } from 'vitest';
import { maskAccount } from './mask-account.ts';

describe('maskAccount', () => {
  it('keeps the first two and last two characters of a long account', () => {
    expect(maskAccount('maria_1923')).toBe('ma***23');
    expect(maskAccount('joao123')).toBe('jo***23');
  });

  it('keeps one character at each end of a short account, and only the first of a tiny one', () => {
    expect(maskAccount('joao12')).toBe('j***2');
    expect(maskAccount('joao1')).toBe('j***1');
    expect(maskAccount('abcd')).toBe('a***');
    expect(maskAccount('')).toBe('***');
  });

  it('never shows the whole account, and at most four of its characters', () => {
    for (const account of ['abcd', 'abcde', 'abcdef', 'abcdefg', 'player_with_a_long_name']) {
      const masked = maskAccount(account);
      expect(masked).not.toContain(account);
      expect(masked.replace('***', '').length).toBeLessThanOrEqual(Math.min(4, account.length - 3));
    }
  });
});
