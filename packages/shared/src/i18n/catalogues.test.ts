import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ERRORS, UNAUTHENTICATED_MESSAGE } from '../errors.ts';
import { LANGUAGE_CODES } from '../languages.ts';

/** The apps load only the active language's catalogue, so every language must be complete. */
const LOCALES = join(import.meta.dirname, 'locales');
const NAMESPACES = ['server', 'validation', 'web', 'admin', 'play', 'loyalty', 'promo', 'sports', 'care', 'community'] as const;

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
const load = (language: string, namespace: string) =>
  flatten(JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')));

describe.each(NAMESPACES)('%s catalogues', (namespace) => {
  const reference = load('pt', namespace);

  test.each(LANGUAGE_CODES)('%s has every key of pt, no extra ones, the same placeholders and no empty text', (language) => {
    const catalogue = load(language, namespace);
    expect([...catalogue.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of catalogue) {
      expect(text.trim(), `${language}:${key}`).not.toBe('');
      expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(reference.get(key) ?? ''));
    }
  });

  test('non-English languages are translated, not English copies', () => {
    const english = load('en', namespace);
    for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      const catalogue = load(language, namespace);
      const same = [...catalogue].filter(([key, text]) => text === english.get(key) && /[a-z]{4,}\s[a-z]{4,}/i.test(text));
      expect(
        same.length / catalogue.size,
        `${language}: ${same
          .slice(0, 5)
          .map(([k]) => k)
          .join(', ')}`,
      ).toBeLessThan(0.05);
    }
  });
});

describe('fixed texts', () => {
  test.each(LANGUAGE_CODES)(
    '%s answers a lost session with the literal "Unauthenticated." the player site compares against',
    (language) => {
      expect(load(language, 'server').get('errors.unauthenticated')).toBe(UNAUTHENTICATED_MESSAGE);
    },
  );
});

describe('message keys used by code', () => {
  // validation.json holds the server namespace's `validation.*` keys (the player site loads only those).
  const server = new Map([...load('en', 'server'), ...load('en', 'validation')]);

  test('server.json leaves the validation keys to validation.json', () => {
    for (const language of LANGUAGE_CODES)
      expect([...load(language, 'server').keys()].filter((k) => k.startsWith('validation.'))).toEqual([]);
  });

  test('every key of the error table and of the shared schemas exists', () => {
    const used = new Set<string>(Object.values(ERRORS).map((e) => e.message));
    const sources = readdirSync(join(import.meta.dirname, '..'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    for (const file of sources) {
      const text = readFileSync(join(import.meta.dirname, '..', file), 'utf8');
      for (const m of text.matchAll(/'((?:validation|errors|auth|security|profile|site|admin)\.[a-z_]+)'/g)) used.add(m[1]!);
    }
    expect([...used].filter((key) => !server.has(key))).toEqual([]);
  });
});
