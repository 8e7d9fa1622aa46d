import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGE_CODES } from './languages.ts';
import { LEDGER_TRANSFER_CODES } from './ledger-codes.ts';

/** The order centre's association list shows every ledger reason a member can meet, in words. */
const codesIn = (language: string): Record<string, unknown> => {
  const web = JSON.parse(readFileSync(join(import.meta.dirname, 'i18n', 'locales', language, 'web.json'), 'utf8'));
  return web.orders?.codes ?? {};
};

describe('ledger transfer reasons in the player site', () => {
  test.each(LANGUAGE_CODES)('%s has a text for every transfer code, and none for a code the ledger never writes', (language) => {
    const texts = codesIn(language);
    for (const code of LEDGER_TRANSFER_CODES) {
      const text = texts[code];
      expect(typeof text === 'string' && text.trim() !== '', `${language}: orders.codes.${code}`).toBe(true);
      // A raw code is not a translation ("sport bet" for sport_bet).
      expect(text, `${language}: orders.codes.${code}`).not.toBe(code);
      expect(text, `${language}: orders.codes.${code}`).not.toMatch(/_|^[a-z]+( [a-z]+)+$/);
    }
    expect(Object.keys(texts).sort()).toEqual([...LEDGER_TRANSFER_CODES].sort());
  });
});
