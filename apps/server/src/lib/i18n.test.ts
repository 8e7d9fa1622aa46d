import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_CODES } from '@casino/shared/languages';
import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';

const SRC = join(import.meta.dirname, '..');

describe('server messages', () => {
  it('has every message key the server code uses, in every language', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
    const keys = new Set<string>();
    for (const file of files) {
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const m of text.matchAll(/'((?:validation|errors|auth|security|profile|site|admin)\.(?!json')[a-z_]+)'/g)) keys.add(m[1]!);
    }
    expect(keys.size).toBeGreaterThan(10);
    for (const lang of LANGUAGE_CODES) {
      for (const key of keys) expect(translate(lang, key), `${lang}:${key}`).not.toBe(key);
    }
  });

  it('speaks Portuguese by default and keeps the 401 text the client compares', () => {
    expect(translate(undefined, 'validation.phone_invalid')).toBe('Informe um número de celular válido');
    expect(translate('PT1', 'auth.registered')).toBe('Seu cadastro foi concluído com sucesso');
    for (const lang of LANGUAGE_CODES) expect(translate(lang, 'errors.unauthenticated')).toBe('Unauthenticated.');
  });
});
