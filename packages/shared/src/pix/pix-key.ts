import { z } from 'zod';
import { emailField, normalizeBrazilianMobile } from '../schemas/fields.ts';
import { isValidCnpj, normalizeCnpj } from './cnpj.ts';
import { isValidCpf, normalizeCpf } from './cpf.ts';

/**
 * PIX keys as Banco Central's DICT stores them. The type always travels with the key: an
 * eleven-digit key could be a CPF or a phone number without its +55, and guessing would send
 * money to the wrong account.
 */
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Longest key text accepted from a form, before normalisation strips punctuation. */
export const PIX_KEY_INPUT_MAX = 100;

export type PixKeyError =
  | 'validation.cpf_invalid'
  | 'validation.cnpj_invalid'
  | 'validation.phone_invalid'
  | 'validation.email_invalid'
  | 'validation.pix_key_invalid';

export type PixKeyResult = { ok: true; key: string } | { ok: false; error: PixKeyError };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function fail(error: PixKeyError): PixKeyResult {
  return { ok: false, error };
}

/**
 * Brings a key typed by a person to the form DICT uses: CPF and CNPJ bare (digits, and upper-case
 * letters for the alphanumeric CNPJ), phone "+55DDD9XXXXXXXX", email lower case, EVP a lower-case
 * UUID. Phone and email reuse the product's own field rules so a member's registered phone or
 * email is always accepted as their PIX key.
 */
export function normalizePixKey(type: PixKeyType, input: string): PixKeyResult {
  if (input.length > PIX_KEY_INPUT_MAX) return fail(errorFor(type));
  const text = input.trim();
  switch (type) {
    case 'cpf': {
      const cpf = normalizeCpf(text);
      return cpf !== null && isValidCpf(cpf) ? { ok: true, key: cpf } : fail('validation.cpf_invalid');
    }
    case 'cnpj': {
      const cnpj = normalizeCnpj(text);
      return cnpj !== null && isValidCnpj(cnpj) ? { ok: true, key: cnpj } : fail('validation.cnpj_invalid');
    }
    case 'phone': {
      const phone = normalizeBrazilianMobile(text);
      return phone !== null ? { ok: true, key: phone } : fail('validation.phone_invalid');
    }
    case 'email': {
      // emailField trims, lower-cases and caps the length at DICT's 77 characters.
      const email = emailField.safeParse(text);
      return email.success ? { ok: true, key: email.data } : fail('validation.email_invalid');
    }
    case 'evp': {
      const evp = text.toLowerCase();
      return UUID_PATTERN.test(evp) ? { ok: true, key: evp } : fail('validation.pix_key_invalid');
    }
  }
}

function errorFor(type: PixKeyType): PixKeyError {
  switch (type) {
    case 'cpf':
      return 'validation.cpf_invalid';
    case 'cnpj':
      return 'validation.cnpj_invalid';
    case 'phone':
      return 'validation.phone_invalid';
    case 'email':
      return 'validation.email_invalid';
    case 'evp':
      return 'validation.pix_key_invalid';
  }
}

/** A PIX key as a form sends it; parses to the same shape with `key` normalised. */
export const pixKeyInput = z
  .object({
    type: z.enum(PIX_KEY_TYPES, { error: 'validation.pix_key_invalid' }),
    key: z.string({ error: 'validation.pix_key_invalid' }).max(PIX_KEY_INPUT_MAX, { error: 'validation.pix_key_invalid' }),
  })
  .transform((value, ctx) => {
    const result = normalizePixKey(value.type, value.key);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.error, path: ['key'], input: value.key });
      return z.NEVER;
    }
    return { type: value.type, key: result.key };
  });

export type PixKeyInput = z.input<typeof pixKeyInput>;
export type PixKey = z.output<typeof pixKeyInput>;
