import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@casino/shared/languages';
import { describe, expect, test } from 'vitest';

/** Only the active language's catalogue is loaded (no fallback), so every one must be complete. */
const LOCALES = join(import.meta.dirname, '../../../../packages/shared/src/i18n/locales');

function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const load = (language: string) => flatten(JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8')));

describe('admin catalogues', () => {
  const reference = load('pt');

  test.each(LANGUAGE_CODES)('%s has every key of pt, no extra ones, the same placeholders and no empty text', (language) => {
    const catalogue = load(language);
    expect([...catalogue.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of catalogue) {
      expect(text.trim(), `${language}:${key}`).not.toBe('');
      expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });
});
