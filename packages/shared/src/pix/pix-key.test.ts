import { describe, expect, it } from 'vitest';
import { cpfCheckDigits } from './cpf.ts';
import { normalizePixKey, pixKeyInput } from './pix-key.ts';

describe('normalizePixKey', () => {
  it('stores CPF keys as bare digits after checking them', () => {
    expect(normalizePixKey('cpf', '529.982.247-25')).toEqual({ ok: true, key: '52998224725' });
    expect(normalizePixKey('cpf', ' 111.444.777-35 ')).toEqual({ ok: true, key: '11144477735' });
    expect(normalizePixKey('cpf', '529.982.247-24')).toEqual({ ok: false, error: 'validation.cpf_invalid' });
    expect(normalizePixKey('cpf', '111.111.111-11')).toEqual({ ok: false, error: 'validation.cpf_invalid' });
  });

  it('stores CNPJ keys bare, letters upper-cased', () => {
    expect(normalizePixKey('cnpj', '11.222.333/0001-81')).toEqual({ ok: true, key: '11222333000181' });
    expect(normalizePixKey('cnpj', '12.abc.345/01de-35')).toEqual({ ok: true, key: '12ABC34501DE35' });
    expect(normalizePixKey('cnpj', '11.222.333/0001-82')).toEqual({ ok: false, error: 'validation.cnpj_invalid' });
  });

  it('stores phone keys as E.164 Brazilian mobiles', () => {
    expect(normalizePixKey('phone', '(11) 98765-4321')).toEqual({ ok: true, key: '+5511987654321' });
    expect(normalizePixKey('phone', '+55 21 99876-5432')).toEqual({ ok: true, key: '+5521998765432' });
    expect(normalizePixKey('phone', '5511987654321')).toEqual({ ok: true, key: '+5511987654321' });
    for (const bad of ['(11) 8765-4321', '(01) 98765-4321', '+1 415 555 0100', '1198765432', '+55 11 98765-43210', '']) {
      expect(normalizePixKey('phone', bad), bad).toEqual({ ok: false, error: 'validation.phone_invalid' });
    }
  });

  it('lets the explicit type settle an eleven-digit key that is both a CPF and a mobile', () => {
    const digits = `119876543${cpfCheckDigits('119876543')}`;
    expect(normalizePixKey('cpf', digits)).toEqual({ ok: true, key: digits });
    expect(normalizePixKey('phone', digits)).toEqual({ ok: true, key: `+55${digits}` });
  });

  it('stores email keys in lower case, at most 77 characters', () => {
    expect(normalizePixKey('email', ' Fulano.Tal@Example.COM.br ')).toEqual({ ok: true, key: 'fulano.tal@example.com.br' });
    const longest = `${'a'.repeat(65)}@example.com`;
    expect(longest).toHaveLength(77);
    expect(normalizePixKey('email', longest)).toEqual({ ok: true, key: longest });
    for (const bad of [`a${longest}`, 'not-an-email', 'fulano@', '@example.com', 'fulano tal@example.com', 'a@b']) {
      expect(normalizePixKey('email', bad), bad).toEqual({ ok: false, error: 'validation.email_invalid' });
    }
  });

  it('stores EVP keys as lower-case UUIDs', () => {
    expect(normalizePixKey('evp', '123E4567-E12B-12D1-A456-426655440000')).toEqual({
      ok: true,
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
    for (const bad of ['123e4567e12b12d1a456426655440000', '123e4567-e12b-12d1-a456-42665544000', 'g23e4567-e12b-12d1-a456-426655440000']) {
      expect(normalizePixKey('evp', bad), bad).toEqual({ ok: false, error: 'validation.pix_key_invalid' });
    }
  });

  it('refuses overlong input before looking at it', () => {
    expect(normalizePixKey('cpf', ' '.repeat(101))).toEqual({ ok: false, error: 'validation.cpf_invalid' });
    expect(normalizePixKey('email', `${'a'.repeat(95)}@x.com`)).toEqual({ ok: false, error: 'validation.email_invalid' });
  });
});

describe('pixKeyInput', () => {
  it('parses to the normalised key', () => {
    expect(pixKeyInput.parse({ type: 'cpf', key: '529.982.247-25' })).toEqual({ type: 'cpf', key: '52998224725' });
    expect(pixKeyInput.parse({ type: 'evp', key: '123E4567-E12B-12D1-A456-426655440000' })).toEqual({
      type: 'evp',
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
  });

  it('reports a bad key under "key" with the catalogue key of its type', () => {
    const cases = [
      ['cpf', '529.982.247-24', 'validation.cpf_invalid'],
      ['cnpj', '11.222.333/0001-82', 'validation.cnpj_invalid'],
      ['phone', '(11) 8765-4321', 'validation.phone_invalid'],
      ['email', 'fulano@', 'validation.email_invalid'],
      ['evp', 'not-a-uuid', 'validation.pix_key_invalid'],
      ['cpf', '1'.repeat(101), 'validation.pix_key_invalid'],
    ] as const;
    for (const [type, key, message] of cases) {
      const result = pixKeyInput.safeParse({ type, key });
      expect(result.success, key).toBe(false);
      expect(result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([{ path: ['key'], message }]);
    }
  });

  it('reports an unknown type under "type"', () => {
    const result = pixKeyInput.safeParse({ type: 'iban', key: 'x' });
    expect(result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([
      { path: ['type'], message: 'validation.pix_key_invalid' },
    ]);
  });
});
