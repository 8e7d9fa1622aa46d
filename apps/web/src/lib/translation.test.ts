import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n, type TOptions } from './translation.ts';

/**
 * translation.ts against i18next itself, configured as the site configured it before
 * (escapeValue off, no fallback language, `web` the default namespace): every string of every
 * catalogue the site loads, in every language, with its variables, plural counts and a few keys
 * that are missing.
 */
const LOCALES = fileURLToPath(new URL('../../../../packages/shared/src/i18n/locales', import.meta.url));
const NAMESPACES = ['web', 'validation', 'play', 'promo', 'sports', 'care', 'loyalty'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1.5];

type Catalogue = Record<string, unknown>;

/** Every leaf key of a catalogue with its text. */
function leaves(node: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value] as [string, string]];
    if (value && typeof value === 'object') return leaves(value as Catalogue, path);
    return [];
  });
}

/** Values for the text's variables: each named, one deliberately left out when asked. */
function variablesOf(text: string, leaveOut: boolean): TOptions {
  const names = [...text.matchAll(/\{\{-?\s*([^{}]+?)\s*\}\}/g)].map((match) => match[1] ?? '');
  const options: TOptions = {};
  names.forEach((name, index) => {
    if (leaveOut && index === names.length - 1) return;
    options[name] = `<${name}>`;
  });
  return options;
}

const languages = readdirSync(LOCALES);

describe('translation.ts gives what i18next gives', () => {
  for (const language of languages) {
    it(language, async () => {
      const resources: Record<string, Catalogue> = {};
      for (const ns of NAMESPACES) {
        resources[ns === 'validation' ? 'server' : ns] = JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), 'utf8'));
      }
      const reference = i18next.createInstance();
      await reference.init({
        lng: language,
        fallbackLng: false,
        ns: Object.keys(resources),
        defaultNS: 'web',
        resources: { [language]: resources },
        interpolation: { escapeValue: false },
        returnNull: false,
      });
      i18n.init(language, resources);

      let compared = 0;
      for (const [ns, catalogue] of Object.entries(resources)) {
        const ours = i18n.fixed([ns, 'web']);
        const theirs = reference.getFixedT(language, [ns, 'web']);
        for (const [path, text] of leaves(catalogue)) {
          const key = path.replace(PLURAL, '');
          const cases: TOptions[] = [variablesOf(text, false), variablesOf(text, true)];
          if (key !== path) for (const count of COUNTS) cases.push({ ...variablesOf(text, false), count });
          for (const options of cases) {
            expect(ours(key, options), `${language} ${ns}:${key} ${JSON.stringify(options)}`).toBe(theirs(key, options));
            compared += 1;
          }
        }
        for (const missing of ['no.such.key', `${ns}_absent`, 'wallet.no_such_key']) {
          expect(ours(missing)).toBe(theirs(missing));
          expect(ours(missing, { defaultValue: 'Padrão {{n}}', n: 2 })).toBe(theirs(missing, { defaultValue: 'Padrão {{n}}', n: 2 }));
        }
      }
      expect(compared).toBeGreaterThan(500);

      // The default translate function, `ns:key`, `exists`, and a key prefix.
      for (const key of ['common.cancel', 'server:validation.required', 'web:common.ok', 'nope']) {
        expect(i18n.t(key)).toBe(reference.t(key));
      }
      expect(i18n.exists('validation.required', { ns: 'server' })).toBe(reference.exists('validation.required', { ns: 'server' }));
      expect(i18n.exists('validation.nope', { ns: 'server' })).toBe(false);
      const prefix = Object.keys(resources.care ?? {})[0] ?? '';
      const [firstKey] = leaves((resources.care?.[prefix] as Catalogue | undefined) ?? {})[0] ?? [''];
      expect(i18n.fixed(['care'], prefix)(firstKey)).toBe(reference.getFixedT(language, 'care', prefix)(firstKey));
    });
  }
});

describe('resource bundles', () => {
  it('adds sections deeply without overwriting, and a namespace whole', () => {
    i18n.init('pt', { web: { a: { b: 'B' } }, server: {} });
    i18n.addResourceBundle('pt', 'web', { a: { b: 'other', c: 'C' }, d: 'D' }, true, false);
    expect([i18n.t('a.b'), i18n.t('a.c'), i18n.t('d')]).toEqual(['B', 'C', 'D']);
    expect(i18n.hasResourceBundle('pt', 'promo')).toBe(false);
    i18n.addResourceBundle('pt', 'promo', { x: 'X' }, true, true);
    expect(i18n.hasResourceBundle('pt', 'promo')).toBe(true);
    expect(i18n.t('x', { ns: 'promo' })).toBe('X');
  });
});
