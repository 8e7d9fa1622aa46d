import { describe, expect, it } from 'vitest';
import { normalizeLanguage } from '../languages.ts';
import { installZodMessageKeys } from '../zod-messages.ts';
import { register2Body } from './auth.ts';
import { normalizeBrazilianMobile } from './fields.ts';

installZodMessageKeys();

describe('field rules', () => {
  it('normalises Brazilian mobile numbers and refuses others', () => {
    expect(normalizeBrazilianMobile('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizeBrazilianMobile('+55 21 99876 5432')).toBe('+5521998765432');
    expect(normalizeBrazilianMobile('5511987654321')).toBe('+5511987654321');
    for (const bad of ['1198765432', '(11) 8765-4321', '+1 415 555 0100', '01198765432', '119876543210', 'abc']) {
      expect(normalizeBrazilianMobile(bad)).toBeNull();
    }
  });

  it('normalises language codes the way the spec says', () => {
    expect(normalizeLanguage('PT1')).toBe('pt');
    expect(normalizeLanguage('en1')).toBe('en');
    expect(normalizeLanguage('pt-BR')).toBe('pt');
    expect(normalizeLanguage('xx')).toBe('pt');
  });

  it('gives registration errors as catalogue keys', () => {
    const result = register2Body.safeParse({
      account: 'ab',
      password: '123',
      password_confirmation: '123',
      realname: 'M',
      phone: '1',
      agree: false,
      extra: 1,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.') || 'root', i.message]));
    expect(messages.account).toBe('validation.account_format');
    expect(messages.password).toBe('validation.password_min');
    expect(messages.phone).toBe('validation.phone_invalid');
    expect(messages.agree).toBe('validation.agree_required');
    expect(messages.root).toBe('validation.unknown_field');
  });
});
